// The Sandbox page on the console's own sandbox: failure scenarios set from it and seen on the account page (the bank's
// error, a bank too slow for the relay, a bank slower than the profile's request timeout), "Use test PSU" on the payment
// and consent forms, the page hidden for a bank without the admin API, and its accessibility. Scenarios are scoped to
// the test's own consent, so parallel specs never meet them.
import { validConsentViaApi, dedicated } from './accounts-helpers';
import { ibanField } from './consents-helpers';
import { storeActiveConsent, storeProfile } from './console-storage';
import { testAccounts } from './fixtures';
import {
  addScenario,
  impatientProfile,
  openSandboxPage,
  QUICK_TIMEOUT_SECONDS,
  quickProfile,
  removeScenario,
  SLOW_RELAY_TIMEOUT_MS,
} from './sandbox-admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './test';

const aliceMain = testAccounts['alice-main'];
const aliceIbans = [
  testAccounts['alice-main'].iban,
  testAccounts['alice-savings'].iban,
  testAccounts['alice-usd'].iban,
];

test('a scenario set on the Sandbox page makes the bank refuse the account list with ACCESS_EXCEEDED', async ({
  page,
  request,
}) => {
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });
  await storeActiveConsent(page, consentId);
  await page.goto('/');
  await openSandboxPage(page);
  await addScenario(page, { operation: 'getAccountList', error: 'ACCESS_EXCEEDED', resourceId: consentId });

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  const refusal = page.getByText(/^✕ Could not read the accounts/).locator('..');
  await expect(refusal).toContainText('ACCESS_EXCEEDED');
  await expect(refusal).toContainText('HTTP 429');
  await expect(refusal).toContainText('Sandbox scenario: ACCESS_EXCEEDED on getAccountList.');

  await openSandboxPage(page);
  await removeScenario(page, consentId);
});

test('a bank slower than the relay’s timeout is shown as a timeout', async ({ page, request }) => {
  await storeProfile(page, impatientProfile);
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });
  await storeActiveConsent(page, consentId, impatientProfile.id);
  await page.goto('/');
  await openSandboxPage(page);
  await addScenario(page, { operation: 'getAccountList', delayMs: SLOW_RELAY_TIMEOUT_MS * 3, resourceId: consentId });

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  const refusal = page.getByText(/^✕ Could not read the accounts/).locator('..');
  await expect(refusal).toContainText(/did not answer within|timed out|time/i, { timeout: SLOW_RELAY_TIMEOUT_MS * 3 });

  await openSandboxPage(page);
  await removeScenario(page, consentId);
});

test('a bank slower than the profile’s request timeout: the console’s own timeout, the report’s query kept', async ({
  page,
  request,
}) => {
  await storeProfile(page, quickProfile);
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });
  await storeActiveConsent(page, consentId, quickProfile.id);
  await page.goto('/');
  await openSandboxPage(page);
  const delayMs = QUICK_TIMEOUT_SECONDS * 2000;
  await addScenario(page, { operation: 'getTransactionList', delayMs, resourceId: consentId });

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' }).getByRole('link').click();
  const report = page.getByRole('form', { name: 'Transaction report' });
  await report.getByLabel('Booking status (bookingStatus)').selectOption('booked');
  await report.getByLabel('With balances (withBalance)').check();
  await report.getByRole('button', { name: 'Show transactions' }).click();
  // The report of the submitted query (a fresh read) is the one that runs into the timeout.
  await expect(page).toHaveURL(/bookingStatus=booked&withBalance=true$/);

  const failure = page.getByText(/^✕ Could not read the transactions/).locator('..');
  await expect(failure).toContainText('The bank did not answer in time', { timeout: delayMs });
  await expect(failure).toContainText(`within ${QUICK_TIMEOUT_SECONDS} s.`);
  await expect(failure).toContainText('give the profile a longer request timeout in Settings');
  await expect(report.getByLabel('Booking status (bookingStatus)')).toHaveValue('booked');
  await expect(report.getByLabel('With balances (withBalance)')).toBeChecked();

  await openSandboxPage(page);
  await removeScenario(page, consentId);
});

test('“Use test PSU” fills the consent form with the PSU-ID and the IBANs of its accounts', async ({ page }) => {
  await page.goto('/consents/new');
  await page.getByLabel('Test PSU of the sandbox').selectOption('alice');
  await page.getByRole('button', { name: 'Use test PSU' }).click();
  await expect(page.getByText('Filled the PSU-ID header and the consent’s accounts of alice.')).toBeVisible();
  await expect(page.getByLabel('Named accounts (dedicated)')).toBeChecked();
  await expect(page.getByLabel('Same IBANs for accounts, balances and transactions')).toBeChecked();
  for (const [index, iban] of aliceIbans.entries()) {
    await expect(page.getByLabel(`IBAN ${index + 1} for accounts, balances and transactions`)).toHaveValue(iban);
  }
  await expect(ibanField(page, 'accounts', 1)).toHaveCount(0);
  await page.getByText('Request headers', { exact: true }).click();
  await expect(page.getByLabel('PSU-ID for this request')).toHaveValue('alice');
});

test('“Use test PSU” fills the payment form with the PSU-ID and its account', async ({ page }) => {
  await page.goto('/payments/new');
  await page.getByLabel('Test PSU of the sandbox').selectOption('alice');
  await page.getByRole('button', { name: 'Use test PSU' }).click();
  await expect(page.getByText('Filled the PSU-ID header and the debtor IBAN of alice.')).toBeVisible();
  await expect(page.getByLabel('Debtor IBAN')).toHaveValue(aliceMain.iban);
  await page.getByText('Request headers', { exact: true }).click();
  await expect(page.getByLabel('PSU-ID for this request')).toHaveValue('alice');
});

test('the Sandbox page is offered for the embedded sandbox only, not for a bank without the admin API', async ({
  page,
}) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Console sections' });
  await expect(nav.getByRole('link', { name: 'Sandbox' })).toBeVisible();

  await storeProfile(page, {
    id: 'down',
    name: 'A bank that is down',
    baseUrl: 'http://127.0.0.1:2/psd2',
    relayTarget: 'bank-down',
    psuHeaders: {},
    sca: {},
  });
  await page.goto('/test-bench');
  await expect(page.getByText(/This bank offers no sandbox admin API/)).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sandbox' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'The bank’s clock' })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`the Sandbox page has no serious accessibility violation at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/test-bench');
    await expect(page.getByRole('cell', { name: /DE/ }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'The bank’s clock' }).getByTestId('bank-time')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
}
