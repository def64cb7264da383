// The payments and consents this browser created with a profile, as a signing basket picks its members from them:
// read (never written) from the payment and consent histories, through readers of only the members a basket needs,
// so the baskets area reads the same storage without depending on the payments' or consents' pages.
import { createHistory, useHistoryList, browserStorage, type KeyValueStorage } from './history-store';
import { historyPrefixes } from './history-keys';
import { listOf, literal, number, object, optional, record, string, unknown, withDefault, type Infer } from './read';
import { RESOURCE_HISTORY_LIMIT } from './resource-history';
import { statusTimeline } from './status-timeline';

const paymentCandidate = object({
  createdAt: number,
  statuses: withDefault(statusTimeline, []),
  service: string,
  product: string,
  paymentId: string,
  amount: string,
  currency: string,
  creditorName: string,
  paymentCount: optional(number),
  transactionStatus: optional(string),
});
export type PaymentCandidate = Infer<typeof paymentCandidate>;

const consentCandidate = object({
  createdAt: number,
  statuses: withDefault(statusTimeline, []),
  consentId: string,
  access: withDefault(record(unknown), {}),
  validUntil: withDefault(string, ''),
  consentStatus: optional(string),
});
export type ConsentCandidate = Infer<typeof consentCandidate>;

// ---------------------------------------------------------------- what awaits its authorisation

/** Payment statuses that still wait for the PSU's authorisation (RCVD, PDNG, PATC: more PSUs to come). */
const WAITING_PAYMENT = new Set(['RCVD', 'PDNG', 'PATC']);
const WAITING_CONSENT = new Set(['received', 'partiallyAuthorised']);

/**
 * A payment awaits its authorisation when its last status says so; ACTC only when the bank answered the initiation
 * with it and nothing has moved since (some banks accept a payment technically before the PSU authorises it).
 */
export function paymentAwaits(entry: Pick<PaymentCandidate, 'transactionStatus' | 'statuses'>): boolean {
  const status = entry.transactionStatus;
  if (status === undefined) return false;
  if (WAITING_PAYMENT.has(status)) return true;
  return status === 'ACTC' && entry.statuses.length > 0 && entry.statuses.every((seen) => seen.status === 'ACTC');
}

export function consentAwaits(entry: Pick<ConsentCandidate, 'consentStatus'>): boolean {
  return entry.consentStatus !== undefined && WAITING_CONSENT.has(entry.consentStatus);
}

/** A member of a basket as the basket's history keeps it: enough to name it, link to it and read its status. */
export const basketMember = object({
  kind: literal(['payment', 'consent']),
  id: string,
  /** A payment's service and product (its path). */
  service: optional(string),
  product: optional(string),
  /** How the console named it when the basket was made ("12.00 EUR", "Consent to all account information"). */
  label: withDefault(string, ''),
  /** Whom a payment goes to (its creditor's name), shown as an audience may see a person's name. */
  party: optional(string),
});
export type BasketMember = Infer<typeof basketMember>;
export const basketMembers = withDefault(listOf(basketMember), []);

/** The payments and consents of a profile, newest first, for the basket form. */
export function createBasketCandidates(storage: () => KeyValueStorage | undefined = browserStorage) {
  const payments = createHistory(storage, {
    prefix: historyPrefixes.payments,
    limit: RESOURCE_HISTORY_LIMIT,
    read: paymentCandidate,
    refOf: (entry: PaymentCandidate) => entry.paymentId,
    matches: (entry, paymentId: string) => entry.paymentId === paymentId,
  });
  const consents = createHistory(storage, {
    prefix: historyPrefixes.consents,
    limit: RESOURCE_HISTORY_LIMIT,
    read: consentCandidate,
    refOf: (entry: ConsentCandidate) => entry.consentId,
    matches: (entry, consentId: string) => entry.consentId === consentId,
  });
  return {
    usePayments: (profileId: string): PaymentCandidate[] => useHistoryList(payments, profileId),
    useConsents: (profileId: string): ConsentCandidate[] => useHistoryList(consents, profileId),
  };
}

/** The page a member of a basket has of its own. */
export function memberRoute(member: Pick<BasketMember, 'kind' | 'id' | 'service' | 'product'>): string {
  const e = encodeURIComponent;
  if (member.kind === 'consent') return `/consents/${e(member.id)}`;
  return `/payments/${e(member.service ?? 'payments')}/${e(member.product ?? '')}/${e(member.id)}`;
}
