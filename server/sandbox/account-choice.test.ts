// Bank-offered consents (empty account lists): the PSU chooses the accounts per requested service on the redirect page
// and on the OAuth authorize page, an empty choice is refused on the page, and GET consent and the reads follow the
// choice. Dedicated consents show no choice.
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AccountList,
  ConsentInformationResponse,
  ConsentsResponse201,
  ReadAccountBalanceResponse,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { s256 } from './rules/oauth';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { createTestBank, type TestBank } from './testing/test-support';
import { accountOf, browse, fails, href, ok, send } from './testing/test-kit';

const bobMain = accountOf('bob', 0);
const bobSecond = accountOf('bob', 1);
const bobBusiness = accountOf('bob', 2);
const CLIENT = 'xs2a-console';
const CALLBACK = 'https://console.example/callback/oauth';

function consentBody(bank: TestBank, access: object) {
  return {
    access,
    recurringIndicator: true,
    validUntil: addDays(isoDate(bank.clock.now()), 90),
    frequencyPerDay: 4,
    combinedServiceIndicator: false,
  };
}

const allThree = { accounts: [], balances: [], transactions: [] };

async function newConsent(bank: TestBank, access: object = allThree, headers: Record<string, string> = {}) {
  const created = ok(
    await send(bank, 'POST', '/v1/consents', { body: consentBody(bank, access), headers }),
    201,
    ConsentsResponse201,
  );
  return created;
}

const consentInfo = async (bank: TestBank, consentId: string) =>
  ok(await send(bank, 'GET', `/v1/consents/${consentId}`), 200, ConsentInformationResponse);

const ibansOf = (refs: { iban?: string | undefined }[] | undefined) => refs?.map((r) => r.iban);

/** The checkboxes a page shows: name and value of each, and whether it is checked. */
function checkboxes(html: string) {
  return [...html.matchAll(/<input\s+type="checkbox"\s+name="(\w+)"\s+value="([^"]+)"[^>]*?(checked)?\s*\/>/g)].map(
    (m) => ({ name: m[1], value: m[2], checked: m[3] === 'checked' }),
  );
}

describe('bank-offered consent on the redirect page', () => {
  let bank: TestBank;
  beforeEach(async () => {
    bank = await createTestBank();
  });
  afterEach(() => bank.close());

  async function loggedIn(access: object = allThree) {
    const created = await newConsent(bank, access);
    const scaRedirect = href(created._links.scaRedirect);
    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'bob', password: SANDBOX_PASSWORD });
    expect(login.status).toBe(303);
    return { consentId: created.consentId, scaRedirect, review: await browse(bank, scaRedirect) };
  }

  it('shows the PSU’s accounts per requested service, all checked, in a fieldset with a legend', async () => {
    const { review } = await loggedIn();
    expect(review.status).toBe(200);
    expect(review.html).toContain('<legend>Accounts to share</legend>');
    for (const name of ['Account details', 'Balances', 'Transactions']) expect(review.html).toContain(name);
    for (const account of [bobMain, bobSecond, bobBusiness]) {
      expect(review.html).toContain(account.iban.replace(/(.{4})(?=.)/g, '$1 '));
    }
    const boxes = checkboxes(review.html);
    expect(boxes).toHaveLength(9);
    expect(boxes.every((b) => b.checked)).toBe(true);
    // Each box is named by its column and its row.
    expect(review.html).toContain(`aria-labelledby="service-balances account-${bobMain.resourceId}"`);
  });

  it('grants exactly the chosen subset; GET consent shows it and reads outside it are refused', async () => {
    const { consentId, scaRedirect } = await loggedIn();
    const decision = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      accounts: [bobMain.resourceId],
      balances: [bobMain.resourceId, bobSecond.resourceId],
      transactions: [bobSecond.resourceId],
    });
    expect(decision.status, decision.html).toBe(200);

    const info = await consentInfo(bank, consentId);
    expect(info.consentStatus).toBe('valid');
    // Balances or transactions of an account include its details.
    expect(ibansOf(info.access.accounts)).toEqual([bobMain.iban, bobSecond.iban]);
    expect(ibansOf(info.access.balances)).toEqual([bobMain.iban, bobSecond.iban]);
    expect(ibansOf(info.access.transactions)).toEqual([bobSecond.iban]);

    const read = (path: string) => send(bank, 'GET', path, { headers: { 'Consent-ID': consentId } });
    const list = ok(await read('/v1/accounts'), 200, AccountList);
    expect(list.accounts.map((a) => a.iban)).toEqual([bobMain.iban, bobSecond.iban]);
    ok(await read(`/v1/accounts/${bobSecond.resourceId}/balances`), 200, ReadAccountBalanceResponse);
    fails(await read(`/v1/accounts/${bobBusiness.resourceId}`), 401, 'CONSENT_INVALID');
    fails(
      await read(`/v1/accounts/${bobMain.resourceId}/transactions?dateFrom=2026-01-01&bookingStatus=booked`),
      401,
      'CONSENT_INVALID',
    );
  });

  it('refuses an empty choice on the page, uses no OTP attempt, and then accepts a choice', async () => {
    const { consentId, scaRedirect } = await loggedIn();
    const refused = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Choose at least one account to share');
    // The page shows what the PSU sent: nothing checked.
    expect(checkboxes(refused.html).some((b) => b.checked)).toBe(false);
    expect((await consentInfo(bank, consentId)).consentStatus).toBe('received');

    // A wrong OTP keeps the accounts the PSU checked.
    const wrong = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: '000000',
      transactions: [bobBusiness.resourceId],
    });
    expect(wrong.status).toBe(401);
    expect(checkboxes(wrong.html).filter((b) => b.checked)).toEqual([
      { name: 'transactions', value: bobBusiness.resourceId, checked: true },
    ]);

    const approved = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      transactions: [bobBusiness.resourceId],
    });
    expect(approved.status).toBe(200);
    const info = await consentInfo(bank, consentId);
    expect(ibansOf(info.access.transactions)).toEqual([bobBusiness.iban]);
    expect(ibansOf(info.access.accounts)).toEqual([bobBusiness.iban]);
    // Nothing granted for balances: left out rather than an empty list, which would read as bank-offered again.
    expect(info.access.balances).toBeUndefined();
  });

  it('ignores accounts that are not the PSU’s', async () => {
    const { consentId, scaRedirect } = await loggedIn();
    const alice = accountOf('alice', 0);
    const refused = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      accounts: [alice.resourceId],
    });
    expect(refused.status).toBe(400);
    const approved = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      accounts: [alice.resourceId, bobMain.resourceId],
    });
    expect(approved.status).toBe(200);
    expect(ibansOf((await consentInfo(bank, consentId)).access.accounts)).toEqual([bobMain.iban]);
  });

  it('offers one column when the consent asked for one service, and grants only that', async () => {
    const { consentId, scaRedirect, review } = await loggedIn({ balances: [] });
    expect(checkboxes(review.html).map((b) => b.name)).toEqual(['balances', 'balances', 'balances']);
    expect(review.html).not.toContain('also shares its details');
    await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      balances: [bobSecond.resourceId],
    });
    const info = await consentInfo(bank, consentId);
    expect(ibansOf(info.access.balances)).toEqual([bobSecond.iban]);
    expect(info.access.transactions).toBeUndefined();
    const read = (path: string) => send(bank, 'GET', path, { headers: { 'Consent-ID': consentId } });
    fails(
      await read(`/v1/accounts/${bobSecond.resourceId}/transactions?dateFrom=2026-01-01&bookingStatus=booked`),
      401,
      'CONSENT_INVALID',
    );
  });

  it('shows no choice for a dedicated consent', async () => {
    const { review } = await loggedIn({ balances: [{ iban: bobMain.iban }] });
    expect(review.status).toBe(200);
    expect(checkboxes(review.html)).toEqual([]);
    expect(review.html).not.toContain('Accounts to share');
  });
});

