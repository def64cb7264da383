// OAuth SCA against the strict bank (mutual TLS and signed requests through relay target "strict"; OAuth where it
// would redirect): a consent authorised at the bank's OAuth page and the accounts read with its token, a payment to
// ACTC/ACSC, a PSU who denies, a code the bank does not know, the callback page's accessibility, and an inspector and
// HAR export without a token, code or verifier.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { authoriseConsentPanel, consentStatus, fillConsentForm, submitConsentForm } from './consents-helpers';
import { testAccounts } from './fixtures';
import {
  atOAuthLoginPage,
  consoleOrigin,
  decideAtOAuthPage,
  heldTokens,
  openInspector,
  strictBaseUrl,
  strictTargets,
  useOAuthProfile,
  watchTokenRequests,
} from './oauth-helpers';
import { createPayment, transactionStatus } from './payments-helpers';
import { exchangeRows } from './inspector-helpers';
import { authorisePanel } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';

test.describe.configure({ timeout: 120_000 });
// The bank's pages carry a certificate of the test PKI's private CA.
test.use({ ignoreHTTPSErrors: true });

const alice = testAccounts['alice-main'];

async function screenshots(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Creates a consent for alice's main account on the strict bank and returns its id; its page is open. */
async function newConsent(page: Page): Promise<string> {
  await fillConsentForm(page, {
    access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
  });
  const consentId = await submitConsentForm(page);
  await expect(consentStatus(page)).toContainText('received');
  return consentId;
}

test('a consent authorised at the bank’s OAuth page: valid, accounts read with its token, no secret in the inspector', async ({
  page,
}, testInfo) => {
  await useOAuthProfile(page, { id: 'e2e-oauth-consent', name: 'Strict bank, OAuth' });
  const secrets = watchTokenRequests(page);
  const consentId = await newConsent(page);

  const panel = authoriseConsentPanel(page);
  await expect(panel.getByRole('heading', { name: 'Authorise at the bank' })).toBeVisible();
  const action = panel.getByRole('button', { name: 'Authorise at the bank (OAuth)' });
  await expect(action).toBeVisible();
  await screenshots(page, 'oauth-action', (name) => testInfo.outputPath(name));
  await expectNoSeriousA11yViolations(page);

  await action.click();
  const authorize = await atOAuthLoginPage(page);
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    response_type: 'code',
    client_id: 'xs2a-console',
    redirect_uri: `${consoleOrigin}/callback/oauth`,
    scope: `AIS:${consentId}`,
    code_challenge_method: 'S256',
  });
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await decideAtOAuthPage(page, 'alice', 'approve');

  await page.waitForURL((url) => url.pathname === `/consents/${consentId}` && url.searchParams.get('sca') === 'ok');
  await expect(consentStatus(page)).toContainText('valid');
  const notice = page.getByRole('status').filter({ hasText: 'through OAuth' });
  await expect(notice).toContainText('The bank reports the SCA status as finalised');
  await expect(notice).toContainText('holds an access token for this profile until');
  await screenshots(page, 'oauth-returned', (name) => testInfo.outputPath(name));
  const tokens = await heldTokens(page);
  expect(tokens).toHaveLength(1);
  expect(secrets.codes).toHaveLength(1);
  expect(secrets.verifiers).toHaveLength(1);

  // The account reads carry the consent's token; the strict bank refuses them without it (TOKEN_INVALID).
  const bearer: string[] = [];
  page.on('request', (request) => {
    if ((new URL(request.url()).searchParams.get('url') ?? '').includes('/v1/accounts')) {
      bearer.push(request.headers().authorization ?? '');
    }
  });
  await page.getByRole('button', { name: 'Make active' }).click();
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByText(`Reading with consent ${consentId}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 account' })).toBeVisible();
  expect(bearer.length).toBeGreaterThan(0);
  for (const header of bearer) expect(header).toBe(`Bearer ${tokens[0]}`);

  // Settings show the token the profile holds, until when, and forget it on request.
  await page.goto('/settings');
  const held = page.getByRole('list', { name: 'Session tokens of Strict bank, OAuth' });
  await expect(held).toContainText(`OAuth session token for AIS:${consentId}: held until`);
  await held.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('oauth-settings-token.png') });
  // The relay choice says what each target does for the profile's requests (GET /relay).
  await page.getByRole('button', { name: 'Edit Strict bank, OAuth' }).click();
  const form = page.getByRole('form', { name: 'Edit profile: Strict bank, OAuth' });
  await expect(form.getByLabel('Relay').getByRole('option', { selected: true })).toHaveText(
    `${strictTargets.ok} (${strictBaseUrl}; mutual TLS, signs requests)`,
  );
  await expect(form.getByText('presenting the TPP’s certificate (mutual TLS) and signing each request')).toBeVisible();
  await expect(form.getByLabel('OAuth client_id')).toHaveAttribute('placeholder', 'xs2a-console');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Neither the inspector nor its HAR export holds the token, the code or the verifier.
  await openInspector(page);
  const flow = page.getByRole('region', { name: `Consent ${consentId}` });
  await expect(flow.getByRole('button', { name: /^GET \S*\/\.well-known\/\S* 200 / })).toHaveCount(1);
  await expect(flow.getByRole('button', { name: /^POST \S*\/oauth\/token 200 / })).toHaveCount(1);
  const shown: string[] = [];
  for (const row of await exchangeRows(flow)) {
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    shown.push(await page.locator('body').innerText());
  }
  await flow.getByRole('button', { name: /^POST \S*\/oauth\/token 200 / }).click();
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"access_token": "[redacted]"');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  const har = await readFile(await (await downloading).path(), 'utf8');
  expect(har).toContain('/oauth/token');
  for (const text of [...shown, har]) {
    for (const secret of [...tokens, ...secrets.codes, ...secrets.verifiers]) expect(text).not.toContain(secret);
  }

  await page.goto('/settings');
  await held.getByRole('button', { name: `Forget token for AIS:${consentId}` }).click();
  await expect(held).toHaveCount(0);
  expect(await heldTokens(page)).toEqual([]);
});

test('a payment authorised through OAuth is accepted and settles', async ({ page }) => {
  await useOAuthProfile(page, { id: 'e2e-oauth-payment', name: 'Strict bank, OAuth payments' });
  const payment = await createPayment(page, { debtorIban: alice.iban, amount: '7.25', remittance: 'OAuth e2e' });
  await expect(transactionStatus(page)).toContainText('RCVD');
  await authorisePanel(page).getByRole('button', { name: 'Authorise at the bank (OAuth)' }).click();
  const authorize = await atOAuthLoginPage(page);
  expect(authorize.searchParams.get('scope')).toBe(`PIS:${payment.paymentId}`);
  await decideAtOAuthPage(page, 'alice', 'approve');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  await expect(page.getByRole('status').filter({ hasText: 'through OAuth' })).toContainText('finalised');
  await expect(transactionStatus(page)).toContainText('ACSC');
});

test('a PSU who denies at the bank’s OAuth page: back on the consent, rejected, and no token', async ({ page }) => {
  await useOAuthProfile(page, { id: 'e2e-oauth-deny', name: 'Strict bank, OAuth denied' });
  const consentId = await newConsent(page);
  await authoriseConsentPanel(page).getByRole('button', { name: 'Authorise at the bank (OAuth)' }).click();
  await atOAuthLoginPage(page);
  await decideAtOAuthPage(page, 'alice', 'deny');
  await page.waitForURL((url) => url.pathname === `/consents/${consentId}` && url.searchParams.get('sca') === 'nok');
  await expect(page.getByRole('status').filter({ hasText: 'denied' })).toContainText(
    'the PSU denied the authorisation of the consent on the bank’s OAuth page (access_denied)',
  );
  await expect(consentStatus(page)).toContainText('rejected');
  expect(await heldTokens(page)).toEqual([]);
});

test('a code the bank does not know: the callback page says so in plain words and leads back', async ({
  page,
}, testInfo) => {
  await useOAuthProfile(page, { id: 'e2e-oauth-bad-code', name: 'Strict bank, OAuth bad code' });
  const consentId = await newConsent(page);
  await authoriseConsentPanel(page).getByRole('button', { name: 'Authorise at the bank (OAuth)' }).click();
  const authorize = await atOAuthLoginPage(page);
  // Back at the console with the right state but a code the bank never issued.
  const state = authorize.searchParams.get('state') ?? '';
  await page.goto(`/callback/oauth?code=not-a-code&state=${state}`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The bank did not issue an access token');
  await expect(alert).toContainText('invalid_grant');
  await expect(alert).toContainText('What to check: Authorise again at the bank');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'oauth-callback-failed', (name) => testInfo.outputPath(name));
  await page.getByRole('link', { name: 'Back to the consent' }).click();
  await expect(page).toHaveURL(new RegExp(`/consents/${consentId}\\?sca=nok$`));
  await expect(consentStatus(page)).toContainText('received');
  expect(await heldTokens(page)).toEqual([]);

  // The same address again: the state was used up.
  await page.goto(`/callback/oauth?code=not-a-code&state=${state}`);
  await expect(page.getByRole('alert')).toContainText('The console does not know this authorisation');
  await expectNoSeriousA11yViolations(page);
  await screenshots(page, 'oauth-callback-unknown', (name) => testInfo.outputPath(name));
});

test('without the TPP’s certificate the bank’s refusal says what to check in the relay config', async ({ page }) => {
  await useOAuthProfile(page, {
    id: 'e2e-oauth-no-cert',
    name: 'Strict bank, no certificate',
    relayTarget: strictTargets.noCert,
  });
  await fillConsentForm(page, { access: { accounts: [alice.iban] } });
  await page.getByRole('button', { name: 'Create consent' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'CERTIFICATE_MISSING' });
  await expect(error).toContainText(
    `What to check: The bank wants the TPP’s certificate and did not get it. Check that the relay target “${strictTargets.noCert}” has tls.cert and tls.key`,
  );
});
