// Card accounts of the sandbox (1.3.12 /v1/card-accounts): the seeded cards, the four reads with their filters and
// paging, the consent rules (cards named by masked PAN or PAN, global consents) and the errors 1.3.12 gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CardAccountDetailsResponse,
  CardAccountList,
  CardAccountsTransactionsResponse,
  ConsentInformationResponse,
  ConsentsResponse201,
  ReadCardAccountBalanceResponse,
  type CardTransaction,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { buildSeed, testCards } from './seed';
import { dropSchema } from './testing/oauth-test-kit';
import {
  ORIGIN,
  TEST_START,
  createTestBank,
  openTestStore,
  type CallOptions,
  type TestBank,
} from './testing/test-support';
import { accountOf, authoriseConsentEmbedded, fails, href, ok, send } from './testing/test-kit';

const today = isoDate(new Date(TEST_START));
const aliceMain = accountOf('alice', 0);
const card = (psuId: string) => {
  const found = testCards.find((c) => c.psuId === psuId);
  if (!found) throw new Error(`no card for ${psuId}`);
  return found;
};
const aliceCard = card('alice');
const bobCard = card('bob');

/** A consent authorised with embedded SCA by `psuId`. */
async function validConsent(bank: TestBank, access: object, psuId = 'alice') {
  const body = {
    access,
    recurringIndicator: true,
    validUntil: addDays(today, 90),
    frequencyPerDay: 4,
    combinedServiceIndicator: false,
  };
  const headers = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId };
  const created = ok(await send(bank, 'POST', '/v1/consents', { body, headers }), 201, ConsentsResponse201);
  await authoriseConsentEmbedded(bank, created.consentId, psuId);
  return created.consentId;
}

const read = (bank: TestBank, consentId: string, path: string, options: CallOptions = {}) =>
  send(bank, 'GET', path, { ...options, headers: { 'Consent-ID': consentId, ...options.headers } });

const transactionsPath = (cardId: string, query: Record<string, string>) =>
  `/v1/card-accounts/${cardId}/transactions?${new URLSearchParams(query).toString()}`;

/** Every card transaction of the year before the bank's today, in one page. */
async function yearOfTransactions(bank: TestBank, consentId: string, cardId: string) {
  const query = { bookingStatus: 'both', dateFrom: addDays(today, -365), pageSize: '1000' };
  const report = ok(
    await read(bank, consentId, transactionsPath(cardId, query)),
    200,
    CardAccountsTransactionsResponse,
  );
  return report.cardTransactions ?? { booked: [], pending: [] };
}

describe('the seeded card accounts', () => {
  it('are a credit card for alice and a company card for bob, the same for the same anchor', () => {
    const seed = buildSeed('2026-03-16');
    expect(seed).toEqual(buildSeed('2026-03-16'));
    expect(seed.cardAccounts.map((c) => [c.psu_id, c.usage, c.masked_pan])).toEqual([
      ['alice', 'PRIV', aliceCard.maskedPan],
      ['bob', 'ORGA', bobCard.maskedPan],
    ]);
    expect(aliceCard.maskedPan).toMatch(/^\d{6}\*{6}\d{4}$/);
  });

  it('have a year of transactions dated by the anchor, none after it', () => {
    const seed = buildSeed('2026-03-16');
    const dates = seed.cardTransactions.map((t) => t.entry_date).sort();
    expect(dates[0]! >= '2025-03-09').toBe(true);
    expect(dates.at(-1)! <= '2026-03-16').toBe(true);
    const later = buildSeed('2026-09-01')
      .cardTransactions.map((t) => t.entry_date)
      .sort();
    expect(later.at(-1)! <= '2026-09-01' && later.at(-1)! > '2026-08-20').toBe(true);
  });
});

