// Client-side filter and sort over the loaded rows (the bank's report has neither).
import { foldForSearch, type TransactionRow } from './transaction-rows';

export interface RowFilter {
  /** Words that must all appear in the counterparty names or the remittance information. */
  text: string;
  /** Signed amount bounds as typed ("-50", "100.5"); empty for none. */
  minAmount: string;
  maxAmount: string;
}

export const emptyFilter: RowFilter = { text: '', minAmount: '', maxAmount: '' };

export type SortKey = 'date' | 'amount' | 'counterparty';
export type SortDirection = 'ascending' | 'descending';
export interface RowSort {
  key: SortKey;
  direction: SortDirection;
}

const AMOUNT = /^-?\d+(?:[.,]\d+)?$/;

/** An amount bound as a number: undefined when empty, NaN when it is not a number. A comma is read as the decimal mark. */
export function parseAmountBound(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return undefined;
  if (!AMOUNT.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

export function isFilterActive(filter: RowFilter): boolean {
  return filter.text.trim() !== '' || filter.minAmount.trim() !== '' || filter.maxAmount.trim() !== '';
}

/** Rows matching every word of the text and lying within the amount range (bounds included). Invalid bounds are ignored. */
export function filterRows(rows: readonly TransactionRow[], filter: RowFilter): TransactionRow[] {
  const words = foldForSearch(filter.text).split(/\s+/).filter(Boolean);
  const min = parseAmountBound(filter.minAmount);
  const max = parseAmountBound(filter.maxAmount);
  const hasMin = min !== undefined && !Number.isNaN(min);
  const hasMax = max !== undefined && !Number.isNaN(max);
  if (words.length === 0 && !hasMin && !hasMax) return [...rows];
  return rows.filter(
    (row) =>
      (!hasMin || row.amountValue >= min) &&
      (!hasMax || row.amountValue <= max) &&
      words.every((word) => row.searchText.includes(word)),
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: TransactionRow, b: TransactionRow, key: SortKey): number {
  switch (key) {
    case 'date':
      return (a.date ?? '').localeCompare(b.date ?? '');
    case 'amount':
      return a.amountValue - b.amountValue;
    case 'counterparty':
      // Rows without a counterparty go last whatever the direction is; see sortRows.
      return collator.compare(a.counterparty ?? '', b.counterparty ?? '');
  }
}

/** A sorted copy; equal rows keep the bank's order (Array.prototype.sort is stable). No sort: the bank's order. */
export function sortRows(rows: readonly TransactionRow[], sort: RowSort | undefined): TransactionRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'counterparty') {
      const missingA = !a.counterparty;
      const missingB = !b.counterparty;
      if (missingA !== missingB) return missingA ? 1 : -1;
    }
    return sign * compare(a, b, sort.key);
  });
}

/** Next sort after a click on a column header: first descending for date and amount, ascending for names; then flip. */
export function nextSort(current: RowSort | undefined, key: SortKey): RowSort {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: key === 'counterparty' ? 'ascending' : 'descending' };
}
