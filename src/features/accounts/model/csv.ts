// CSV export of transaction rows: RFC 4180 (CRLF, quoted fields), ISO dates, plain decimal amounts, and a guard
// against spreadsheet formula injection in every text cell. In presenter mode the file holds what the screen shows:
// account numbers masked, personal names shortened, IBANs in the remittance text masked.
import { PLAIN_DISPLAY, type BankDataDisplay } from '../../../api';
import type { TransactionRow } from './transaction-rows';

export const CSV_HEADER = [
  'bookingStatus',
  'bookingDate',
  'valueDate',
  'amount',
  'currency',
  'creditorName',
  'creditorIban',
  'debtorName',
  'debtorIban',
  'remittanceInformation',
  'transactionId',
  'entryReference',
  'endToEndId',
  'bankTransactionCode',
] as const;

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Cells a spreadsheet would read as a formula (OWASP CSV injection): = + - @, and tab or CR before them. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Quotes a field when it holds a comma, a quote, a line break or surrounding space (RFC 4180 §2.6, §2.7). */
export function quoteField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text cell from the bank: prefixed with ' when a spreadsheet would run it as a formula, then quoted as needed. */
export function textCell(value: string | undefined): string {
  if (value === undefined) return '';
  return quoteField(FORMULA_START.test(value) ? `'${value}` : value);
}

/** An amount as a plain decimal string ("-12.50"); a value that is not one is treated as text. */
export function amountCell(value: string): string {
  const trimmed = value.trim();
  return DECIMAL.test(trimmed) ? trimmed : textCell(value);
}

/** An ISO date as it is; anything else as guarded text. */
export function dateCell(value: string | undefined): string {
  if (value === undefined) return '';
  return ISO_DATE.test(value) ? value : textCell(value);
}

function rowCells(row: TransactionRow, display: BankDataDisplay): string[] {
  const t = row.transaction;
  const name = (value: string | undefined) => value && display.name(value);
  const account = (value: string | undefined) => value && display.account(value);
  return [
    row.status,
    dateCell(t.bookingDate),
    dateCell(t.valueDate),
    amountCell(row.amount),
    textCell(row.currency),
    textCell(name(t.creditorName)),
    textCell(account(t.creditorAccount?.iban)),
    textCell(name(t.debtorName)),
    textCell(account(t.debtorAccount?.iban)),
    textCell((row.remittance && display.text(row.remittance)) || undefined),
    textCell(t.transactionId),
    textCell(t.entryReference),
    textCell(t.endToEndId),
    textCell(t.bankTransactionCode),
  ];
}

/**
 * The rows as CSV text: a header row, then one record per row, every line ending in CRLF. It starts with a UTF-8
 * byte order mark so spreadsheet programs read names such as "Rösterei" correctly.
 */
export function transactionsCsv(rows: readonly TransactionRow[], display: BankDataDisplay = PLAIN_DISPLAY): string {
  const lines = [CSV_HEADER.join(','), ...rows.map((row) => rowCells(row, display).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** transactions-<iban>-<from>-<to>.csv, with only safe file-name characters. */
export function csvFileName(accountId: string, dateFrom: string, dateTo: string): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9-]/g, '');
  return `transactions-${safe(accountId)}-${safe(dateFrom)}-${safe(dateTo)}.csv`;
}
