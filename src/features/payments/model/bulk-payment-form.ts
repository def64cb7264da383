// The bulk payment form's model: the debtor, the bulk's options and a table of payments (rows), the rows a pasted CSV
// fills, each row's checks in words (what was typed stays as typed), the bulkPaymentInitiation_json body, and where a
// bank's message about `payments[i]…` belongs.
import { placeMessagesAtFields, type BankMessageLike } from '../../../api';
import { isAmountValidForCurrency } from '../../../xs2a/amounts';
import { electronicIban, formatIban, ibanProblem } from '../../../xs2a/iban';
import { parseCsv } from './csv';

export interface BulkRow {
  /** The row's own key: stays while rows before it are added or removed. */
  id: number;
  creditorName: string;
  creditorIban: string;
  amount: string;
  currency: string;
  remittance: string;
}

export type BulkRowField = Exclude<keyof BulkRow, 'id'>;

export const bulkRowFields: readonly BulkRowField[] = [
  'creditorName',
  'creditorIban',
  'amount',
  'currency',
  'remittance',
];

export const bulkRowLabels: Record<BulkRowField, string> = {
  creditorName: 'Creditor name',
  creditorIban: 'Creditor IBAN',
  amount: 'Amount',
  currency: 'Currency',
  remittance: 'Remittance information',
};

/** Where each row field lives in a payment of the bulk. */
const rowPaths: Record<BulkRowField, string> = {
  creditorName: 'creditorName',
  creditorIban: 'creditorAccount',
  amount: 'instructedAmount',
  currency: 'instructedAmount.currency',
  remittance: 'remittanceInformationUnstructured',
};

export interface BulkFormValues {
  debtorIban: string;
  batchBookingPreferred: boolean;
  requestedExecutionDate: string;
  rows: BulkRow[];
}

let lastRowId = 0;
export function newBulkRow(): BulkRow {
  lastRowId += 1;
  return { id: lastRowId, creditorName: '', creditorIban: '', amount: '', currency: 'EUR', remittance: '' };
}

export function emptyBulkForm(): BulkFormValues {
  return { debtorIban: '', batchBookingPreferred: false, requestedExecutionDate: '', rows: [newBulkRow()] };
}

// ---------------------------------------------------------------- CSV → rows

/** Header words that name a column, so a pasted table may have its columns in any order. */
const headerWords: Record<BulkRowField, RegExp> = {
  creditorName: /name|creditor|payee|recipient/i,
  creditorIban: /iban|account/i,
  amount: /amount|sum/i,
  currency: /currency|ccy/i,
  remittance: /remittance|reference|purpose|description/i,
};

function columnsOf(header: readonly string[]): BulkRowField[] | undefined {
  const found = header.map((cell) => {
    // The IBAN column's "creditor IBAN" is the IBAN, not the name.
    if (headerWords.creditorIban.test(cell)) return 'creditorIban';
    return bulkRowFields.find((field) => headerWords[field].test(cell));
  });
  return found.filter(Boolean).length >= 2 ? found.map((field) => field ?? 'remittance') : undefined;
}

/**
 * The rows a pasted CSV fills: columns by a header line when there is one, else in the table's order (name, IBAN,
 * amount, currency, remittance). Cells are taken as typed (trimmed); a decimal comma becomes a point.
 */
export async function rowsFromCsv(text: string): Promise<BulkRow[]> {
  const lines = await parseCsv(text);
  const named = lines[0] ? columnsOf(lines[0]) : undefined;
  const columns = named ?? [...bulkRowFields];
  return (named ? lines.slice(1) : lines).map((cells) => {
    const row = { ...newBulkRow(), currency: '' };
    cells.forEach((cell, index) => {
      const field = columns[index];
      if (field) row[field] = cell.trim();
    });
    if (/^\d+,\d+$/.test(row.amount)) row.amount = row.amount.replace(',', '.');
    if (row.creditorIban) row.creditorIban = formatIban(electronicIban(row.creditorIban));
    if (!row.currency) row.currency = 'EUR';
    return row;
  });
}

// ---------------------------------------------------------------- body

/** The bulkPaymentInitiation_json body: the rows as payments, empty members left out. */
export function buildBulkBody(values: BulkFormValues) {
  const date = values.requestedExecutionDate.trim();
  return {
    batchBookingPreferred: values.batchBookingPreferred,
    debtorAccount: { iban: electronicIban(values.debtorIban.trim()) },
    ...(date && { requestedExecutionDate: date }),
    payments: values.rows.map((row) => ({
      instructedAmount: { currency: row.currency.trim().toUpperCase(), amount: row.amount.trim() },
      creditorAccount: { iban: electronicIban(row.creditorIban.trim()) },
      creditorName: row.creditorName.trim(),
      ...(row.remittance.trim() && { remittanceInformationUnstructured: row.remittance.trim() }),
    })),
  };
}

