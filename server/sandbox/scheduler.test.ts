// The bank keeps its own time: what falls due (settlement, standing-order executions, pending entries, consent expiry,
// payments left unauthorised) is done by the bank's scheduler when its clock reaches it, whether or not anyone reads
// anything; reads only show it. The scheduler's timer follows the bank's clock through every move, catches up on a
// restart, and with several instances on one database each due item is done exactly once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentsResponse201,
  ConsentStatusResponse,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
} from '../../src/xs2a';
import { LONGEST_WAIT_MS } from './domain/scheduler';
import { openStore } from './store/db';
import { createTestBank, TEST_START, twoInstancesForTests, type TestBank } from './testing/test-support';
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
const DAY_MS = 86_400_000;
const TODAY = TEST_START.slice(0, 10);
const alice = accountOf('alice');
const bob = accountOf('bob');

async function consent(bank: TestBank, validUntil = '2026-12-31') {
  const body = {
    access: { allPsd2: 'allAccounts' },
    recurringIndicator: true,
    validUntil,
    frequencyPerDay: 100,
    combinedServiceIndicator: false,
  };
  const { consentId } = ok(
    await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED }),
    201,
    ConsentsResponse201,
  );
  await authoriseConsentEmbedded(bank, consentId, 'alice');
  return consentId;
}

/** A payment from alice, authorised with embedded SCA (ACTC); its path and id. */
async function acceptedPayment(bank: TestBank, body: object = paymentBody(), service = 'payments') {
  const res = await send(bank, 'POST', `/v1/${service}/sepa-credit-transfers`, { body, headers: EMBEDDED });
  const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
  await authoriseEmbedded(bank, `${self}/authorisations`, 'alice');
  return { self, paymentId: self.split('/').pop() ?? '' };
}

const statusOf = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse).transactionStatus;

type Tx = { transactionId?: string };

/** What an account-information client sees of an account: its booked entries' ids and its interimBooked balance. */
async function accountView(bank: TestBank, consentId: string, accountId = alice.resourceId) {
  const headers = { 'Consent-ID': consentId };
  const report = await send(
    bank,
    'GET',
    `/v1/accounts/${accountId}/transactions?bookingStatus=booked&dateFrom=2026-01-01`,
    {
      headers,
    },
  );
  const balances = await send(bank, 'GET', `/v1/accounts/${accountId}/balances`, { headers });
  const booked = ((report.body as { transactions: { booked?: Tx[] } }).transactions.booked ?? []).map(
    (t) => t.transactionId,
  );
  const list = (balances.body as { balances: { balanceType: string; balanceAmount: { amount: string } }[] }).balances;
  return { booked, interimBooked: Number(list.find((b) => b.balanceType === 'interimBooked')?.balanceAmount.amount) };
}

/** The rows as the database holds them, read beside the bank (no request to it). */
const paymentRow = (bank: TestBank, paymentId: string) =>
  bank.store.db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
const consentRow = (bank: TestBank, consentId: string) =>
  bank.store.db.selectFrom('consents').selectAll().where('consent_id', '=', consentId).executeTakeFirstOrThrow();
const bookedIds = async (bank: TestBank, prefix: string) =>
  (
    await bank.store.db
      .selectFrom('transactions')
      .select('transaction_id')
      .where('transaction_id', 'like', `${prefix}%`)
      .where('booking_status', '=', 'booked')
      .execute()
  ).map((r) => r.transaction_id);

