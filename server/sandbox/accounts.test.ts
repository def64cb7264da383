// Account information of the sandbox: account list, details, balances, transactions (filters, paging) and the consent
// rules that decide what a read may see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountDetailsResponse,
  AccountList,
  ConsentInformationResponse,
  ConsentsResponse201,
  ReadAccountBalanceResponse,
  TransactionDetailsResponse,
  TransactionsResponse,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { BUSINESS_ENTRIES, SANDBOX_OTP, SANDBOX_PASSWORD, buildSeed, testPsus } from './seed';
import { ORIGIN, TEST_START, createTestBank, type CallOptions, type TestBank } from './testing/test-support';
import { send, ok, fails, accountOf, href, submit, authoriseConsentEmbedded } from './testing/test-kit';

const today = isoDate(new Date(TEST_START));
const DAY = 86_400_000;
const aliceMain = accountOf('alice', 0);
const aliceSavings = accountOf('alice', 1);
const aliceUsd = accountOf('alice', 2);
const bobMain = accountOf('bob', 0);
const bobBusiness = accountOf('bob', 2);
/** Whether an ISO date lies in from…to, both inclusive. */
const within = (date: string | undefined, from: string, to: string) => date !== undefined && date >= from && date <= to;
const ibans = (...accounts: { iban: string }[]) => accounts.map((a) => ({ iban: a.iban }));

function consentBody(access: object, overrides: Record<string, unknown> = {}) {
  return {
    access,
    recurringIndicator: true,
    validUntil: addDays(today, 90),
    frequencyPerDay: 4,
    combinedServiceIndicator: false,
    ...overrides,
  };
}

/** A consent authorised with embedded SCA by `psuId`. */
async function validConsent(
  bank: TestBank,
  access: object,
  { psuId = 'alice', ...overrides }: Record<string, unknown> = {},
) {
  const headers = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': String(psuId) };
  const created = ok(
    await send(bank, 'POST', '/v1/consents', { body: consentBody(access, overrides), headers }),
    201,
    ConsentsResponse201,
  );
  await authoriseConsentEmbedded(bank, created.consentId, String(psuId));
  return created.consentId;
}

/** An account read with the Consent-ID header; PSU present unless told otherwise. */
const read = (bank: TestBank, consentId: string, path: string, options: CallOptions = {}) =>
  send(bank, 'GET', path, { ...options, headers: { 'Consent-ID': consentId, ...options.headers } });

const transactionsPath = (accountId: string, query: Record<string, string>) =>
  `/v1/accounts/${accountId}/transactions?${new URLSearchParams(query).toString()}`;

// ---- tests ----

