// The PSU pages for testers: the login pages name the sandbox's test logins (from the bank's data), set apart as
// sandbox help; the banking app lists the waiting requests newest first, each with its time, what it is and its ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201 } from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { createTestBank, type TestBank } from './testing/test-support';
import { accountOf, browse, href, ok, paymentBody, send } from './testing/test-kit';
import { authorizePage, newPayment, oauthBank, pkce } from './testing/oauth-test-kit';

let bank: TestBank;
beforeAll(async () => {
  bank = await createTestBank();
});
afterAll(() => bank.close());

/** The page's text without its markup, as a person reads it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([.;,])/g, '$1')
    .trim();

/** The sandbox help of a page: its aside, or undefined. */
const helpOf = (html: string) => /<aside class="sandbox-help"[\s\S]*?<\/aside>/.exec(html)?.[0];

/** The help's row for a PSU: its cells' text. */
function rowOf(help: string, psuId: string): string {
  const row = [...help.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].find((r) => r[1]?.includes(`<code>${psuId}</code>`));
  return textOf(row?.[1] ?? '');
}

async function redirectLogin(query = '') {
  const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
    body: paymentBody(),
    headers: { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': 'https://tpp.example/ok' },
  });
  return browse(bank, `${href(ok(res, 201, PaymentInitiationResponse201)._links.scaRedirect)}${query}`);
}

describe('the sandbox help on the login pages', () => {
  it('names every test PSU, the password and the one-time password, with what is special about each', async () => {
    const page = await redirectLogin();
    const help = helpOf(page.html);
    if (!help) throw new Error('the login page has no sandbox help');
    expect(help).toContain('aria-labelledby="sandbox-help-title"');
    const text = textOf(help);
    expect(text).toContain('Sandbox help: test logins');
    expect(text).toContain(`Every test PSU logs in with the password ${SANDBOX_PASSWORD}`);
    expect(text).toContain(`The one-time password is ${SANDBOX_OTP}; 3 wrong ones fail the authorisation.`);
    expect(rowOf(help, 'alice')).toBe('alice Alice Schneider Approves normally.');
    expect(rowOf(help, 'bob')).toBe('bob Bob Laurent Approves normally.');
    expect(rowOf(help, 'carol')).toBe(
      'carol Carol Jensen Payments are rejected for lack of funds (RJCT); one SCA method, so no method choice.',
    );
    expect(rowOf(help, 'dave')).toBe('dave Dave Okafor Every SCA fails, whatever the one-time password.');
    // It sits below the bank's own form, not in it.
    expect(page.html.indexOf('<aside')).toBeGreaterThan(page.html.indexOf('</form>'));
  });

  it('follows the bank’s data: a PSU added through the admin API is listed', async () => {
    const added = await send(bank, 'POST', '/admin/psus', {
      body: { psuId: 'erin', name: 'Erin Novak', accounts: [{ currency: 'EUR', balance: '100.00' }] },
    });
    expect(added.status).toBe(201);
    const help = helpOf((await redirectLogin()).html) ?? '';
    expect(rowOf(help, 'erin')).toBe('erin Erin Novak Approves normally.');
  });

  it('is on the banking app’s login too, not once the PSU is logged in', async () => {
    const login = await browse(bank, '/psd2/app');
    expect(textOf(helpOf(login.html) ?? '')).toContain('dave Dave Okafor Every SCA fails');
    const session = await browse(bank, '/psd2/app/login', { psuId: 'alice', password: SANDBOX_PASSWORD });
    const cookie = session.setCookie?.split(';')[0];
    expect(helpOf((await browse(bank, '/psd2/app', undefined, cookie)).html)).toBeUndefined();
  });

  it('is on the OAuth authorize page’s login too', async () => {
    const oauth = await oauthBank();
    try {
      const { paymentId } = await newPayment(oauth);
      const page = await authorizePage(oauth, { scope: `PIS:${paymentId}`, challenge: pkce().challenge });
      expect(page.status).toBe(200);
      expect(rowOf(helpOf(page.html) ?? '', 'carol')).toContain('Payments are rejected for lack of funds');
    } finally {
      await oauth.close();
    }
  });

  it('shortens the names in presenter mode', async () => {
    const page = await redirectLogin('?presenter=1');
    const help = helpOf(page.html) ?? '';
    expect(rowOf(help, 'alice')).toBe('alice Alice S. Approves normally.');
    expect(textOf(page.html)).not.toContain('Alice Schneider');
  });
});

describe('the banking app’s list of waiting requests', () => {
  it('lists them newest first, each with its time, amount and creditor or access, and its ids', async () => {
    const headers = { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'bob' };
    const bobMain = accountOf('bob');
    const pay = async (amount: string, creditorName: string) => {
      const body = { ...paymentBody(), debtorAccount: { iban: bobMain.iban }, creditorName };
      body.instructedAmount = { currency: 'EUR', amount };
      const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body, headers });
      const created = ok(res, 201, PaymentInitiationResponse201);
      return { id: created.paymentId, auth: href(created._links.scaStatus).split('/').pop() ?? '' };
    };
    const first = await pay('10.00', 'Bakery One');
    bank.clock.advance(60_000);
    const consentRes = await send(bank, 'POST', '/v1/consents', {
      body: {
        access: { balances: [{ iban: bobMain.iban }], accounts: [{ iban: bobMain.iban }] },
        recurringIndicator: false,
        validUntil: '2026-06-30',
        frequencyPerDay: 1,
        combinedServiceIndicator: false,
      },
      headers,
    });
    const consent = ok(consentRes, 201, ConsentsResponse201);
    const consentAuth = href(consent._links.scaStatus).split('/').pop() ?? '';
    bank.clock.advance(60_000);
    const last = await pay('2000.00', 'Roastery Supplies GmbH');

    const login = await browse(bank, '/psd2/app/login', { psuId: 'bob', password: SANDBOX_PASSWORD });
    const home = (await browse(bank, '/psd2/app', undefined, login.setCookie?.split(';')[0])).html;
    const cards = [...home.matchAll(/<section class="card" aria-label="Request ([^"]+)">([\s\S]*?)<\/section>/g)];
    expect(cards.map((c) => c[1])).toEqual([last.auth, consentAuth, first.auth]);
    const [newest, middle, oldest] = cards.map((c) => textOf(c[2] ?? ''));
    expect(newest).toContain('Payment: €2,000.00 to Roastery Supplies GmbH');
    expect(newest).toContain('Requested 2026-03-16 09:02:00 UTC');
    expect(newest).toContain(`Payment id ${last.id}`);
    expect(newest).toContain(`Request id ${last.auth}`);
    expect(middle).toContain(`Account access: Account details: ${bobMain.iban}; Balances: ${bobMain.iban}`);
    expect(middle).toContain('Requested 2026-03-16 09:01:00 UTC');
    expect(middle).toContain(`Consent id ${consent.consentId}`);
    expect(oldest).toContain('Payment: €10.00 to Bakery One');
    expect(oldest).toContain('Requested 2026-03-16 09:00:00 UTC');
    expect(home).toContain('<time datetime="2026-03-16T09:00:00.000Z">');
    expect(textOf(home)).toContain('Waiting for your approval, newest first');
  });
});
