// Consents created from this browser, per bank profile, in localStorage: XS2A has no operation that lists consents, so
// this is the console's own record of what it created, the statuses it saw, the links the bank gave, and its own count
// of account reads made without the PSU present. Plain code (no zod): the read counter in the first load uses it.
import { useCallback, useSyncExternalStore } from 'react';
import { createRecordList, isLinkMap, isRecord, type KeyValueStorage, type LinkMap } from '../../../api';

export type { KeyValueStorage, LinkMap };

/** A read the bank refused because of the consent (CONSENT_* or ACCESS_EXCEEDED), as last seen by this browser. */
export interface ConsentRefusal {
  code: string;
  text?: string;
  status?: number;
  operationId: string;
  /** Epoch ms. */
  at: number;
}

export interface ConsentHistoryEntry {
  consentId: string;
  /** Epoch ms. */
  createdAt: number;
  /** The `access` object as requested. */
  access: Record<string, unknown>;
  recurringIndicator: boolean;
  /** As requested, then as the bank reports it (it may shorten it). */
  validUntil: string;
  frequencyPerDay: number;
  combinedServiceIndicator?: boolean;
  /** Last consentStatus this browser saw. */
  consentStatus?: string;
  /** `_links` of the 201 answer. */
  links: LinkMap;
  /** ASPSP-SCA-Approach of the 201 answer. */
  scaApproach?: string;
  psuMessage?: string;
  /**
   * Account reads without PSU-IP-Address that the bank answered with success: their X-Request-IDs per UTC day
   * (YYYY-MM-DD). Ids, not a number, so a read seen again (the exchange log survives a reload) counts once.
   */
  reads: Record<string, string[]>;
  lastRefusal?: ConsentRefusal;
}

/** The part of Web Storage the store uses, so tests can pass their own. */
const PREFIX = 'xs2a-console:consents:';
/** Enough for a long demo session; the oldest entries go first. */
export const HISTORY_LIMIT = 200;
/** Read counts older than this many days are dropped. */
export const READ_DAYS_KEPT = 7;
/** Request ids kept per day; far beyond any frequencyPerDay a bank allows. */
export const READS_PER_DAY_KEPT = 1000;

function readReads(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const reads: Record<string, string[]> = {};
  for (const [day, ids] of Object.entries(value)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Array.isArray(ids)) continue;
    const valid = ids.filter((id): id is string => typeof id === 'string');
    if (valid.length > 0) reads[day] = valid;
  }
  return reads;
}

function readRefusal(value: unknown): ConsentRefusal | undefined {
  if (!isRecord(value)) return undefined;
  const { code, text, status, operationId, at } = value;
  if (typeof code !== 'string' || typeof operationId !== 'string' || typeof at !== 'number') return undefined;
  return {
    code,
    operationId,
    at,
    ...(typeof text === 'string' && { text }),
    ...(typeof status === 'number' && { status }),
  };
}

/** Keeps entries that have what the list and the consent page need; anything else in storage is dropped. */
function readEntry(value: unknown): ConsentHistoryEntry | undefined {
  if (!isRecord(value)) return undefined;
  const { consentId, createdAt, access, recurringIndicator, validUntil, frequencyPerDay } = value;
  if (
    typeof consentId !== 'string' ||
    typeof createdAt !== 'number' ||
    !isRecord(access) ||
    typeof recurringIndicator !== 'boolean' ||
    typeof validUntil !== 'string' ||
    typeof frequencyPerDay !== 'number'
  ) {
    return undefined;
  }
  const entry: ConsentHistoryEntry = {
    consentId,
    createdAt,
    access,
    recurringIndicator,
    validUntil,
    frequencyPerDay,
    links: isLinkMap(value.links) ? value.links : {},
    reads: readReads(value.reads),
  };
  if (typeof value.combinedServiceIndicator === 'boolean') {
    entry.combinedServiceIndicator = value.combinedServiceIndicator;
  }
  for (const key of ['consentStatus', 'scaApproach', 'psuMessage'] as const) {
    const member = value[key];
    if (typeof member === 'string') entry[key] = member;
  }
  const refusal = readRefusal(value.lastRefusal);
  if (refusal) entry.lastRefusal = refusal;
  return entry;
}

