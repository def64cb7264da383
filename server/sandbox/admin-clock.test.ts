// What the bank's clock drives, moved through the admin API instead of waiting: settlement, the rejection of payments
// left unauthorised, consent expiry and the frequencyPerDay budget's rollover at the bank's midnight; and on
// PostgreSQL, every instance on one database reads the same clock.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentsResponse201,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ConsentStatusResponse,
} from '../../src/xs2a';
import { createTestBank, openTestStore, type TestBank } from './test-support';
import { accountOf, authoriseConsentEmbedded, authoriseEmbedded, fails, href, ok, paymentBody, send } from './test-kit';

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

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: every instance reads the same admin settings', () => {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  let a: TestBank;
  let b: TestBank;
  beforeAll(async () => {
    a = await createTestBank({ store: await openTestStore(pgUrl, schema), adminRefreshMs: 0 });
    b = await createTestBank({ store: await openTestStore(pgUrl, schema), adminRefreshMs: 0 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('moves the clock of every instance, and a payment accepted on one settles on the other', async () => {
    const self = await payment(a, true);
    await advance(a, 'P2D');
    expect((await send(b, 'GET', '/admin/clock')).body).toMatchObject({ now: '2026-03-18T09:00:00.000Z' });
    expect(await statusOf(b, self)).toBe('ACSC');
    await send(b, 'POST', '/admin/clock/freeze', { body: {} });
    expect((await send(a, 'GET', '/admin/clock')).body).toMatchObject({ frozen: true });
  });
});
