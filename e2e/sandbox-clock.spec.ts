// The bank's clock moved from the Sandbox page: a payment settles and a consent expires, with no waiting. The clock is
// one for every client of a bank, so these tests use a sandbox of their own (e2e/sandbox-admin-helpers.ts) and run one
// after another, each moving it forward from where the one before left it.
import { authoriseConsentViaApi, createConsentViaApi, dedicated, isoDay } from './accounts-helpers';
import { storeActiveConsent, storeProfile } from './console-storage';
import { singlePayment, testAccounts, xs2aHeaders } from './fixtures';
import { transactionStatus } from './payments-helpers';
import { clockBankOrigin, clockBankProfile, clockPanel, moveClock, openSandboxPage } from './sandbox-admin-helpers';
import { expect, test } from './test';

const aliceMain = testAccounts['alice-main'];

test.describe.configure({ mode: 'serial' });

test.beforeEach(async ({ page }) => {
  await storeProfile(page, clockBankProfile);
});

test('an authorised payment settles (ACSC) when the bank’s clock is moved on from the Sandbox page', async ({
  page,
  playwright,
}) => {
  const bank = await playwright.request.newContext({ baseURL: clockBankOrigin });
  const created = await bank.post('/sandbox/v1/payments/sepa-credit-transfers', {
    headers: xs2aHeaders({ 'PSU-ID': 'alice', 'TPP-Redirect-Preferred': 'false' }),
    data: singlePayment(aliceMain.iban),
  });
  expect(created.status(), await created.text()).toBe(201);
  const payment = (await created.json()) as { paymentId: string; _links: Record<string, { href: string }> };
  expect(await authoriseConsentViaApi(bank, { consentId: payment.paymentId, _links: payment._links }, 'alice')).toBe(
    'finalised',
  );
  await bank.dispose();

  await page.goto(`/payments/payments/sepa-credit-transfers/${payment.paymentId}`);
  await expect(transactionStatus(page)).toContainText('ACTC');

  await openSandboxPage(page);
  const before = await clockPanel(page).getByTestId('bank-time').textContent();
  await moveClock(page, '+1 hour');
  await expect(clockPanel(page).getByTestId('bank-time')).not.toHaveText(before ?? '');
  await expect(clockPanel(page)).toContainText('ahead of real time');

  await page.goBack();
  await expect(transactionStatus(page)).toContainText('ACSC');
});

test('a consent expires when the clock passes its validUntil, and the account page shows the bank’s CONSENT_EXPIRED', async ({
  page,
  playwright,
}) => {
  const bank = await playwright.request.newContext({ baseURL: clockBankOrigin });
  const consent = await createConsentViaApi(bank, { psu: 'alice', access: dedicated(aliceMain.iban) });
  expect(await authoriseConsentViaApi(bank, consent, 'alice')).toBe('finalised');
  await storeActiveConsent(page, consent.consentId, clockBankProfile.id);

  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const details = page.getByRole('region', { name: 'Account details' });
  await expect(details).toContainText(aliceMain.iban.slice(-4));

  // While the page is open, the bank's day passes the consent's validUntil (30 days ahead): the console learns it from
  // the bank's refusal of the next read.
  const moved = await bank.post('/sandbox/admin/clock/set', { data: { to: isoDay(31) } });
  expect(moved.status(), await moved.text()).toBe(200);
  await bank.dispose();
  await details.getByRole('button', { name: 'Refresh' }).click();

  // The bank refused the read with CONSENT_EXPIRED; the page then says so in plain words and reads nothing more.
  const expired = page.getByRole('region', { name: 'The consent has expired' });
  await expect(expired).toContainText('The consent passed its validUntil date');
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /^Inspector/ })
    .click();
  const refusedRead = page
    .getByRole('button', { name: new RegExp(`^GET /v1/accounts/${aliceMain.resourceId}`) })
    .filter({ hasText: '401' });
  await refusedRead.first().click();
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"code": "CONSENT_EXPIRED"');

  // The Sandbox page shows the bank's new day.
  await openSandboxPage(page);
  await expect(clockPanel(page).getByTestId('bank-time')).toContainText(
    new Date(`${isoDay(31)}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }),
  );
});
