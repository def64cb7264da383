// Payment flows through the console's UI against the sandbox: redirect SCA to settlement, bank errors, cancellation.
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { frozenBench } from './bench';
import { testAccounts } from './fixtures';
import { approveAtBank, createPayment, fillPaymentForm, transactionStatus } from './payments-helpers';

// Flows with a bank round trip and a settlement wait take longer than the default timeout on a busy machine.
test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];
const bob = testAccounts['bob-main'];

/**
 * From a payment page that offers the bank's redirect: approve there, come back to the payment page, and see the
 * outcome the bank reports (the payment authorised, or its cancellation done).
 */
async function authoriseByRedirect(page: Page, psuId: string, paymentPath: string, outcome = 'Authorised') {
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, psuId);
  await page.waitForURL((url) => url.pathname === paymentPath && url.searchParams.get('sca') === 'ok');
  const banner = page.getByRole('status', { name: 'Outcome' });
  await expect(banner).toContainText(outcome, { timeout: 10_000 });
  await expect(banner).toContainText('Back from the bank’s page.');
}

test('a single payment goes through redirect SCA to ACSC, and a settled payment cannot be cancelled', async ({
  page,
}, testInfo) => {
  // A bench of its own whose clock stands still: the payment settles when the test moves the clock.
  const b = await frozenBench(page, testInfo);
  const payment = await createPayment(page, {
    debtorIban: alice.iban,
    amount: '12.50',
    creditorName: 'Boulangerie Exemple',
    remittance: 'Croissants',
  });
  expect(payment.service).toBe('payments');
  expect(payment.product).toBe('sepa-credit-transfers');
  await expect(transactionStatus(page)).toContainText('RCVD');
  const outcome = page.getByRole('status', { name: 'Outcome' });
  await expect(outcome).toContainText('Waiting for the PSU');
  await expect(outcome).toContainText('The bank accepted the initiation (201, X-Request-ID');
  const details = page.getByRole('region', { name: 'Payment', exact: true });
  await expect(details.getByText('Boulangerie Exemple', { exact: true })).toBeVisible();
  await expect(details.getByRole('region', { name: 'Payment as JSON' })).toContainText('"amount": "12.50"');
  await expectNoSeriousA11yViolations(page);

  await authoriseByRedirect(page, 'alice', payment.path);
  // ACTC after the SCA, ACSC once the bank's clock passes the settlement delay; the page follows the status by itself.
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');
  await expect(transactionStatus(page)).toContainText('AcceptedSettlementCompleted');
  // The payment's own body is read again once the status moved.
  await expect(details.getByRole('region', { name: 'Payment as JSON' })).toContainText('"transactionStatus": "ACSC"');
  const timeline = page.getByRole('region', { name: 'Status' }).getByRole('list');
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').first()).toContainText('RCVD');
  await expect(timeline.getByRole('listitem').last()).toContainText('ACSC');
  await expect(page.getByText('Checking the status every 2 seconds')).toBeHidden();
  await expect(page.getByRole('link', { name: 'Continue at the bank' })).toBeHidden();
  await expect(outcome).toContainText('The bank reports the payment as Settled (ACSC).');
  await expect(outcome).not.toContainText('The bank accepted the initiation');

  // A settled single payment cannot be cancelled any more: the console does not offer it.
  const cancellation = page.getByRole('region', { name: 'Cancellation', exact: true });
  await expect(cancellation).toContainText('The payment is settled (ACSC): it can no longer be cancelled.');
  await expect(page.getByRole('button', { name: 'Cancel payment…' })).toHaveCount(0);

  // The list shows it with its last known status.
  await page.getByRole('link', { name: 'Payments', exact: true }).first().click();
  const item = page.getByRole('listitem').filter({ hasText: payment.paymentId });
  await expect(item).toContainText('Boulangerie Exemple');
  await expect(item).toContainText('ACSC · Settled');
  await expectNoSeriousA11yViolations(page);
  await item.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`${payment.path}$`));
});

test('a standing order goes through redirect SCA to ACSC, then its cancellation is authorised to CANC', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo);
  const payment = await createPayment(page, {
    service: 'periodic-payments',
    debtorIban: bob.iban,
    amount: '25.00',
    creditorName: 'Sportverein Nord',
    frequency: 'Monthly',
  });
  expect(payment.service).toBe('periodic-payments');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Standing order');
  await expect(page.getByRole('region', { name: 'Payment', exact: true })).toContainText('Monthly');

  await authoriseByRedirect(page, 'bob', payment.path);
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');

  // A running standing order can still be cancelled, with the PSU's authorisation (202).
  await page.getByRole('button', { name: 'Cancel payment…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await expect(page.getByText('The bank answered 202')).toBeVisible();
  const cancellation = page.getByRole('region', { name: 'Authorise the cancellation' });
  await expect(cancellation).toBeVisible();
  // The bank asks the TPP to start the cancellation authorisation itself, then sends the PSU to its page.
  await cancellation.getByRole('button', { name: 'Start authorisation', exact: true }).click();
  await authoriseByRedirect(page, 'bob', payment.path, 'Cancelled');
  await expect(transactionStatus(page)).toContainText('CANC', { timeout: 10_000 });
  await expect(page.getByText('The PSU authorised the cancellation')).toBeVisible();
  const authorisations = page.getByRole('region', { name: 'Cancellation authorisations' });
  await expect(authorisations).toBeVisible();
  // Neither the cancelled payment nor its cancellation can be authorised again: the console says so instead.
  await expect(authorisations).toContainText('No new authorisation can be started: the payment is cancelled.');
  await expect(authorisations.getByRole('button', { name: 'Start new authorisation' })).toHaveCount(0);
  const paymentAuthorisations = page.getByRole('region', { name: 'Authorisations', exact: true });
  await expect(paymentAuthorisations).toContainText('the payment was cancelled.');
  await expect(paymentAuthorisations.getByRole('button', { name: 'Start new authorisation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel payment…' })).toBeHidden();
});

