// What the console created at a bank (payments, consents), per bank profile, in localStorage: XS2A has no operation
// that lists them, so the console keeps its own record. One store for every kind of entry; what differs is the
// storage prefix, the reader an entry is read back with (whatever it cannot read is dropped) and which entry a
// reference names. The readers are plain functions (./read), so list pages load no validation library.
import { useCallback, useSyncExternalStore } from 'react';
import { createRecordList, type KeyValueStorage, type LinkMap } from '../../api';
import { looseObject, readValue, record, string, type Reader } from './read';

export type { KeyValueStorage, LinkMap };

/** `_links` as kept: `{ href }` objects by name; anything else reads as no links. */
export const linkMapReader: Reader<LinkMap> = record(looseObject({ href: string }));

export interface HistoryOptions<T, Ref> {
  /** Storage key prefix; the profile id completes it. */
  prefix: string;
  /** Most entries kept per profile; the oldest go first. */
  limit: number;
  /** Reads an entry back from storage; what it cannot read is dropped. */
  read: Reader<T>;
  /** The reference that names an entry. */
  refOf: (entry: T) => Ref;
  /** Whether `entry` is the one `ref` names. */
  matches: (entry: T, ref: Ref) => boolean;
}

export function createHistory<T extends { createdAt: number }, Ref>(
  storage: () => KeyValueStorage | undefined,
  { prefix, limit, read: readEntry, refOf, matches }: HistoryOptions<T, Ref>,
) {
  const records = createRecordList(storage, {
    prefix,
    limit,
    parseEntry: (value) => readValue(readEntry, value),
    createdAt: (entry) => entry.createdAt,
  });
  const { read, write } = records;

  return {
    /** Newest first. */
    list: (profileId: string): T[] => read(profileId),

    get: (profileId: string, ref: Ref): T | undefined => read(profileId).find((entry) => matches(entry, ref)),

    /** Adds an entry, replacing the one with the same reference. */
    add: (profileId: string, entry: T) => {
      const ref = refOf(entry);
      write(profileId, [entry, ...read(profileId).filter((existing) => !matches(existing, ref))]);
    },

    /** Replaces the entry `ref` names with `change(entry)`; false when there is none. Returning it unchanged writes nothing. */
    update: (profileId: string, ref: Ref, change: (entry: T) => T): boolean =>
      records.update(profileId, (entry) => matches(entry, ref), change),

    remove: (profileId: string, ref: Ref) => {
      write(
        profileId,
        read(profileId).filter((entry) => !matches(entry, ref)),
      );
    },

    clear: records.clear,

    /** Other tabs' changes included. */
    subscribe: records.subscribe,
  };
}

export type History<T, Ref> = ReturnType<typeof createHistory<T & { createdAt: number }, Ref>>;

/** The profile's entries, newest first, kept current. */
export function useHistoryList<T>(history: Pick<History<T, unknown>, 'list' | 'subscribe'>, profileId: string): T[] {
  const getSnapshot = useCallback(() => history.list(profileId), [history, profileId]);
  return useSyncExternalStore(history.subscribe, getSnapshot, getSnapshot);
}

/** The entry `ref` names, kept current; `ref` must keep its identity while it names the same entry. */
export function useHistoryEntry<T, Ref>(
  history: Pick<History<T, Ref>, 'get' | 'subscribe'>,
  profileId: string,
  ref: Ref,
): T | undefined {
  const getSnapshot = useCallback(() => history.get(profileId, ref), [history, profileId, ref]);
  return useSyncExternalStore(history.subscribe, getSnapshot, getSnapshot);
}

/** The browser's localStorage, or none outside a browser. */
export function browserStorage(): KeyValueStorage | undefined {
  return typeof window === 'undefined' ? undefined : window.localStorage;
}
