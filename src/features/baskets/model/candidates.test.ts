import { describe, expect, it } from 'vitest';
import type { ConsentCandidate, PaymentCandidate } from '../../../flows/history';
import type { BasketHistoryEntry } from './basket-history';
import { consentAwaits, paymentAwaits } from '../../../flows/history';
import { basketCandidates, consentLabel, memberName } from './candidates';

const at = (status: string, time = 1) => ({ status, at: time });

function payment(paymentId: string, transactionStatus: string, statuses = [at(transactionStatus)]): PaymentCandidate {
  return {
    createdAt: 1,
    statuses,
    service: 'payments',
    product: 'sepa-credit-transfers',
    paymentId,
    amount: '12.00',
    currency: 'EUR',
    creditorName: 'Kiosk am Markt',
    transactionStatus,
  };
}

function consent(consentId: string, consentStatus: string): ConsentCandidate {
  return {
    createdAt: 2,
    statuses: [at(consentStatus)],
    consentId,
    access: { allPsd2: 'allAccounts' },
    validUntil: '2027-01-31',
    consentStatus,
  };
}

function basket(basketId: string, transactionStatus: string, ids: string[], deletedAt?: number): BasketHistoryEntry {
  return {
    createdAt: 3,
    statuses: [at(transactionStatus)],
    links: {},
    basketId,
    members: ids.map((id) => ({ kind: 'payment' as const, id, label: '' })),
    transactionStatus,
    ...(deletedAt !== undefined && { deletedAt }),
  };
}

describe('what may go into a signing basket', () => {
  it('takes payments awaiting their authorisation: RCVD, PDNG, PATC, and ACTC only as the bank created it', () => {
    expect(paymentAwaits(payment('p', 'RCVD'))).toBe(true);
    expect(paymentAwaits(payment('p', 'PDNG'))).toBe(true);
    expect(paymentAwaits(payment('p', 'PATC'))).toBe(true);
    expect(paymentAwaits(payment('p', 'ACTC'))).toBe(true);
    expect(paymentAwaits(payment('p', 'ACTC', [at('RCVD'), at('ACTC', 2)]))).toBe(false);
    expect(paymentAwaits(payment('p', 'ACSC'))).toBe(false);
    expect(paymentAwaits(payment('p', 'RJCT'))).toBe(false);
  });

  it('takes consents received or partially authorised', () => {
    expect(consentAwaits({ consentStatus: 'received' })).toBe(true);
    expect(consentAwaits({ consentStatus: 'partiallyAuthorised' })).toBe(true);
    expect(consentAwaits({ consentStatus: 'valid' })).toBe(false);
    expect(consentAwaits({})).toBe(false);
  });

  it('leaves out what a basket of this browser signed, and marks what is in an open one', () => {
    const offered = basketCandidates(
      [payment('signed', 'RCVD'), payment('open', 'RCVD'), payment('freed', 'RCVD'), payment('failed', 'RCVD')],
      [consent('c1', 'received'), consent('c2', 'valid')],
      [
        basket('b1', 'ACTC', ['signed']),
        basket('b2', 'RCVD', ['open']),
        basket('b3', 'RCVD', ['freed'], 5),
        basket('b4', 'RJCT', ['failed']),
      ],
    );
    expect(offered.payments.map((p) => [p.id, p.inBasket])).toEqual([
      ['open', 'b2'],
      ['freed', undefined],
      ['failed', undefined],
    ]);
    expect(offered.consents.map((c) => c.id)).toEqual(['c1']);
  });

  it('names a payment by its amount and creditor, shown as an audience may see a name, and a consent by its access', () => {
    const [first] = basketCandidates([payment('p', 'RCVD')], [], []).payments;
    expect(first && memberName(first, (name) => name.toUpperCase())).toBe('12.00 EUR to KIOSK AM MARKT');
    expect(consentLabel({ access: { allPsd2: 'allAccounts' }, validUntil: '2027-01-31' })).toBe(
      'Consent to all account information, valid until 2027-01-31',
    );
    expect(consentLabel({ access: { balances: [], transactions: [] }, validUntil: '' })).toBe(
      'Consent to balances, transactions',
    );
  });
});