/** The UTC calendar day of an instant: the sandbox counts reads per UTC day. */
export function utcDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Reads counted on one day (default today). */
export function readsOn(entry: ConsentHistoryEntry, day = utcDay(Date.now())): number {
  return entry.reads[day]?.length ?? 0;
}

function pruneReads(reads: Record<string, string[]>, today: string): Record<string, string[]> {
  const oldest = new Date(`${today}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - (READ_DAYS_KEPT - 1));
  const cutoff = oldest.toISOString().slice(0, 10);
  return Object.fromEntries(Object.entries(reads).filter(([day]) => day >= cutoff));
}

export function createConsentHistory(storage: () => KeyValueStorage | undefined) {
  const records = createRecordList(storage, {
    prefix: PREFIX,
    limit: HISTORY_LIMIT,
    parseEntry: readEntry,
    createdAt: (entry) => entry.createdAt,
  });
  const read = records.read;
  const write = records.write;
  const update = (
    profileId: string,
    consentId: string,
    change: (entry: ConsentHistoryEntry) => ConsentHistoryEntry,
  ): boolean => records.update(profileId, (entry) => entry.consentId === consentId, change);

  return {
    /** Newest first. */
    list: (profileId: string): ConsentHistoryEntry[] => read(profileId),

    get: (profileId: string, consentId: string): ConsentHistoryEntry | undefined =>
      read(profileId).find((entry) => entry.consentId === consentId),

    /** Adds (or replaces) an entry. */
    add: (profileId: string, entry: ConsentHistoryEntry) => {
      const others = read(profileId).filter((existing) => existing.consentId !== entry.consentId);
      write(profileId, [entry, ...others]);
    },

    /** Notes the consentStatus the bank reported. */
    recordStatus: (profileId: string, consentId: string, consentStatus: string) => {
      update(profileId, consentId, (entry) =>
        entry.consentStatus === consentStatus ? entry : { ...entry, consentStatus },
      );
    },

    /** Notes what GET consent reports about validity and frequency (the bank may have adjusted them). */
    recordBankTerms: (
      profileId: string,
      consentId: string,
      terms: { validUntil: string; frequencyPerDay: number; recurringIndicator: boolean },
    ) => {
      update(profileId, consentId, (entry) =>
        entry.validUntil === terms.validUntil &&
        entry.frequencyPerDay === terms.frequencyPerDay &&
        entry.recurringIndicator === terms.recurringIndicator
          ? entry
          : { ...entry, ...terms },
      );
    },

    /**
     * Counts one account read without the PSU present, once per X-Request-ID; false when the consent is not in this
     * profile's history.
     */
    recordRead: (profileId: string, consentId: string, requestId: string, at = Date.now()): boolean => {
      const day = utcDay(at);
      return update(profileId, consentId, (entry) => {
        const ids = entry.reads[day] ?? [];
        if (ids.includes(requestId) || ids.length >= READS_PER_DAY_KEPT) return entry;
        return { ...entry, reads: pruneReads({ ...entry.reads, [day]: [...ids, requestId] }, day) };
      });
    },

    /** Keeps the latest refusal; an older or the same one changes nothing. */
    recordRefusal: (profileId: string, consentId: string, refusal: ConsentRefusal): boolean =>
      update(profileId, consentId, (entry) =>
        entry.lastRefusal && entry.lastRefusal.at >= refusal.at ? entry : { ...entry, lastRefusal: refusal },
      ),

    remove: (profileId: string, consentId: string) => {
      write(
        profileId,
        read(profileId).filter((entry) => entry.consentId !== consentId),
      );
    },

    clear: records.clear,

    /** Other tabs' changes included. */
    subscribe: records.subscribe,
  };
}

export type ConsentHistory = ReturnType<typeof createConsentHistory>;

export const consentHistory: ConsentHistory = createConsentHistory(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

export function useConsentHistory(profileId: string): ConsentHistoryEntry[] {
  const getSnapshot = useCallback(() => consentHistory.list(profileId), [profileId]);
  return useSyncExternalStore(consentHistory.subscribe, getSnapshot, getSnapshot);
}

export function useConsentHistoryEntry(profileId: string, consentId: string): ConsentHistoryEntry | undefined {
  const getSnapshot = useCallback(() => consentHistory.get(profileId, consentId), [profileId, consentId]);
  return useSyncExternalStore(consentHistory.subscribe, getSnapshot, getSnapshot);
}
