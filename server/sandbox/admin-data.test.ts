// The bank's data through the admin API: snapshots saved and restored, reset to the seed, a new PSU with accounts and
// history who can pay and be read like the seed's, and an account's balance set through an adjustment entry.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201, ReadAccountBalanceResponse } from '../../src/xs2a';
import { createTestBank, openTestStore, type TestBank } from './testing/test-support';
import { testCards } from './seed';
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

const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });

async function consentOf(bank: TestBank, psuId: string) {
  const body = {
    access: { allPsd2: 'allAccounts' },
    recurringIndicator: true,
    validUntil: '2026-12-31',
    frequencyPerDay: 10,
    combinedServiceIndicator: false,
  };
  const res = await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED(psuId) });
  const { consentId } = ok(res, 201, ConsentsResponse201);
  await authoriseConsentEmbedded(bank, consentId, psuId);
  return consentId;
}

async function interimBooked(bank: TestBank, consentId: string, accountId: string) {
  const res = await send(bank, 'GET', `/v1/accounts/${accountId}/balances`, { headers: { 'Consent-ID': consentId } });
  const body = ok(res, 200, ReadAccountBalanceResponse);
  return body.balances.find((b) => b.balanceType === 'interimBooked')?.balanceAmount.amount;
}

describe('admin API: the bank’s data', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('restores a snapshot: what happened after it is gone, and the clock is back', async () => {
    const saved = await send(bank, 'POST', '/admin/snapshots', { body: { name: 'before-demo' } });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ name: 'before-demo', counts: { psus: 4, payments: 0 } });
    const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: paymentBody(),
      headers: EMBEDDED('alice'),
    });
    const self = href(ok(res, 201, PaymentInitiationResponse201)._links.self);
    await send(bank, 'POST', '/admin/clock/advance', { body: { by: 'P3D' } });
    const restored = await send(bank, 'POST', '/admin/snapshots/before-demo/restore', { body: {} });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ clock: '2026-03-16T09:00:00.000Z' });
    fails(await send(bank, 'GET', `${self}/status`), 403, 'RESOURCE_UNKNOWN');
    expect((await send(bank, 'GET', '/admin/snapshots')).body).toMatchObject({ snapshots: [{ name: 'before-demo' }] });
    expect((await send(bank, 'POST', '/admin/snapshots/nothing/restore', { body: {} })).status).toBe(404);
    expect((await send(bank, 'POST', '/admin/snapshots', { body: { name: '../etc' } })).status).toBe(400);
  });

  it('adds a PSU with accounts and history, who pays and is read like the seed’s PSUs', async () => {
    const res = await send(bank, 'POST', '/admin/psus', {
      body: { psuId: 'erin', name: 'Erin Example', accounts: [{ balance: '1200.00' }], historyDays: 60 },
    });
    expect(res.status).toBe(201);
    const created = res.body as { accounts: { resourceId: string; iban: string; balance: string }[] };
    const [account] = created.accounts;
    if (!account) throw new Error('no account created');
    expect(account.iban).toMatch(/^DE\d{20}$/);
    expect(account.balance).toBe('1200.00');
    const psus = (await send(bank, 'GET', '/admin/psus')).body as {
      psus: { psuId: string; cards: { maskedPan: string }[] }[];
    };
    expect(psus.psus.map((p) => p.psuId)).toContain('erin');
    // Each PSU's cards beside the accounts, by masked PAN: alice's credit card, none for the new PSU.
    expect(psus.psus.find((p) => p.psuId === 'alice')?.cards).toEqual([
      expect.objectContaining({ maskedPan: testCards.find((card) => card.psuId === 'alice')?.maskedPan }),
    ]);
    expect(psus.psus.find((p) => p.psuId === 'erin')?.cards).toEqual([]);

    const consentId = await consentOf(bank, 'erin');
    expect(await interimBooked(bank, consentId, account.resourceId)).toBe('1200.00');
    const report = await send(
      bank,
      'GET',
      `/v1/accounts/${account.resourceId}/transactions?bookingStatus=booked&dateFrom=2026-01-01`,
      { headers: { 'Consent-ID': consentId } },
    );
    const booked = (report.body as { transactions: { booked: { transactionAmount: { amount: string } }[] } })
      .transactions.booked;
    expect(booked.length).toBeGreaterThan(3);
    const sum = booked.reduce((total, t) => total + Number(t.transactionAmount.amount), 0);
    expect(sum).toBeCloseTo(1200, 2);

    const payment = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      body: { ...paymentBody(), debtorAccount: { iban: account.iban } },
      headers: EMBEDDED('erin'),
    });
    const self = href(ok(payment, 201, PaymentInitiationResponse201)._links.self);
    expect(await authoriseEmbedded(bank, `${self}/authorisations`, 'erin')).toMatchObject({ scaStatus: 'finalised' });

    expect((await send(bank, 'POST', '/admin/psus', { body: { psuId: 'erin', name: 'Again' } })).status).toBe(409);
    expect((await send(bank, 'POST', '/admin/psus', { body: { psuId: 'Bad Id', name: 'X' } })).status).toBe(400);
  });

  it('sets an account’s balance with an adjustment entry', async () => {
    const consentId = await consentOf(bank, 'alice');
    const alice = accountOf('alice');
    const res = await send(bank, 'PUT', `/admin/accounts/${alice.iban}/balance`, { body: { amount: '5000.00' } });
    expect(res.status).toBe(200);
    expect(await interimBooked(bank, consentId, alice.resourceId)).toBe('5000.00');
    expect((await send(bank, 'PUT', '/admin/accounts/acc-none/balance', { body: { amount: '1.00' } })).status).toBe(
      404,
    );
    const bad = await send(bank, 'PUT', `/admin/accounts/${alice.iban}/balance`, { body: { amount: 'lots' } });
    expect(bad.status).toBe(400);
  });

  it('resets to the seed: added PSUs, payments and adjustments are gone', async () => {
    const reset = await send(bank, 'POST', '/admin/data/reset', { body: {} });
    expect(reset.status).toBe(200);
    const psus = (await send(bank, 'GET', '/admin/psus')).body as { psus: { psuId: string }[] };
    expect(psus.psus.map((p) => p.psuId)).toEqual(['alice', 'bob', 'carol', 'dave']);
    const consentId = await consentOf(bank, 'alice');
    const fresh = await createTestBank();
    try {
      const freshConsent = await consentOf(fresh, 'alice');
      const alice = accountOf('alice').resourceId;
      expect(await interimBooked(bank, consentId, alice)).toBe(await interimBooked(fresh, freshConsent, alice));
    } finally {
      await fresh.close();
    }
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: snapshots and reset', () => {
  it('saves, restores and resets on PostgreSQL, seen by a second instance', async () => {
    const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const a = await createTestBank({ store: await openTestStore(pgUrl, schema), adminRefreshMs: 0 });
    const b = await createTestBank({ store: await openTestStore(pgUrl, schema), adminRefreshMs: 0 });
    try {
      const consentId = await consentOf(a, 'alice');
      const alice = accountOf('alice');
      const before = await interimBooked(b, consentId, alice.resourceId);
      expect((await send(a, 'POST', '/admin/snapshots', { body: { name: 'pg' } })).status).toBe(201);
      await send(a, 'PUT', `/admin/accounts/${alice.resourceId}/balance`, { body: { amount: '7.00' } });
      expect(await interimBooked(b, consentId, alice.resourceId)).toBe('7.00');
      expect((await send(b, 'POST', '/admin/snapshots/pg/restore', { body: {} })).status).toBe(200);
      expect(await interimBooked(a, consentId, alice.resourceId)).toBe(before);
      expect((await send(a, 'POST', '/admin/data/reset', { body: {} })).status).toBe(200);
      fails(await send(b, 'GET', `/v1/consents/${consentId}/status`), 403, 'CONSENT_UNKNOWN');
    } finally {
      await a.close();
      await b.close();
    }
  }, 30_000);
});
