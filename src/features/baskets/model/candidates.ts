// Which of this browser's payments and consents may go into a signing basket: those still awaiting their
// authorisation as this browser last saw them (the bank decides; its refusal is shown), and not already signed through
// one of this browser's baskets. Pure.
import type { BasketMember, ConsentCandidate, PaymentCandidate } from '../../../flows/history';
import type { BasketHistoryEntry } from './basket-history';

/** Payment statuses that still wait for the PSU's authorisation (RCVD, PDNG, PATC: more PSUs to come). */
const WAITING_PAYMENT = new Set(['RCVD', 'PDNG', 'PATC']);
const WAITING_CONSENT = new Set(['received', 'partiallyAuthorised']);
/** A basket in one of these has had its authorisation applied: its members are signed. */
const SIGNED_BASKET = new Set(['ACTC', 'PATC', 'ACSC']);

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

const keyOf = (member: Pick<BasketMember, 'kind' | 'id'>) => `${member.kind}:${member.id}`;

/** Where each member of this browser's baskets is: signed (the basket's authorisation applied) or in an open basket. */
export function basketPlaces(baskets: readonly BasketHistoryEntry[]) {
  const signed = new Set<string>();
  const open = new Map<string, string>();
  for (const basket of baskets) {
    if (basket.deletedAt !== undefined) continue;
    for (const member of basket.members) {
      if (SIGNED_BASKET.has(basket.transactionStatus ?? '')) signed.add(keyOf(member));
      else if ((basket.transactionStatus ?? 'RCVD') === 'RCVD' && !open.has(keyOf(member))) {
        open.set(keyOf(member), basket.basketId);
      }
    }
  }
  return {
    signed: (member: Pick<BasketMember, 'kind' | 'id'>) => signed.has(keyOf(member)),
    /** The open basket (as this browser knows it) the member is in. */
    openBasketOf: (member: Pick<BasketMember, 'kind' | 'id'>) => open.get(keyOf(member)),
  };
}

export interface Candidate extends BasketMember {
  /** The member's last known status. */
  status: string;
  /** The open basket of this browser it is in, if any: the bank will likely refuse it. */
  inBasket?: string;
  /** A consent's validity, a payment's amount: what tells it apart in the list. */
  createdAt: number;
}

/** What the form names a payment by: "12.00 EUR" to its creditor (a bulk: "3 payments, 20.40 EUR", no one creditor). */
export function paymentLabel(entry: Pick<PaymentCandidate, 'amount' | 'currency' | 'creditorName' | 'paymentCount'>) {
  if (entry.paymentCount !== undefined && entry.paymentCount > 1) {
    return { label: `${entry.paymentCount} payments, ${entry.amount} ${entry.currency}` };
  }
  return { label: `${entry.amount} ${entry.currency}`, party: entry.creditorName };
}

/** A member's name as shown: its label, and whom a payment goes to as `person` shows a name. */
export function memberName(
  member: Pick<BasketMember, 'kind' | 'id' | 'label' | 'party'>,
  person: (name: string) => string,
) {
  const label = member.label || `${member.kind === 'payment' ? 'Payment' : 'Consent'} ${member.id}`;
  return member.party ? `${label} to ${person(member.party)}` : label;
}

/** What the form names a consent by: what it gives access to, in a few words. */
export function consentLabel(entry: Pick<ConsentCandidate, 'access' | 'validUntil'>) {
  const { access } = entry;
  const until = entry.validUntil ? `, valid until ${entry.validUntil}` : '';
  if (access.allPsd2 !== undefined) return `Consent to all account information${until}`;
  if (access.availableAccounts !== undefined || access.availableAccountsWithBalance !== undefined) {
    return `Consent to list the accounts${until}`;
  }
  const granted = ['accounts', 'balances', 'transactions'].filter((list) => Array.isArray(access[list]));
  return `Consent to ${granted.length > 0 ? granted.join(', ') : 'account information'}${until}`;
}

/** The payments and consents the form offers, newest first: those awaiting their authorisation, not yet signed. */
export function basketCandidates(
  payments: readonly PaymentCandidate[],
  consents: readonly ConsentCandidate[],
  baskets: readonly BasketHistoryEntry[],
): { payments: Candidate[]; consents: Candidate[] } {
  const places = basketPlaces(baskets);
  const offer = (member: Candidate): Candidate[] => {
    if (places.signed(member)) return [];
    const inBasket = places.openBasketOf(member);
    return [inBasket === undefined ? member : { ...member, inBasket }];
  };
  return {
    payments: payments.filter(paymentAwaits).flatMap((entry) =>
      offer({
        kind: 'payment',
        id: entry.paymentId,
        service: entry.service,
        product: entry.product,
        ...paymentLabel(entry),
        status: entry.transactionStatus ?? '',
        createdAt: entry.createdAt,
      }),
    ),
    consents: consents.filter(consentAwaits).flatMap((entry) =>
      offer({
        kind: 'consent',
        id: entry.consentId,
        label: consentLabel(entry),
        status: entry.consentStatus ?? '',
        createdAt: entry.createdAt,
      }),
    ),
  };
}
