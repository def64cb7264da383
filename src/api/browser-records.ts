/**
 * Per-profile lists the console keeps in localStorage of what it created at a bank (payments, consents): XS2A has no
 * operation that lists them, so the console remembers them itself. Entries are read back through `parseEntry`, which
 * drops whatever storage holds that is not a valid entry; a full or blocked storage never fails the caller.
 */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type LinkMap = Record<string, { href: string }>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isLinkMap(value: unknown): value is LinkMap {
  return isRecord(value) && Object.values(value).every((link) => isRecord(link) && typeof link.href === 'string');
}

export interface RecordListOptions<T> {
  /** Storage key prefix; the profile id completes it. */
  prefix: string;
  /** Most entries kept; the oldest go first. */
  limit: number;
  parseEntry: (value: unknown) => T | undefined;
  /** Epoch ms; lists are newest first. */
  createdAt: (entry: T) => number;
}

export function createRecordList<T>(storage: () => KeyValueStorage | undefined, options: RecordListOptions<T>) {
  const { prefix, limit, parseEntry, createdAt } = options;
  const listeners = new Set<() => void>();
  // Snapshots are cached per raw string so useSyncExternalStore sees a stable value until storage changes.
  const cache = new Map<string, { raw: string | null; entries: T[] }>();
  const keyFor = (profileId: string) => `${prefix}${profileId}`;

  function parse(raw: string | null): T[] {
    if (!raw) return [];
    try {
      const data: unknown = JSON.parse(raw);
      if (!Array.isArray(data)) return [];
      return data.map(parseEntry).filter((entry): entry is T => entry !== undefined);
    } catch {
      return [];
    }
  }

  function notify() {
    for (const listener of listeners) listener();
  }

  /** Newest first. */
  function read(profileId: string): T[] {
    const key = keyFor(profileId);
    let raw: string | null = null;
    try {
      raw = storage()?.getItem(key) ?? null;
    } catch {
      raw = null; // storage disabled by the browser: behave as empty
    }
    const cached = cache.get(key);
    if (cached && cached.raw === raw) return cached.entries;
    const entries = parse(raw);
    cache.set(key, { raw, entries });
    return entries;
  }

  function write(profileId: string, entries: T[]) {
    const sorted = [...entries].sort((a, b) => createdAt(b) - createdAt(a)).slice(0, limit);
    try {
      storage()?.setItem(keyFor(profileId), JSON.stringify(sorted));
    } catch {
      // Full or disabled storage: the list is a convenience, the resource itself lives at the bank.
    }
    notify();
  }

  return {
    read,
    write,

    /** Replaces the first entry `matches` selects with `change(entry)`; false when there is none. */
    update: (profileId: string, matches: (entry: T) => boolean, change: (entry: T) => T): boolean => {
      const entries = read(profileId);
      const index = entries.findIndex(matches);
      const current = entries[index];
      if (current === undefined) return false;
      const next = change(current);
      if (next !== current)
        write(
          profileId,
          entries.map((entry, i) => (i === index ? next : entry)),
        );
      return true;
    },

    clear: (profileId: string): void => {
      try {
        storage()?.removeItem(keyFor(profileId));
      } catch {
        // nothing to clear
      }
      notify();
    },

    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      // Another tab of the console changed the list.
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key.startsWith(prefix)) listener();
      };
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
      };
    },
  };
}
