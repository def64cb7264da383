// The PSU pages as an attacker meets them: a decision (approve or deny) needs the PSU logged in in this very browser, on
// the redirect SCA page and on the OAuth page; every state-changing form needs the form token of the browser's session on
// that page, and a post from another origin (another port of the same host included) is refused; a refused post is a
// plain 403 page and changes nothing. Leaving the login page without deciding is a link back to the TPP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentStatusResponse,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
} from '../../src/xs2a';
import {
  CALLBACK,
  TPP_ORIGIN,
  authorizeParams,
  newConsent as newOAuthConsent,
  oauthBank,
  pkce,
  query,
} from './testing/oauth-test-kit';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { ORIGIN, createTestBank, type TestBank } from './testing/test-support';
import { accountOf, browse, href, ok, send } from './testing/test-kit';

const TPP_OK = 'https://tpp.example/callback/ok';
const TPP_NOK = 'https://tpp.example/callback/nok';
const SCT = '/v1/payments/sepa-credit-transfers';

/** A browser of its own: its cookies, and what its last page showed. */
class Browser {
  private readonly cookies = new Map<string, { value: string; path: string }>();
  constructor(
    private readonly bank: TestBank,
    private readonly headers: Record<string, string> = {},
  ) {}

  cookieFor(path: string) {
    return [...this.cookies.entries()]
      .filter(([, c]) => path === c.path || path.startsWith(`${c.path}/`))
      .sort(([, a], [, b]) => b.path.length - a.path.length)
      .map(([name, c]) => `${name.split(' ')[1]}=${c.value}`)
      .join('; ');
  }

  async request(
    url: string,
    form?: Record<string, string | string[] | undefined>,
    headers: Record<string, string> = {},
  ) {
    const target = new URL(url.startsWith('http') ? url : `${ORIGIN}${url}`);
    const h = new Headers({ ...this.headers, ...headers });
    const cookie = this.cookieFor(target.pathname);
    if (cookie) h.set('Cookie', cookie);
    const init: RequestInit = { method: form ? 'POST' : 'GET', headers: h };
    if (form) {
      h.set('Content-Type', 'application/x-www-form-urlencoded');
      const body = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) {
        for (const one of [value ?? []].flat()) body.append(name, one);
      }
      init.body = body.toString();
    }
    const res = await this.bank.sandbox.fetch(new Request(target, init));
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((p) => p.trim());
      const at = pair.indexOf('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const key = `${path} ${pair.slice(0, at)}`;
      if (/max-age=0/i.test(header)) this.cookies.delete(key);
      else this.cookies.set(key, { value: pair.slice(at + 1), path });
    }
    return {
      status: res.status,
      location: res.headers.get('Location'),
      type: res.headers.get('Content-Type') ?? '',
      html: await res.text(),
    };
  }

  /** Opens a page; returns it with the form token of each of its forms, by the form's action. */
  async open(url: string) {
    const page = await this.request(url);
    return { ...page, token: (action: string) => tokenOf(page.html, action) };
  }
}

/** The form token of the page's form that posts to `action` (undefined when there is none). */
function tokenOf(html: string, action: string): string | undefined {
  for (const form of html.matchAll(/<form\b[^>]*\baction="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)) {
    if (form[1] !== new URL(action, ORIGIN).pathname) continue;
    const token = /<input[^>]*\bname="csrf"[^>]*\bvalue="([^"]*)"/.exec(form[2] ?? '')?.[1];
    if (token) return token;
  }
  return undefined;
}

/** A refused form post: a plain 403 page. */
function refused(res: { status: number; type: string; html: string; location: string | null }) {
  expect(res.status, res.html).toBe(403);
  expect(res.type).toMatch(/^text\/html/);
  expect(res.location).toBeNull();
  expect(res.html).toMatch(/^<!doctype html>/i);
  expect(res.html).toContain('role="alert"');
  expect(res.html).toContain('Nothing was changed');
}

const paymentBody = (psuId: string) => ({
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  debtorAccount: { iban: accountOf(psuId).iban },
  creditorName: 'Kaffee Handel GmbH',
  creditorAccount: { iban: 'DE02100100109307118603' },
});

