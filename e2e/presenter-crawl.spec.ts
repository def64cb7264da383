// The presenter crawl: with presenter mode on, every route of the console, the bank's pages reached from it and every
// file it writes are searched for the sandbox's own personal data — every PSU's full name, every IBAN (as stored and
// grouped in fours), the friends the seed pays and is paid by, and the street addresses in its rent texts — in
// visible text, attributes, input values and downloaded files, at 1280 and 390 px. Every leak is listed at the end.
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { expect, test, type Page } from './test';
import { createConsentThroughUi } from './consents-helpers';
import { flowSection, testAccounts } from './fixtures';
import { approveAtBank, createPayment } from './payments-helpers';
import { isoDay, showTransactions } from './accounts-helpers';
import { testPsus } from '../server/sandbox/seed';
import { privateProfiles } from '../server/sandbox/seed/private-profiles';
import { consentStatusCodes, transactionStatusCodes } from '../src/xs2a/status-names';

test.describe.configure({ timeout: 300_000 });

const PRESENTER_KEY = 'xs2a-console.presenter.v1';
const alice = testAccounts['alice-main'];
const bob = testAccounts['bob-main'];

/** The sandbox's personal data: what an audience must never read whole. */
const forbidden = [
  ...new Set([
    ...Object.values(testAccounts).flatMap((account) => [account.iban, account.iban.replace(/(.{4})(?=.)/g, '$1 ')]),
    ...testPsus.map((psu) => psu.name),
    ...privateProfiles.flatMap((profile) => profile.friends),
    ...privateProfiles.flatMap((profile) => /[\p{L}-]+(?:str\.|straße) \d+/u.exec(profile.rent.text(2026, 1)) ?? []),
  ]),
];

/** The spec's codes an audience should not read in a page's main text: status codes, message codes, type names. */
const JARGON = new RegExp(
  [
    `\\((?:${[...transactionStatusCodes, ...consentStatusCodes].join('|')})\\)`,
    `\\b(?:${transactionStatusCodes.join('|')})\\b`,
    '\\b[A-Z]+_[A-Z_]+\\b',
    '\\b(?:closingBooked|openingBooked|interimAvailable|interimBooked|forwardAvailable|nonInvoiced)\\b',
    '\\b(?:CACC|SVGS|CASH|TRAN|LOAN|CARD)\\b',
  ].join('|'),
  'g',
);

/**
 * The pages an audience is shown; the explorer, the inspector, the Sandbox page, the settings and the forms' codes
 * (a cashAccountType filter is typed as codes) are the presenter's tools.
 */
async function scanJargon(page: Page, where: string) {
  const text = await page.locator('main').innerText();
  for (const code of new Set(text.match(JARGON) ?? [])) leaks.push({ where: `${where} (jargon)`, what: code });
}

interface Leak {
  where: string;
  what: string;
}

const leaks: Leak[] = [];

function scan(where: string, text: string) {
  for (const what of forbidden) if (text.includes(what)) leaks.push({ where, what });
}

/** Everything a page shows or holds: its text, every attribute, every field's value and every option. */
async function pageContents(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) parts.push(attribute.value);
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) parts.push(element.value);
      if (element instanceof HTMLSelectElement) parts.push(...[...element.options].map((option) => option.text));
    }
    return parts.join('\n');
  });
}

