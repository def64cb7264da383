// Small building blocks of the stores the console keeps in the browser's web storage (localStorage, sessionStorage).

export type StorageArea = 'local' | 'session';

/** The browser's storage of that area; undefined where there is none or the browser blocks it. */
export function webStorage(area: StorageArea): Storage | undefined {
  try {
    if (area === 'session') return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // access itself throws when storage is blocked by the browser's settings
  }
}

/** The listeners of a store: `subscribe` as useSyncExternalStore takes it, `notify` after every change. */
export function createListeners() {
  const listeners = new Set<() => void>();
  return {
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    notify: (): void => {
      for (const listener of listeners) listener();
    },
  };
}

export interface KeyedEntriesOptions<T> {
  /** The storage item holding the JSON object `{ [key]: entry }`. */
  storageKey: string;
  area: StorageArea;
  /** Whether a stored value is an entry still valid at `now`; the others are dropped as the object is read. */
  keep: (value: unknown, now: number) => value is T;
}

/**
 * Entries kept under keys (e.g. the state of a round trip to the bank) as one JSON object in web storage. Corrupt,
 * missing or blocked storage reads as no entry; a full or blocked storage never fails a write.
 */
export function createKeyedEntries<T>({ storageKey, area, keep }: KeyedEntriesOptions<T>) {
  return {
    read(now: number): Record<string, T> {
      let parsed: unknown;
      try {
        parsed = JSON.parse(webStorage(area)?.getItem(storageKey) || '{}');
      } catch {
        return {};
      }
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      const entries: Record<string, T> = {};
      for (const [key, entry] of Object.entries(parsed as Record<string, unknown>)) {
        if (keep(entry, now)) entries[key] = entry;
      }
      return entries;
    },
    /** Writes the entries; an empty object removes the item. */
    write(entries: Record<string, T>): void {
      const store = webStorage(area);
      if (!store) return;
      try {
        if (Object.keys(entries).length === 0) store.removeItem(storageKey);
        else store.setItem(storageKey, JSON.stringify(entries));
      } catch {
        // Quota exceeded or storage disabled: the entries are lost, which their readers explain.
      }
    },
  };
}
