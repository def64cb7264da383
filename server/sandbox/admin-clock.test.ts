// What the bank's clock drives, moved through the admin API instead of waiting: settlement, the rejection of payments
// left unauthorised, consent expiry and the frequencyPerDay budget's rollover at the bank's midnight; and on
// PostgreSQL, every instance on one database reads the same clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentsResponse201,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ConsentStatusResponse,
} from '../../src/xs2a';
import { executionDates } from './domain/bookings';
import { createTestBank, twoInstancesForTests, type TestBank } from './testing/test-support';
import {
  accountOf,
  authoriseConsentEmbedded,
  authoriseEmbedded,
  fails,
  href,
  ok,
  paymentBody,
  send,
} from './testing/test-kit';

const EMBEDDED = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
const advance = (bank: TestBank, by: string) => send(bank, 'POST', '/admin/clock/advance', { body: { by } });

async function payment(bank: TestBank, authorise: boolean) {
  const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
    body: paymentBody(),
    headers: EMBEDDED,
  });
  const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
  if (authorise) await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
  return self;
}

const statusOf = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse).transactionStatus;

async function consent(bank: TestBank, validUntil: string, frequencyPerDay = 4) {
  const body = {
    access: { allPsd2: 'allAccounts' },
    recurringIndicator: true,
    validUntil,
    frequencyPerDay,
    combinedServiceIndicator: false,
  };
  const res = await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED });
  const { consentId } = ok(res, 201, ConsentsResponse201);
  await authoriseConsentEmbedded(bank, consentId, 'alice');
  return consentId;
}

const balancesWithoutPsu = (bank: TestBank, consentId: string) =>
  send(bank, 'GET', `/v1/accounts/${accountOf('alice').resourceId}/balances`, {
    headers: { 'Consent-ID': consentId },
    psuPresent: false,
  });

