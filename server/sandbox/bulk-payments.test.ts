// Bulk payments in the sandbox: initiation, reads, SCA (redirect, embedded, decoupled), the bulk's status as its
// payments are accepted (ACTC, PART, RJCT), settlement and booking on the bank's clock, cancellation and errors.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkPaymentInitiationWithStatusResponse,
  PaymentInitiationCancelResponse202,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  responseSchemaFor,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { closedAccounts, SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { accountOf, authoriseEmbedded, browse, fails, href, ok, send, submit } from './testing/test-kit';
import { dropSchema } from './testing/oauth-test-kit';
import { createTestBank, openTestStore, ORIGIN, TEST_START, type TestBank } from './testing/test-support';

const BULK = '/v1/bulk-payments/sepa-credit-transfers';
const CREDITOR_IBAN = 'DE02100100109307118603'; // the spec's example creditor, not an account of this bank
const CLOSED = closedAccounts[0]?.iban ?? '';
const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });

const entry = (amount: string, creditorIban = CREDITOR_IBAN, name = 'Kaffee Handel GmbH') => ({
  instructedAmount: { currency: 'EUR', amount },
  creditorAccount: { iban: creditorIban },
  creditorName: name,
  remittanceInformationUnstructured: `Invoice ${amount}`,
});

function bulkBody(psuId: string, payments: object[] = [entry('10.00'), entry('20.50')], more: object = {}) {
  return { batchBookingPreferred: false, debtorAccount: { iban: accountOf(psuId).iban }, payments, ...more };
}

async function initiate(bank: TestBank, body: object, headers: Record<string, string> = {}) {
  const res = await send(bank, 'POST', BULK, { body, headers });
  const created = ok(res, 201, PaymentInitiationResponse201);
  return { res, created, self: href(created._links.self) };
}

const statusOf = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse);
const readBulk = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', self), 200, BulkPaymentInitiationWithStatusResponse);

/** A bulk of `psuId`'s, authorised with embedded SCA. */
async function authorisedBulk(bank: TestBank, psuId: string, body: object) {
  const { self } = await initiate(bank, body, EMBEDDED(psuId));
  expect((await authoriseEmbedded(bank, `${self}/authorisations`, psuId)).scaStatus).toBe('finalised');
  return self;
}

async function interimAvailable(bank: TestBank, psuId: string): Promise<number> {
  const row = await bank.store.db
    .selectFrom('balances')
    .select('amount')
    .where('account_id', '=', accountOf(psuId).resourceId)
    .where('balance_type', '=', 'interimAvailable')
    .executeTakeFirstOrThrow();
  return Math.round(Number(row.amount) * 100);
}

async function bookingsOf(bank: TestBank, paymentId: string) {
  return bank.store.db
    .selectFrom('transactions')
    .select(['transaction_id', 'amount', 'account_id'])
    .where('transaction_id', 'like', `tx-${paymentId}%`)
    .orderBy('transaction_id')
    .execute();
}

describe('initiate a bulk payment and read it', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('answers 201 RCVD with Location, links and whether batch booking applies; GET returns the bulk', async () => {
    const sent = bulkBody('alice', undefined, { requestedExecutionDate: addDays(isoDate(new Date(TEST_START)), 2) });
    const { res, created, self } = await initiate(bank, sent);
    expect(created.transactionStatus).toBe('RCVD');
    expect(self).toBe(`/psd2${BULK}/${created.paymentId}`);
    expect(res.headers.get('Location')).toBe(`${ORIGIN}${self}`);
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(href(created._links.scaRedirect)).toMatch(new RegExp(`^${ORIGIN}/psd2/sca/auth-`));
    expect(created.tppMessages).toEqual([
      { category: 'WARNING', code: 'WARNING', text: 'No batch booking: each accepted payment is booked on its own.' },
    ]);
    expect(responseSchemaFor('getPaymentInformation', { paymentService: 'bulk-payments' })).toBe(
      BulkPaymentInitiationWithStatusResponse,
    );
    expect(await readBulk(bank, self)).toEqual({ ...sent, transactionStatus: 'RCVD' });
    const status = await statusOf(bank, self);
    expect(status.transactionStatus).toBe('RCVD');
    expect(status.psuMessage).toMatch(/No batch booking/);
  });

  it('says batch booking applies when it is preferred', async () => {
    const { created, self } = await initiate(bank, bulkBody('alice', undefined, { batchBookingPreferred: true }));
    expect(created.tppMessages?.[0]?.text).toMatch(/^Batch booking applies/);
    expect((await statusOf(bank, self)).psuMessage).toMatch(/^Batch booking applies/);
  });

  it('is found only under its own service and product', async () => {
    const { created } = await initiate(bank, bulkBody('alice'));
    fails(await send(bank, 'GET', `/v1/payments/sepa-credit-transfers/${created.paymentId}`), 403, 'RESOURCE_UNKNOWN');
    fails(await send(bank, 'GET', `/v1/bulk-payments/target-2-payments/${created.paymentId}`), 403, 'RESOURCE_UNKNOWN');
  });
});

