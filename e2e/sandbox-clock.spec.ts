// The bank's clock moved: a payment settles and a consent expires, with no waiting. The clock is one for every client of
// a bank, so each test runs on a test bench of its own (e2e/bench.ts), with its clock frozen until the test moves it.
import { authoriseConsentViaApi, dedicated, isoDay } from './accounts-helpers';
import { bench, benchName } from './bench';
import { storeActiveConsent, storeProfile } from './console-storage';
import { singlePayment, testAccounts, xs2aHeaders } from './fixtures';
import { transactionStatus } from './payments-helpers';
import { clockPanel, moveClock, openSandboxPage } from './sandbox-admin-helpers';
import { expect, test } from './test';

const aliceMain = testAccounts['alice-main'];

test('an authorised payment settles (ACSC) when the bank’s clock is moved on from the Sandbox page', async ({
  page,
}, testInfo) => {
  const b = await bench(page.request, benchName(testInfo));
  await b.freeze();
  await storeProfile(page, b.profile());
  const created = await page.request.post(`${b.path}/v1/payments/sepa-credit-transfers`, {
    headers: xs2aHeaders({ 'PSU-ID': 'alice', 'TPP-Redirect-Preferred': 'false' }),
    data: singlePayment(aliceMain.iban),
  });
  expect(created.status(), await created.text()).toBe(201);
  const payment = (await created.json()) as { paymentId: string; _links: Record<string, { href: string }> };
  const scaStatus = await authoriseConsentViaApi(page.request, { consentId: payment.paymentId, ...payment }, 'alice');
  expect(scaStatus).toBe('finalised');

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
}, testInfo) => {
  const b = await bench(page.request, benchName(testInfo));
  await b.freeze();
  const profile = b.profile();
  await storeProfile(page, profile);
  const created = await page.request.post(`${b.path}/v1/consents`, {
    headers: xs2aHeaders({ 'PSU-ID': 'alice', 'TPP-Redirect-Preferred': 'false' }),
    data: {
      access: dedicated(aliceMain.iban),
      recurringIndicator: false,
      validUntil: isoDay(30),
      frequencyPerDay: 1,
      combinedServiceIndicator: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const consent = (await created.json()) as { consentId: string; _links: Record<string, { href: string }> };
  expect(await authoriseConsentViaApi(page.request, consent, 'alice')).toBe('finalised');
  await storeActiveConsent(page, consent.consentId, profile.id);

  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const details = page.getByRole('region', { name: 'Account details' });
  await expect(details).toContainText(aliceMain.iban.slice(-4));

  // While the page is open, the bank's day passes the consent's validUntil (30 days ahead): the console learns it from
  // the bank's refusal of the next read.
  const moved = await page.request.post(`${b.path}/admin/clock/set`, { data: { to: isoDay(31) } });
  expect(moved.status(), await moved.text()).toBe(200);
  // A read the page makes by itself (a page of transactions) may meet the refusal first and replace the details: the
  // Refresh is then gone, and the page has already learnt what the click would tell it.
  await details
    .getByRole('button', { name: 'Refresh' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);

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