describe('card account reads with a global consent (allPsd2)', () => {
  let bank: TestBank;
  let consentId: string;
  beforeAll(async () => {
    bank = await createTestBank();
    consentId = await validConsent(bank, { allPsd2: 'allAccountsWithOwnerName' });
  });
  afterAll(() => bank.close());

  it('lists only the PSU’s card, with its masked PAN, credit limit and links, balances with withBalance=true', async () => {
    const list = ok(await read(bank, consentId, '/v1/card-accounts'), 200, CardAccountList);
    expect(list.cardAccounts).toHaveLength(1);
    const [listed] = list.cardAccounts;
    expect(listed).toMatchObject({
      resourceId: aliceCard.resourceId,
      maskedPan: aliceCard.maskedPan,
      currency: 'EUR',
      usage: 'PRIV',
      creditLimit: { currency: 'EUR', amount: '3000.00' },
      ownerName: 'Alice Schneider',
    });
    expect(listed?.balances).toBeUndefined();
    expect(href(listed?._links?.transactions)).toContain(`/v1/card-accounts/${aliceCard.resourceId}/transactions`);
    const withBalance = ok(await read(bank, consentId, '/v1/card-accounts?withBalance=true'), 200, CardAccountList);
    expect(withBalance.cardAccounts[0]?.balances?.map((b) => b.balanceType)).toEqual([
      'interimBooked',
      'nonInvoiced',
      'interimAvailable',
    ]);
    // The accounts stay accounts: no card among them.
    const accounts = (await read(bank, consentId, '/v1/accounts')).body as { accounts: { resourceId: string }[] };
    expect(accounts.accounts.map((a) => a.resourceId)).not.toContain(aliceCard.resourceId);
  });

  it('reads the card and its balances: owed, not yet invoiced, and available within the limit', async () => {
    const details = ok(
      await read(bank, consentId, `/v1/card-accounts/${aliceCard.resourceId}`),
      200,
      CardAccountDetailsResponse,
    );
    expect(details.cardAccount.maskedPan).toBe(aliceCard.maskedPan);
    const balances = ok(
      await read(bank, consentId, `/v1/card-accounts/${aliceCard.resourceId}/balances`),
      200,
      ReadCardAccountBalanceResponse,
    );
    expect(balances.cardAccount).toEqual({ maskedPan: aliceCard.maskedPan, currency: 'EUR' });
    const amount = (type: string) =>
      Number(balances.balances.find((b) => b.balanceType === type)?.balanceAmount.amount);
    expect(amount('nonInvoiced')).toBeLessThan(0);
    expect(amount('interimBooked')).toBeLessThanOrEqual(amount('nonInvoiced'));
    expect(amount('interimAvailable')).toBeLessThan(3000);
    expect(amount('interimAvailable')).toBeGreaterThan(0);
  });

  it('reports a year of card transactions: merchants, purchases abroad with rate and markup, recent ones not invoiced', async () => {
    const { booked = [], pending = [] } = await yearOfTransactions(bank, consentId, aliceCard.resourceId);
    expect(booked.length).toBeGreaterThan(100);
    expect(pending.length).toBeGreaterThan(0);
    for (const t of pending) expect(t.bookingDate).toBeUndefined();
    const purchases = booked.filter((t) => t.merchantCategoryCode !== undefined);
    for (const t of purchases) {
      expect(t.maskedPAN).toBe(aliceCard.maskedPan);
      expect(t.cardAcceptorAddress?.country).toMatch(/^[A-Z]{2}$/);
      expect(t.transactionDetails).toBeTruthy();
    }
    const abroad = booked.filter((t) => t.originalAmount !== undefined);
    expect(new Set(abroad.map((t) => t.originalAmount?.currency))).toEqual(new Set(['GBP', 'USD']));
    for (const t of abroad) {
      const [rate] = t.currencyExchange ?? [];
      expect(rate).toMatchObject({ sourceCurrency: t.originalAmount?.currency, targetCurrency: 'EUR' });
      const charged = -Number(t.transactionAmount.amount);
      const converted = -Number(t.originalAmount?.amount) * Number(rate?.exchangeRate);
      expect(charged).toBeCloseTo(converted + Number(t.markupFee?.amount), 1);
      expect(t.markupFeePercentage).toBe('1.75');
    }
    // The statement of the 20th invoiced what was booked up to it; what came after is not invoiced yet.
    const byDate = (a: CardTransaction, b: CardTransaction) => (a.bookingDate ?? '').localeCompare(b.bookingDate ?? '');
    const sorted = [...purchases].sort(byDate);
    expect(sorted.at(0)?.invoiced).toBe(true);
    expect(sorted.at(-1)?.invoiced).toBe(false);
    for (const t of purchases) expect(t.invoiced).toBe((t.bookingDate ?? '') <= '2026-02-20');
  });

  it('filters by booking status and dates, and pages with links', async () => {
    const dateFrom = addDays(today, -60);
    const dateTo = addDays(today, -30);
    const q = { bookingStatus: 'booked', dateFrom, dateTo, pageSize: '5' };
    const first = ok(
      await read(bank, consentId, transactionsPath(aliceCard.resourceId, q)),
      200,
      CardAccountsTransactionsResponse,
    );
    expect(first.cardTransactions?.pending).toBeUndefined();
    expect(first.cardTransactions?.booked).toHaveLength(5);
    for (const t of first.cardTransactions?.booked ?? []) {
      expect(t.transactionDate! >= dateFrom && t.transactionDate! <= dateTo).toBe(true);
    }
    const links = first.cardTransactions?._links;
    expect(href(links?.cardAccount)).toContain(`/v1/card-accounts/${aliceCard.resourceId}`);
    const next = href(links?.next);
    expect(next).toContain(`/v1/card-accounts/${aliceCard.resourceId}/transactions?`);
    const second = ok(await read(bank, consentId, next), 200, CardAccountsTransactionsResponse);
    const ids = (r: typeof first) => r.cardTransactions?.booked?.map((t) => t.cardTransactionId) ?? [];
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    const pendingOnly = ok(
      await read(bank, consentId, transactionsPath(aliceCard.resourceId, { bookingStatus: 'pending', dateFrom })),
      200,
      CardAccountsTransactionsResponse,
    );
    expect(pendingOnly.cardTransactions?.booked).toBeUndefined();
    expect(pendingOnly.cardTransactions?.pending?.length).toBeGreaterThan(0);
  });

  it('answers bad input and unknown cards with 1.3.12 errors', async () => {
    fails(await send(bank, 'GET', '/v1/card-accounts'), 400, 'FORMAT_ERROR');
    fails(await read(bank, consentId, '/v1/card-accounts/card-unknown'), 404, 'RESOURCE_UNKNOWN');
    fails(
      await read(bank, consentId, '/v1/card-accounts/card-unknown/transactions?bookingStatus=booked'),
      404,
      'RESOURCE_UNKNOWN',
    );
    // A card is no account, and an account no card.
    fails(await read(bank, consentId, `/v1/accounts/${aliceCard.resourceId}`), 404, 'RESOURCE_UNKNOWN');
    fails(await read(bank, consentId, `/v1/card-accounts/${aliceMain.resourceId}/balances`), 404, 'RESOURCE_UNKNOWN');
    // bookingStatusCard has booked, pending and both only.
    for (const bookingStatus of ['information', 'all', 'nonsense']) {
      const path = transactionsPath(aliceCard.resourceId, { bookingStatus, dateFrom: addDays(today, -10) });
      fails(await read(bank, consentId, path), 400, 'FORMAT_ERROR');
    }
    fails(
      await read(bank, consentId, transactionsPath(aliceCard.resourceId, { bookingStatus: 'booked' })),
      400,
      'FORMAT_ERROR',
    );
    const reversed = { bookingStatus: 'booked', dateFrom: today, dateTo: addDays(today, -3) };
    fails(await read(bank, consentId, transactionsPath(aliceCard.resourceId, reversed)), 400, 'PERIOD_INVALID');
    fails(
      await read(bank, consentId, '/v1/card-accounts/x/balances', { headers: { 'Consent-ID': 'nope' } }),
      404,
      'RESOURCE_UNKNOWN',
    );
    fails(await read(bank, 'no-such-consent', `/v1/card-accounts/${aliceCard.resourceId}`), 400, 'CONSENT_UNKNOWN');
    fails(
      await send(bank, 'POST', '/v1/card-accounts', { headers: { 'Consent-ID': consentId } }),
      405,
      'SERVICE_INVALID',
    );
  });

  it('deviates on card reads as on account reads under a deviating base_url', async () => {
    const base = `${ORIGIN}/psd2/deviating/amounts-as-numbers+next-links-only+datetime-dates`;
    const q = { bookingStatus: 'booked', dateFrom: addDays(today, -90), pageSize: '5', page: '1' };
    const res = await read(bank, consentId, `${base}${transactionsPath(aliceCard.resourceId, q)}`);
    expect(res.status).toBe(200);
    const report = (res.body as { cardTransactions: { booked: Record<string, unknown>[]; _links: object } })
      .cardTransactions;
    expect(typeof (report.booked[0]?.transactionAmount as { amount: unknown }).amount).toBe('number');
    expect(report.booked[0]?.transactionDate).toMatch(/T00:00:00Z$/);
    expect(Object.keys(report._links).sort()).toEqual(['cardAccount', 'next']);
  });

  it('plays failure scenarios on card reads like on any operation', async () => {
    const headers = { 'X-Sandbox-Scenario': 'error=ACCESS_EXCEEDED' };
    fails(
      await read(bank, consentId, `/v1/card-accounts/${aliceCard.resourceId}/balances`, { headers }),
      429,
      'ACCESS_EXCEEDED',
    );
  });
});

