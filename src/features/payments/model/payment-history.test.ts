import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../flows/history';
import { createPaymentHistory, type PaymentHistoryEntry } from './payment-history';

function entry(
  paymentId: string,
  createdAt: number,
  overrides: Partial<PaymentHistoryEntry> = {},
): PaymentHistoryEntry {
  return {
    service: 'payments',
    product: 'sepa-credit-transfers',
    paymentId,
    createdAt,
    amount: '10.00',
    currency: 'EUR',
    creditorName: 'Kiosk',
    debtorIban: 'DE89370400440532013000',
    transactionStatus: 'RCVD',
    statuses: [{ status: 'RCVD', at: createdAt }],
    links: { scaRedirect: { href: 'https://bank.example/sca/1' } },
    scaApproach: 'REDIRECT',
    ...overrides,
  };
}

const ref = (paymentId: string) => ({ service: 'payments', product: 'sepa-credit-transfers', paymentId });

describe('payment history', () => {
  it('survives a new store over the same storage (a reload)', () => {
    const storage = memoryStorage();
    createPaymentHistory(() => storage).add('bank-a', entry('p1', 1000));
    const reloaded = createPaymentHistory(() => storage);
    expect(reloaded.get('bank-a', ref('p1'))).toEqual(entry('p1', 1000));
  });

  it('tells payments apart by service and product as well as id', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    history.add('bank', entry('same', 1000));
    history.add('bank', entry('same', 2000, { service: 'periodic-payments' }));
    expect(history.list('bank')).toHaveLength(2);
    expect(history.get('bank', { ...ref('same'), service: 'periodic-payments' })?.createdAt).toBe(2000);
    expect(history.get('bank', ref('same'))?.createdAt).toBe(1000);
  });

  it('records each status change once, with the time it was seen', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    history.add('bank', entry('p1', 1000));
    history.recordStatus('bank', ref('p1'), 'RCVD', 1500);
    history.recordStatus('bank', ref('p1'), 'ACTC', 2000);
    history.recordStatus('bank', ref('p1'), 'ACTC', 2500);
    history.recordStatus('bank', ref('p1'), 'ACSC', 3000);
    const saved = history.get('bank', ref('p1'));
    expect(saved?.statuses).toEqual([
      { status: 'RCVD', at: 1000 },
      { status: 'ACTC', at: 2000 },
      { status: 'ACSC', at: 3000 },
    ]);
    expect(saved?.transactionStatus).toBe('ACSC');
  });

  it('ignores status and cancellation updates for payments it does not know', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    history.recordStatus('bank', ref('nope'), 'ACTC');
    history.recordCancellation('bank', ref('nope'), { requestedAt: 1, httpStatus: 204 });
    expect(storage.data.size).toBe(0);
  });

  it('keeps the cancellation answer with its links', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    history.add('bank', entry('p1', 1000));
    const links = { startAuthorisation: { href: '/v1/payments/x/p1/cancellation-authorisations' } };
    history.recordCancellation('bank', ref('p1'), { requestedAt: 5, httpStatus: 202, links, scaApproach: 'REDIRECT' });
    expect(createPaymentHistory(() => storage).get('bank', ref('p1'))?.cancellation).toEqual({
      requestedAt: 5,
      httpStatus: 202,
      links,
      scaApproach: 'REDIRECT',
    });
  });

  it('offers the debtor IBANs used before, most recent first and without repeats', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    history.add('bank', entry('p1', 1000, { debtorIban: 'DE111' }));
    history.add('bank', entry('p2', 2000, { debtorIban: 'DE222' }));
    history.add('bank', entry('p3', 3000, { debtorIban: 'DE111' }));
    expect(history.usedDebtorIbans('bank')).toEqual(['DE111', 'DE222']);
  });

  it('drops what is not a payment entry and survives corrupt storage', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    storage.setItem(
      'xs2a-console:payments:bank',
      JSON.stringify([entry('ok', 1), { paymentId: 'no-amount', createdAt: 2 }, 'junk', null]),
    );
    expect(history.list('bank').map((e) => e.paymentId)).toEqual(['ok']);
    storage.setItem('xs2a-console:payments:bank', '{not json');
    expect(history.list('bank')).toEqual([]);
  });

  it('adds a created payment from the body sent and the answer, reading an odd body leniently', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    const links = { scaRedirect: { href: 'https://bank.example/sca/9' } };
    const body = {
      instructedAmount: { amount: 12.5, currency: 'EUR' },
      creditorAccount: { iban: 'DE89370400440532013000' },
    };
    history.addCreated('bank', ref('p9'), body, { status: 'RCVD', links, scaApproach: 'REDIRECT' }, 7);
    expect(history.get('bank', ref('p9'))).toEqual({
      ...ref('p9'),
      createdAt: 7,
      amount: '12.5',
      currency: 'EUR',
      creditorName: '(no creditor name)',
      creditorIban: 'DE89370400440532013000',
      transactionStatus: 'RCVD',
      statuses: [{ status: 'RCVD', at: 7 }],
      links,
      scaApproach: 'REDIRECT',
    });
  });

  it('works as an empty history when storage is unavailable or throws', () => {
    const none = createPaymentHistory(() => undefined);
    none.add('bank', entry('p1', 1));
    expect(none.list('bank')).toEqual([]);
    const throwing = createPaymentHistory(() => ({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {},
    }));
    expect(() => throwing.add('bank', entry('p1', 1))).not.toThrow();
    expect(throwing.list('bank')).toEqual([]);
  });
});
