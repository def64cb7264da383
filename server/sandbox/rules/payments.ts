// The bank's payment rules: which services and products it offers, what it checks in an initiation beyond the schema,
// and the transaction status machine RCVD → ACTC → ACSC, RJCT, CANC as a table. Pure: no I/O; today's date is passed.
import { isAmountValidForCurrency, type TransactionStatus } from '../../../src/xs2a';
import { addDays } from '../clock';
import { bankError, formatError } from './bank-error';

export const supportedServices = ['payments', 'periodic-payments'] as const;
export type SupportedService = (typeof supportedServices)[number];
export const jsonProducts = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
] as const;
const eurOnlyProducts: ReadonlySet<string> = new Set([
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
]);
export const INSTANT_LIMIT = 100_000;
/** How far ahead an execution or start date may lie. */
export const MAX_DAYS_AHEAD = 365;

/** The moves a payment's transactionStatus may make in this bank. */
export const TRANSACTION_TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  // Authorised (and funded), rejected (no funds, failed or expired SCA), or cancelled before authorisation.
  RCVD: ['ACTC', 'RJCT', 'CANC'],
  PDNG: ['CANC'],
  // Settled once the settlement delay has passed, or cancelled with a cancellation authorisation.
  ACTC: ['ACSC', 'CANC'],
  // A standing order runs until its end date and may be cancelled (with authorisation) until then.
  ACSC: ['CANC'],
  ACCP: [],
  ACFC: [],
  ACSP: [],
  ACCC: [],
  ACWC: [],
  ACWP: [],
  PATC: [],
  PART: [],
  RJCT: [],
  CANC: [],
};

export function mayMoveTo(from: string, to: TransactionStatus): boolean {
  return (
    (TRANSACTION_TRANSITIONS as Record<string, readonly TransactionStatus[] | undefined>)[from]?.includes(to) === true
  );
}

/** Statuses a DELETE cancels at once, without a cancellation authorisation. */
export const CANCELLED_AT_ONCE: readonly string[] = ['RCVD', 'PDNG'];
/** Statuses in which the status read reports fundsAvailable (1.3.12: only after a funds check with these). */
export const FUNDS_REPORTED_IN: readonly string[] = ['ACTC', 'ACWC', 'ACCP'];
/** Statuses in which the status read does not name the PSU: before SCA, and after a rejection. */
export const PSU_UNNAMED_IN: readonly string[] = ['RCVD', 'RJCT'];

export function paymentPath(p: { payment_service: string; payment_product: string; payment_id: string }) {
  return `/v1/${p.payment_service}/${p.payment_product}/${p.payment_id}`;
}

/** Checks the path's service and product the way the spec orders its errors. */
export function checkServiceAndProduct(service: string, product: string): SupportedService {
  if (!(supportedServices as readonly string[]).includes(service)) {
    const known = ['bulk-payments'].includes(service);
    throw bankError(
      'SERVICE_INVALID',
      known
        ? `This bank does not offer ${service}; use payments or periodic-payments.`
        : `"${service}" is not a payment service; use payments or periodic-payments.`,
    );
  }
  if (!(jsonProducts as readonly string[]).includes(product)) {
    throw bankError(
      'PRODUCT_UNKNOWN',
      product.startsWith('pain.001-')
        ? `This bank accepts JSON payment products only, not ${product}.`
        : `"${product}" is not a payment product of this bank.`,
      { where: 'path' },
    );
  }
  return service as SupportedService;
}

/** Refuses members of the other service's body (a periodic member in a single payment, or the other way round). */
export function checkForeignKeys(
  service: SupportedService,
  keys: readonly string[],
  own: readonly string[],
  other: readonly string[],
) {
  for (const key of keys) {
    if (!own.includes(key) && other.includes(key)) {
      throw formatError(
        `${key} belongs to ${service === 'payments' ? 'periodic payments' : 'single payments'}, not to ${service}.`,
        key,
      );
    }
  }
}

