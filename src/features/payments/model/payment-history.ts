// Payments created from this browser, per bank profile, in localStorage: the XS2A interface has no list operation,
// so this is the console's own record of what it initiated, the statuses it saw and the links the bank gave.
import { useCallback, useSyncExternalStore } from 'react';
import { createRecordList, isLinkMap, isRecord, type KeyValueStorage, type LinkMap } from '../../../api';

export type { KeyValueStorage, LinkMap };

export interface StatusObservation {
  status: string;
  /** Epoch ms when this browser first saw the status. */
  at: number;
}

export interface CancellationRecord {
  requestedAt: number;
  /** 204: cancelled at once; 202: the cancellation needs an authorisation (links below). */
  httpStatus: 204 | 202;
  links?: LinkMap;
  scaApproach?: string;
}

export interface PaymentHistoryEntry {
  service: string;
  product: string;
  paymentId: string;
  createdAt: number;
  amount: string;
  currency: string;
  creditorName: string;
  debtorIban?: string;
  creditorIban?: string;
  /** Last status this browser saw. */
  transactionStatus?: string;
  statuses: StatusObservation[];
  /** `_links` of the initiation's 201 answer. */
  links: LinkMap;
  /** ASPSP-SCA-Approach of the 201 answer. */
  scaApproach?: string;
  psuMessage?: string;
  cancellation?: CancellationRecord;
}

const PREFIX = 'xs2a-console:payments:';
/** Enough for a long demo session; the oldest entries go first. */
export const HISTORY_LIMIT = 200;

/** Keeps entries that have what the list and the payment page need; anything else in storage is dropped. */
function readEntry(value: unknown): PaymentHistoryEntry | undefined {
  if (!isRecord(value)) return undefined;
  const { service, product, paymentId, createdAt, amount, currency, creditorName } = value;
  if (
    typeof service !== 'string' ||
    typeof product !== 'string' ||
    typeof paymentId !== 'string' ||
    typeof createdAt !== 'number' ||
    typeof amount !== 'string' ||
    typeof currency !== 'string' ||
    typeof creditorName !== 'string'
  ) {
    return undefined;
  }
  const statuses = Array.isArray(value.statuses)
    ? value.statuses.filter(
        (s): s is StatusObservation => isRecord(s) && typeof s.status === 'string' && typeof s.at === 'number',
      )
    : [];
  const entry: PaymentHistoryEntry = {
    service,
    product,
    paymentId,
    createdAt,
    amount,
    currency,
    creditorName,
    statuses,
    links: isLinkMap(value.links) ? value.links : {},
  };
  for (const key of ['debtorIban', 'creditorIban', 'transactionStatus', 'scaApproach', 'psuMessage'] as const) {
    const member = value[key];
    if (typeof member === 'string') entry[key] = member;
  }
  const cancellation = value.cancellation;
  if (
    isRecord(cancellation) &&
    typeof cancellation.requestedAt === 'number' &&
    (cancellation.httpStatus === 204 || cancellation.httpStatus === 202)
  ) {
    entry.cancellation = { requestedAt: cancellation.requestedAt, httpStatus: cancellation.httpStatus };
    if (isLinkMap(cancellation.links)) entry.cancellation.links = cancellation.links;
    if (typeof cancellation.scaApproach === 'string') entry.cancellation.scaApproach = cancellation.scaApproach;
  }
  return entry;
}

export interface PaymentRef {
  service: string;
  product: string;
  paymentId: string;
}

function same(entry: PaymentRef, ref: PaymentRef) {
  return entry.paymentId === ref.paymentId && entry.service === ref.service && entry.product === ref.product;
}

export function createPaymentHistory(storage: () => KeyValueStorage | undefined) {
  const records = createRecordList(storage, {
    prefix: PREFIX,
    limit: HISTORY_LIMIT,
    parseEntry: readEntry,
    createdAt: (entry) => entry.createdAt,
  });
  const read = records.read;
  const write = records.write;
  const update = (profileId: string, ref: PaymentRef, change: (entry: PaymentHistoryEntry) => PaymentHistoryEntry) => {
    records.update(profileId, (entry) => same(entry, ref), change);
  };

  return {
    /** Newest first. */
    list: (profileId: string): PaymentHistoryEntry[] => read(profileId),

    get: (profileId: string, ref: PaymentRef): PaymentHistoryEntry | undefined =>
      read(profileId).find((entry) => same(entry, ref)),

    /** Adds (or replaces) an entry; its first status is recorded as observed at creation. */
    add: (profileId: string, entry: PaymentHistoryEntry) => {
      const others = read(profileId).filter((existing) => !same(existing, entry));
      write(profileId, [entry, ...others]);
    },

    /** Notes a status the bank reported; only a change from the last one observed adds to the timeline. */
    recordStatus: (profileId: string, ref: PaymentRef, status: string, at = Date.now()) => {
      update(profileId, ref, (entry) => {
        const last = entry.statuses[entry.statuses.length - 1];
        if (last?.status === status && entry.transactionStatus === status) return entry;
        const statuses = last?.status === status ? entry.statuses : [...entry.statuses, { status, at }];
        return { ...entry, transactionStatus: status, statuses };
      });
    },

    recordCancellation: (profileId: string, ref: PaymentRef, cancellation: CancellationRecord) => {
      update(profileId, ref, (entry) => ({ ...entry, cancellation }));
    },

    remove: (profileId: string, ref: PaymentRef) => {
      write(
        profileId,
        read(profileId).filter((entry) => !same(entry, ref)),
      );
    },

    clear: records.clear,

    /** Debtor IBANs used from this browser with the profile, most recent first, for the form's suggestions. */
    usedDebtorIbans: (profileId: string): string[] => {
      const ibans = read(profileId)
        .map((entry) => entry.debtorIban)
        .filter((iban): iban is string => !!iban);
      return [...new Set(ibans)];
    },

    /** Other tabs' changes included. */
    subscribe: records.subscribe,
  };
}

export type PaymentHistory = ReturnType<typeof createPaymentHistory>;

export const paymentHistory: PaymentHistory = createPaymentHistory(() =>
  typeof window === 'undefined' ? undefined : window.localStorage,
);

export function usePaymentHistory(profileId: string): PaymentHistoryEntry[] {
  const getSnapshot = useCallback(() => paymentHistory.list(profileId), [profileId]);
  return useSyncExternalStore(paymentHistory.subscribe, getSnapshot, getSnapshot);
}

export function usePaymentHistoryEntry(profileId: string, ref: PaymentRef): PaymentHistoryEntry | undefined {
  const { service, product, paymentId } = ref;
  const getSnapshot = useCallback(
    () => paymentHistory.get(profileId, { service, product, paymentId }),
    [profileId, service, product, paymentId],
  );
  return useSyncExternalStore(paymentHistory.subscribe, getSnapshot, getSnapshot);
}