async function initiate(bank: TestBank, psuId: string, headers: Record<string, string>) {
  const body = ok(
    await send(bank, 'POST', SCT, { body: paymentBody(psuId), headers }),
    201,
    PaymentInitiationResponse201,
  );
  const authPath = href(body._links.scaStatus);
  return {
    self: href(body._links.self),
    authPath,
    authorisationId: authPath.split('/').pop() ?? '',
    scaRedirect: body._links.scaRedirect ? href(body._links.scaRedirect) : '',
  };
}

const redirectHeaders = (nok: string | undefined = TPP_NOK): Record<string, string> => ({
  'TPP-Redirect-Preferred': 'true',
  'TPP-Redirect-URI': TPP_OK,
  ...(nok ? { 'TPP-Nok-Redirect-URI': nok } : {}),
});

const scaStatus = async (bank: TestBank, authPath: string) =>
  ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus;
const transactionStatus = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse).transactionStatus;

/** Logs a browser in on a redirect SCA page; returns the approval page's decision token. */
async function logInAtBank(browser: Browser, scaRedirect: string, psuId = 'alice') {
  const first = await browser.open(scaRedirect);
  const login = await browser.request(`${scaRedirect}/login`, {
    psuId,
    password: SANDBOX_PASSWORD,
    csrf: first.token(`${scaRedirect}/login`),
  });
  expect(login.status, login.html).toBe(303);
  const approval = await browser.open(scaRedirect);
  expect(approval.html).toContain('One-time password');
  return approval.token(`${scaRedirect}/decision`);
}

describe('a decision on the redirect SCA page needs the PSU logged in in this browser', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('refuses a deny or an approve without a login, showing the login with a message', async () => {
    const { self, authPath, scaRedirect } = await initiate(bank, 'alice', redirectHeaders());
    const stranger = new Browser(bank);
    const page = await stranger.open(scaRedirect);
    for (const action of ['deny', 'approve']) {
      const res = await stranger.request(`${scaRedirect}/decision`, {
        action,
        otp: SANDBOX_OTP,
        csrf: page.token(`${scaRedirect}/login`),
      });
      expect(res.status, res.html).toBe(401);
      expect(res.location).toBeNull();
      expect(res.html).toContain('role="alert"');
      expect(res.html).toMatch(/Log in to approve or deny/);
      expect(res.html).toContain('name="password"');
    }
    expect(await scaStatus(bank, authPath)).toBe('received');
    expect(await transactionStatus(bank, self)).toBe('RCVD');
  });

  it('refuses a deny from another browser while the PSU is logged in', async () => {
    const { self, authPath, scaRedirect } = await initiate(bank, 'alice', redirectHeaders());
    const psu = new Browser(bank);
    const decisionToken = await logInAtBank(psu, scaRedirect);
    expect(await scaStatus(bank, authPath)).toBe('psuAuthenticated');

    const stranger = new Browser(bank);
    const page = await stranger.open(scaRedirect);
    // The stranger's browser is not logged in: it sees the login, not the approval.
    expect(page.html).not.toContain('One-time password');
    for (const csrf of [page.token(`${scaRedirect}/login`), decisionToken]) {
      const res = await stranger.request(`${scaRedirect}/decision`, { action: 'deny', csrf });
      expect([401, 403], res.html).toContain(res.status);
      expect(res.location).toBeNull();
    }
    expect(await scaStatus(bank, authPath)).toBe('psuAuthenticated');
    expect(await transactionStatus(bank, self)).toBe('RCVD');

    // The PSU's own browser decides.
    const denied = await psu.request(`${scaRedirect}/decision`, { action: 'deny', csrf: decisionToken });
    expect(denied.status).toBe(303);
    expect(denied.location).toBe(TPP_NOK);
    expect(await transactionStatus(bank, self)).toBe('RJCT');
  });

  it('lets the PSU leave the login page through a Cancel link back to the TPP, deciding nothing', async () => {
    const { authPath, scaRedirect } = await initiate(bank, 'alice', redirectHeaders());
    const page = await new Browser(bank).open(scaRedirect);
    expect(page.html).toMatch(new RegExp(`<a\\s+class="button secondary"\\s+href="${TPP_NOK}"\\s*>\\s*Cancel\\s*</a>`));
    expect(page.html).not.toContain('value="deny"');
    expect(await scaStatus(bank, authPath)).toBe('received');
    // Without a TPP-Nok-Redirect-URI, Cancel goes back to the TPP-Redirect-URI, where the TPP reads the status.
    const noNok = await initiate(bank, 'alice', redirectHeaders(''));
    expect((await new Browser(bank).open(noNok.scaRedirect)).html).toMatch(new RegExp(`href="${TPP_OK}"`));
    // Without any, the page says how to leave.
    const bare = await initiate(bank, 'alice', {});
    const barePage = await new Browser(bank).open(bare.scaRedirect);
    expect(barePage.html).not.toContain('Cancel');
    expect(barePage.html).toContain('close this window');
  });
});

