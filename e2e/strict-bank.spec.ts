// A bank that demands the TPP's certificate in the TLS handshake and signed requests, reached through the console
// server's relay: consents, accounts and a payment with relay target "strict"; then what the user sees when the relay
// has no client certificate, signs with the wrong key, or does not trust the bank's CA. No key or passphrase ever
// reaches the browser.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { messageCodeInfo } from '../src/xs2a';
import { isoDay, reportStatus, showTransactions } from './accounts-helpers';
import { createConsentThroughUi } from './consents-helpers';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { createPayment, fillPaymentForm, transactionStatus } from './payments-helpers';
import { authorisePanel } from './sca-helpers';
import { secretsOf, strictBaseUrl, strictPki, strictTargets } from './strict-helpers';

test.describe.configure({ timeout: 120_000 });

const alice = testAccounts['alice-main'];

/**
 * Saves a profile for the strict bank through Settings and makes it the active one. TPP-Redirect-Preferred false
 * makes the bank choose embedded SCA, which runs in the console (the bank's own pages use its private CA's certificate).
 */
async function useStrictProfile(page: Page, name: string, relay: string): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('base_url').fill(strictBaseUrl);
  await form.getByLabel('PSU-IP-Address').fill('192.168.0.10');
  await form.getByLabel('TPP-Redirect-Preferred').selectOption('false');
  const relaySelect = form.getByLabel('Relay');
  await expect(relaySelect.getByRole('option', { name: new RegExp(`^${relay} `) })).toHaveCount(1);
  await relaySelect.selectOption(relay);
  await form.getByRole('button', { name: 'Save profile' }).click();
  const item = page.getByRole('list', { name: 'Bank profiles' }).getByRole('listitem', { name, exact: true });
  await expect(item).toContainText(`via relay ${relay}`);
  await page.getByRole('banner').getByLabel('Bank profile').selectOption({ label: name });
}

async function openInspector(page: Page) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
}

/** The inspector's HAR export of the tab's exchanges, as text. */
async function exportHar(page: Page): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  return readFile(await (await downloading).path(), 'utf8');
}

function expectNoSecret(text: string) {
  for (const secret of secretsOf(strictPki())) expect(text).not.toContain(secret);
}

test('through relay target "strict": a consent, accounts, balances, transactions and a payment to ACSC', async ({
  page,
}) => {
  await useStrictProfile(page, 'Strict bank', strictTargets.ok);

  // A consent for alice's main account, authorised with embedded SCA, made the active consent.
  const relayed: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/relay/')) relayed.push(request.url());
  });
  const consentId = await createConsentThroughUi(page, {
    psu: 'alice',
    approach: 'embedded',
    access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
  });
  // Every call went through the relay; the browser never spoke to the strict bank itself. Besides the XS2A calls, the
  // navigation asked (through the relay too) whether the bank offers the sandbox's admin API; the strict bank does not.
  expect(relayed.length).toBeGreaterThan(3);
  for (const url of relayed) {
    expect(new URL(url).pathname).toBe(`/relay/${strictTargets.ok}`);
    expect(new URL(url).searchParams.get('url')).toMatch(new RegExp(`^${strictBaseUrl}/(v1/|admin$)`));
  }
  await expect(
    page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Sandbox' }),
  ).toHaveCount(0);

  // Accounts, balances and transactions with that consent.
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByText(`Reading with consent ${consentId}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 account' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' });
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${alice.resourceId}$`));
  const balances = page.getByRole('region', { name: 'Balances' }).getByRole('table');
  await expect(balances.getByRole('rowheader', { name: /^Interim available/ })).toBeVisible();
  await showTransactions(page, { dateFrom: isoDay(-60), bookingStatus: 'booked' });
  await expect(reportStatus(page)).toHaveText(/^\d+ entries on this page/);

  // A payment from the same account, authorised with embedded SCA, accepted and then settled.
  await createPayment(page, { debtorIban: alice.iban, amount: '9.99', remittance: 'Strict bank e2e' });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  const methods = panel.getByRole('group', { name: 'SCA method' });
  await methods.getByRole('radio').first().check();
  await panel.getByRole('button', { name: 'Use this method' }).click();
  await panel.getByLabel('One-time password').fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  await expect(transactionStatus(page)).toContainText('ACSC');

  // The inspector shows the bank's URLs via the relay, and neither it nor the HAR export holds a key or passphrase.
  await openInspector(page);
  await page
    .getByRole('button', { name: /^POST \/v1\/payments\/sepa-credit-transfers 201 / })
    .first()
    .click();
  await expect(page.getByText(`via relay ${strictTargets.ok}`).first()).toBeVisible();
  expectNoSecret((await page.locator('body').textContent()) ?? '');
  const har = await exportHar(page);
  expect((JSON.parse(har) as { log: { entries: unknown[] } }).log.entries.length).toBeGreaterThan(8);
  expectNoSecret(har);
});

