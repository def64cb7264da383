// The console keeps the bank's time, not the browser's: with the bank's clock days ahead, the header says so, a consent
// past its validUntil on the bank's calendar reads ended, and the transactions run up to the bank's today. The clock is
// one for every client of a bank, so the test runs on a test bench of its own (e2e/bench.ts) and moves its clock
// instead of waiting.
import type { APIRequestContext, Page } from '@playwright/test';
import { dedicated, isoDay, transactionsTable, validConsentViaApi } from './accounts-helpers';
import { bench, benchName, type Bench } from './bench';
import { storeActiveConsent, storeProfile } from './console-storage';
import { testAccounts } from './fixtures';
import { clockPanel, moveClock, openSandboxPage } from './sandbox-admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './test';

const aliceMain = testAccounts['alice-main'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The bench's time as its admin clock tells it. */
async function benchNow(request: APIRequestContext, b: Bench): Promise<Date> {
  const clock = await request.get(`${b.path}/admin/clock`);
  expect(clock.status()).toBe(200);
  return new Date(((await clock.json()) as { now: string }).now);
}

/** The header's bank time, checked at a width, axe included, with a screenshot of the header. */
async function checkHeaderAt(page: Page, width: number, shown: RegExp, name: string): Promise<void> {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  const badge = page.getByRole('group', { name: 'Bank time' });
  await expect(badge).toBeVisible();
  await expect(badge).toHaveText(shown);
  const box = await badge.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
  await page.locator('header').screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  await expectNoSeriousA11yViolations(page);
}

test('with the bank’s clock five days ahead, the console counts on the bank’s time', async ({ page }, testInfo) => {
  const b = await bench(page.request, benchName(testInfo));
  const profile = b.profile();
  await storeProfile(page, profile);
  // A consent until the browser's day after tomorrow, and one for a month.
  const shortConsent = await validConsentViaApi(page.request, {
    psu: 'alice',
    access: dedicated(aliceMain.iban),
    validUntil: isoDay(2),
    base: b.path,
  });
  const longConsent = await validConsentViaApi(page.request, {
    psu: 'alice',
    access: dedicated(aliceMain.iban),
    validUntil: isoDay(30),
    base: b.path,
  });

  // The bank's clock moves five days on: the short consent's last day has passed for the bank.
  await b.advance('P5D');
  const now = await benchNow(page.request, b);
  const bankToday = now.toISOString().slice(0, 10);
  expect(bankToday).toBe(isoDay(5));
  // A booking dated the bank's today: the admin API sets the balance, booked as an adjustment.
  const adjusted = await page.request.put(`${b.path}/admin/accounts/${aliceMain.resourceId}/balance`, {
    data: { amount: '4321.09' },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(200);

  // The header tells the bank's time and how far it is ahead, read from the bank's Date header.
  await page.goto(`/consents/${shortConsent}`);
  const day = `${now.getUTCDate()} ${MONTHS[now.getUTCMonth()]}`;
  const shown = new RegExp(`^Bank time ${day} \\d\\d:\\d\\d UTC, \\+5 days`);
  const badge = page.getByRole('group', { name: 'Bank time' });
  await expect(badge).toHaveText(shown);
  await expect(badge).toHaveAttribute('title', /^Read from the bank’s Date header at \d\d:\d\d:\d\d/);

  // The bank expired the short consent, and the console agrees: its validity has ended, no days are left.
  await expect(page.getByRole('status', { name: 'Consent status' })).toContainText(/expired/i);
  const validity = page.getByRole('region', { name: 'Access and validity' });
  await expect(validity).toContainText(`${isoDay(2)} (ended)`);
  await expect(validity).not.toContainText('left');
  await checkHeaderAt(page, 1280, shown, 'bank-time');
  await checkHeaderAt(page, 390, shown, 'bank-time');

  // The transactions run up to the bank's today by default, so the booking of that day is there.
  await page.setViewportSize({ width: 1280, height: 800 });
  await storeActiveConsent(page, longConsent, profile.id);
  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const form = page.getByRole('form', { name: 'Transaction report' });
  await expect(form.getByLabel('To (dateTo)')).toHaveValue(bankToday);
  const { table } = transactionsTable(page);
  const booking = table.getByRole('row').filter({ hasText: 'Sandbox balance adjustment' });
  await expect(booking).toHaveCount(1);
  await expect(booking).toContainText(bankToday);

  // A move on the Sandbox page renews the reading at once, from the sandbox's clock.
  await openSandboxPage(page);
  await moveClock(page, '+1 day');
  await expect(clockPanel(page)).toContainText('6 days ahead of real time');
  await expect(badge).toHaveText(/, \+6 days/);
  await expect(badge).toHaveAttribute('title', /^Read from the sandbox’s clock at /);
});