describe('a decision on the OAuth page needs the PSU logged in', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await oauthBank();
  });
  afterAll(() => bank.close());

  const consentStatus = async (consentId: string) =>
    ok(await send(bank, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse).consentStatus;
  const authorizeUrl = (params: Record<string, string>) =>
    `${ORIGIN}/psd2/oauth/authorize?${new URLSearchParams(params).toString()}`;
  const AUTHORIZE = `${ORIGIN}/psd2/oauth/authorize`;

  it('refuses a deny without the PSU’s login or with a wrong password, and takes one with it', async () => {
    const { consentId } = await newOAuthConsent(bank);
    const params = authorizeParams({ scope: `AIS:${consentId}`, challenge: pkce().challenge });
    const browser = new Browser(bank);
    const page = await browser.open(authorizeUrl(params));
    const csrf = page.token(AUTHORIZE);
    for (const login of [{}, { psuId: 'alice', password: '' }, { psuId: 'alice', password: 'wrong' }]) {
      const res = await browser.request(AUTHORIZE, { ...params, ...login, action: 'deny', csrf });
      expect(res.status, res.html).toBe(401);
      expect(res.location).toBeNull();
      expect(res.html).toContain('role="alert"');
    }
    expect(await consentStatus(consentId)).toBe('received');
    const denied = await browser.request(AUTHORIZE, {
      ...params,
      psuId: 'alice',
      password: SANDBOX_PASSWORD,
      action: 'deny',
      csrf,
    });
    expect(denied.status).toBe(302);
    expect(query(denied.location).get('error')).toBe('access_denied');
    expect(await consentStatus(consentId)).toBe('rejected');
  });

  it('offers Cancel as a link back to the redirect_uri with access_denied and the state, deciding nothing', async () => {
    const { consentId } = await newOAuthConsent(bank);
    const params = authorizeParams({ scope: `AIS:${consentId}`, challenge: pkce().challenge, state: 'st&1' });
    const page = await new Browser(bank).open(authorizeUrl(params));
    const link = /<a\s+class="button secondary"\s+href="([^"]*)"\s*>\s*Cancel\s*<\/a>/.exec(page.html)?.[1];
    expect(link).toBeDefined();
    const back = query((link ?? '').replaceAll('&amp;', '&'));
    expect(back.get('error')).toBe('access_denied');
    expect(back.get('state')).toBe('st&1');
    expect(back.get('code')).toBeNull();
    expect(page.html).not.toMatch(/value="deny"\s+formnovalidate/);
    expect(await consentStatus(consentId)).toBe('received');
  });

  it('takes the account choice of a bank-offered consent only from the browser that logged in', async () => {
    const today = new Date(bank.clock.now()).toISOString().slice(0, 10);
    const created = await send(bank, 'POST', '/v1/consents', {
      body: {
        access: { accounts: [], balances: [], transactions: [] },
        recurringIndicator: false,
        validUntil: today,
        frequencyPerDay: 1,
        combinedServiceIndicator: false,
      },
      headers: { 'TPP-Redirect-URI': `${TPP_ORIGIN}/callback/ok` },
    });
    const consentId = String((created.body as { consentId: string }).consentId);
    const params = authorizeParams({ scope: `AIS:${consentId}`, challenge: pkce().challenge });
    const psu = new Browser(bank);
    const first = await psu.open(authorizeUrl(params));
    const choice = await psu.request(AUTHORIZE, {
      ...params,
      psuId: 'bob',
      password: SANDBOX_PASSWORD,
      action: 'approve',
      csrf: first.token(AUTHORIZE),
    });
    expect(choice.status, choice.html).toBe(200);
    expect(choice.html).toContain('Accounts to share');

    const stranger = new Browser(bank);
    const strangerPage = await stranger.open(authorizeUrl(params));
    const bobMain = accountOf('bob', 0).resourceId;
    for (const action of ['deny', 'approve']) {
      for (const csrf of [strangerPage.token(AUTHORIZE), tokenOf(choice.html, AUTHORIZE)]) {
        const res = await stranger.request(AUTHORIZE, {
          ...params,
          step: 'choose',
          psuId: 'bob',
          action,
          accounts: [bobMain],
          csrf,
        });
        expect([401, 403], res.html).toContain(res.status);
        expect(res.location).toBeNull();
      }
    }
    expect(await consentStatus(consentId)).toBe('received');

    const approved = await psu.request(AUTHORIZE, {
      ...params,
      step: 'choose',
      psuId: 'bob',
      action: 'approve',
      accounts: [bobMain],
      csrf: tokenOf(choice.html, AUTHORIZE),
    });
    expect(approved.status, approved.html).toBe(302);
    expect(query(approved.location).get('code')).toBeTruthy();
    expect(await consentStatus(consentId)).toBe('valid');
  });
});