test('a payment cancelled before SCA is cancelled at once (204, CANC)', async ({ page }) => {
  const payment = await createPayment(page, { debtorIban: alice.iban, amount: '3.10' });
  await expect(transactionStatus(page)).toContainText('RCVD');
  await page.getByRole('button', { name: 'Cancel payment…' }).click();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(transactionStatus(page)).toContainText('RCVD');
  await page.getByRole('button', { name: 'Cancel payment…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await expect(transactionStatus(page)).toContainText('CANC');
  await expect(page.getByText('cancelled the payment at once (204 No Content)')).toBeVisible();
  // Nothing left to authorise.
  await expect(page.getByRole('link', { name: 'Continue at the bank' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Authorise the payment' })).toBeHidden();

  await page.reload();
  await expect(transactionStatus(page)).toContainText('CANC');
  await expect(page.getByText('cancelled the payment at once (204 No Content)')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Transaction status' })).toHaveCount(1);
  expect(new URL(page.url()).pathname).toBe(payment.path);
});

test('a bank error is shown with its code and meaning at the field it names, and the input is kept', async ({
  page,
}) => {
  // A correct IBAN the form accepts, but no account of this bank.
  const foreignDebtor = 'DE89370400440532013000';
  await fillPaymentForm(page, {
    debtorIban: foreignDebtor,
    amount: '19.99',
    creditorName: 'Kiosk am Markt',
    remittance: 'Newspapers',
  });
  await page.getByRole('button', { name: 'Initiate payment' }).click();

  const callout = page.getByRole('alert').filter({ hasText: 'FORMAT_ERROR' });
  await expect(callout).toBeVisible();
  await expect(callout).toContainText('HTTP 400');
  // The plain meaning of the code, and the bank's own text.
  await expect(callout).toContainText('malformed');
  await expect(callout).toContainText('not held at this bank');
  await expect(callout).toContainText('X-Request-ID');

  const debtor = page.getByLabel('Debtor IBAN');
  await expect(debtor).toHaveAttribute('aria-invalid', 'true');
  await expect(debtor).toHaveAccessibleDescription(/FORMAT_ERROR: .*not held at this bank/);
  await expect(page).toHaveURL(/\/payments\/new$/);
  await expect(debtor).toHaveValue('DE89 3704 0044 0532 0130 00');
  await expect(page.getByLabel('Amount')).toHaveValue('19.99');
  await expect(page.getByLabel('Creditor name')).toHaveValue('Kiosk am Markt');
  await expect(page.getByLabel('Remittance information')).toHaveValue('Newspapers');
  await expectNoSeriousA11yViolations(page);

  // Editing the field clears the bank's finding about it.
  await debtor.fill(alice.iban);
  await expect(debtor).not.toHaveAttribute('aria-invalid', 'true');
});

test('the form checks fields before sending, and the JSON view edits the same body', async ({ page }) => {
  await page.goto('/payments/new');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Debtor IBAN').fill('DE16990100000010010002');
  await page.getByLabel('Amount').fill('10.005');
  await page.getByRole('button', { name: 'Initiate payment' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'need attention' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText(['Debtor IBAN', 'Amount', 'Creditor IBAN', 'Creditor name']);
  await expect(page.getByLabel('Debtor IBAN')).toHaveAccessibleDescription(/check digits do not match/);
  await expect(page.getByLabel('Amount')).toHaveAccessibleDescription(/more decimals than EUR allows/);
  await expect(page).toHaveURL(/\/payments\/new$/);

  // Form → JSON → form keeps the values; invalid JSON is refused and the text kept.
  await page.getByLabel('Debtor IBAN').fill(alice.iban);
  await page.getByLabel('Amount').fill('10.00');
  await page.getByLabel('Creditor name').fill('Kiosk');
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = page.getByLabel('Request body (JSON)');
  await expect(json).toHaveValue(/"creditorName": "Kiosk"/);
  const edited = (await json.inputValue()).replace('"Kiosk"', '"Kiosk am Bahnhof"');
  await json.fill(`${edited}\n,`);
  await page.getByRole('button', { name: 'Form' }).click();
  await expect(json).toHaveAttribute('aria-invalid', 'true');
  await expect(json).toHaveAccessibleDescription(/The JSON is not valid/);
  await expect(json).toHaveValue(/Kiosk am Bahnhof/);
  await json.fill(edited);
  await page.getByRole('button', { name: 'Form' }).click();
  await expect(page.getByLabel('Creditor name')).toHaveValue('Kiosk am Bahnhof');
  await expect(page.getByLabel('Amount')).toHaveValue('10.00');

  // The JSON view can send what the schema refuses, to see how the bank answers.
  await page.getByRole('button', { name: 'JSON' }).click();
  await json.fill((await json.inputValue()).replace('"10.00"', '10'));
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await expect(page.getByText('does not match the 1.3.12 schema')).toBeVisible();
  await page.getByLabel('Send even if the body does not match the schema').check();
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  const callout = page.getByRole('alert').filter({ hasText: 'FORMAT_ERROR' });
  await expect(callout).toBeVisible();
  await expect(callout).toContainText('instructedAmount.amount');
  await expect(json).toHaveValue(/"amount": 10\b/);
});

test('an empty payments list explains itself and leads to the form', async ({ page }) => {
  await page.goto('/payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No payments yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'New payment', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New payment' })).toBeVisible();
});
