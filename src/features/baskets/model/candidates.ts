// Which of this browser's payments and consents may go into a signing basket: those still awaiting their
// authorisation as this browser last saw them (the bank decides; its refusal is shown), and not already signed through
// one of this browser's baskets. Pure.
import {
  consentAwaits,
  paymentAwaits,
  type BasketMember,
  type ConsentCandidate,
  type PaymentCandidate,
} from '../../../flows/history';
import type { BasketHistoryEntry } from './basket-history';

/** A basket in one of these has had its authorisation applied: its members are signed. */
const SIGNED_BASKET = new Set(['ACTC', 'PATC', 'ACSC']);

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
