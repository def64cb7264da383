// A standing order executes on its dates as the bank's day comes, with or without a move of the admin clock: the first
// execution books when the order is accepted on its start date, and later ones when the bank's scheduler reaches the
// midnight that starts their day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201 } from '../../src/xs2a';
import { createTestBank, TEST_START, type TestBank } from './testing/test-support';
import {
  accountOf,
  authoriseConsentEmbedded,
  authoriseEmbedded,
  href,
  ok,
  paymentBody,
  send,
} from './testing/test-kit';

const EMBEDDED = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
const TODAY = TEST_START.slice(0, 10);
const DAY_MS = 86_400_000;

type Tx = { transactionId?: string; transactionAmount: { amount: string }; bookingDate?: string };

describe('standing orders execute on their dates without a clock move', () => {
  let bank: TestBank;
  let consentId: string;
  const alice = accountOf('alice');
  const read = async () => {
    const headers = { 'Consent-ID': consentId };
    const path = `/v1/accounts/${alice.resourceId}/transactions?bookingStatus=booked&dateFrom=2026-01-01`;
    const report = (await send(bank, 'GET', path, { headers })).body as { transactions: { booked?: Tx[] } };
    const balances = (await send(bank, 'GET', `/v1/accounts/${alice.resourceId}/balances`, { headers })).body as {
      balances: { balanceType: string; balanceAmount: { amount: string } }[];
    };
    const interimBooked = balances.balances.find((b) => b.balanceType === 'interimBooked')?.balanceAmount.amount;
    return { booked: report.transactions.booked ?? [], interimBooked: Number(interimBooked) };
  };

  beforeAll(async () => {
    bank = await createTestBank();
    const body = {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2026-12-31',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    };
    const created = await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED });
    consentId = ok(created, 201, ConsentsResponse201).consentId;
    await authoriseConsentEmbedded(bank, consentId, 'alice');
  });
  afterAll(() => bank.close());

  it('books the execution of today as the order is accepted, and the next one when its day comes by real time', async () => {
    const before = await read();
    const body = { ...paymentBody(), startDate: TODAY, frequency: 'Weekly' };
    const res = await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', { body, headers: EMBEDDED });
    const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
    const paymentId = self.split('/').pop() ?? '';
    const executions = (booked: Tx[]) => booked.filter((t) => t.transactionId?.startsWith(`tx-${paymentId}`));
    expect(executions(before.booked)).toHaveLength(0);

    await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
    const accepted = await read();
    expect(
      executions(accepted.booked).map((t) => [t.transactionId, t.bookingDate, t.transactionAmount.amount]),
    ).toEqual([[`tx-${paymentId}-${TODAY}`, TODAY, '-12.50']]);
    expect(accepted.interimBooked).toBeCloseTo(before.interimBooked - 12.5, 2);
    // Reading again books nothing twice.
    expect(executions((await read()).booked)).toHaveLength(1);

    // A week of real time, no admin move: the scheduler's timer at the new day's midnight executes the order.
    bank.clock.advance(7 * DAY_MS);
    const nextDate = new Date(Date.parse(TEST_START) + 7 * DAY_MS).toISOString().slice(0, 10);
    const week = executions((await read()).booked).map((t) => t.transactionId);
    expect(week).toEqual(expect.arrayContaining([`tx-${paymentId}-${TODAY}`, `tx-${paymentId}-${nextDate}`]));
    expect(week).toHaveLength(2);
  });

  it('books nothing for a standing order that starts later', async () => {
    const start = new Date(bank.clock.now().getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
    const body = { ...paymentBody(), startDate: start, frequency: 'Monthly' };
    const res = await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', { body, headers: EMBEDDED });
    const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
    await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
    const paymentId = self.split('/').pop() ?? '';
    expect((await read()).booked.filter((t) => t.transactionId?.startsWith(`tx-${paymentId}`))).toHaveLength(0);
  });
});
