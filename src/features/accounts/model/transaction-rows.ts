// Report entries as table rows: what the table, the filters, the sort, the CSV and the chart read, computed once.
import type { AccountReport, Transaction } from '../../../xs2a';

export type RowStatus = 'booked' | 'pending';

export interface TransactionRow {
  /** Unique within the loaded rows, for React and for the details panel. */
  key: string;
  status: RowStatus;
  /** bookingDate, or valueDate when the bank gives none (pending entries often have no booking date). */
  date: string | undefined;
  /** Who the money went to (debits) or came from (credits). */
  counterparty: string | undefined;
  counterpartyIban: string | undefined;
  /** Remittance information of every kind the bank sent, joined. */
  remittance: string;
  amount: string;
  currency: string;
  /** The amount as a number, for sorting and the amount range only (display and export use `amount`). */
  amountValue: number;
  /** Lower-cased, accent-free counterparty names and remittance information, for the text filter. */
  searchText: string;
  transaction: Transaction;
}

/** Lower case without diacritics, so "rosterei" finds "Rösterei". */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

function remittanceOf(t: Transaction): string {
  const parts: string[] = [];
  if (t.remittanceInformationUnstructured) parts.push(t.remittanceInformationUnstructured);
  for (const line of t.remittanceInformationUnstructuredArray ?? []) if (line) parts.push(line);
  if (t.remittanceInformationStructured) parts.push(t.remittanceInformationStructured);
  for (const ref of t.remittanceInformationStructuredArray ?? []) if (ref.reference) parts.push(ref.reference);
  return parts.join(' · ');
}

function isDebit(amount: string): boolean {
  return amount.trim().startsWith('-');
}

export function toRow(t: Transaction, status: RowStatus, fallbackKey: string): TransactionRow {
  const amount = t.transactionAmount?.amount ?? '';
  const currency = t.transactionAmount?.currency ?? '';
  const debit = isDebit(amount);
  const counterparty = debit
    ? (t.creditorName ?? t.ultimateCreditor ?? t.debtorName)
    : (t.debtorName ?? t.ultimateDebtor ?? t.creditorName);
  const counterpartyAccount = debit ? (t.creditorAccount ?? t.debtorAccount) : (t.debtorAccount ?? t.creditorAccount);
  const remittance = remittanceOf(t);
  const names = [t.creditorName, t.debtorName, t.ultimateCreditor, t.ultimateDebtor].filter(Boolean).join(' ');
  const value = Number(amount);
  return {
    key: t.transactionId !== undefined ? `${status}:${t.transactionId}` : `${status}:${fallbackKey}`,
    status,
    date: t.bookingDate ?? t.valueDate,
    counterparty,
    counterpartyIban: counterpartyAccount?.iban,
    remittance,
    amount,
    currency,
    amountValue: Number.isFinite(value) ? value : 0,
    searchText: foldForSearch(`${names} ${remittance}`),
    transaction: t,
  };
}

export interface ReportRows {
  pending: TransactionRow[];
  booked: TransactionRow[];
}

/** The pending and booked entries of one report page, in the bank's order. `page` keeps keys unique across pages. */
export function rowsOfReport(report: AccountReport | undefined, page: number): ReportRows {
  return {
    pending: (report?.pending ?? []).map((t, i) => toRow(t, 'pending', `${page}.${i}`)),
    booked: (report?.booked ?? []).map((t, i) => toRow(t, 'booked', `${page}.${i}`)),
  };
}

/** Several pages' rows, in page order. A transactionId seen on an earlier page is not repeated. */
export function mergeRows(pages: readonly ReportRows[]): ReportRows {
  const seen = new Set<string>();
  const out: ReportRows = { pending: [], booked: [] };
  for (const page of pages) {
    for (const status of ['pending', 'booked'] as const) {
      for (const row of page[status]) {
        if (seen.has(row.key)) continue;
        seen.add(row.key);
        out[status].push(row);
      }
    }
  }
  return out;
}