describe('money moves by itself', () => {
  let bank: TestBank;
  let consentId: string;
  beforeAll(async () => {
    bank = await createTestBank();
    consentId = await consent(bank);
  });
  afterAll(() => bank.close());

  it('books a settled payment for a client that only reads accounts, without anyone reading the payment', async () => {
    const before = await accountView(bank, consentId);
    const { paymentId } = await acceptedPayment(bank);
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    const after = await accountView(bank, consentId);
    expect(after.booked).toContain(`tx-${paymentId}`);
    expect(after.interimBooked).toBeCloseTo(before.interimBooked - 12.5, 2);
  });

  it('executes a standing order at the start of its day, with no request that day', async () => {
    const tomorrow = new Date(Date.parse(`${TODAY}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
    const body = { ...paymentBody(), startDate: tomorrow, frequency: 'Daily', endDate: tomorrow };
    const { paymentId } = await acceptedPayment(bank, body, 'periodic-payments');
    expect(await bookedIds(bank, `tx-${paymentId}`)).toEqual([]);
    bank.clock.set(`${tomorrow}T00:00:00.000Z`);
    await bank.runDue();
    expect(await bookedIds(bank, `tx-${paymentId}`)).toEqual([`tx-${paymentId}-${tomorrow}`]);
  });
});

describe('reads never do the bank’s work', () => {
  let bank: TestBank;
  beforeAll(async () => {
    // The scheduler's timers fire only when the test says so: every read here happens before the bank's work.
    bank = await createTestBank({ timers: 'held', config: { decoupledAutoApproveMs: 5_000 } });
  });
  afterAll(() => bank.close());

  it('shows a payment due for settlement as accepted until the scheduler settles it', async () => {
    const { self, paymentId } = await acceptedPayment(bank);
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect(await statusOf(bank, self)).toBe('ACTC');
    expect((await send(bank, 'GET', self)).body).toMatchObject({ transactionStatus: 'ACTC' });
    expect(await bookedIds(bank, `tx-${paymentId}`)).toEqual([]);
    await bank.runDue();
    expect(await statusOf(bank, self)).toBe('ACSC');
    expect(await bookedIds(bank, `tx-${paymentId}`)).toEqual([`tx-${paymentId}`]);
  });

  it('leaves a consent past its validUntil unexpired until the scheduler expires it, but refuses reads at once', async () => {
    const consentId = await consent(bank, TODAY);
    bank.clock.set(`${TODAY}T23:59:59.000Z`);
    bank.clock.advance(2_000);
    fails(
      await send(bank, 'GET', `/v1/accounts/${alice.resourceId}/balances`, { headers: { 'Consent-ID': consentId } }),
      401,
      'CONSENT_EXPIRED',
    );
    expect((await consentRow(bank, consentId)).consent_status).toBe('valid');
    await bank.runDue();
    expect((await consentRow(bank, consentId)).consent_status).toBe('expired');
    const status = ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse);
    expect(status.consentStatus).toBe('expired');
  });

  it('leaves a timed decoupled approval to the scheduler', async () => {
    const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: paymentBody(),
      headers: { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice' },
    });
    const created = ok(res, 201, PaymentInitiationResponse201);
    const self = href(created._links.self);
    bank.clock.advance(5_000);
    expect(await statusOf(bank, self)).toBe('RCVD');
    await bank.runDue();
    expect(await statusOf(bank, self)).toBe('ACTC');
  });
});

describe('what the scheduler cannot do is not tried again at once', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ timers: 'held', config: { decoupledAutoApproveMs: 5_000 } });
  });
  afterAll(() => bank.close());

  it('fails a timed decoupled approval whose payment was cancelled meanwhile, and waits for what comes next', async () => {
    const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: paymentBody(),
      headers: { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice' },
    });
    const created = ok(res, 201, PaymentInitiationResponse201);
    expect((await send(bank, 'DELETE', href(created._links.self))).status).toBe(204);
    bank.clock.advance(5_000);
    await bank.runDue();
    const sca = await send(bank, 'GET', href(created._links.scaStatus));
    expect(sca.body).toMatchObject({ scaStatus: 'failed' });
    expect(await statusOf(bank, href(created._links.self))).toBe('CANC');
    expect(bank.timers.nextAt()).toBeGreaterThan(bank.clock.now().getTime());
  });
});

describe('the scheduler’s timer follows the bank’s clock', () => {
  let bank: TestBank;
  const delay = 60_000;
  beforeAll(async () => {
    bank = await createTestBank({ timers: 'held', config: { settlementDelayMs: delay } });
  });
  afterAll(() => bank.close());
  const admin = (path: string, body: object = {}) => send(bank, 'POST', `/admin${path}`, { body });
  const bankNow = async () => Date.parse(((await send(bank, 'GET', '/admin/clock')).body as { now: string }).now);
  /** How far ahead of the bank's time the scheduler looks next; its timer waits that long, a minute at most. */
  const inMs = async () => {
    const ahead = (bank.sandbox.scheduledFor() ?? Number.NaN) - (await bankNow());
    const timer = (bank.timers.nextAt() ?? Number.NaN) - bank.clock.now().getTime();
    expect(timer).toBe(Math.min(ahead, LONGEST_WAIT_MS));
    return ahead;
  };
  const nextMidnight = async () => (Math.floor((await bankNow()) / DAY_MS) + 1) * DAY_MS;

  it('is set on the next due instant, and after every move of the clock on the next one', async () => {
    expect(bank.sandbox.scheduledFor()).toBe(await nextMidnight());
    await inMs();
    const { self } = await acceptedPayment(bank);
    expect(await inMs()).toBe(delay);

    bank.clock.advance(10_000);
    const frozen = await admin('/clock/freeze');
    expect(frozen.status).toBe(200);
    // Frozen: real time passing brings nothing due.
    bank.clock.advance(3_600_000);
    await bank.runDue();
    expect(await statusOf(bank, self)).toBe('ACTC');
    await admin('/clock/unfreeze');
    expect(await inMs()).toBe(delay - 10_000);

    const moved = await admin('/clock/advance', { by: 'PT20S' });
    expect(moved.body).toMatchObject({ effects: { settled: 0 } });
    expect(await inMs()).toBe(delay - 30_000);
    bank.clock.advance(delay - 30_000);
    await bank.runDue();
    expect(await statusOf(bank, self)).toBe('ACSC');
    expect(bank.sandbox.scheduledFor()).toBe(await nextMidnight());
  });

  it('looks again within a minute while nothing falls due sooner, and at midnight does the day’s work', async () => {
    const consentId = await consent(bank, new Date(await bankNow()).toISOString().slice(0, 10));
    const midnight = await nextMidnight();
    expect(bank.sandbox.scheduledFor()).toBe(midnight);
    bank.clock.advance(LONGEST_WAIT_MS);
    await bank.runDue();
    expect(bank.sandbox.scheduledFor()).toBe(midnight);
    expect((await consentRow(bank, consentId)).consent_status).toBe('valid');
    bank.clock.advance(midnight - (await bankNow()));
    await bank.runDue();
    expect((await consentRow(bank, consentId)).consent_status).toBe('expired');
    expect(bank.sandbox.scheduledFor()).toBe(midnight + DAY_MS);
  });

  it('is set again after a snapshot is restored, for what the restored bank has due', async () => {
    const { self } = await acceptedPayment(bank);
    bank.clock.advance(10_000);
    expect((await send(bank, 'POST', '/admin/snapshots', { body: { name: 'accepted' } })).status).toBe(201);
    const settled = await admin('/clock/advance', { by: 'PT1M' });
    expect(settled.body).toMatchObject({ effects: { settled: 1 } });
    expect(await statusOf(bank, self)).toBe('ACSC');
    expect(bank.sandbox.scheduledFor()).toBe(await nextMidnight());
    await admin('/snapshots/accepted/restore');
    expect(await statusOf(bank, self)).toBe('ACTC');
    expect(await inMs()).toBe(delay - 10_000);
    bank.clock.advance(delay - 10_000);
    await bank.runDue();
    expect(await statusOf(bank, self)).toBe('ACSC');
  });

  it('is set again after a reset of the data and of the clock', async () => {
    const { self } = await acceptedPayment(bank);
    await admin('/clock/advance', { by: 'PT5H' });
    expect(await statusOf(bank, self)).toBe('ACSC');
    const before = bank.sandbox.scheduledFor();
    await admin('/data/reset');
    expect(bank.sandbox.scheduledFor()).toBe(before);
    await admin('/clock/reset');
    expect(await bankNow()).toBe(bank.clock.now().getTime());
    expect(bank.sandbox.scheduledFor()).toBe(await nextMidnight());
    await inMs();
  });
});

describe('a restarted bank catches up on what fell due while it was down', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-restart-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('settles, books and expires at start, before any request', async () => {
    const location = join(dir, 'bank.db');
    const first = await createTestBank({ store: await openStore({ location }) });
    const consentId = await consent(first, TODAY);
    const { paymentId } = await acceptedPayment(first);
    await first.close();

    const later = new Date(Date.parse(TEST_START) + DAY_MS).toISOString();
    const second = await createTestBank({ store: await openStore({ location }), start: later });
    try {
      expect((await paymentRow(second, paymentId)).transaction_status).toBe('ACSC');
      expect(await bookedIds(second, `tx-${paymentId}`)).toEqual([`tx-${paymentId}`]);
      expect((await consentRow(second, consentId)).consent_status).toBe('expired');
    } finally {
      await second.close();
    }
  });
});

/** An account's interimBooked balance and its booked entries (id → amount), as the database holds them. */
async function ledger(bank: TestBank, accountId: string) {
  const rows = await bank.store.db
    .selectFrom('transactions')
    .select(['transaction_id', 'amount'])
    .where('account_id', '=', accountId)
    .where('booking_status', '=', 'booked')
    .execute();
  const balance = await bank.store.db
    .selectFrom('balances')
    .select('amount')
    .where('account_id', '=', accountId)
    .where('balance_type', '=', 'interimBooked')
    .executeTakeFirstOrThrow();
  return {
    booked: new Map(rows.map((r) => [r.transaction_id, Number(r.amount)])),
    interimBooked: Number(balance.amount),
  };
}

/** The balance moved by exactly the entries booked since `before`. */
async function expectBalanceFollowsBookings(
  bank: TestBank,
  accountId: string,
  before: Awaited<ReturnType<typeof ledger>>,
) {
  const after = await ledger(bank, accountId);
  let sum = 0;
  for (const [id, amount] of after.booked) if (!before.booked.has(id)) sum += amount;
  expect(after.interimBooked - before.interimBooked).toBeCloseTo(sum, 2);
  return after;
}

/**
 * Two instances that both find the same items due and run their work at the same time: every payment settles once,
 * every booking is made once, and the balances move by exactly what was booked.
 */
function bookedExactlyOnce(instances: () => { a: TestBank; b: TestBank }) {
  return async () => {
    const { a, b } = instances();
    const body = { ...paymentBody(), creditorAccount: { iban: bob.iban } };
    const aliceBefore = await ledger(a, alice.resourceId);
    const bobBefore = await ledger(a, bob.resourceId);
    const single = await Promise.all([a, b, a, b, a, b].map((bank) => acceptedPayment(bank, body)));
    const tomorrow = new Date(Date.parse(TEST_START) + DAY_MS).toISOString().slice(0, 10);
    const inThreeDays = new Date(Date.parse(TEST_START) + 3 * DAY_MS).toISOString().slice(0, 10);
    const daily = { ...body, startDate: tomorrow, frequency: 'Daily', endDate: inThreeDays };
    const standing = await acceptedPayment(a, daily, 'periodic-payments');

    // Both instances' clocks pass the due instants; both run their due work at once, twice over.
    for (const bank of [a, b]) bank.clock.advance(4 * DAY_MS);
    const runs = await Promise.all([a.sandbox.runDue(), b.sandbox.runDue(), a.sandbox.runDue(), b.sandbox.runDue()]);

    expect(runs.reduce((n, run) => n + run.settled, 0)).toBe(single.length + 1);
    for (const { paymentId } of single) {
      expect((await paymentRow(a, paymentId)).transaction_status).toBe('ACSC');
      expect((await bookedIds(a, `tx-${paymentId}`)).sort()).toEqual([`tx-${paymentId}`, `tx-${paymentId}-credit`]);
    }
    // The standing order executes on its three days (working days), each once, with bob's credit beside each.
    const executions = await bookedIds(a, `tx-${standing.paymentId}-`);
    expect(executions.filter((id) => !id.endsWith('-credit')).sort()).toEqual(
      [tomorrow, '2026-03-18', inThreeDays].map((date) => `tx-${standing.paymentId}-${date}`),
    );
    expect(executions.filter((id) => id.endsWith('-credit'))).toHaveLength(3);
    expect(runs.reduce((n, run) => n + run.executions, 0)).toBe(3);
    const aliceAfter = await expectBalanceFollowsBookings(a, alice.resourceId, aliceBefore);
    const bobAfter = await expectBalanceFollowsBookings(a, bob.resourceId, bobBefore);
    expect(aliceAfter.booked.get(`tx-${single[0]?.paymentId}`)).toBe(-12.5);
    expect(bobAfter.booked.get(`tx-${single[0]?.paymentId}-credit`)).toBe(12.5);
  };
}

/**
 * Two testers move the shared clock on two instances at the same moment, each move running its due work: every payment
 * is booked once on each side, and each balance moves by exactly what was booked on it.
 */
function clockMovedOnBothAtOnce(instances: () => { a: TestBank; b: TestBank }) {
  return async () => {
    const { a, b } = instances();
    const aliceBefore = await ledger(a, alice.resourceId);
    const bobBefore = await ledger(a, bob.resourceId);
    const body = { ...paymentBody(), creditorAccount: { iban: bob.iban } };
    const payments = [];
    for (let i = 0; i < 12; i++) payments.push(await acceptedPayment(i % 2 === 0 ? a : b, body));
    const advance = (bank: TestBank) => send(bank, 'POST', '/admin/clock/advance', { body: { by: 'PT2M' } });
    const moves = await Promise.all([advance(a), advance(b)]);
    const settled = moves.map((move) => (move.body as { effects: { settled: number } }).effects.settled);
    expect((settled[0] ?? 0) + (settled[1] ?? 0)).toBe(payments.length);
    const aliceAfter = await expectBalanceFollowsBookings(a, alice.resourceId, aliceBefore);
    const bobAfter = await expectBalanceFollowsBookings(a, bob.resourceId, bobBefore);
    for (const { paymentId } of payments) {
      expect(aliceAfter.booked.get(`tx-${paymentId}`)).toBe(-12.5);
      expect(bobAfter.booked.get(`tx-${paymentId}-credit`)).toBe(12.5);
    }
  };
}

describe('two instances sharing one SQLite database', () => {
  const banks = {} as { a: TestBank; b: TestBank };
  beforeAll(async () => {
    const store = await openStore({ location: ':memory:' });
    banks.a = await createTestBank({ store, adminRefreshMs: 0 });
    banks.b = await createTestBank({ store, adminRefreshMs: 0 });
  });
  afterAll(async () => {
    await banks.b.sandbox.close();
    await banks.a.close();
  });

  it(
    'book each due item exactly once when both run their due work at once',
    bookedExactlyOnce(() => banks),
  );
  it(
    'book once and move balances by exactly what was booked when the clock is moved on both at once',
    clockMovedOnBothAtOnce(() => banks),
  );
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: two instances on one database', () => {
  const banks = twoInstancesForTests(pgUrl);

  it(
    'book each due item exactly once when both run their due work at once',
    bookedExactlyOnce(() => banks),
  );
  it(
    'book once and move balances by exactly what was booked when the clock is moved on both at once',
    clockMovedOnBothAtOnce(() => banks),
  );
});
