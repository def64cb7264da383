// Page helpers for payment flows through the console's UI: fill and submit the new-payment form, approve at the bank.
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './fixtures';

export interface PaymentFormInput {
  service?: 'payments' | 'periodic-payments';
  product?:
    'sepa-credit-transfers' | 'instant-sepa-credit-transfers' | 'target-2-payments' | 'cross-border-credit-transfers';
  debtorIban: string;
  creditorIban?: string;
  creditorName?: string;
  amount?: string;
  currency?: string;
  remittance?: string;
  /** PSU-ID header for this request (e.g. for decoupled SCA that starts at once). */
  psuId?: string;
  /** Standing orders: YYYY-MM-DD; defaults to tomorrow. */
  startDate?: string;
  endDate?: string;
  frequency?: string;
}

const serviceLabels = {
  payments: 'Single payment (payments)',
  'periodic-payments': 'Standing order (periodic-payments)',
} as const;

const productLabels = {
  'sepa-credit-transfers': 'SEPA credit transfer',
  'instant-sepa-credit-transfers': 'Instant SEPA credit transfer',
  'target-2-payments': 'TARGET2 payment',
  'cross-border-credit-transfers': 'Cross-border credit transfer',
} as const;

/** A creditor that is no test PSU's account: a valid IBAN at another bank. */
export const CREDITOR_IBAN = 'FR1420041010050500013M02606';

/** An ISO date `days` from today (UTC), as banks compare dates. */
export function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Opens /payments/new and fills the form; does not submit. */
export async function fillPaymentForm(page: Page, input: PaymentFormInput): Promise<void> {
  if (!page.url().endsWith('/payments/new')) await page.goto('/payments/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New payment' })).toBeVisible();
  const service = input.service ?? 'payments';
  await page.getByRole('radio', { name: serviceLabels[service] }).check();
  await page
    .getByLabel('Payment product')
    .selectOption({ label: productLabels[input.product ?? 'sepa-credit-transfers'] });
  await page.getByLabel('Debtor IBAN').fill(input.debtorIban);
  await page.getByLabel('Amount').fill(input.amount ?? '12.50');
  await page.getByLabel('Currency').fill(input.currency ?? 'EUR');
  await page.getByLabel('Creditor IBAN').fill(input.creditorIban ?? CREDITOR_IBAN);
  await page.getByLabel('Creditor name').fill(input.creditorName ?? 'Boulangerie Exemple');
  if (input.remittance !== undefined) await page.getByLabel('Remittance information').fill(input.remittance);
  if (service === 'periodic-payments') {
    await page.getByLabel('Start date').fill(input.startDate ?? isoDateFromToday(1));
    if (input.endDate) await page.getByLabel('End date').fill(input.endDate);
    await page.getByLabel('Frequency').selectOption(input.frequency ?? 'Monthly');
  }
  if (input.psuId) {
    await page.getByText('Request headers').click();
    await page.getByLabel('PSU-ID for this request').fill(input.psuId);
  }
}

export interface CreatedPayment {
  service: string;
  product: string;
  paymentId: string;
  /** The console route of the payment page. */
  path: string;
}

/** Submits the form and waits for the payment page of the new payment. */
export async function submitPaymentForm(page: Page): Promise<CreatedPayment> {
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await page.waitForURL(/\/payments\/(payments|periodic-payments)\/[^/]+\/[^/?]+$/);
  const path = new URL(page.url()).pathname;
  const [, , service = '', product = '', id = ''] = path.split('/');
  await expect(page.getByRole('status', { name: 'Transaction status' })).toBeVisible();
  return { service, product, paymentId: decodeURIComponent(id), path };
}

/** Fills and submits the form: the payment exists at the bank and its page is open. */
export async function createPayment(page: Page, input: PaymentFormInput): Promise<CreatedPayment> {
  await fillPaymentForm(page, input);
  return submitPaymentForm(page);
}

/** On the bank's redirect SCA page: log in as the PSU and approve with the OTP. */
export async function approveAtBank(page: Page, psuId: string): Promise<void> {
  await page.getByLabel('Online banking ID').fill(psuId);
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('One-time password').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Approve' }).click();
}

/** The current transactionStatus on a payment page. */
export function transactionStatus(page: Page) {
  return page.getByRole('status', { name: 'Transaction status' });
}

/** The page at a width, checked with axe and pictured whole; it must not scroll sideways. */
export async function pictured(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  const scrollsSideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(scrollsSideways).toBe(false);
}