/** Scans the page at 1280 and 390 px, read to its end (what loads as the user comes near it is drawn). */
async function scanPage(page: Page, where: string) {
  if ((await page.getByRole('region', { name: 'Flow', exact: true }).count()) > 0) await flowSection(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    scan(`${where} (${width} px)`, await pageContents(page));
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function scanDownload(where: string, download: Promise<Download>) {
  const file = await download;
  scan(`${where}: ${file.suggestedFilename()}`, await readFile(await file.path(), 'utf8'));
}

test('presenter mode shows and writes no full name, IBAN or address of the sandbox’s people', async ({ page }) => {
  expect(forbidden.length).toBeGreaterThan(25);
  await page.addInitScript((key) => sessionStorage.setItem(key, 'on'), PRESENTER_KEY);

  // A payment from alice to bob, through the bank's redirect pages.
  const payment = await createPayment(page, {
    debtorIban: alice.iban,
    creditorIban: bob.iban,
    creditorName: 'Bob Laurent',
    remittance: `Rent Wilhelm-Kuhr-Str. 12 to ${bob.iban}`,
  });
  await scanPage(page, 'the new payment’s page');
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await page.waitForURL((url) => url.pathname.includes('/sca/'));
  await scanPage(page, 'the bank’s login page');
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path);
  await expect(page.getByRole('status', { name: 'Transaction status' })).toBeVisible();
  await scanPage(page, 'the authorised payment’s page');
  await scanJargon(page, 'the authorised payment’s page');

  // Its flow, written out every way the console offers.
  const flow = await flowSection(page);
  for (const label of ['Download SVG picture', 'Download Mermaid text', 'Download Playwright test']) {
    await flow
      .locator('details')
      .first()
      .evaluate((menu) => ((menu as HTMLDetailsElement).open = true));
    const download = page.waitForEvent('download');
    await flow.getByRole('button', { name: label }).click();
    await scanDownload(`the payment's ${label}`, download);
  }
  const replay = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save as replay' }).first().click();
  await scanDownload('the payment’s replay', replay);

  // A consent for all of alice's accounts with their owner names, then her accounts and transactions.
  const consentId = await createConsentThroughUi(page, { access: 'allPsd2', withOwnerName: true, psu: 'alice' });
  await scanPage(page, 'the consent’s page');
  await scanJargon(page, 'the consent’s page');
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Alltag' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await showTransactions(page, { dateFrom: isoDay(-90) });
  await expect(page.getByRole('status').filter({ hasText: /entries/ })).toBeVisible({ timeout: 30_000 });
  await scanPage(page, 'the account page with 90 days of transactions');
  await scanJargon(page, 'the account page with 90 days of transactions');
  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await scanDownload('the transactions CSV', csv);

  // The forms with what the console fills in: a test PSU's accounts, a creditor and a remittance, shown while idle.
  await page.goto('/payments/new');
  await page.getByLabel('Test PSU of the sandbox').selectOption('alice');
  await page.getByRole('button', { name: 'Use test PSU' }).click();
  await expect(page.getByLabel('Debtor IBAN')).not.toHaveValue('');
  await page.getByLabel('Creditor IBAN').fill(bob.iban);
  await page.getByLabel('Creditor name').fill('Bob Laurent');
  await page.getByLabel('Remittance information').fill(`Rent Wilhelm-Kuhr-Str. 12 to ${bob.iban}`);
  await page.getByRole('heading', { level: 1 }).click();
  await scanPage(page, 'the payment form with alice’s account and a creditor filled in');
  // The same payment as a pain.001 document, written from the form into the XML editor and read back in words.
  await page.getByLabel('Payment product').selectOption({ label: 'SEPA credit transfer (pain.001 XML)' });
  await expect(page.getByRole('textbox', { name: 'Request body (pain.001 XML)' })).toHaveValue(/<IBAN>/);
  await page.getByRole('heading', { level: 1 }).click();
  await scanPage(page, 'the pain.001 document of that payment');
  await page.goto('/consents/new');
  await page.getByLabel('Test PSU of the sandbox').selectOption('alice');
  await page.getByRole('button', { name: 'Use test PSU' }).click();
  await expect(page.getByLabel(/^IBAN 1/).first()).not.toHaveValue('');
  await scanPage(page, 'the consent form with alice’s accounts filled in');

  // A payment to bob left waiting, put in a signing basket: the basket's pages name him as the audience may see him.
  await createPayment(page, {
    debtorIban: alice.iban,
    creditorIban: bob.iban,
    creditorName: 'Bob Laurent',
    amount: '2.40',
  });
  await page.goto('/baskets/new');
  await page.getByRole('checkbox', { name: /2\.40 EUR/ }).check();
  await scanPage(page, 'the basket form with a payment to bob chosen');
  await page.getByRole('button', { name: 'Create signing basket' }).click();
  await page.waitForURL(/\/baskets\/(?!new)[^/?]+$/);
  await expect(page.getByRole('status', { name: 'Basket status' })).toBeVisible();
  const basketPath = new URL(page.url()).pathname;

  // Every route.
  for (const route of [
    '/',
    '/payments',
    '/payments/new',
    payment.path,
    '/consents',
    '/consents/new',
    `/consents/${consentId}`,
    '/baskets',
    '/baskets/new',
    basketPath,
    '/accounts',
    '/explore',
    '/explore/initiatePayment',
    '/test-bench',
    '/replays',
    '/settings',
  ]) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await scanPage(page, route);
    if (!/^\/(explore|inspector|test-bench|settings)|\/new$/.test(route)) await scanJargon(page, route);
  }

  // The inspector: each exchange's detail with its bodies and Copy as code, then the HAR file.
  await page.goto('/inspector');
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const rows = page.getByRole('button', { name: /^(GET|POST|PUT|DELETE) / });
  const count = Math.min(await rows.count(), 40);
  for (let index = 0; index < count; index += 1) {
    await rows.nth(index).click();
    scan(`the inspector's exchange ${index + 1}`, await pageContents(page));
  }
  const har = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  await scanDownload('the inspector’s HAR export', har);

  const report = leaks.map(({ where, what }) => `${where}: ${what}`);
  expect(report, `${report.length} leaks:\n${report.join('\n')}`).toEqual([]);
});