/** Submits a payment through the active profile and returns the error the page shows; what was typed stays. */
async function paymentError(page: Page, amount: string) {
  await fillPaymentForm(page, { debtorIban: alice.iban, amount });
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  const error = page.getByRole('alert').filter({ hasText: /HTTP \d{3}/ });
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/payments\/new$/);
  await expect(page.getByLabel('Amount')).toHaveValue(amount);
  // The form shows the IBAN in groups of four.
  expect((await page.getByLabel('Debtor IBAN').inputValue()).replace(/\s/g, '')).toBe(alice.iban);
  return error;
}

test('without a client certificate the bank answers CERTIFICATE_MISSING, shown with its meaning', async ({
  page,
}, testInfo) => {
  await useStrictProfile(page, 'Strict bank, no certificate', strictTargets.noCert);
  const error = await paymentError(page, '3.10');
  await expect(error).toContainText('CERTIFICATE_MISSING');
  await expect(error).toContainText(messageCodeInfo.CERTIFICATE_MISSING.meaning);
  await expect(error).toContainText('HTTP 401');
  await expect(error).toContainText('X-Request-ID');
  await page.screenshot({ path: testInfo.outputPath('certificate-missing.png'), fullPage: true });
  expectNoSecret(await exportHarFromInspector(page));
});

test('with a signing key that is not the QSealC’s the bank answers SIGNATURE_INVALID', async ({ page }, testInfo) => {
  await useStrictProfile(page, 'Strict bank, bad signature', strictTargets.badSignature);
  const error = await paymentError(page, '3.20');
  await expect(error).toContainText('SIGNATURE_INVALID');
  await expect(error).toContainText(messageCodeInfo.SIGNATURE_INVALID.meaning);
  await expect(error).toContainText('HTTP 401');
  await page.screenshot({ path: testInfo.outputPath('signature-invalid.png'), fullPage: true });
  expectNoSecret(await exportHarFromInspector(page));
});

test('when the relay does not trust the bank’s CA the user reads the relay’s TLS message', async ({
  page,
}, testInfo) => {
  await useStrictProfile(page, 'Strict bank, untrusted', strictTargets.untrusted);
  const error = await paymentError(page, '3.30');
  await expect(error).toContainText('The console’s relay could not reach the bank');
  await expect(error).toContainText('shows a TLS certificate from a certificate authority the relay does not trust');
  await expect(error).toContainText(`set tls.ca of relay target ${strictTargets.untrusted}`);
  await expect(error).toContainText('HTTP 502');
  await page.screenshot({ path: testInfo.outputPath('relay-tls-failure.png'), fullPage: true });
  expectNoSecret(await exportHarFromInspector(page));
});

async function exportHarFromInspector(page: Page): Promise<string> {
  await openInspector(page);
  expectNoSecret((await page.locator('body').textContent()) ?? '');
  return exportHar(page);
}