describe('the bank’s clock drives time-dependent state', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('settles an accepted payment when the clock passes its settlement delay (ACTC → ACSC), not before', async () => {
    const self = await payment(bank, true);
    expect(await statusOf(bank, self)).toBe('ACTC');
    await advance(bank, `${bank.sandbox.config.settlementDelayMs - 1}ms`);
    expect(await statusOf(bank, self)).toBe('ACTC');
    await advance(bank, '1ms');
    expect(await statusOf(bank, self)).toBe('ACSC');
  });

  it('rejects a payment left unauthorised past its expiry (RJCT)', async () => {
    const self = await payment(bank, false);
    expect(await statusOf(bank, self)).toBe('RCVD');
    await advance(bank, 'P1D');
    expect(await statusOf(bank, self)).toBe('RJCT');
  });

  it('expires a consent after its validUntil, and account reads answer CONSENT_EXPIRED', async () => {
    const now = (await send(bank, 'GET', '/admin/clock')).body as { now: string };
    const today = now.now.slice(0, 10);
    const consentId = await consent(bank, today);
    expect((await balancesWithoutPsu(bank, consentId)).status).toBe(200);
    await send(bank, 'POST', '/admin/clock/set', { body: { to: `${today}T23:59:59Z` } });
    expect((await balancesWithoutPsu(bank, consentId)).status).toBe(200);
    await advance(bank, 'PT1S');
    fails(await balancesWithoutPsu(bank, consentId), 401, 'CONSENT_EXPIRED');
    const status = ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse);
    expect(status.consentStatus).toBe('expired');
  });

  it('rolls the frequencyPerDay budget over at the bank’s midnight', async () => {
    const { now } = (await send(bank, 'GET', '/admin/clock')).body as { now: string };
    const tomorrow = new Date(Date.parse(`${now.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString();
    const consentId = await consent(bank, '2027-01-01', 2);
    for (let i = 0; i < 2; i++) expect((await balancesWithoutPsu(bank, consentId)).status).toBe(200);
    fails(await balancesWithoutPsu(bank, consentId), 429, 'ACCESS_EXCEEDED');
    await send(bank, 'POST', '/admin/clock/set', { body: { to: new Date(Date.parse(tomorrow) - 1).toISOString() } });
    fails(await balancesWithoutPsu(bank, consentId), 429, 'ACCESS_EXCEEDED');
    await send(bank, 'POST', '/admin/clock/set', { body: { to: tomorrow } });
    expect((await balancesWithoutPsu(bank, consentId)).status).toBe(200);
  });

  it('keeps a frozen clock frozen for settlement: nothing settles while real time passes', async () => {
    await send(bank, 'POST', '/admin/clock/freeze', { body: {} });
    const self = await payment(bank, true);
    bank.clock.advance(bank.sandbox.config.settlementDelayMs * 10);
    expect(await statusOf(bank, self)).toBe('ACTC');
    await advance(bank, `${bank.sandbox.config.settlementDelayMs}ms`);
    expect(await statusOf(bank, self)).toBe('ACSC');
    await send(bank, 'POST', '/admin/clock/unfreeze', { body: {} });
  });
});

type Tx = { transactionId?: string; amount?: never; transactionAmount: { amount: string }; valueDate?: string };
type Report = { transactions: { booked?: Tx[]; pending?: Tx[] } };

/** The sum of the pending entries that book by `date`. */
const pendingDue = (pending: Tx[], date: string) =>
  pending.filter((t) => (t.valueDate ?? '') <= date).reduce((sum, t) => sum + Number(t.transactionAmount.amount), 0);

describe('executed payments are booked on the accounts, with the balances moved', () => {
  let bank: TestBank;
  let consentId: string;
  const alice = accountOf('alice');
  const bob = accountOf('bob');
  const read = async (accountId: string) => {
    const path = `/v1/accounts/${accountId}/transactions?bookingStatus=both&dateFrom=2026-01-01`;
    const report = (await send(bank, 'GET', path, { headers: { 'Consent-ID': consentId } })).body as Report;
    const balances = (
      await send(bank, 'GET', `/v1/accounts/${accountId}/balances`, { headers: { 'Consent-ID': consentId } })
    ).body as { balances: { balanceType: string; balanceAmount: { amount: string } }[] };
    const balance = (type: string) =>
      Number(balances.balances.find((b) => b.balanceType === type)?.balanceAmount.amount ?? NaN);
    return { booked: report.transactions.booked ?? [], pending: report.transactions.pending ?? [], balance };
  };
  beforeAll(async () => {
    bank = await createTestBank();
    const body = {
      access: { allPsd2: 'allAccounts' },
      recurringIndicator: true,
      validUntil: '2027-01-01',
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    };
    consentId = ok(
      await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED }),
      201,
      ConsentsResponse201,
    ).consentId;
    await authoriseConsentEmbedded(bank, consentId, 'alice');
  });
  afterAll(() => bank.close());

  it('books a settled payment as a debit on the debtor account and a credit on the creditor’s, once', async () => {
    const before = await read(alice.resourceId);
    const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: { ...paymentBody(), creditorAccount: { iban: bob.iban }, remittanceInformationUnstructured: 'Rent' },
      headers: EMBEDDED,
    });
    const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
    await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
    expect((await read(alice.resourceId)).booked.length).toBe(before.booked.length);
    await advance(bank, 'PT5M');
    const after = await read(alice.resourceId);
    const paymentId = self.split('/').pop() ?? '';
    const debit = after.booked.find((t) => t.transactionId === `tx-${paymentId}`);
    expect(debit?.transactionAmount.amount).toBe('-12.50');
    expect(after.balance('interimBooked')).toBeCloseTo(before.balance('interimBooked') - 12.5, 2);
    expect(after.balance('interimAvailable')).toBeCloseTo(before.balance('interimAvailable') - 12.5, 2);
    await advance(bank, 'PT5M');
    expect((await read(alice.resourceId)).balance('interimBooked')).toBeCloseTo(after.balance('interimBooked'), 2);
    expect(await statusOf(bank, self)).toBe('ACSC');
  });

  it('books pending entries once their value date has come', async () => {
    const before = await read(alice.resourceId);
    const pending = before.pending[0];
    if (!pending?.transactionId || !pending.valueDate) throw new Error('the seed gives alice a pending entry');
    await send(bank, 'POST', '/admin/clock/set', { body: { to: `${pending.valueDate}T12:00:00Z` } });
    const after = await read(alice.resourceId);
    expect(after.pending.map((t) => t.transactionId)).not.toContain(pending.transactionId);
    expect(after.booked.map((t) => t.transactionId)).toContain(pending.transactionId);
    expect(after.balance('interimBooked')).toBeCloseTo(
      before.balance('interimBooked') + pendingDue(before.pending, pending.valueDate),
      2,
    );
  });

  it('executes a standing order on each of its dates as the clock passes them', async () => {
    const before = await read(alice.resourceId);
    // It starts after the bank's today (the pending entries' value date, 2026-03-17): nothing is due when accepted.
    const body = { ...paymentBody(), startDate: '2026-03-18', frequency: 'Weekly', endDate: '2026-04-30' };
    const res = await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', { body, headers: EMBEDDED });
    const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
    await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
    const paymentId = self.split('/').pop() ?? '';
    const executions = async () =>
      (await read(alice.resourceId)).booked.filter((t) => t.transactionId?.startsWith(`tx-${paymentId}`));
    expect(await executions()).toHaveLength(0);
    await send(bank, 'POST', '/admin/clock/set', { body: { to: '2026-04-01T12:00:00Z' } });
    const done = await executions();
    expect(done.map((t) => t.transactionId)).toEqual(
      expect.arrayContaining([
        `tx-${paymentId}-2026-03-18`,
        `tx-${paymentId}-2026-03-25`,
        `tx-${paymentId}-2026-04-01`,
      ]),
    );
    expect(done).toHaveLength(3);
    const after = await read(alice.resourceId);
    const booked = pendingDue(before.pending, '2026-04-01');
    expect(after.balance('interimBooked')).toBeCloseTo(before.balance('interimBooked') - 3 * 12.5 + booked, 2);
    // Another move books only the dates it passes.
    await advance(bank, 'P7D');
    expect(await executions()).toHaveLength(4);
  });
});

describe('standing order schedules', () => {
  it('steps by the frequency from the start date, moves off non-working days and stops at the end date', () => {
    const terms = { startDate: '2026-01-31', frequency: 'Monthly', endDate: '2026-05-31' } as const;
    // 2026-01-31 is a Saturday: the following working day is 2026-02-02; February has no 31st, and its 28th is a
    // Saturday too.
    expect(executionDates(terms, '2026-12-31')).toEqual(['2026-02-02', '2026-03-02', '2026-03-31', '2026-04-30']);
    expect(executionDates({ ...terms, executionRule: 'preceding' }, '2026-12-31')[0]).toBe('2026-01-30');
    expect(executionDates({ startDate: '2026-03-16', frequency: 'Daily' }, '2026-03-18')).toEqual([
      '2026-03-16',
      '2026-03-17',
      '2026-03-18',
    ]);
    expect(executionDates(terms, '2026-01-30')).toEqual([]);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: every instance reads the same admin settings', () => {
  const banks = twoInstancesForTests(pgUrl);

  it('moves the clock of every instance, and a payment accepted on one settles on the other', async () => {
    const { a, b } = banks;
    const self = await payment(a, true);
    await advance(a, 'P2D');
    expect((await send(b, 'GET', '/admin/clock')).body).toMatchObject({ now: '2026-03-18T09:00:00.000Z' });
    expect(await statusOf(b, self)).toBe('ACSC');
    await send(b, 'POST', '/admin/clock/freeze', { body: {} });
    expect((await send(a, 'GET', '/admin/clock')).body).toMatchObject({ frozen: true });
  });
});
