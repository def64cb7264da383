// Storage in memory with the part of Web Storage a history uses, for tests and for a browser without storage.
import type { KeyValueStorage } from '../../api';

export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