describe('account reads with a global consent (allPsd2)', () => {
  let bank: TestBank;
  let consentId: string;
  beforeAll(async () => {
    bank = await createTestBank();
    consentId = await validConsent(bank, { allPsd2: 'allAccountsWithOwnerName' });
  });
  afterAll(() => bank.close());

  it('lists the PSU’s accounts with owner names and links, balances only with withBalance=true', async () => {
    const list = ok(await read(bank, consentId, '/v1/accounts'), 200, AccountList);
    expect(list.accounts.map((a) => a.iban)).toEqual(
      testPsus.find((p) => p.psuId === 'alice')?.accounts.map((a) => a.iban),
    );
    for (const account of list.accounts) {
      expect(account.resourceId).toBeDefined();
      expect(account.ownerName).toBe('Alice Schneider');
      expect(account.balances).toBeUndefined();
      expect(href(account._links?.balances)).toBe(`/psd2/v1/accounts/${account.resourceId}/balances`);
      expect(href(account._links?.transactions)).toBe(`/psd2/v1/accounts/${account.resourceId}/transactions`);
    }
    const withBalance = ok(await read(bank, consentId, '/v1/accounts?withBalance=true'), 200, AccountList);
    for (const account of withBalance.accounts) expect(account.balances?.length).toBeGreaterThan(0);
    expect(withBalance.accounts[2]?.currency).toBe('USD');
    fails(await read(bank, consentId, '/v1/accounts?withBalance=yes'), 400, 'FORMAT_ERROR');
  });

  it('reads account details, with balances on request', async () => {
    const details = ok(
      await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}`),
      200,
      AccountDetailsResponse,
    );
    expect(details.account).toMatchObject({
      resourceId: aliceMain.resourceId,
      iban: aliceMain.iban,
      currency: 'EUR',
      name: aliceMain.name,
    });
    expect(details.account.balances).toBeUndefined();
    const withBalance = ok(
      await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}?withBalance=true`),
      200,
      AccountDetailsResponse,
    );
    expect(withBalance.account.balances?.map((b) => b.balanceType)).toContain('interimAvailable');
  });

  it('reads balances', async () => {
    const res = ok(
      await read(bank, consentId, `/v1/accounts/${aliceSavings.resourceId}/balances`),
      200,
      ReadAccountBalanceResponse,
    );
    expect(res.account).toEqual({ iban: aliceSavings.iban, currency: 'EUR' });
    expect(res.balances.length).toBeGreaterThan(0);
    for (const balance of res.balances) expect(balance.balanceAmount.currency).toBe('EUR');
  });

  it('answers 404 RESOURCE_UNKNOWN for an unknown account and 401 CONSENT_INVALID for another PSU’s account', async () => {
    for (const suffix of [
      '',
      '/balances',
      '/transactions?bookingStatus=booked&dateFrom=2026-01-01',
      '/transactions/tx-1',
    ]) {
      fails(await read(bank, consentId, `/v1/accounts/acc-unknown${suffix}`), 404, 'RESOURCE_UNKNOWN');
      fails(await read(bank, consentId, `/v1/accounts/${bobMain.resourceId}${suffix}`), 401, 'CONSENT_INVALID');
    }
    fails(
      await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}/transactions/tx-unknown`),
      404,
      'RESOURCE_UNKNOWN',
    );
  });

  it('needs the Consent-ID header (400 FORMAT_ERROR) and knows it (400 CONSENT_UNKNOWN from the header)', async () => {
    fails(await send(bank, 'GET', '/v1/accounts'), 400, 'FORMAT_ERROR');
    fails(await read(bank, 'con-unknown', '/v1/accounts'), 400, 'CONSENT_UNKNOWN');
    fails(await read(bank, 'con-unknown', `/v1/accounts/${aliceMain.resourceId}/balances`), 400, 'CONSENT_UNKNOWN');
  });
});

describe('transactions', () => {
  let bank: TestBank;
  let consentId: string;
  let bobConsentId: string;
  beforeAll(async () => {
    bank = await createTestBank();
    consentId = await validConsent(bank, { allPsd2: 'allAccounts' });
    bobConsentId = await validConsent(bank, { transactions: ibans(bobBusiness) }, { psuId: 'bob' });
  });
  afterAll(() => bank.close());

  const list = async (accountId: string, query: Record<string, string>) =>
    ok(
      await read(
        bank,
        accountId === bobBusiness.resourceId ? bobConsentId : consentId,
        transactionsPath(accountId, query),
      ),
      200,
      TransactionsResponse,
    );

  it('filters booked entries by booking date within dateFrom…dateTo (inclusive)', async () => {
    const dateFrom = addDays(today, -60);
    const dateTo = addDays(today, -30);
    const res = await list(aliceMain.resourceId, { bookingStatus: 'booked', dateFrom, dateTo });
    expect(res.account).toEqual({ iban: aliceMain.iban, currency: 'EUR' });
    const booked = res.transactions?.booked ?? [];
    expect(booked.length).toBeGreaterThan(10);
    expect(res.transactions?.pending).toBeUndefined();
    expect(res.transactions?.information).toBeUndefined();
    for (const t of booked) {
      expect(within(t.bookingDate, dateFrom, dateTo), t.bookingDate).toBe(true);
      expect(href(t._links?.transactionDetails)).toBe(
        `/psd2/v1/accounts/${aliceMain.resourceId}/transactions/${t.transactionId}`,
      );
    }
    expect(href(res.transactions?._links.account)).toBe(`/psd2/v1/accounts/${aliceMain.resourceId}`);
    expect(res.balances).toBeUndefined();
  });

  it('returns pending entries only for pending, both arrays for both, and balances with withBalance', async () => {
    const dateFrom = addDays(today, -7);
    const pending = await list(aliceMain.resourceId, { bookingStatus: 'pending', dateFrom });
    expect(pending.transactions?.booked).toBeUndefined();
    expect(pending.transactions?.pending?.length).toBeGreaterThan(0);
    for (const t of pending.transactions?.pending ?? []) expect(t.bookingDate).toBeUndefined();

    const both = await list(aliceMain.resourceId, { bookingStatus: 'both', dateFrom, withBalance: 'true' });
    expect(both.transactions?.booked?.length).toBeGreaterThan(0);
    expect(both.transactions?.pending?.map((t) => t.transactionId)).toEqual(
      pending.transactions?.pending?.map((t) => t.transactionId),
    );
    expect(both.balances?.length).toBeGreaterThan(0);
  });

  it('returns an empty booked array for a period without entries', async () => {
    const res = await list(aliceMain.resourceId, {
      bookingStatus: 'booked',
      dateFrom: addDays(today, 10),
      dateTo: addDays(today, 20),
    });
    expect(res.transactions?.booked).toEqual([]);
    expect(Object.keys(res.transactions?._links ?? {})).toEqual(['account']);
  });

  it('reads one transaction through its transactionDetails link', async () => {
    const res = await list(aliceMain.resourceId, { bookingStatus: 'booked', dateFrom: addDays(today, -30) });
    const entry = res.transactions?.booked?.[0];
    const details = ok(
      await read(bank, consentId, href(entry?._links?.transactionDetails)),
      200,
      TransactionDetailsResponse,
    );
    expect(details.transactionsDetails.transactionDetails).toEqual(entry);
  });

  it('pages through bob’s 10,000 business entries with next links: exact count in range, no duplicates', async () => {
    const dateFrom = addDays(today, -200);
    const dateTo = addDays(today, -20);
    const seed = buildSeed(bank.sandbox.seedAnchor).transactions.filter((t) => t.account_id === bobBusiness.resourceId);
    const expected = seed.filter((t) => within(t.booking_date ?? undefined, dateFrom, dateTo));
    expect(expected.length).toBeGreaterThan(4000);

    let path: string | undefined = transactionsPath(bobBusiness.resourceId, {
      bookingStatus: 'booked',
      dateFrom,
      dateTo,
      pageSize: '1000',
    });
    const seen: string[] = [];
    let pages = 0;
    while (path) {
      const page: TransactionsResponse = ok(await read(bank, bobConsentId, path), 200, TransactionsResponse);
      const booked = page.transactions?.booked ?? [];
      for (const t of booked) {
        expect(within(t.bookingDate, dateFrom, dateTo), t.bookingDate).toBe(true);
        seen.push(t.transactionId ?? '');
      }
      pages += 1;
      path = page.transactions?._links.next?.href;
      if (path) expect(booked).toHaveLength(1000);
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(expected.length);
    expect(new Set(seen)).toEqual(new Set(expected.map((t) => t.transaction_id)));
    expect(pages).toBe(Math.ceil(expected.length / 1000));
  });

  it('offers first, previous, next and last links that lead where they say', async () => {
    const query = { bookingStatus: 'both', dateFrom: addDays(today, -400), pageSize: '1000' };
    const first = await list(bobBusiness.resourceId, query);
    const links = first.transactions?._links;
    expect(links?.previous).toBeUndefined();
    expect(links?.first?.href).toMatch(/page=0/);
    const last = ok(await read(bank, bobConsentId, href(links?.last)), 200, TransactionsResponse);
    expect(last.transactions?._links.next).toBeUndefined();
    const lastCount = (last.transactions?.booked?.length ?? 0) + (last.transactions?.pending?.length ?? 0);
    const pages = Number(new URL(href(links?.last), ORIGIN).searchParams.get('page')) + 1;
    expect((pages - 1) * 1000 + lastCount).toBe(BUSINESS_ENTRIES); // every entry of the account, pending included
    const beforeLast = ok(
      await read(bank, bobConsentId, href(last.transactions?._links.previous)),
      200,
      TransactionsResponse,
    );
    expect(href(beforeLast.transactions?._links.next)).toBe(href(links?.last));
    const again = ok(
      await read(bank, bobConsentId, href(beforeLast.transactions?._links.first)),
      200,
      TransactionsResponse,
    );
    expect(again.transactions?.pending?.map((t) => t.transactionId)).toEqual(
      first.transactions?.pending?.map((t) => t.transactionId),
    );
    expect(again.transactions?.booked?.map((t) => t.transactionId)).toEqual(
      first.transactions?.booked?.map((t) => t.transactionId),
    );
  });

  it('rejects bad periods and parameters with the spec’s codes', async () => {
    const path = (query: Record<string, string>) => transactionsPath(aliceMain.resourceId, query);
    const get = (query: Record<string, string>) => read(bank, consentId, path(query));
    fails(await get({ bookingStatus: 'booked', dateFrom: today, dateTo: addDays(today, -1) }), 400, 'PERIOD_INVALID');
    fails(await get({ bookingStatus: 'booked', dateFrom: addDays(today, -800) }), 400, 'PERIOD_INVALID');
    fails(await get({ bookingStatus: 'booked', dateFrom: today, deltaList: 'true' }), 400, 'PARAMETER_NOT_SUPPORTED');
    fails(await get({ bookingStatus: 'booked', entryReferenceFrom: 'E1' }), 400, 'PARAMETER_NOT_SUPPORTED');
    fails(await get({ bookingStatus: 'information' }), 400, 'PARAMETER_NOT_SUPPORTED');
    fails(await get({ bookingStatus: 'all', dateFrom: today }), 400, 'PARAMETER_NOT_SUPPORTED');
    expect(fails(await get({ dateFrom: today }), 400, 'FORMAT_ERROR')?.path).toBe('bookingStatus');
    expect(fails(await get({ bookingStatus: 'booked' }), 400, 'FORMAT_ERROR')?.path).toBe('dateFrom');
    fails(await get({ bookingStatus: 'settled', dateFrom: today }), 400, 'FORMAT_ERROR');
    fails(await get({ bookingStatus: 'booked', dateFrom: '2026-02-30' }), 400, 'FORMAT_ERROR');
    fails(await get({ bookingStatus: 'booked', dateFrom: '16.03.2026' }), 400, 'FORMAT_ERROR');
    fails(await get({ bookingStatus: 'booked', dateFrom: today, withBalance: 'maybe' }), 400, 'FORMAT_ERROR');
    fails(await get({ bookingStatus: 'booked', dateFrom: today, pageSize: '0' }), 400, 'FORMAT_ERROR');
    fails(await get({ bookingStatus: 'booked', dateFrom: today, page: '-1' }), 400, 'FORMAT_ERROR');
    fails(await get({ bookingStatus: 'booked', dateFrom: addDays(today, -30), page: '99' }), 400, 'FORMAT_ERROR');
  });
});

describe('what a consent grants', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  const txQuery = { bookingStatus: 'booked', dateFrom: addDays(today, -30) };

  it('dedicated access: accounts, balances and transactions per IBAN', async () => {
    // accounts: main; balances: savings; transactions: usd.
    const consentId = await validConsent(bank, {
      accounts: ibans(aliceMain),
      balances: ibans(aliceSavings),
      transactions: ibans(aliceUsd),
    });
    const list = ok(await read(bank, consentId, '/v1/accounts?withBalance=true'), 200, AccountList);
    const byIban = new Map(list.accounts.map((a) => [a.iban, a]));
    expect([...byIban.keys()].sort()).toEqual([aliceMain.iban, aliceSavings.iban, aliceUsd.iban].sort());
    expect(byIban.get(aliceMain.iban)?._links).toBeUndefined();
    expect(byIban.get(aliceMain.iban)?.balances).toBeUndefined();
    expect(Object.keys(byIban.get(aliceSavings.iban)?._links ?? {})).toEqual(['balances']);
    expect(byIban.get(aliceSavings.iban)?.balances?.length).toBeGreaterThan(0);
    expect(Object.keys(byIban.get(aliceUsd.iban)?._links ?? {})).toEqual(['transactions']);
    expect(byIban.get(aliceUsd.iban)?.ownerName).toBeUndefined();

    ok(await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}`), 200, AccountDetailsResponse);
    fails(await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}/balances`), 401, 'CONSENT_INVALID');
    fails(await read(bank, consentId, transactionsPath(aliceMain.resourceId, txQuery)), 401, 'CONSENT_INVALID');
    ok(
      await read(bank, consentId, `/v1/accounts/${aliceSavings.resourceId}/balances`),
      200,
      ReadAccountBalanceResponse,
    );
    fails(await read(bank, consentId, transactionsPath(aliceSavings.resourceId, txQuery)), 401, 'CONSENT_INVALID');
    ok(await read(bank, consentId, transactionsPath(aliceUsd.resourceId, txQuery)), 200, TransactionsResponse);
    fails(await read(bank, consentId, `/v1/accounts/${aliceUsd.resourceId}/balances`), 401, 'CONSENT_INVALID');
  });

  it('grants only the authorising PSU’s accounts, even when the consent names others', async () => {
    const consentId = await validConsent(bank, { balances: ibans(aliceMain, bobMain) });
    const list = ok(await read(bank, consentId, '/v1/accounts'), 200, AccountList);
    expect(list.accounts.map((a) => a.iban)).toEqual([aliceMain.iban]);
    fails(await read(bank, consentId, `/v1/accounts/${bobMain.resourceId}/balances`), 401, 'CONSENT_INVALID');
  });

  it('GET consent shows the access as granted: accounts of another PSU or of an excluded type drop out', async () => {
    const consentId = await validConsent(bank, {
      accounts: ibans(aliceMain, bobMain),
      balances: ibans(aliceSavings, bobBusiness),
      transactions: [{ iban: aliceUsd.iban, currency: 'USD' }, ...ibans(bobMain)],
      additionalInformation: { ownerName: ibans(aliceMain, bobMain) },
    });
    const info = ok(await send(bank, 'GET', `/v1/consents/${consentId}`), 200, ConsentInformationResponse);
    expect(info.consentStatus).toBe('valid');
    expect(info.access).toEqual({
      accounts: ibans(aliceMain),
      balances: ibans(aliceSavings),
      transactions: [{ iban: aliceUsd.iban, currency: 'USD' }],
      additionalInformation: { ownerName: ibans(aliceMain) },
    });

    // Before the PSU has authorised, the answer shows what was requested.
    const requested = { accounts: ibans(aliceMain, bobMain) };
    const created = ok(
      await send(bank, 'POST', '/v1/consents', { body: consentBody(requested) }),
      201,
      ConsentsResponse201,
    );
    const pending = ok(await send(bank, 'GET', href(created._links.self)), 200, ConsentInformationResponse);
    expect(pending.access).toEqual(requested);
  });

  it('additionalInformation.ownerName adds the owner name to the named account only', async () => {
    const consentId = await validConsent(bank, {
      accounts: ibans(aliceMain, aliceSavings),
      additionalInformation: { ownerName: ibans(aliceSavings) },
    });
    const list = ok(await read(bank, consentId, '/v1/accounts'), 200, AccountList);
    const byIban = new Map(list.accounts.map((a) => [a.iban, a]));
    expect(byIban.get(aliceMain.iban)?.ownerName).toBeUndefined();
    expect(byIban.get(aliceSavings.iban)).toMatchObject({
      ownerName: 'Alice Schneider',
      ownerNames: [{ name: 'Alice Schneider', role: 'owner' }],
    });
  });

  it('availableAccounts: the list only, without balances; single accounts are refused', async () => {
    const consentId = await validConsent(bank, { availableAccounts: 'allAccounts' });
    const list = ok(await read(bank, consentId, '/v1/accounts?withBalance=true'), 200, AccountList);
    expect(list.accounts).toHaveLength(3);
    for (const account of list.accounts) {
      expect(account._links).toBeUndefined();
      expect(account.balances).toBeUndefined();
      expect(account.ownerName).toBeUndefined();
    }
    fails(await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}`), 401, 'CONSENT_INVALID');
    fails(await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}/balances`), 401, 'CONSENT_INVALID');
    fails(await read(bank, consentId, transactionsPath(aliceMain.resourceId, txQuery)), 401, 'CONSENT_INVALID');
  });

  it('availableAccountsWithBalance: the list with balances; single accounts are refused', async () => {
    const consentId = await validConsent(bank, { availableAccountsWithBalance: 'allAccounts' });
    const list = ok(await read(bank, consentId, '/v1/accounts?withBalance=true'), 200, AccountList);
    expect(list.accounts).toHaveLength(3);
    for (const account of list.accounts) expect(account.balances?.length).toBeGreaterThan(0);
    fails(await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}/balances`), 401, 'CONSENT_INVALID');
  });

  it('restrictedTo limits a global consent to account types', async () => {
    const consentId = await validConsent(bank, { allPsd2: 'allAccounts', restrictedTo: ['SVGS'] });
    const list = ok(await read(bank, consentId, '/v1/accounts'), 200, AccountList);
    expect(list.accounts.map((a) => a.iban)).toEqual([aliceSavings.iban]);
    fails(await read(bank, consentId, `/v1/accounts/${aliceMain.resourceId}`), 401, 'CONSENT_INVALID');
  });

  it('bank-offered (empty arrays) via redirect: the PSU keeps all accounts checked, and GET consent shows them', async () => {
    const body = consentBody({ accounts: [], balances: [], transactions: [] });
    const created = ok(await send(bank, 'POST', '/v1/consents', { body }), 201, ConsentsResponse201);
    const scaRedirect = href(created._links.scaRedirect);
    const post = (url: string, form: [string, string][]) => submit(bank, url, form);
    const login = await post(`${scaRedirect}/login`, [
      ['psuId', 'bob'],
      ['password', SANDBOX_PASSWORD],
    ]);
    expect(login.status).toBe(303);
    // The page offers every account for every service, all checked: the PSU keeps them all.
    const bobIds = testPsus.find((p) => p.psuId === 'bob')?.accounts.map((a) => a.resourceId) ?? [];
    const everything = ['accounts', 'balances', 'transactions'].flatMap((service) =>
      bobIds.map((id): [string, string] => [service, id]),
    );
    const decision = await post(`${scaRedirect}/decision`, [
      ['action', 'approve'],
      ['otp', SANDBOX_OTP],
      ...everything,
    ]);
    expect(decision.status).toBe(200);

    const info = ok(await send(bank, 'GET', href(created._links.self)), 200, ConsentInformationResponse);
    expect(info.consentStatus).toBe('valid');
    const bobIbans = testPsus
      .find((p) => p.psuId === 'bob')
      ?.accounts.map((a) => a.iban)
      .sort();
    for (const list of [info.access.accounts, info.access.balances, info.access.transactions]) {
      expect(list?.map((a) => a.iban).sort()).toEqual(bobIbans);
    }
    const list = ok(await read(bank, created.consentId, '/v1/accounts'), 200, AccountList);
    expect(list.accounts).toHaveLength(3);
    ok(
      await read(bank, created.consentId, `/v1/accounts/${bobMain.resourceId}/balances`),
      200,
      ReadAccountBalanceResponse,
    );
    ok(await read(bank, created.consentId, transactionsPath(bobMain.resourceId, txQuery)), 200, TransactionsResponse);
  });

  it('refuses reads with consents that are not valid (401 CONSENT_INVALID)', async () => {
    const received = ok(
      await send(bank, 'POST', '/v1/consents', { body: consentBody({ allPsd2: 'allAccounts' }) }),
      201,
      ConsentsResponse201,
    );
    fails(await read(bank, received.consentId, '/v1/accounts'), 401, 'CONSENT_INVALID');
    const terminated = await validConsent(bank, { allPsd2: 'allAccounts' });
    expect((await send(bank, 'DELETE', `/v1/consents/${terminated}`)).status).toBe(204);
    fails(await read(bank, terminated, '/v1/accounts'), 401, 'CONSENT_INVALID');
    fails(await read(bank, terminated, `/v1/accounts/${aliceMain.resourceId}/balances`), 401, 'CONSENT_INVALID');
  });
});