describe('form tokens in the banking app', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  const decoupled = (psuId: string) => initiate(bank, psuId, { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': psuId });

  async function loggedIn(psuId: string) {
    const browser = new Browser(bank);
    const first = await browser.open('/psd2/app');
    const login = await browser.request('/psd2/app/login', {
      psuId,
      password: SANDBOX_PASSWORD,
      csrf: first.token('/psd2/app/login'),
    });
    expect(login.status).toBe(303);
    expect(login.location).toBe('/psd2/app');
    const home = await browser.open('/psd2/app');
    expect(home.html).toContain('Hello,');
    return { browser, home, csrf: home.token('/psd2/app/decide') ?? home.token('/psd2/app/logout') };
  }

  it('refuses a decision without the session’s token, or with another session’s, and changes nothing', async () => {
    const { authPath, authorisationId, self } = await decoupled('alice');
    const { browser, csrf } = await loggedIn('alice');
    const other = await loggedIn('alice');
    const bobs = await loggedIn('bob');
    for (const token of [undefined, '', 'forged', other.csrf, bobs.csrf]) {
      refused(await browser.request('/psd2/app/decide', { authorisationId, action: 'approve', csrf: token }));
      refused(await browser.request('/psd2/app/decide', { authorisationId, action: 'deny', csrf: token }));
    }
    expect(other.csrf).not.toBe(csrf);
    expect(await scaStatus(bank, authPath)).toBe('started');
    expect(await transactionStatus(bank, self)).toBe('RCVD');

    const done = await browser.request('/psd2/app/decide', { authorisationId, action: 'approve', csrf });
    expect(done.status).toBe(303);
    expect(done.location).toBe('/psd2/app?done=approved');
    expect(await scaStatus(bank, authPath)).toBe('finalised');
  });

  it('refuses a login and a logout without the token', async () => {
    const stranger = new Browser(bank);
    await stranger.open('/psd2/app');
    refused(await stranger.request('/psd2/app/login', { psuId: 'alice', password: SANDBOX_PASSWORD }));
    expect((await stranger.open('/psd2/app')).html).not.toContain('Hello,');

    const { browser } = await loggedIn('alice');
    refused(await browser.request('/psd2/app/logout', {}));
    refused(await browser.request('/psd2/app/logout', { csrf: 'forged' }));
    expect((await browser.open('/psd2/app')).html).toContain('Hello, Alice');
  });

  it('refuses a post from another origin of the same host, even with the right token', async () => {
    const { authPath, authorisationId } = await decoupled('alice');
    const { browser, csrf } = await loggedIn('alice');
    const foreign: Record<string, string>[] = [
      { Origin: 'http://bank.test:8080' },
      { Origin: 'https://bank.test' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'same-site' },
      { 'Sec-Fetch-Site': 'cross-site', Origin: 'http://bank.test:8080' },
    ];
    for (const headers of foreign) {
      refused(await browser.request('/psd2/app/decide', { authorisationId, action: 'approve', csrf }, headers));
    }
    expect(await scaStatus(bank, authPath)).toBe('started');
    // The bank's own page posts with its own origin.
    const own = await browser.request(
      '/psd2/app/decide',
      { authorisationId, action: 'approve', csrf },
      { Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(own.location).toBe('/psd2/app?done=approved');
  });
});

describe('form tokens on the redirect SCA and OAuth pages', () => {
  let bank: TestBank;
  let oauth: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
    oauth = await oauthBank();
  });
  afterAll(async () => {
    await bank.close();
    await oauth.close();
  });

  it('refuses a login or a decision without the token of this browser and this authorisation', async () => {
    const { authPath, scaRedirect } = await initiate(bank, 'alice', redirectHeaders());
    const other = await initiate(bank, 'alice', redirectHeaders());
    const browser = new Browser(bank);
    await browser.open(scaRedirect);
    const elsewhere = await browser.open(other.scaRedirect);
    for (const csrf of [undefined, 'forged', elsewhere.token(`${other.scaRedirect}/login`)]) {
      refused(await browser.request(`${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD, csrf }));
    }
    expect(await scaStatus(bank, authPath)).toBe('received');

    const csrf = await logInAtBank(browser, scaRedirect);
    for (const token of [undefined, 'forged', elsewhere.token(`${other.scaRedirect}/login`)]) {
      refused(await browser.request(`${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP, csrf: token }));
      refused(await browser.request(`${scaRedirect}/decision`, { action: 'deny', csrf: token }));
    }
    refused(
      await browser.request(
        `${scaRedirect}/decision`,
        { action: 'approve', otp: SANDBOX_OTP, csrf },
        { Origin: 'http://bank.test:8080' },
      ),
    );
    expect(await scaStatus(bank, authPath)).toBe('psuAuthenticated');
    const approved = await browser.request(`${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP, csrf });
    expect(approved.location).toBe(TPP_OK);
  });

  it('refuses the OAuth form without the token of this browser and this request, and issues no code', async () => {
    const { consentId } = await newOAuthConsent(oauth);
    const params = authorizeParams({ scope: `AIS:${consentId}`, challenge: pkce().challenge });
    const another = authorizeParams({ scope: `AIS:${consentId}`, challenge: pkce().challenge });
    const login = { psuId: 'alice', password: SANDBOX_PASSWORD, action: 'approve' };
    const browser = new Browser(oauth);
    const url = (p: Record<string, string>) => `${ORIGIN}/psd2/oauth/authorize?${new URLSearchParams(p).toString()}`;
    const page = await browser.open(url(params));
    const otherRequest = (await browser.open(url(another))).token(`${ORIGIN}/psd2/oauth/authorize`);
    const stranger = new Browser(oauth);
    const strangers = (await stranger.open(url(params))).token(`${ORIGIN}/psd2/oauth/authorize`);
    for (const csrf of [undefined, 'forged', otherRequest, strangers]) {
      refused(await browser.request(`${ORIGIN}/psd2/oauth/authorize`, { ...params, ...login, csrf }));
    }
    const csrf = page.token(`${ORIGIN}/psd2/oauth/authorize`);
    refused(
      await browser.request(
        `${ORIGIN}/psd2/oauth/authorize`,
        { ...params, ...login, csrf },
        { Origin: 'http://bank.test:4318' },
      ),
    );
    const codes = await oauth.store.db.selectFrom('oauth_codes').select('code_hash').execute();
    expect(codes).toEqual([]);
    const approved = await browser.request(`${ORIGIN}/psd2/oauth/authorize`, { ...params, ...login, csrf });
    expect(approved.status, approved.html).toBe(302);
    expect(new URL(approved.location ?? '').origin + new URL(approved.location ?? '').pathname).toBe(CALLBACK);
  });
});

describe('browse() posts the way the PSU’s browser does', () => {
  it('carries the page’s token, so the flows of the other tests pass', async () => {
    const bank = await createTestBank();
    try {
      const { scaRedirect, self } = await initiate(bank, 'alice', redirectHeaders());
      expect((await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD })).status).toBe(
        303,
      );
      const done = await browse(bank, `${scaRedirect}/decision`, { action: 'approve', otp: SANDBOX_OTP });
      expect(done.location).toBe(TPP_OK);
      expect(await transactionStatus(bank, self)).toBe('ACTC');
    } finally {
      await bank.close();
    }
  });
});
