// The bank's payment rules: which services and products it offers, what it checks in an initiation beyond the schema,
// and the transaction status machine RCVD → ACTC → ACSC, PART, RJCT, CANC as a table. Pure: no I/O; today's date is
// passed.
import { isAmountValidForCurrency, type TransactionStatus } from '../../../src/xs2a';
import { addDays } from '../clock';
import { parseAmount } from '../seed/money';
import { bankError, formatError } from './bank-error';

export const supportedServices = ['payments', 'periodic-payments', 'bulk-payments'] as const;
export type SupportedService = (typeof supportedServices)[number];
export const jsonProducts = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
] as const;
/** The same products with a pain.001 document as the body (XML; a standing order's as multipart/form-data). */
export const xmlProducts = jsonProducts.map((p) => `pain.001-${p}` as const);
const offeredProducts: readonly string[] = [...jsonProducts, ...xmlProducts];

/** Whether the product's body is a pain.001 document. */
export const isXmlProduct = (product: string) => product.startsWith('pain.001-');

/** The JSON product whose rules a product follows: a pain.001 product follows those of the scheme it carries. */
export const ruleProductOf = (product: string) => (isXmlProduct(product) ? product.slice('pain.001-'.length) : product);

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
  // Authorised (and funded), rejected (no funds, failed or expired SCA), or cancelled before authorisation; a bulk
  // whose payments were accepted in part is partially accepted.
  RCVD: ['ACTC', 'PART', 'RJCT', 'CANC'],
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
  // A partially accepted bulk is final: its accepted payments settle, the rejected ones stay rejected.
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
    throw bankError(
      'SERVICE_INVALID',
      `"${service}" is not a payment service; use payments, periodic-payments or bulk-payments.`,
    );
  }
  if (!offeredProducts.includes(product)) {
    throw bankError('PRODUCT_UNKNOWN', `"${product}" is not a payment product of this bank.`, { where: 'path' });
  }
  return service as SupportedService;
}

/**
 * Refuses members of another service's body (a periodic member in a single payment, a single payment's member at the
 * top of a bulk…); `otherName` names where they belong, `at` where the checked object lies in the body.
 */
