// The accounts area against the sandbox: a consent from the consents UI, then the account list, an account's details,
// balances and transactions with a period and paging, the entry details, the CSV export, and axe scans.
import { readFile } from 'node:fs/promises';
import { expect, test } from './test';
import { isoDay, reportStatus, showTransactions, transactionsTable, dedicated } from './accounts-helpers';
import { createConsentThroughUi } from './consents-helpers';
import { testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';

test.describe.configure({ timeout: 90_000 });

const aliceMain = testAccounts['alice-main'];

test('a dedicated consent authorised by redirect opens alice’s account: list, details, balances and paged transactions', async ({
  page,
}) => {
  const consentId = await createConsentThroughUi(page, {
    psu: 'alice',
    access: { accounts: [aliceMain.iban], balances: [aliceMain.iban], transactions: [aliceMain.iban] },
  });

  // The list: the one account the consent names, with its balances on request.
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByText(`Reading with consent ${consentId}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 account' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' });
  await expect(item).toContainText('EUR');
  await expect(item).toContainText('Girokonto Plus');
  await expect(item).toContainText('CACC Current account');
  await expect(item.getByText('enabled')).toBeVisible();
  await page.getByLabel('With balances').check();
  const listBalances = item.getByRole('table', { name: /^Balances of / });
  await expect(listBalances.getByRole('rowheader', { name: /Interim booked/ })).toBeVisible();
  await expect(listBalances.getByRole('row')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);

  // The account: its details, every balance type with a plain label, and the transactions of the last 90 days.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/accounts/${aliceMain.resourceId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Alltag|Girokonto/);
  const details = page.getByRole('region', { name: 'Account details' });
  await expect(details.getByText('Girokonto Plus', { exact: true })).toBeVisible();
  await expect(details.getByText(aliceMain.resourceId, { exact: true })).toBeVisible();
  const balances = page.getByRole('region', { name: 'Balances' }).getByRole('table');
  for (const label of [
    'Closing booked',
    'Opening booked',
    'Interim booked',
    'Interim available',
    'Expected',
    'Forward available',
  ]) {
    await expect(balances.getByRole('rowheader', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  await expect(balances.getByRole('row', { name: /Interim available/ })).toContainText('Included');
  await expect(balances.getByRole('row', { name: /Interim booked/ })).toContainText('€');

  // A period of its own: every date shown lies within it, and the report pages through the bank's links.
  const from = isoDay(-150);
  const to = isoDay(-20);
  await showTransactions(page, { dateFrom: from, dateTo: to, bookingStatus: 'booked' });
  await expect(page).toHaveURL(new RegExp(`dateFrom=${from}&dateTo=${to}&bookingStatus=booked`));
  await expect(reportStatus(page)).toHaveText(/^100 entries on this page \(0 pending, 100 booked\)/);
  const { table } = transactionsTable(page);
  const pageNav = page.getByRole('navigation', { name: 'Report pages' });
  await expect(pageNav).toContainText('Page 1');
  const dates = async () => table.locator('time').allTextContents();
  const firstPage = await dates();
  expect(firstPage.length).toBeGreaterThan(5);
  for (const date of firstPage) expect(date >= from && date <= to, date).toBe(true);
  // Newest first: page 2 starts where page 1 ended.
  await pageNav.getByRole('button', { name: 'Next' }).click();
  await expect(pageNav).toContainText('Page 2');
  await expect(pageNav.getByRole('button', { name: 'Previous' })).toBeEnabled();
  // The page label moves on with the URL; the rows follow when page 2's answer is in.
  await expect.poll(dates).not.toEqual(firstPage);
  const secondPage = await dates();
  expect(secondPage[0] ?? '').not.toBe('');
  expect((secondPage[0] ?? '') <= (firstPage[firstPage.length - 1] ?? '')).toBe(true);
  for (const date of secondPage) expect(date >= from && date <= to, date).toBe(true);
  await pageNav.getByRole('button', { name: 'Previous' }).click();
  await expect(pageNav).toContainText('Page 1');
  await expect.poll(dates).toEqual(firstPage);
  await expect(pageNav.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // An entry's details, read through its transactionDetails link.
  await table.getByRole('row').nth(2).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog.getByText('As read with GET on the entry')).toBeVisible();
  await expect(dialog.getByRole('term').filter({ hasText: 'Transaction id' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectNoSeriousA11yViolations(page);
});

test('the CSV export holds the filtered rows, with a header, ISO dates and plain amounts', async ({
  page,
  authorisedConsent,
}) => {
  await authorisedConsent({ psu: 'alice', access: dedicated(aliceMain.iban) });
  const from = isoDay(-90);
  const to = isoDay(0);
  await page.goto(`/accounts/${aliceMain.resourceId}?dateFrom=${from}&dateTo=${to}&bookingStatus=both`);
  await expect(reportStatus(page)).toHaveText(/entries on this page/);
  await page.getByRole('button', { name: 'Load all pages' }).click();
  await expect(reportStatus(page)).toHaveText(/^All \d+ pages? loaded/);

  // Only debits of 10 EUR or more: the export holds exactly the rows that match.
  await page.getByLabel('Amount to').fill('-10');
  const matching = page.getByText(/ of [\d,]+ loaded entries match the filter\./);
  // The count follows the filter a render later: it has settled once fewer than all entries match.
  await expect(matching).toHaveText(/^([\d,]+) of (?!\1 )[\d,]+ loaded entries/);
  const shown = Number(((await matching.textContent()) ?? '').split(' of ')[0]?.replace(/,/g, ''));
  expect(shown).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`transactions-${aliceMain.iban}-${from}-${to}.csv`);
  const text = (await readFile((await download.path()) ?? '', 'utf8')).replace(/^\uFEFF/, '');
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  const header = (lines[0] ?? '').split(',');
  expect(header.slice(0, 5)).toEqual(['bookingStatus', 'bookingDate', 'valueDate', 'amount', 'currency']);
  const records = lines.slice(1);
  expect(records).toHaveLength(shown);
  // The seed's texts hold no commas or quotes in these columns, so the first five fields split plainly.
  for (const record of records) {
    const [status, bookingDate, valueDate, amount, currency] = record.split(',');
    expect(['booked', 'pending']).toContain(status);
    if (status === 'booked') expect(bookingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(valueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(amount).toMatch(/^-\d+\.\d{2}$/);
    expect(Number(amount)).toBeLessThanOrEqual(-10);
    expect(currency).toBe('EUR');
  }
});
