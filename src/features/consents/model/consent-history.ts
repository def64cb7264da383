// Consents created from this browser, per bank profile, in localStorage: XS2A has no operation that lists consents, so
// this is the console's own record of what it created, the statuses it saw, the links the bank gave, and its own count
// of account reads made without the PSU present.
import { isoDay } from '../../../api';
import {
  createdResourceMembers,
  createResourceHistory,
  historyPrefixes,
  read,
  type Infer,
  type KeyValueStorage,
} from '../../../flows/history';

/** A read the bank refused because of the consent (CONSENT_* or ACCESS_EXCEEDED), as last seen by this browser. */
const consentRefusal = read.object({
  code: read.string,
  text: read.optional(read.string),
  status: read.optional(read.number),
  operationId: read.string,
  /** Epoch ms. */
  at: read.number,
});
export type ConsentRefusal = Infer<typeof consentRefusal>;

/**
 * Account reads without PSU-IP-Address that the bank answered with success: their X-Request-IDs per UTC day
 * (YYYY-MM-DD). Ids, not a number, so a read seen again (the exchange log survives a reload) counts once. Days and
 * ids that are not that are dropped.
 */
const readCounts = read.map(read.withDefault(read.record(read.unknown), {}), (value: Record<string, unknown>) => {
  const reads: Record<string, string[]> = {};
  for (const [day, ids] of Object.entries(value)) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !Array.isArray(ids)) continue;
    const valid = ids.filter((id): id is string => typeof id === 'string');
    if (valid.length > 0) reads[day] = valid;
  }
  return reads;
});

/** What the list and the consent page need; anything else in storage is dropped. */
const consentHistoryEntry = read.object({
  ...createdResourceMembers,
  consentId: read.string,
  /** The `access` object as requested. */
  access: read.record(read.unknown),
  recurringIndicator: read.boolean,
  /** As requested, then as the bank reports it (it may shorten it). */
  validUntil: read.string,
  frequencyPerDay: read.number,
  combinedServiceIndicator: read.optional(read.boolean),
  /** Last consentStatus this browser saw. */
  consentStatus: read.optional(read.string),
  reads: readCounts,
  lastRefusal: read.optional(consentRefusal),
});
export type ConsentHistoryEntry = Infer<typeof consentHistoryEntry>;

/** Read counts older than this many days are dropped. */
export const READ_DAYS_KEPT = 7;
/** Request ids kept per day; far beyond any frequencyPerDay a bank allows. */
export const READS_PER_DAY_KEPT = 1000;

/** Reads counted on one of the bank's days (YYYY-MM-DD; today is bankToday). */
export function readsOn(entry: ConsentHistoryEntry, day: string): number {
  return entry.reads[day]?.length ?? 0;
}

function pruneReads(reads: Record<string, string[]>, today: string): Record<string, string[]> {
  const oldest = new Date(`${today}T00:00:00Z`);
  oldest.setUTCDate(oldest.getUTCDate() - (READ_DAYS_KEPT - 1));
  const cutoff = oldest.toISOString().slice(0, 10);
  return Object.fromEntries(Object.entries(reads).filter(([day]) => day >= cutoff));
}

export function createConsentHistory(storage?: () => KeyValueStorage | undefined) {
  const history = createResourceHistory(
    {
      statusMember: 'consentStatus',
      fromCreation: consentFromCreation,
      prefix: historyPrefixes.consents,
      read: consentHistoryEntry,
      refOf: (entry: ConsentHistoryEntry) => entry.consentId,
      matches: (entry: ConsentHistoryEntry, consentId: string) => entry.consentId === consentId,
    },
    storage,
  );
  const update = history.update;

  return {
    ...history,

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
     * Counts one account read without the PSU present, once per X-Request-ID, on the bank's calendar day (UTC) of
     * `bankAt`, the bank's time of the read; false when the consent is not in this profile's history.
     */
    recordRead: (profileId: string, consentId: string, requestId: string, bankAt: number): boolean => {
      const day = isoDay(bankAt);
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

/** The consents created from this browser, in its localStorage. */
export const consentHistory: ConsentHistory = createConsentHistory();

/** What the history keeps of a sent body: read leniently, since the JSON view may send a body the schema refuses. */
const sentConsent = read.object({
  access: read.withDefault(read.record(read.unknown), {}),
  recurringIndicator: read.withDefault(read.boolean, false),
  validUntil: read.withDefault(read.string, ''),
  frequencyPerDay: read.withDefault(read.number, 1),
  combinedServiceIndicator: read.optional(read.boolean),
});

/** A new entry's own members: the consent's id, what the body sent asked for, and no reads yet. */
function consentFromCreation(consentId: string, body: Record<string, unknown>) {
  const { combinedServiceIndicator, ...sent } = read.parse(sentConsent, body);
  return {
    consentId,
    ...sent,
    ...(combinedServiceIndicator !== undefined && { combinedServiceIndicator }),
    reads: {},
  };
}

const ibanReferences = read.listOf(read.object({ iban: read.string }));

/** The IBANs the profile's consents named, for the form's suggestions. */
export function usedIbans(entries: readonly ConsentHistoryEntry[]): string[] {
  const ibans = entries.flatMap((entry) =>
    ['accounts', 'balances', 'transactions'].flatMap((list) =>
      read.parse(ibanReferences, entry.access[list]).map((ref) => ref.iban),
    ),
  );
  return [...new Set(ibans)];
}