describe('bulk payment errors', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  const post = (body: unknown, product = 'sepa-credit-transfers') =>
    send(bank, 'POST', `/v1/bulk-payments/${product}`, { body });
  const pathOf = (res: { body: unknown }) => (res.body as { tppMessages?: { path?: string }[] }).tppMessages?.[0]?.path;

  it('answers an empty payments list with 400 FORMAT_ERROR', async () => {
    const res = await post(bulkBody('alice', []));
    fails(res, 400, 'FORMAT_ERROR');
    expect(pathOf(res)).toBe('payments');
  });

  it('names a malformed payment by its place in the bulk', async () => {
    const missing = await post(
      bulkBody('alice', [entry('1.00'), { instructedAmount: { currency: 'EUR', amount: '2' } }]),
    );
    fails(missing, 400, 'FORMAT_ERROR');
    expect(pathOf(missing)).toMatch(/^payments\[1\]\.creditor/);
    const zero = await post(bulkBody('alice', [entry('1.00'), entry('0')]));
    fails(zero, 400, 'FORMAT_ERROR');
    expect(pathOf(zero)).toBe('payments[1].instructedAmount.amount');
    const badIban = await post(bulkBody('alice', [entry('1.00', 'DE00123')]));
    fails(badIban, 400, 'FORMAT_ERROR');
    expect(pathOf(badIban)).toMatch(/^payments\[0\]\.creditorAccount/);
  });

  it("refuses the bulk's own members in a payment, and a single payment's at the top", async () => {
    const inner = await post(
      bulkBody('alice', [{ ...entry('1.00'), debtorAccount: { iban: accountOf('alice').iban } }]),
    );
    fails(inner, 400, 'FORMAT_ERROR');
    expect(pathOf(inner)).toBe('payments[0].debtorAccount');
    const top = await post({ ...bulkBody('alice'), instructedAmount: { currency: 'EUR', amount: '1' } });
    fails(top, 400, 'FORMAT_ERROR');
    expect(pathOf(top)).toBe('instructedAmount');
    fails(await post([bulkBody('alice')]), 400, 'FORMAT_ERROR');
  });

  it('checks the product, the debtor and the date', async () => {
    fails(await post(bulkBody('alice'), 'instant-sepa-credit-transfers'), 403, 'PRODUCT_INVALID');
    fails(await post(bulkBody('alice'), 'pain.008-sepa-credit-transfers'), 404, 'PRODUCT_UNKNOWN');
    fails(await post({ ...bulkBody('alice'), debtorAccount: { iban: CREDITOR_IBAN } }), 400, 'FORMAT_ERROR');
    fails(
      await post(bulkBody('alice', undefined, { requestedExecutionDate: '2020-01-01' })),
      400,
      'EXECUTION_DATE_INVALID',
    );
    fails(
      await send(bank, 'POST', BULK, {
        body: bulkBody('carol', [entry('1000.00')]),
        headers: { 'TPP-Rejection-NoFunds-Preferred': 'true', 'PSU-ID': 'carol' },
      }),
      400,
      'PAYMENT_FAILED',
    );
  });
});

