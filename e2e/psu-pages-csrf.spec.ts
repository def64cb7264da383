// The sandbox's PSU pages against a page of another origin in the same browser: a page served from another port of
// 127.0.0.1 (same site, so SameSite cookies do not stop it) auto-submits a decision to the banking app while the PSU is
// logged in there, and the request stays undecided. Also: leaving the bank's login pages without deciding (Cancel is a
// link back to the TPP), and the accessibility of the pages whose forms now carry tokens.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { authoriseConsentPanel, consentStatus, fillConsentForm, submitConsentForm } from './consents-helpers';
import { initiatePayment, paymentStatus, SANDBOX, SANDBOX_PASSWORD, testAccounts, xs2aHeaders } from './fixtures';
import { atOAuthLoginPage, useOAuthProfile } from './oauth-helpers';
import { expectNoSeriousA11yViolations } from './axe';

const alice = testAccounts['alice-main'];

/** A server on a port of its own, serving one HTML page: the attacker's page. */
async function attackerPage(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

/** A form that posts itself as soon as the page loads. */
const autoSubmit = (action: string, fields: Record<string, string>) => `<!doctype html>
<html><body>
<form id="f" method="post" action="${action}">
${Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
  .join('\n')}
</form>
<script>document.getElementById('f').submit();</script>
</body></html>`;

async function scaStatusOf(request: APIRequestContext, scaStatusHref: string): Promise<string> {
  const response = await request.get(scaStatusHref, { headers: xs2aHeaders() });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { scaStatus: string }).scaStatus;
}

/** The form token of another session of the banking app: the attacker's own login there, as PSU bob. */
async function tokenOfAnotherSession(request: APIRequestContext): Promise<string> {
  const tokenIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const login = await request.get(`${SANDBOX}/app`);
  const posted = await request.post(`${SANDBOX}/app/login`, {
    form: { psuId: 'bob', password: SANDBOX_PASSWORD, csrf: tokenIn(await login.text()) },
  });
  expect(posted.url()).toMatch(/\/sandbox\/app$/);
  const home = await posted.text();
  expect(home).toContain('Hello, Bob');
  return tokenIn(home);
}

async function logInToBankingApp(page: Page, psuId: string) {
  await page.goto(`${SANDBOX}/app`);
  await page.getByLabel('Online banking ID').fill(psuId);
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: /^Hello,/ })).toBeVisible();
}

test('a page on another port of 127.0.0.1 cannot decide in the banking app for the logged-in PSU', async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const payment = await initiatePayment(api, { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice' }, alice.iban);
  const scaStatus = payment._links.scaStatus?.href ?? '';
  const authorisationId = scaStatus.split('/').pop() ?? '';
  expect(await scaStatusOf(api, scaStatus)).toBe('started');

  await logInToBankingApp(page, 'alice');
  const card = page.getByRole('region', { name: `Request ${authorisationId}` });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const decide = `${baseURL}${SANDBOX}/app/decide`;
  const attempts = {
    'without a token': { authorisationId, action: 'approve' },
    'with another session’s token': { authorisationId, action: 'approve', csrf: await tokenOfAnotherSession(api) },
  };
  for (const [what, fields] of Object.entries(attempts)) {
    const attacker = await attackerPage(autoSubmit(decide, fields));
    try {
      await page.goto(attacker.url);
      // The browser posted the form to the bank, with the PSU's cookie, and shows the bank's answer.
      await page.waitForURL((url) => url.pathname.startsWith(`${SANDBOX}/app`));
      expect(await scaStatusOf(api, scaStatus), what).toBe('started');
      await expect(page.getByRole('heading', { name: 'This form was not accepted' }), what).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Nothing was changed');
    } finally {
      attacker.server.close();
    }
  }
  await expectNoSeriousA11yViolations(page);
  expect(await paymentStatus(api, payment.paymentId)).toBe('RCVD');

  // The PSU's own page still decides.
  await page.goto(`${SANDBOX}/app`);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toContainText('approved');
  expect(await scaStatusOf(api, scaStatus)).toBe('finalised');
  await api.dispose();
});

test('redirect SCA: Cancel on the login page goes back to the TPP and decides nothing; the pages are accessible', async ({
  page,
  request,
  baseURL,
}) => {
  const ok = `${baseURL}/callback/ok?flow=pay-cancel`;
  const nok = `${baseURL}/callback/nok?flow=pay-cancel`;
  const payment = await initiatePayment(request, { 'TPP-Redirect-URI': ok, 'TPP-Nok-Redirect-URI': nok }, alice.iban);
  await page.goto(payment._links.scaRedirect?.href ?? '');
  await expect(page.getByRole('heading', { name: 'Log in to approve' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deny' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL((url) => url.pathname === '/callback/nok');
  expect(new URL(page.url()).searchParams.get('flow')).toBe('pay-cancel');
  expect(await scaStatusOf(request, payment._links.scaStatus?.href ?? '')).toBe('received');
  expect(await paymentStatus(request, payment.paymentId)).toBe('RCVD');

  // Back at the bank, the PSU logs in, and only then can deny.
  await page.goto(payment._links.scaRedirect?.href ?? '');
  await page.getByLabel('Online banking ID').fill('alice');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Deny' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Deny' }).click();
  await page.waitForURL(nok);
  expect(await paymentStatus(request, payment.paymentId)).toBe('RJCT');
});

test.describe('the OAuth page of the strict bank', () => {
  test.describe.configure({ timeout: 120_000 });
  // The bank's pages carry a certificate of the test PKI's private CA.
  test.use({ ignoreHTTPSErrors: true });

  test('is accessible, and Cancel goes back to the console without deciding', async ({ page }) => {
    await useOAuthProfile(page, { id: 'e2e-oauth-cancel', name: 'Strict bank, OAuth cancelled' });
    await fillConsentForm(page, {
      access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
    });
    const consentId = await submitConsentForm(page);
    await expect(consentStatus(page)).toContainText('received');
    await authoriseConsentPanel(page).getByRole('button', { name: 'Authorise at the bank (OAuth)' }).click();
    await atOAuthLoginPage(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === `/consents/${consentId}` && url.searchParams.get('sca') === 'nok');
    // Nothing was decided at the bank: the consent still waits for its authorisation.
    await expect(consentStatus(page)).toContainText('received');
  });
});
