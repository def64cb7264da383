// Card accounts against the sandbox: a consent from the consent form that names alice's credit card by its masked PAN
// (authorised on the bank's redirect page), the card accounts tab, the card's details and balances, and its card
// transactions with merchant, the merchant's own amount and the markup fee in words; axe at 1280 and 390 px, with
// screenshots.
import type { Page } from '@playwright/test';
import { testCards } from '../server/sandbox/seed';
import { createConsentThroughUi } from './consents-helpers';
import { expect, test } from './test';
import { expectNoSeriousA11yViolations } from './axe';

test.describe.configure({ timeout: 90_000 });

const aliceCard = testCards.find((card) => card.psuId === 'alice');

async function checkAt(page: Page, width: number, name: string) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  await expectNoSeriousA11yViolations(page);
}

test('a consent naming alice’s credit card by masked PAN: the card list, its balances and its transactions', async ({
  page,
}) => {
  if (!aliceCard) throw new Error('no card for alice in the seed');
  // Through the consent form: the card is named by its masked PAN in the rows that take IBANs.
  const card = aliceCard.maskedPan;
  const consentId = await createConsentThroughUi(page, {
    psu: 'alice',
    access: { accounts: [card], balances: [card], transactions: [card] },
  });

  await page.goto('/accounts');
  await page.getByRole('navigation', { name: 'Account kinds' }).getByRole('link', { name: 'Card accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Card accounts' })).toBeVisible();
  await expect(page.getByText(`Reading with consent ${consentId}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 card account' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: aliceCard.maskedPan });
  await expect(item).toContainText('Visa Classic');
  await expect(item).toContainText('3,000.00');
  await page.getByLabel('With balances').check();
  await expect(
    item.getByRole('table', { name: /^Balances of / }).getByRole('rowheader', { name: /Not yet invoiced/ }),
  ).toBeVisible();
  await checkAt(page, 1280, 'card-accounts-list');
  await checkAt(page, 390, 'card-accounts-list');

  await page.setViewportSize({ width: 1280, height: 900 });
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/accounts/cards/${aliceCard.resourceId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Visa Kreditkarte' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Balances' }).getByRole('table')).toContainText(/Interim available/);

  // A year of purchases: one abroad says what the merchant charged, the rate and the markup fee.
  const report = page.getByRole('region', { name: 'Card transactions' });
  await report.getByLabel('From (dateFrom)').fill(new Date(Date.now() - 330 * 86_400_000).toISOString().slice(0, 10));
  await report.getByRole('button', { name: 'Show transactions' }).click();
  const table = report.getByRole('table', { name: /^Card transactions from/ });
  await expect(table).toBeVisible();
  await report.getByLabel('Filter by text').fill('markup');
  const abroad = table
    .getByRole('row')
    .filter({ hasText: /charged .* (GBP|USD) by the merchant/ })
    .first();
  await expect(abroad).toContainText(/markup fee \d+\.\d{2} EUR \(1\.75 %\)/);
  await expect(abroad).toContainText(/London, GB|New York, US/);
  await checkAt(page, 1280, 'card-transactions');
  await checkAt(page, 390, 'card-transactions');
});
