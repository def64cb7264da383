// Presenter mode on the bank's PSU pages: asked for with `?presenter=1` on the page's address, it masks account numbers
// and shortens personal names, shows the "Sandbox bank — test data" banner, and survives the page's own posts. It only
// changes what is shown: the decision, where the browser is sent and the authorisation's outcome stay the same.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentInitiationResponse201 } from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { createTestBank, type TestBank } from './testing/test-support';
import { accountOf, browse, href, ok, send } from './testing/test-kit';

const CREDITOR_IBAN = 'DE02100100109307118603';
const TPP_OK = 'https://tpp.example/callback/ok';
const BANNER = 'Sandbox bank — test data';

let bank: TestBank;
beforeAll(async () => {
  bank = await createTestBank();
});
afterAll(() => bank.close());

async function initiate(headers: Record<string, string>) {
  const res = await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
    body: {
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      debtorAccount: { iban: accountOf('alice').iban },
      creditorName: 'Bob Laurent',
      creditorAccount: { iban: CREDITOR_IBAN },
      remittanceInformationUnstructured: `Refund from ${CREDITOR_IBAN}`,
    },
    headers,
  });
  return ok(res, 201, PaymentInitiationResponse201);
}

async function redirectPayment() {
  const body = await initiate({ 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': TPP_OK });
  return href(body._links.scaRedirect);
}

/** The page's text without its markup, as a person reads it. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, ' ');

function expectMasked(html: string) {
  const text = textOf(html);
  expect(text).toContain(BANNER);
  for (const secret of [CREDITOR_IBAN, accountOf('alice').iban, 'Alice Schneider', 'Bob Laurent']) {
    expect(text).not.toContain(secret);
  }
}

describe('the redirect SCA page in presenter mode', () => {
  it('masks the payment and the PSU, shows the banner and keeps the mode through the login', async () => {
    const scaRedirect = await redirectPayment();
    const first = await browse(bank, `${scaRedirect}?presenter=1`);
    expect(first.status).toBe(200);
    expectMasked(first.html);
    expect(first.html).toContain('DE02 •••• •••• 8603');
    expect(first.html).toContain('Bob L.');
    expect(first.html).toContain('Refund from DE02 •••• •••• 8603');
    expect(first.html).toContain('<input type="hidden" name="presenter" value="1" />');

    const login = await browse(bank, `${scaRedirect}/login`, {
      psuId: 'alice',
      password: SANDBOX_PASSWORD,
      presenter: '1',
    });
    expect(login.status).toBe(303);
    expect(login.location).toBe(`${new URL(scaRedirect).pathname}?presenter=1`);

    const decisionPage = await browse(bank, login.location ?? '');
    expectMasked(decisionPage.html);
    expect(decisionPage.html).toContain('Logged in as <strong>Alice S.</strong>');
    expect(decisionPage.html).toContain('name="presenter" value="1"');

    // The decision goes where it goes without the flag: only the display changed.
    const decision = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      otp: SANDBOX_OTP,
      method: 'sms',
      presenter: '1',
    });
    expect(decision.status).toBe(303);
    expect(decision.location).toBe(TPP_OK);
    const after = await browse(bank, `${scaRedirect}?presenter=1`);
    expect(after.html).toContain('already finalised');
    expectMasked(after.html);
  });

  it('shows everything as it is without the flag, or with any other value', async () => {
    const scaRedirect = await redirectPayment();
    for (const query of ['', '?presenter=0', '?presenter=true', '?presenter=%3Cb%3E']) {
      const page = await browse(bank, `${scaRedirect}${query}`);
      expect(page.html).not.toContain(BANNER);
      expect(page.html).toContain(CREDITOR_IBAN);
      expect(page.html).toContain('Bob Laurent');
      expect(page.html).not.toContain('name="presenter"');
      expect(page.html).not.toContain('%3Cb%3E');
    }
    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect(login.location).toBe(new URL(scaRedirect).pathname);
  });
});

describe('the banking app in presenter mode', () => {
  it('greets the PSU by the short name, masks the requests and keeps the mode after the login', async () => {
    await initiate({ 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice' });
    const login = await browse(bank, '/psd2/app/login', { psuId: 'alice', password: SANDBOX_PASSWORD, presenter: '1' });
    expect(login.status).toBe(303);
    expect(login.location).toBe('/psd2/app?presenter=1');
    const cookie = login.setCookie?.split(';')[0];
    const home = await browse(bank, login.location ?? '', undefined, cookie);
    expectMasked(home.html);
    expect(home.html).toContain('Hello, Alice S.');
    expect(home.html).toContain('DE02 •••• •••• 8603');
  });
});