// ---------------------------------------------------------------- checks

/** The form's field keys: the debtor, the date, and each row's fields as `row:<id>:<field>`. */
export type BulkFieldKey = 'debtorIban' | 'requestedExecutionDate' | 'payments' | `row:${number}:${BulkRowField}`;
export const rowKey = (row: Pick<BulkRow, 'id'>, field: BulkRowField): BulkFieldKey => `row:${row.id}:${field}`;

export type BulkFieldErrors = Partial<Record<BulkFieldKey, string>>;

function ibanError(value: string, missing: string): string | undefined {
  const iban = electronicIban(value.trim());
  if (!iban) return missing;
  return ibanProblem(iban);
}

function rowErrors(row: BulkRow): Partial<Record<BulkRowField, string>> {
  const errors: Partial<Record<BulkRowField, string>> = {};
  const name = row.creditorName.trim();
  if (!name) errors.creditorName = 'Enter the name of the creditor.';
  else if (name.length > 70) errors.creditorName = 'A creditor name has at most 70 characters.';
  const iban = ibanError(row.creditorIban, 'Enter the IBAN of the account to pay to.');
  if (iban) errors.creditorIban = iban;
  const currency = row.currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'Enter the currency as 3 letters, e.g. EUR.';
  const amount = row.amount.trim();
  if (!/^\d{1,14}(\.\d{1,3})?$/.test(amount)) errors.amount = 'Enter the amount with a point, e.g. 12.50.';
  else if (Number(amount) <= 0) errors.amount = 'The amount must be more than zero.';
  else if (!errors.currency && !isAmountValidForCurrency(amount, currency)) {
    errors.amount = `${currency} has fewer decimals than this amount.`;
  }
  if (row.remittance.trim().length > 140) errors.remittance = 'Remittance information has at most 140 characters.';
  return errors;
}

export interface BulkFormValidation {
  errors: BulkFieldErrors;
  valid: boolean;
}

/** Checks the form as 1.3.12 and the bank's calendar ask: each message says what to fix, at its row and field. */
export function validateBulkForm(values: BulkFormValues, today: string | undefined): BulkFormValidation {
  const errors: BulkFieldErrors = {};
  const debtor = ibanError(values.debtorIban, "Enter the IBAN of the account to pay from (the PSU's account).");
  if (debtor) errors.debtorIban = debtor;
  const date = values.requestedExecutionDate.trim();
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.requestedExecutionDate = 'Enter the date as YYYY-MM-DD.';
  else if (date && today && date < today) {
    errors.requestedExecutionDate = `The bank's date is ${today}; choose that day or a later one.`;
  }
  if (values.rows.length === 0) errors.payments = 'Add at least one payment: a bulk with none is refused.';
  for (const row of values.rows) {
    for (const [field, message] of Object.entries(rowErrors(row)) as [BulkRowField, string][]) {
      errors[rowKey(row, field)] = message;
    }
  }
  return { errors, valid: Object.keys(errors).length === 0 };
}

/** The form field a bank's message path names: `payments[2].creditorAccount.iban` → that row's IBAN. */
export function bulkFieldForPath(path: string, rows: readonly BulkRow[]): BulkFieldKey | undefined {
  if (path.startsWith('debtorAccount')) return 'debtorIban';
  if (path === 'requestedExecutionDate') return 'requestedExecutionDate';
  const match = /^payments(?:\[(\d+)\]\.?(.*))?$/.exec(path);
  if (!match) return undefined;
  const row = match[1] === undefined ? undefined : rows[Number(match[1])];
  if (!row) return 'payments';
  const rest = match[2] ?? '';
  const field =
    bulkRowFields.find((f) => rest === rowPaths[f] || rest.startsWith(`${rowPaths[f]}.`)) ??
    (rest.startsWith('instructedAmount') ? 'amount' : 'creditorName');
  return rowKey(row, field === 'amount' && rest.endsWith('currency') ? 'currency' : field);
}

/** Places a bank's messages at the rows and fields their paths name. */
export function placeBulkMessages<T extends BankMessageLike>(messages: readonly T[], rows: readonly BulkRow[]) {
  return placeMessagesAtFields(messages, (path) => bulkFieldForPath(path, rows));
}
