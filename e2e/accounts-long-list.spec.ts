// Bob's business account with exactly 10,000 entries: every page loaded through the bank's next links, the virtualized
// table scrolled to its end with only a few rows in the DOM, sorting and filtering over all of it, and the chart.
import { expect, test } from './test';
import { dedicated, isoDay, reportStatus, transactionsTable } from './accounts-helpers';
import { testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';

// Loading 100 pages takes a while on a busy machine: every exchange is also kept for the inspector.
test.describe.configure({ timeout: 240_000 });

const business = testAccounts['bob-business'];

test('all 10,000 entries load page by page, scroll to the last one with few rows in the DOM, and chart the balance', async ({
  page,
  authorisedConsent,
}) => {
  await authorisedConsent({ psu: 'bob', access: dedicated(business.iban) });
  const transactionPages: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/accounts\/[^/]+\/transactions(\?|$)/.test(new URL(r.url()).pathname + new URL(r.url()).search)) {
      transactionPages.push(r.url());
    }
  });
  // Thirteen months back: the seed's whole year.
  await page.goto(`/accounts/${business.resourceId}?dateFrom=${isoDay(-400)}&dateTo=${isoDay(0)}`);
  await expect(reportStatus(page)).toHaveText(/^100 entries on this page/);
  await expect(
    page.getByRole('navigation', { name: 'Report pages' }).getByRole('button', { name: 'Next' }),
  ).toBeEnabled();

  await page.getByRole('button', { name: 'Load all pages' }).click();
  await expect(page.getByRole('button', { name: 'Stop loading' })).toBeVisible();
  await expect(reportStatus(page)).toHaveText('All 100 pages loaded: 10,000 entries (4 pending, 9,996 booked).', {
    timeout: 180_000,
  });
  // The first page again, then the 99 next links the bank gave.
  expect(transactionPages.length).toBe(101);

  const { region, table } = transactionsTable(page);
  // Two group rows, 10,000 entries and the header row.
  await expect(table).toHaveAttribute('aria-rowcount', '10003');
  const domRows = table.locator('tbody tr');
  expect(await domRows.count()).toBeLessThan(150);

  await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  const last = table.locator('tr[aria-rowindex="10003"]');
  await expect(last).toBeVisible();
  await expect(last.getByRole('button')).toBeVisible();
  expect(await domRows.count()).toBeLessThan(150);
  // The oldest entry is the last one; its date is the earliest of all.
  const lastDate = (await last.locator('time').textContent()) ?? '';
  await table.getByRole('button', { name: /^Date/ }).click(); // newest first
  await table.getByRole('button', { name: /^Date/ }).click(); // oldest first
  await expect(table.getByRole('columnheader', { name: /^Date/ })).toHaveAttribute('aria-sort', 'ascending');
  await region.evaluate((element) => element.scrollTo({ top: 0 }));
  await expect(table.locator('tr[aria-rowindex="8"] time')).toHaveText(lastDate);

  // Filter over all 10,000 loaded rows.
  await page.getByLabel('Filter by text').fill('stripe payout');
  await expect(page.getByText(/^[\d,]+ of 10,000 loaded entries match the filter\.$/)).toBeVisible();
  await expect(table.getByRole('button', { name: /Stripe/ }).first()).toBeVisible();
  await page.getByLabel('Filter by text').fill('');

  // The chart: worked back from the current balance through all 9,996 booked entries.
  await page.getByRole('button', { name: 'Show balance chart' }).click();
  const chart = page.getByRole('region', { name: 'Balance over the period' });
  await expect(chart.getByRole('img', { name: /^Booked balance from / })).toBeVisible();
  await expect(chart).toContainText('through 9,996 booked entries');
  await expect(chart.getByRole('term').filter({ hasText: /^Lowest/ })).toBeVisible();
  await chart.getByRole('img').focus();
  await page.keyboard.press('End');
  await expect(chart.getByText(new RegExp(`^End of ${isoDay(0)}: `))).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the chart is loaded only when it is opened, and asks for the whole report first', async ({
  page,
  authorisedConsent,
}) => {
  await authorisedConsent({ psu: 'bob', access: dedicated(business.iban) });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto(`/accounts/${business.resourceId}`);
  await expect(reportStatus(page)).toHaveText(/^100 entries on this page/);
  expect(scripts.some((s) => s.includes('balance-chart'))).toBe(false);

  await page.getByRole('button', { name: 'Show balance chart' }).click();
  const chart = page.getByRole('region', { name: 'Balance over the period' });
  await expect(chart).toContainText('the chart needs the whole report');
  await chart.getByRole('button', { name: 'Load all pages' }).click();
  await expect(chart.getByRole('img', { name: /^Booked balance from / })).toBeVisible({ timeout: 90_000 });
  expect(scripts.some((s) => s.includes('balance-chart'))).toBe(true);
});