describe('bank-offered consent on the OAuth authorize page', () => {
  let bank: TestBank;
  beforeEach(async () => {
    bank = await createTestBank({ config: { scaRedirect: 'oauth' } });
  });
  afterEach(() => bank.close());

  async function authorize() {
    // Creating the consent starts its redirect authorisation (scaOAuth).
    // The OAuth redirect_uri must be on the origin of the TPP's redirect URI.
    const created = await newConsent(bank, allThree, { 'TPP-Redirect-URI': 'https://console.example/callback/ok' });
    expect(created._links.scaOAuth).toBeDefined();
    const verifier = randomBytes(32).toString('base64url');
    const params = {
      response_type: 'code',
      client_id: CLIENT,
      redirect_uri: CALLBACK,
      scope: `AIS:${created.consentId}`,
      state: 'state-1',
      code_challenge: s256(verifier),
      code_challenge_method: 'S256',
    };
    const endpoint = `/psd2/oauth/authorize`;
    return { consentId: created.consentId, params, endpoint, verifier };
  }

  it('asks the PSU to log in first, then to choose; grants the chosen subset and issues a code', async () => {
    const { consentId, params, endpoint } = await authorize();
    const login = await browse(bank, `${endpoint}?${new URLSearchParams(params).toString()}`);
    expect(login.status).toBe(200);
    expect(login.html).toContain('Log in to choose the accounts');
    expect(checkboxes(login.html)).toEqual([]);

    const choose = await browse(bank, endpoint, {
      ...params,
      psuId: 'bob',
      password: SANDBOX_PASSWORD,
      action: 'approve',
    });
    expect(choose.status, choose.html).toBe(200);
    expect(choose.html).toContain('<legend>Accounts to share</legend>');
    expect(checkboxes(choose.html)).toHaveLength(9);
    // Logging in alone decides nothing.
    expect((await consentInfo(bank, consentId)).consentStatus).toBe('received');

    const refused = await browse(bank, endpoint, { ...params, step: 'choose', psuId: 'bob', action: 'approve' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Choose at least one account to share');
    expect(checkboxes(refused.html).some((b) => b.checked)).toBe(false);
    expect((await consentInfo(bank, consentId)).consentStatus).toBe('received');

    const approved = await browse(bank, endpoint, {
      ...params,
      step: 'choose',
      psuId: 'bob',
      action: 'approve',
      accounts: [bobMain.resourceId, bobBusiness.resourceId],
      balances: [bobBusiness.resourceId],
    });
    expect(approved.status, approved.html).toBe(302);
    const back = new URL(approved.location ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBe('state-1');

    const info = await consentInfo(bank, consentId);
    expect(info.consentStatus).toBe('valid');
    expect(ibansOf(info.access.accounts)).toEqual([bobMain.iban, bobBusiness.iban]);
    expect(ibansOf(info.access.balances)).toEqual([bobBusiness.iban]);
    expect(info.access.transactions).toBeUndefined();
  });

  it('does not take a choice from someone who has not logged in', async () => {
    const { consentId, params, endpoint } = await authorize();
    const res = await browse(bank, endpoint, {
      ...params,
      step: 'choose',
      psuId: 'bob',
      action: 'approve',
      accounts: [bobMain.resourceId],
    });
    expect(res.status).toBe(401);
    expect(res.html).toContain('Log in first.');
    expect((await consentInfo(bank, consentId)).consentStatus).toBe('received');
  });
});
