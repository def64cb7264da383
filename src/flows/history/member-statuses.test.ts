import { describe, expect, it } from 'vitest';
import { historyPrefixes } from './history-keys';
import { memoryStorage } from './memory-storage';
import { createMemberStatuses } from './member-statuses';
import { observeStatus } from './status-timeline';

const payment = (paymentId: string, product = 'sepa-credit-transfers') => ({
  createdAt: 1,
  statuses: [{ status: 'RCVD', at: 1 }],
  links: {},
  service: 'payments',
  product,
  paymentId,
  amount: '3.10',
  currency: 'EUR',
  creditorName: 'Kiosk',
  transactionStatus: 'RCVD',
  // Members only the payment's own reader knows: kept as they are.
  debtorIban: 'DE16990100000010010001',
  cancellation: { requestedAt: 5, httpStatus: 202 },
});

function storeWith(key: string, entries: unknown[]) {
  const storage = memoryStorage();
  storage.setItem(key, JSON.stringify(entries));
  return { storage, read: () => JSON.parse(storage.getItem(key) ?? '[]') as Record<string, unknown>[] };
}

describe('a basket member’s status in its own history', () => {
  it('adds the status to the payment’s timeline, the basket named on the move from waiting, and keeps every other member', () => {
    const { storage, read } = storeWith(`${historyPrefixes.payments}prof`, [
      payment('p-1'),
      payment('p-1', 'instant-sepa-credit-transfers'),
    ]);
    const statuses = createMemberStatuses(() => storage);
    const member = { kind: 'payment' as const, id: 'p-1', service: 'payments', product: 'sepa-credit-transfers' };
    statuses.record('prof', member, 'ACTC', 'b-1', 10);
    statuses.record('prof', member, 'ACTC', 'b-1', 11);
    statuses.record('prof', member, 'ACSC', 'b-1', 12);
    const [moved, other] = read();
    expect(moved).toEqual({
      ...payment('p-1'),
      transactionStatus: 'ACSC',
      statuses: [
        { status: 'RCVD', at: 1 },
        { status: 'ACTC', at: 10, basketId: 'b-1' },
        // Settled afterwards: the bank's move, not the basket's.
        { status: 'ACSC', at: 12 },
      ],
    });
    // Another product's payment with the same id is another payment.
    expect(other).toEqual(payment('p-1', 'instant-sepa-credit-transfers'));
  });

  it('notes a consent’s status, and creates no entry for a member this browser did not create', () => {
    const consent = { createdAt: 1, statuses: [], links: {}, consentId: 'c-1', access: {}, consentStatus: 'received' };
    const { storage, read } = storeWith(`${historyPrefixes.consents}prof`, [consent]);
    const statuses = createMemberStatuses(() => storage);
    statuses.record('prof', { kind: 'consent', id: 'c-1' }, 'valid', undefined, 7);
    statuses.record('prof', { kind: 'consent', id: 'c-2' }, 'valid', 'b-1', 8);
    statuses.record('prof', { kind: 'payment', id: 'p-9' }, 'ACTC', 'b-1', 8);
    expect(read()).toEqual([{ ...consent, consentStatus: 'valid', statuses: [{ status: 'valid', at: 7 }] }]);
    expect(storage.getItem(`${historyPrefixes.payments}prof`)).toBeNull();
  });

  it('names no cause when none is known, and a status seen again adds nothing', () => {
    const timeline = observeStatus([], 'RCVD', 1);
    expect(timeline).toEqual([{ status: 'RCVD', at: 1 }]);
    expect(observeStatus(timeline, 'RCVD', 2, { basketId: 'b-1' })).toBe(timeline);
  });
});