describe("the bulk's status follows its payments", () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('redirect: ACTC after SCA, ACSC once settled, each payment debited on its own', async () => {
    const before = await interimAvailable(bank, 'alice');
    const { created, self } = await initiate(bank, bulkBody('alice'));
    const scaRedirect = href(created._links.scaRedirect);
    expect((await submit(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD })).status).toBe(
      303,
    );
    const page = await browse(bank, scaRedirect.replace(ORIGIN, ''));
    expect(page.html).toContain('2 payments');
    await submit(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
    const accepted = await statusOf(bank, self);
    expect(accepted).toMatchObject({ transactionStatus: 'ACTC', fundsAvailable: true, psuName: 'Alice Schneider' });
    expect(accepted.psuMessage).toMatch(/^2 of 2 payments accepted/);
    expect(accepted.tppMessage).toBeUndefined();
    expect(await bookingsOf(bank, created.paymentId)).toEqual([]);

    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect((await readBulk(bank, self)).transactionStatus).toBe('ACSC');
    const booked = await bookingsOf(bank, created.paymentId);
    expect(booked.map((b) => [b.transaction_id, b.amount])).toEqual([
      [`tx-${created.paymentId}-0`, '-10.00'],
      [`tx-${created.paymentId}-1`, '-20.50'],
    ]);
    expect(await interimAvailable(bank, 'alice')).toBe(before - 3050);
  });

  it('batch booking: one debit for the accepted payments', async () => {
    const self = await authorisedBulk(bank, 'bob', bulkBody('bob', undefined, { batchBookingPreferred: true }));
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    const paymentId = self.split('/').pop() ?? '';
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACSC');
    expect((await bookingsOf(bank, paymentId)).map((b) => [b.transaction_id, b.amount])).toEqual([
      [`tx-${paymentId}`, '-30.50'],
    ]);
  });

  it('embedded: PART when a creditor account is closed; only the accepted payment is booked and PART stays', async () => {
    const payments = [entry('10.00'), entry('5.00', CLOSED, 'Erik Brandt')];
    const self = await authorisedBulk(bank, 'alice', bulkBody('alice', payments));
    const status = await statusOf(bank, self);
    expect(status.transactionStatus).toBe('PART');
    expect(status.fundsAvailable).toBeUndefined();
    expect(status.psuMessage).toMatch(/^1 of 2 payments accepted/);
    expect(status.tppMessage).toEqual([
      {
        category: 'WARNING',
        code: 'PAYMENT_FAILED',
        path: 'payments[1]',
        text: 'Payment 2 was rejected: the creditor account is closed.',
      },
    ]);
    const read = await readBulk(bank, self);
    expect(read.transactionStatus).toBe('PART');
    expect(read.tppMessage?.map((m) => m.path)).toEqual(['payments[1]']);

    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    const paymentId = self.split('/').pop() ?? '';
    expect((await statusOf(bank, self)).transactionStatus).toBe('PART');
    expect((await bookingsOf(bank, paymentId)).map((b) => b.transaction_id)).toEqual([`tx-${paymentId}-0`]);
  });

  it('PART when the money runs out: the later payments are rejected for lack of funds', async () => {
    const available = await interimAvailable(bank, 'bob');
    const first = ((available - 100) / 100).toFixed(2);
    const self = await authorisedBulk(bank, 'bob', bulkBody('bob', [entry(first), entry('2.00'), entry('0.50')]));
    const status = await statusOf(bank, self);
    expect(status.transactionStatus).toBe('PART');
    expect(status.tppMessage).toEqual([expect.objectContaining({ code: 'FUNDS_NOT_AVAILABLE', path: 'payments[1]' })]);
    expect(status.psuMessage).toMatch(/^2 of 3 payments accepted/);
  });

  it('RJCT when none can be made, and when SCA fails', async () => {
    const carol = await authorisedBulk(bank, 'carol', bulkBody('carol'));
    expect((await statusOf(bank, carol)).transactionStatus).toBe('RJCT');
    const { self } = await initiate(bank, bulkBody('dave'), EMBEDDED('dave'));
    expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'dave')).scaStatus).toBe('failed');
    expect((await statusOf(bank, self)).transactionStatus).toBe('RJCT');
  });

  it('decoupled: accepted when the PSU approves in the banking app', async () => {
    const { res, created, self } = await initiate(bank, bulkBody('alice'), {
      'TPP-Decoupled-Preferred': 'true',
      'PSU-ID': 'alice',
    });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    const authorisationId = href(created._links.scaStatus).split('/').pop() ?? '';
    const login = await browse(bank, '/psd2/app/login', { psuId: 'alice', password: SANDBOX_PASSWORD });
    const cookie = login.setCookie?.split(';')[0];
    const decided = await browse(bank, '/psd2/app/decide', { authorisationId, action: 'approve' }, cookie);
    expect(decided.location).toBe('/psd2/app?done=approved');
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');
  });

  it('is rejected when its SCA is never done', async () => {
    const { self } = await initiate(bank, bulkBody('alice'));
    bank.clock.advance(bank.sandbox.config.unauthorisedPaymentExpiryMs);
    expect((await statusOf(bank, self)).transactionStatus).toBe('RJCT');
  });
});

