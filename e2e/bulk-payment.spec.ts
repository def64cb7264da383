// A bulk payment through the console against the sandbox: the form's table filled from pasted CSV, redirect SCA, and
// the bulk partially accepted (one creditor account is closed) with each payment's status on the payment page.
import { expect, test } from '@playwright/test';
import { closedAccounts } from '../server/sandbox/seed';
import { frozenBench } from './bench';
import { testAccounts } from './fixtures';
import { approveAtBank, CREDITOR_IBAN, pictured, transactionStatus } from './payments-helpers';

test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];
const closed = closedAccounts[0]?.iban ?? '';

test('a bulk from pasted CSV goes through redirect SCA and is partially accepted, each payment with its status', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo);
  await page.goto('/payments/new');
  await page.getByRole('radio', { name: 'Bulk payment (bulk-payments)' }).check();
  await page.getByRole('textbox', { name: 'Debtor IBAN' }).fill(alice.iban);
  await page.getByText('Paste CSV').click();
  await page
    .getByRole('textbox', { name: /One payment a line/ })
    .fill(
      `Name;IBAN;Amount;Currency;Reference\nBoulangerie Exemple;${CREDITOR_IBAN};12,50;EUR;Croissants\n` +
        `"Brandt, Erik";${closed};5;EUR;Old account\nKaffee Handel GmbH;DE02100100109307118604;3;EUR;`,
    );
  await page.getByRole('button', { name: 'Fill rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Filled 3 rows.' })).toBeVisible();

  // The third IBAN has a typo: the row says so, and keeps what was pasted.
  await page.getByRole('button', { name: 'Initiate bulk payment' }).click();
  const third = page.getByRole('textbox', { name: 'Creditor IBAN, payment 3' });
  await expect(third).toHaveAttribute('aria-invalid', 'true');
  await expect(third).toHaveValue('DE02 1001 0010 9307 1186 04');
  await expect(page.getByText('IBAN check digits do not match (typo?)')).toBeVisible();
  await pictured(page, 'bulk-form', 1280);
  // On a wide screen the page takes the table's width: a row's last field and its Remove button show in full.
  await expect(page.getByRole('textbox', { name: 'Remittance information, payment 3' })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('button', { name: 'Remove payment 3' })).toBeInViewport({ ratio: 1 });
  await pictured(page, 'bulk-form', 390);
  // On a phone each payment is a card of labelled fields: the field and its message lie within the screen's width.
  for (const shown of [third, page.getByText('IBAN check digits do not match (typo?)')]) {
    const box = await shown.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, 'within the phone screen').toBe(true);
  }
  await expect(page.locator('label', { hasText: /^Creditor IBAN$/ }).nth(2)).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await third.fill('DE02 1001 0010 9307 1186 03');

  await page.getByRole('button', { name: 'Initiate bulk payment' }).click();
  await page.waitForURL(/\/payments\/bulk-payments\/sepa-credit-transfers\/[^/?]+$/);
  const paymentPath = new URL(page.url()).pathname;
  await expect(transactionStatus(page)).toContainText('RCVD');
  const table = page.getByRole('table', { name: 'Payments of the bulk, each with its status' });
  await expect(table.getByText('Waiting for authorisation')).toHaveCount(3);

  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await expect(page.getByText('in 3 payments')).toBeVisible();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === paymentPath && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText('PART');
  await expect(transactionStatus(page)).toContainText('PartiallyAccepted');
  await expect(page.getByText('2 of 3 payments accepted.', { exact: false }).first()).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Accepted');
  await expect(rows.nth(2)).toContainText('Rejected');
  await expect(rows.nth(2)).toContainText('Payment 2 was rejected: the creditor account is closed.');
  await expect(rows.nth(3)).toContainText('Accepted');
  // The accepted payments settle on the bank's clock; a partially accepted bulk stays PART.
  await b.advance('PT1M');
  await page.reload();
  await expect(transactionStatus(page)).toContainText('PART');
  await pictured(page, 'bulk-payment', 1280);
  await pictured(page, 'bulk-payment', 390);
});
