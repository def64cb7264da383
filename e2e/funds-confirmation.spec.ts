// "Check funds" on an account's page against the sandbox: the bank's yes for a small amount, its no for more than the
// account holds with its overdraft, a refusal (an amount in another currency) explained with what was typed kept, the
// exchange in the inspector, axe and screenshots at 1280 and 390 px.
import { dedicated } from './accounts-helpers';
import { testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from './test';

test.describe.configure({ timeout: 90_000 });

const aliceMain = testAccounts['alice-main'];

/** Opens the account page's Check funds section (its form loads on request) and waits for the form. */
async function openFundsCheck(page: Page) {
  const panel = page.getByRole('region', { name: 'Check funds' });
  await panel.getByRole('button', { name: 'Ask about an amount' }).click();
  await expect(panel.getByRole('textbox', { name: 'Amount' })).toBeFocused();
  return panel;
}

async function checkFunds(page: Page, amount: string, currency?: string) {
  const panel = page.getByRole('region', { name: 'Check funds' });
  await panel.getByRole('textbox', { name: 'Amount' }).fill(amount);
  if (currency !== undefined) await panel.getByRole('textbox', { name: 'Currency' }).fill(currency);
  const answer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/v1/funds-confirmations'),
  );
  await panel.getByRole('button', { name: 'Check funds' }).click();
  return (await answer).status();
}

test('an account’s funds check says the bank’s yes and no in plain words, and explains a refusal', async ({
  page,
  authorisedConsent,
}) => {
  await authorisedConsent({ psu: 'alice', access: dedicated(aliceMain.iban) });
  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const panel = await openFundsCheck(page);
  await expect(panel.getByRole('textbox', { name: 'Currency' })).toHaveValue('EUR');
  await expect(panel).toContainText('DE16 9901 0000 0010 0100 01');

  // A small amount is there; the panel says so, and what was typed stays.
  await panel.getByRole('textbox', { name: /Payee/ }).fill('Kiosk am Markt');
  expect(await checkFunds(page, '12.50')).toBe(200);
  await expect(panel.getByRole('status')).toContainText('Funds available');
  await expect(panel.getByRole('status')).toContainText('€12.50 is available on this account now');
  await expect(panel.getByRole('textbox', { name: /Payee/ })).toHaveValue('Kiosk am Markt');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await expect(panel.getByRole('status')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await panel.screenshot({ path: test.info().outputPath(`funds-available-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // More than the account holds, its 2,000 EUR overdraft included.
  expect(await checkFunds(page, '1000000')).toBe(200);
  await expect(panel.getByRole('status')).toContainText('Not enough funds');
  await expect(panel.getByRole('status')).toContainText('is not available on this account now');

  // An amount in another currency than the account's: the bank's refusal, explained, and the form as it was typed.
  expect(await checkFunds(page, '5', 'USD')).toBe(400);
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('PARAMETER_NOT_CONSISTENT');
  await expect(alert).toContainText('held in EUR');
  await expect(panel.getByRole('textbox', { name: 'Amount' })).toHaveValue('5');
  await expect(panel.getByRole('textbox', { name: 'Currency' })).toHaveValue('USD');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await panel.screenshot({ path: test.info().outputPath(`funds-refused-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  }

  // The checks are in the inspector like every other request.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await expect(page.getByText('checkAvailabilityOfFunds').first()).toBeVisible();
});

test('presenter mode masks the account in the funds check', async ({ page, authorisedConsent }) => {
  await authorisedConsent({ psu: 'alice', access: dedicated(aliceMain.iban) });
  await page.addInitScript(() => sessionStorage.setItem('xs2a-console.presenter.v1', 'on'));
  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const panel = await openFundsCheck(page);
  await expect(panel).toContainText('DE16 •••• •••• 0001');
  await expect(panel).not.toContainText('DE16 9901');
  await expect(panel).not.toContainText(aliceMain.iban);
  expect(await checkFunds(page, '1')).toBe(200);
  await expect(panel.getByRole('status')).toContainText('Funds available');
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.screenshot({ path: test.info().outputPath('funds-presenter-390.png') });
  await expectNoSeriousA11yViolations(page);
});
