// Consents created from this browser, per bank profile, in localStorage: XS2A has no operation that lists consents, so
// this is the console's own record of what it created, the statuses it saw, the links the bank gave, and its own count
// of account reads made without the PSU present.
import * as z from 'zod';
import {
  browserStorage,
  createHistory,
  linkMapSchema,
  listOf,
  observeStatus,
  optional,
  statusTimeline,
  useHistoryEntry,
  useHistoryList,
  type KeyValueStorage,
  type LinkMap,
} from '../../../flows/history';

/** A read the bank refused because of the consent (CONSENT_* or ACCESS_EXCEEDED), as last seen by this browser. */
const consentRefusal = z.object({
  code: z.string(),
  text: optional(z.string()),
  status: optional(z.number()),
  operationId: z.string(),
  /** Epoch ms. */
  at: z.number(),
});
export type ConsentRefusal = z.infer<typeof consentRefusal>;

/**
 * Account reads without PSU-IP-Address that the bank answered with success: their X-Request-IDs per UTC day
 * (YYYY-MM-DD). Ids, not a number, so a read seen again (the exchange log survives a reload) counts once. Days and
 * ids that are not that are dropped.
 */
const readCounts = z
  .record(z.string(), z.unknown())
  .catch({})
  .transform((value) => {
    const reads: Record<string, string[]> = {};
    for (const [day, ids] of Object.entries(value)) {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Array.isArray(ids)) continue;
      const valid = ids.filter((id): id is string => typeof id === 'string');
      if (valid.length > 0) reads[day] = valid;
    }
    return reads;
  });

/** What the list and the consent page need; anything else in storage is dropped. */
const consentHistoryEntry = z.object({
  consentId: z.string(),
  /** Epoch ms. */
  createdAt: z.number(),
  /** The `access` object as requested. */
  access: z.record(z.string(), z.unknown()),
  recurringIndicator: z.boolean(),
  /** As requested, then as the bank reports it (it may shorten it). */
  validUntil: z.string(),
  frequencyPerDay: z.number(),
  combinedServiceIndicator: optional(z.boolean()),
  /** Last consentStatus this browser saw. */
  consentStatus: optional(z.string()),
  /** The statuses this browser saw, in order. */
  statuses: statusTimeline,
  /** `_links` of the 201 answer. */
  links: linkMapSchema.catch({}),
  /** ASPSP-SCA-Approach of the 201 answer. */
  scaApproach: optional(z.string()),
  psuMessage: optional(z.string()),
  reads: readCounts,
  lastRefusal: optional(consentRefusal),
});
export type ConsentHistoryEntry = z.infer<typeof consentHistoryEntry>;

/** Enough for a long demo session; the oldest entries go first. */
export const HISTORY_LIMIT = 200;
/** Read counts older than this many days are dropped. */
export const READ_DAYS_KEPT = 7;
/** Request ids kept per day; far beyond any frequencyPerDay a bank allows. */
export const READS_PER_DAY_KEPT = 1000;

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
  const history = createHistory<ConsentHistoryEntry, string>(storage, {
    prefix: 'xs2a-console:consents:',
    limit: HISTORY_LIMIT,
    schema: consentHistoryEntry,
    refOf: (entry) => entry.consentId,
    matches: (entry, consentId) => entry.consentId === consentId,
  });
  const update = history.update;

  return {
    ...history,

    /** Notes the consentStatus the bank reported; only a change from the last one observed adds to the timeline. */
    recordStatus: (profileId: string, consentId: string, consentStatus: string, at = Date.now()) => {
      update(profileId, consentId, (entry) => {
        const statuses = observeStatus(entry.statuses, consentStatus, at);
        if (statuses === entry.statuses && entry.consentStatus === consentStatus) return entry;
        return { ...entry, consentStatus, statuses };
      });
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
  };
}

export type ConsentHistory = ReturnType<typeof createConsentHistory>;

export const consentHistory: ConsentHistory = createConsentHistory(browserStorage);

export function useConsentHistory(profileId: string): ConsentHistoryEntry[] {
  return useHistoryList(consentHistory, profileId);
}

export function useConsentHistoryEntry(profileId: string, consentId: string): ConsentHistoryEntry | undefined {
  return useHistoryEntry(consentHistory, profileId, consentId);
}

/** What the history keeps of a sent body: read leniently, since the JSON view may send a body the schema refuses. */
const sentConsent = z.object({
  access: z.record(z.string(), z.unknown()).catch({}),
  recurringIndicator: z.boolean().catch(false),
  validUntil: z.string().catch(''),
  frequencyPerDay: z.number().catch(1),
  combinedServiceIndicator: optional(z.boolean()),
});

/** The history's entry for a consent the bank just created. */
export function createdConsentEntry(
  consentId: string,
  body: Record<string, unknown>,
  answer: { consentStatus: string; links: LinkMap; scaApproach?: string; psuMessage?: string },
  now = Date.now(),
): ConsentHistoryEntry {
  const { combinedServiceIndicator, ...sent } = sentConsent.parse(body);
  const { consentStatus, links, scaApproach, psuMessage } = answer;
  return {
    consentId,
    createdAt: now,
    ...sent,
    ...(combinedServiceIndicator !== undefined && { combinedServiceIndicator }),
    consentStatus,
    statuses: [{ status: consentStatus, at: now }],
    links,
    reads: {},
    ...(scaApproach && { scaApproach }),
    ...(psuMessage && { psuMessage }),
  };
}

const ibanReferences = listOf(z.object({ iban: z.string() }));

/** The IBANs the profile's consents named, for the form's suggestions. */
export function usedIbans(entries: readonly ConsentHistoryEntry[]): string[] {
  const ibans = entries.flatMap((entry) =>
    ['accounts', 'balances', 'transactions'].flatMap((list) =>
      ibanReferences.parse(entry.access[list]).map((ref) => ref.iban),
    ),
  );
  return [...new Set(ibans)];
}