describe('cancel a bulk payment', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('cancels a received bulk at once (204, CANC)', async () => {
    const { self } = await initiate(bank, bulkBody('alice'));
    expect((await send(bank, 'DELETE', self)).status).toBe(204);
    expect((await readBulk(bank, self)).transactionStatus).toBe('CANC');
  });

  it('cancels an accepted bulk with a cancellation authorisation before it settles; nothing is booked', async () => {
    const self = await authorisedBulk(bank, 'alice', bulkBody('alice', [entry('3.00'), entry('4.00')]));
    const asked = ok(await send(bank, 'DELETE', self), 202, PaymentInitiationCancelResponse202);
    expect(asked.transactionStatus).toBe('ACTC');
    const collection = href(asked._links?.startAuthorisationWithPsuAuthentication);
    expect(collection).toBe(`${self}/cancellation-authorisations`);
    expect((await authoriseEmbedded(bank, collection, 'alice')).scaStatus).toBe('finalised');
    expect((await statusOf(bank, self)).transactionStatus).toBe('CANC');
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    expect(await bookingsOf(bank, self.split('/').pop() ?? '')).toEqual([]);
  });

  it('keeps a partially accepted bulk: PART is final (405 CANCELLATION_INVALID)', async () => {
    const self = await authorisedBulk(bank, 'alice', bulkBody('alice', [entry('3.00'), entry('4.00', CLOSED)]));
    fails(await send(bank, 'DELETE', self), 405, 'CANCELLATION_INVALID');
    fails(await send(bank, 'POST', `${self}/cancellation-authorisations`), 409, 'STATUS_INVALID');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: bulk payments', () => {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ store: await openTestStore(pgUrl, schema) });
  });
  afterAll(async () => {
    await bank.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  it('accepts in part, settles and books the accepted payments once', async () => {
    const self = await authorisedBulk(
      bank,
      'bob',
      bulkBody('bob', [entry('1.00'), entry('2.00', CLOSED), entry('3.00')]),
    );
    expect((await statusOf(bank, self)).transactionStatus).toBe('PART');
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    await bank.runDue();
    const paymentId = self.split('/').pop() ?? '';
    expect((await bookingsOf(bank, paymentId)).map((b) => b.transaction_id)).toEqual([
      `tx-${paymentId}-0`,
      `tx-${paymentId}-2`,
    ]);
    expect((await readBulk(bank, self)).transactionStatus).toBe('PART');
  });
});

describe('scenarios and deviation modes reach bulk payments', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('answers a scenario rule on initiatePayment for a bulk too', async () => {
    const rule = await send(bank, 'POST', '/admin/scenarios', {
      body: { operation: 'initiatePayment', error: 'SERVICE_BLOCKED', count: 1 },
    });
    expect(rule.status).toBe(201);
    fails(await send(bank, 'POST', BULK, { body: bulkBody('alice') }), 403, 'SERVICE_BLOCKED');
    ok(await send(bank, 'POST', BULK, { body: bulkBody('alice') }), 201, PaymentInitiationResponse201);
  });

  it('shows the amounts of each payment as JSON numbers under amounts-as-numbers', async () => {
    const deviating = '/deviating/amounts-as-numbers';
    const res = await bank.call('POST', `${deviating}/v1/bulk-payments/sepa-credit-transfers`, {
      body: bulkBody('alice'),
    });
    expect(res.status).toBe(201);
    const self = (res.body as { _links: { self: { href: string } } })._links.self.href.replace('/psd2', '');
    const read = await bank.call('GET', self);
    const payments = (read.body as { payments: { instructedAmount: { amount: unknown } }[] }).payments;
    expect(payments.map((p) => p.instructedAmount.amount)).toEqual([10, 20.5]);
  });
});