describe('card accounts in dedicated and list-only consents', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('grants a card named by masked PAN for what the consent names, and reads it back so', async () => {
    const access = { balances: [{ maskedPan: aliceCard.maskedPan }], accounts: [{ iban: aliceMain.iban }] };
    const consentId = await validConsent(bank, access);
    const list = ok(await read(bank, consentId, '/v1/card-accounts'), 200, CardAccountList);
    expect(list.cardAccounts.map((c) => c.maskedPan)).toEqual([aliceCard.maskedPan]);
    expect(list.cardAccounts[0]?.ownerName).toBeUndefined();
    ok(
      await read(bank, consentId, `/v1/card-accounts/${aliceCard.resourceId}/balances`),
      200,
      ReadCardAccountBalanceResponse,
    );
    const path = transactionsPath(aliceCard.resourceId, { bookingStatus: 'booked', dateFrom: addDays(today, -5) });
    const refused = fails(await read(bank, consentId, path), 401, 'CONSENT_INVALID');
    expect(refused?.text).toContain('card account');
    const described = ok(await send(bank, 'GET', `/v1/consents/${consentId}`), 200, ConsentInformationResponse);
    expect(described.access.balances).toEqual([{ maskedPan: aliceCard.maskedPan }]);
  });

  it('grants a card named by its PAN, and refuses a card the consent does not name', async () => {
    const consentId = await validConsent(bank, { transactions: [{ pan: aliceCard.pan }] });
    const path = transactionsPath(aliceCard.resourceId, { bookingStatus: 'both', dateFrom: addDays(today, -5) });
    ok(await read(bank, consentId, path), 200, CardAccountsTransactionsResponse);
    const other = await validConsent(bank, { accounts: [{ iban: aliceMain.iban }] });
    fails(await read(bank, other, path), 401, 'CONSENT_INVALID');
    expect(ok(await read(bank, other, '/v1/card-accounts'), 200, CardAccountList).cardAccounts).toEqual([]);
  });

  it('refuses a consent naming a card this bank does not have, and leaves another PSU’s card out', async () => {
    const body = {
      access: { accounts: [{ maskedPan: '400000******0002' }] },
      recurringIndicator: true,
      validUntil: addDays(today, 30),
      frequencyPerDay: 4,
      combinedServiceIndicator: false,
    };
    const refused = fails(
      await send(bank, 'POST', '/v1/consents', { body, headers: { 'PSU-ID': 'alice' } }),
      400,
      'FORMAT_ERROR',
    );
    expect(refused?.path).toBe('access.accounts[0].maskedPan');
    const consentId = await validConsent(bank, {
      accounts: [{ maskedPan: aliceCard.maskedPan }, { maskedPan: bobCard.maskedPan }],
    });
    const list = ok(await read(bank, consentId, '/v1/card-accounts'), 200, CardAccountList);
    expect(list.cardAccounts.map((c) => c.resourceId)).toEqual([aliceCard.resourceId]);
    fails(await read(bank, consentId, `/v1/card-accounts/${bobCard.resourceId}`), 401, 'CONSENT_INVALID');
  });

  it('lists the company card under bob’s availableAccounts consent, without reads of it', async () => {
    const consentId = await validConsent(bank, { availableAccountsWithBalance: 'allAccounts' }, 'bob');
    const list = ok(await read(bank, consentId, '/v1/card-accounts?withBalance=true'), 200, CardAccountList);
    expect(list.cardAccounts.map((c) => [c.maskedPan, c.usage, c._links])).toEqual([
      [bobCard.maskedPan, 'ORGA', undefined],
    ]);
    expect(list.cardAccounts[0]?.balances?.length).toBe(3);
    fails(await read(bank, consentId, `/v1/card-accounts/${bobCard.resourceId}`), 401, 'CONSENT_INVALID');
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('card accounts on PostgreSQL', () => {
  const schema = `test_cards_${Date.now().toString(36)}`;
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ store: await openTestStore(pgUrl, schema) });
  });
  afterAll(async () => {
    await bank.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  it('seeds and reads the cards as on SQLite', async () => {
    const consentId = await validConsent(bank, { allPsd2: 'allAccounts' }, 'bob');
    const { booked = [] } = await yearOfTransactions(bank, consentId, bobCard.resourceId);
    const seeded = buildSeed(bank.sandbox.seedAnchor).cardTransactions.filter(
      (t) =>
        t.account_id === bobCard.resourceId && t.booking_status === 'booked' && t.entry_date >= addDays(today, -365),
    );
    expect(booked.map((t) => t.cardTransactionId).sort()).toEqual(seeded.map((t) => t.transaction_id).sort());
  });
});