describe('frequencyPerDay: reads without the PSU present', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('allows frequencyPerDay background reads a day (429 ACCESS_EXCEEDED beyond), PSU-present reads do not count', async () => {
    const consentId = await validConsent(bank, { allPsd2: 'allAccounts' }, { frequencyPerDay: 2 });
    const background = (path = '/v1/accounts') => read(bank, consentId, path, { psuPresent: false });
    ok(await background(), 200, AccountList);
    ok(await background(`/v1/accounts/${aliceMain.resourceId}/balances`), 200, ReadAccountBalanceResponse);
    fails(await background(), 429, 'ACCESS_EXCEEDED');
    fails(
      await background(transactionsPath(aliceMain.resourceId, { bookingStatus: 'booked', dateFrom: today })),
      429,
      'ACCESS_EXCEEDED',
    );
    for (let i = 0; i < 5; i++) ok(await read(bank, consentId, '/v1/accounts'), 200, AccountList);
    // A bad PSU-IP-Address is a format error, not a background read.
    fails(
      await read(bank, consentId, '/v1/accounts', { headers: { 'PSU-IP-Address': '999.1.1.1' } }),
      400,
      'FORMAT_ERROR',
    );

    bank.clock.advance(DAY);
    ok(await background(), 200, AccountList);
    ok(await background(), 200, AccountList);
    fails(await background(), 429, 'ACCESS_EXCEEDED');
  });

  it('refuses an uncovered read before counting it, and sees a deletion or expiry after earlier reads', async () => {
    const dedicated = await validConsent(bank, { accounts: [{ iban: aliceMain.iban }] }, { frequencyPerDay: 2 });
    const background = (path: string) => read(bank, dedicated, path, { psuPresent: false });
    ok(await background('/v1/accounts'), 200, AccountList);
    // Not covered: refused with 401, and the daily budget stays untouched.
    fails(await background(`/v1/accounts/${aliceMain.resourceId}/balances`), 401, 'CONSENT_INVALID');
    ok(await background('/v1/accounts'), 200, AccountList);
    fails(await background('/v1/accounts'), 429, 'ACCESS_EXCEEDED');

    const deleted = await validConsent(bank, { allPsd2: 'allAccounts' }, { frequencyPerDay: 10 });
    ok(await read(bank, deleted, '/v1/accounts', { psuPresent: false }), 200, AccountList);
    expect((await send(bank, 'DELETE', `/v1/consents/${deleted}`)).status).toBe(204);
    fails(await read(bank, deleted, '/v1/accounts', { psuPresent: false }), 401, 'CONSENT_INVALID');

    const expiring = await validConsent(
      bank,
      { allPsd2: 'allAccounts' },
      {
        frequencyPerDay: 10,
        validUntil: isoDate(bank.clock.now()),
      },
    );
    ok(await read(bank, expiring, '/v1/accounts', { psuPresent: false }), 200, AccountList);
    bank.clock.advance(DAY);
    fails(await read(bank, expiring, '/v1/accounts', { psuPresent: false }), 401, 'CONSENT_EXPIRED');
  });

  it('counts only reads that succeed: a page beyond the last or an unknown transaction uses none of the budget', async () => {
    const consentId = await validConsent(bank, { allPsd2: 'allAccounts' }, { frequencyPerDay: 2 });
    const background = (path: string) => read(bank, consentId, path, { psuPresent: false });
    const beyond = transactionsPath(aliceMain.resourceId, { bookingStatus: 'booked', dateFrom: today, page: '999' });
    fails(await background(beyond), 400, 'FORMAT_ERROR');
    fails(await background(beyond), 400, 'FORMAT_ERROR');
    fails(await background(`/v1/accounts/${aliceMain.resourceId}/transactions/nope`), 404, 'RESOURCE_UNKNOWN');
    ok(await background('/v1/accounts'), 200, AccountList);
    ok(
      await background(transactionsPath(aliceMain.resourceId, { bookingStatus: 'booked', dateFrom: today })),
      200,
      TransactionsResponse,
    );
    fails(await background('/v1/accounts'), 429, 'ACCESS_EXCEEDED');
    // With the budget used up, the answer is ACCESS_EXCEEDED, whatever else is wrong with the read.
    fails(await background(beyond), 429, 'ACCESS_EXCEEDED');
  });

  it('counts each consent on its own', async () => {
    const first = await validConsent(bank, { allPsd2: 'allAccounts' }, { frequencyPerDay: 1 });
    const second = await validConsent(bank, { allPsd2: 'allAccounts' }, { frequencyPerDay: 1, psuId: 'bob' });
    ok(await read(bank, first, '/v1/accounts', { psuPresent: false }), 200, AccountList);
    fails(await read(bank, first, '/v1/accounts', { psuPresent: false }), 429, 'ACCESS_EXCEEDED');
    ok(await read(bank, second, '/v1/accounts', { psuPresent: false }), 200, AccountList);
  });
});