/** What the rules below read of an initiation body that passed its schema. */
export interface PaymentTerms {
  debtorAccount: { iban?: string | undefined };
  instructedAmount: { currency: string; amount: string };
  creditorAccount: { iban?: string | undefined };
  requestedExecutionDate?: string | undefined;
  startDate?: string | undefined;
}

function checkAmount(product: string, { currency, amount }: PaymentTerms['instructedAmount']) {
  if (Number(amount) <= 0) throw formatError('The amount must be greater than zero.', 'instructedAmount.amount');
  if (!isAmountValidForCurrency(amount, currency)) {
    throw formatError(`${amount} has more decimals than ${currency} allows.`, 'instructedAmount.amount');
  }
  if (eurOnlyProducts.has(product) && currency !== 'EUR') {
    throw formatError(
      `${product} are made in EUR only; use cross-border-credit-transfers for ${currency}.`,
      'instructedAmount.currency',
    );
  }
  if (product === 'instant-sepa-credit-transfers' && Number(amount) > INSTANT_LIMIT) {
    throw formatError(`Instant SEPA credit transfers are limited to ${INSTANT_LIMIT} EUR.`, 'instructedAmount.amount');
  }
}

function checkDates(body: PaymentTerms, today: string) {
  const maxDate = addDays(today, MAX_DAYS_AHEAD);
  for (const field of ['requestedExecutionDate', 'startDate'] as const) {
    const date = body[field];
    if (date !== undefined && (date < today || date > maxDate)) {
      throw bankError('EXECUTION_DATE_INVALID', `${field} ${date} must lie between ${today} and ${maxDate}.`, {
        path: field,
      });
    }
  }
}

/** The product's rules for an initiation body, in the order the bank reports them; returns the debtor's IBAN. */
export function checkPaymentTerms(product: string, body: PaymentTerms, today: string): string {
  checkAmount(product, body.instructedAmount);
  if (!body.debtorAccount.iban)
    throw formatError('This bank identifies the debtor account by IBAN.', 'debtorAccount.iban');
  if (!body.creditorAccount.iban)
    throw formatError('This bank needs the creditor account as an IBAN.', 'creditorAccount.iban');
  checkDates(body, today);
  return body.debtorAccount.iban;
}

/** The debtor account as the initiation rules see it. */
export interface DebtorAccount {
  psu_id: string;
  status: string;
}

/** The debtor account must be held here, be the PSU's (when the PSU is named) and be open for payments. */
export function checkDebtor<T extends DebtorAccount>(
  iban: string,
  debtor: T | undefined,
  psuId: string | undefined,
): T {
  if (!debtor) throw formatError(`The debtor account ${iban} is not held at this bank.`, 'debtorAccount.iban');
  if (psuId && debtor.psu_id !== psuId) {
    throw formatError(`The debtor account does not belong to the PSU "${psuId}".`, 'debtorAccount.iban');
  }
  if (debtor.status !== 'enabled') throw bankError('SERVICE_BLOCKED', 'The debtor account is blocked for payments.');
  return debtor;
}

/**
 * Whether an accepted payment may still be cancelled with an authorisation: single ones until settled, standing orders
 * until they end.
 */
export function cancellationOpen(
  payment: { payment_service: string; transaction_status: string },
  endDate: string | undefined,
  today: string,
): boolean {
  if (payment.transaction_status === 'ACTC') return true;
  if (payment.payment_service !== 'periodic-payments' || payment.transaction_status !== 'ACSC') return false;
  return endDate === undefined || endDate >= today;
}

/** Whether the funds check lets the payment through: unknown balances and other currencies are not held against it. */
export function fundsSuffice(
  fundsRule: string | undefined,
  balance: { amount: string; currency: string } | undefined,
  amount: { currency: string; amount: string },
): boolean {
  if (fundsRule === undefined || fundsRule === 'insufficient') return false;
  if (!balance || balance.currency !== amount.currency) return true;
  return Number(balance.amount) >= Number(amount.amount);
}
