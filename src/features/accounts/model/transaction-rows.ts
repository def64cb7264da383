// Report entries as table rows: what the table, the filters, the sort, the CSV and the chart read, computed once.
import {
  readAmountValue,
  readDate,
  readStructuredRemittance,
  type AccountReport,
  type Transaction,
} from '../../../xs2a';

export type RowStatus = 'booked' | 'pending';

export interface TransactionRow {
  /** Unique within the loaded rows, for React and for the details panel. */
  key: string;
  status: RowStatus;
  /**
   * bookingDate, or valueDate when the bank gives none (pending entries often have no booking date): the calendar date
   * YYYY-MM-DD, also when the bank added a time to it.
   */
  date: string | undefined;
  /** Set when the date was not a plain date (e.g. a date-time): what the bank sent, in plain words. */
  dateDeviation?: string;
  /** Who the money went to (debits) or came from (credits). */
  counterparty: string | undefined;
  counterpartyIban: string | undefined;
  /** Remittance information of every kind the bank sent, joined. */
  remittance: string;
  /** Set when the remittance came in another form than 1.3.12 has (a structured one as an object): in plain words. */
  remittanceDeviation?: string;
  /** The amount as text, whatever JSON type the bank sent it as. */
  amount: string;
  /** Set when the amount was not a string (e.g. a JSON number): what the bank sent, in plain words. */
  amountDeviation?: string;
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

/** Entries of a member that is a list in 1.3.12, or the one value a bank sent instead. */
function entriesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined ? [] : [value];
}

/**
 * Every kind of remittance information, read tolerantly and joined: a structured one by its reference and type (see
 * readStructuredRemittance), whatever form the bank sent it in; other odd values as their JSON, never "[object Object]".
 */
function remittanceOf(t: Transaction): { text: string; deviation?: string } {
  const structured = readStructuredRemittance(t.remittanceInformationStructured);
  const parts = [
    ...entriesOf(t.remittanceInformationUnstructured),
    ...entriesOf(t.remittanceInformationUnstructuredArray),
  ].map((value) => readStructuredRemittance(value)?.text);
  parts.push(structured?.text);
  for (const ref of entriesOf(t.remittanceInformationStructuredArray)) {
    parts.push(readStructuredRemittance(ref, 'reference')?.text);
  }
  const text = parts.filter(Boolean).join(' · ');
  if (!structured?.deviation) return { text };
  return { text, deviation: `remittanceInformationStructured: ${structured.deviation}` };
}

/** Whether an amount as text is a debit (negative). */
export function isDebit(amount: string): boolean {
  return amount.trim().startsWith('-');
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function toRow(t: Transaction, status: RowStatus, fallbackKey: string): TransactionRow {
  // Read tolerantly: a bank may send the amount as a JSON number or the date with a time; one entry never breaks a page.
  const sentAmount = readAmountValue(t.transactionAmount?.amount);
  const amount = sentAmount.text;
  const currency = text(t.transactionAmount?.currency) ?? '';
  const sentDate = readDate(t.bookingDate ?? t.valueDate);
  const debit = isDebit(amount);
  const counterparty = debit
    ? (t.creditorName ?? t.ultimateCreditor ?? t.debtorName)
    : (t.debtorName ?? t.ultimateDebtor ?? t.creditorName);
  const counterpartyAccount = debit ? (t.creditorAccount ?? t.debtorAccount) : (t.debtorAccount ?? t.creditorAccount);
  const { text: remittance, deviation: remittanceDeviation } = remittanceOf(t);
  const names = [t.creditorName, t.debtorName, t.ultimateCreditor, t.ultimateDebtor].filter(Boolean).join(' ');
  const value = Number(amount);
  return {
    key: t.transactionId !== undefined ? `${status}:${t.transactionId}` : `${status}:${fallbackKey}`,
    status,
    date: sentDate.date ?? (sentDate.text || undefined),
    ...(sentDate.deviation && {
      dateDeviation: `${t.bookingDate !== undefined ? 'bookingDate' : 'valueDate'} ${sentDate.text}: ${sentDate.deviation}`,
    }),
    counterparty,
    counterpartyIban: counterpartyAccount?.iban,
    remittance,
    ...(remittanceDeviation && { remittanceDeviation }),
    amount,
    ...(sentAmount.deviation && t.transactionAmount?.amount !== undefined && { amountDeviation: sentAmount.deviation }),
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