export function checkForeignKeys(
  service: SupportedService,
  keys: readonly string[],
  own: readonly string[],
  other: readonly string[],
  otherName = service === 'payments' ? 'periodic payments' : 'single payments',
  at = '',
) {
  for (const key of keys) {
    if (!own.includes(key) && other.includes(key)) {
      throw formatError(`${key} belongs to ${otherName}, not to ${service}.`, `${at}${key}`);
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

/** The amount's rules; `at` is where the payment lies in the body (`payments[2].` in a bulk). */
function checkAmount(product: string, { currency, amount }: PaymentTerms['instructedAmount'], at = '') {
  const path = `${at}instructedAmount.amount`;
  if (Number(amount) <= 0) throw formatError('The amount must be greater than zero.', path);
  if (!isAmountValidForCurrency(amount, currency)) {
    throw formatError(`${amount} has more decimals than ${currency} allows.`, path);
  }
  if (eurOnlyProducts.has(product) && currency !== 'EUR') {
    throw formatError(
      `${product} are made in EUR only; use cross-border-credit-transfers for ${currency}.`,
      `${at}instructedAmount.currency`,
    );
  }
  if (product === 'instant-sepa-credit-transfers' && Number(amount) > INSTANT_LIMIT) {
    throw formatError(`Instant SEPA credit transfers are limited to ${INSTANT_LIMIT} EUR.`, path);
  }
}

function checkCreditor(creditorAccount: PaymentTerms['creditorAccount'], at = '') {
  if (!creditorAccount.iban) {
    throw formatError('This bank needs the creditor account as an IBAN.', `${at}creditorAccount.iban`);
  }
}

function checkDates(body: Pick<PaymentTerms, 'requestedExecutionDate' | 'startDate'>, today: string) {
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
  checkCreditor(body.creditorAccount);
  checkDates(body, today);
  return body.debtorAccount.iban;
}

/** What the bulk rules read of a bulk initiation body that passed its schema. */
export interface BulkTerms {
  debtorAccount: { iban?: string | undefined };
  requestedExecutionDate?: string | undefined;
  payments: readonly Pick<PaymentTerms, 'instructedAmount' | 'creditorAccount'>[];
}

/** The products this bank takes as bulks: instant transfers are made one by one. */
const bulkProducts: ReadonlySet<string> = new Set(jsonProducts.filter((p) => p !== 'instant-sepa-credit-transfers'));

/** Members 1.3.12 forbids in a bulk's payments: the bulk names them once for all. */
export const BULK_LEVEL_MEMBERS: readonly string[] = [
  'debtorAccount',
  'requestedExecutionDate',
  'requestedExecutionTime',
];

/**
 * A bulk's rules: the product's for each payment (reported with the payment's path), then the debtor and the date the
 * bulk names for all; returns the debtor's IBAN.
 */
export function checkBulkTerms(product: string, body: BulkTerms, today: string): string {
  if (!bulkProducts.has(product)) {
    throw bankError('PRODUCT_INVALID', `This bank does not take ${product} as bulk payments; send them one by one.`);
  }
  body.payments.forEach((payment, index) => {
    checkAmount(product, payment.instructedAmount, `payments[${index}].`);
    checkCreditor(payment.creditorAccount, `payments[${index}].`);
  });
  if (!body.debtorAccount.iban)
    throw formatError('This bank identifies the debtor account by IBAN.', 'debtorAccount.iban');
  checkDates({ requestedExecutionDate: body.requestedExecutionDate }, today);
  return body.debtorAccount.iban;
}

/** Why the bank rejected one payment it was asked to make. */
export type RejectionReason = 'funds' | 'creditor-closed';

/** One payment's fate at acceptance: accepted (ACTC), settled later (ACSC), or rejected with the reason. */
export interface EntryOutcome {
  status: 'ACTC' | 'ACSC' | 'RJCT';
  reason?: RejectionReason | undefined;
}

/** What accepting a payment's entries reads: each entry's amount in minor units and whether its creditor is closed. */
export interface EntryFacts {
  minor: number;
  currency: string;
  creditorClosed: boolean;
}

/**
 * Accepts the payments of an initiation in their order (one for a single payment or a standing order, each of a
 * bulk's): a payment to a closed account is rejected, and each other one takes its amount from what the earlier
 * accepted ones left, so the later ones are rejected when the money runs out. `available` is the account's available
 * balance in minor units: unknown balances and other currencies are not held against a payment.
 */
export function acceptEntries(
  entries: readonly EntryFacts[],
  fundsRule: string | undefined,
  available: { minor: number; currency: string } | undefined,
): EntryOutcome[] {
  let left = available?.minor ?? 0;
  return entries.map((entry) => {
    if (entry.creditorClosed) return { status: 'RJCT', reason: 'creditor-closed' };
    if (fundsRule === undefined || fundsRule === 'insufficient') return { status: 'RJCT', reason: 'funds' };
    if (!available || available.currency !== entry.currency) return { status: 'ACTC' };
    if (left < entry.minor) return { status: 'RJCT', reason: 'funds' };
    left -= entry.minor;
    return { status: 'ACTC' };
  });
}

/**
 * Whether the funds check would let one payment of `amount` through now (a funds confirmation asks this): acceptEntries
 * for a single payment, so both answer alike. Amounts are in major units as the API writes them.
 */
export function fundsSuffice(
  fundsRule: string | undefined,
  balance: { amount: string; currency: string } | undefined,
  amount: { currency: string; amount: string },
): boolean {
  const minor = (a: { amount: string; currency: string }) => parseAmount(a.amount, a.currency);
  const [outcome] = acceptEntries(
    [{ minor: minor(amount), currency: amount.currency, creditorClosed: false }],
    fundsRule,
    balance && { minor: minor(balance), currency: balance.currency },
  );
  return outcome?.status !== 'RJCT';
}

/**
 * The status of an initiation whose payments were accepted as `outcomes` say (1.3.12): all accepted ACTC, none RJCT,
 * some PART (a bulk with every authorisation applied and some of its payments rejected).
 */
export function acceptedStatus(outcomes: readonly EntryOutcome[]): 'ACTC' | 'PART' | 'RJCT' {
  const accepted = outcomes.filter((o) => o.status !== 'RJCT').length;
  if (accepted === outcomes.length) return 'ACTC';
  return accepted === 0 ? 'RJCT' : 'PART';
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
 * Whether an accepted payment may still be cancelled with an authorisation: single ones and bulks until settled (a
 * partially accepted bulk, PART, is final), standing orders until they end.
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
