// "Load all pages" as the page shows it: how the loading stands, the rows and deviations of every page read.
import type { Deviation, NextTransactionPage, TransactionPage } from '../../../api';
import { mergeRows, rowsOfReport, type ReportRows } from './transaction-rows';

export type AllPagesStatus = 'loading' | 'stopped' | 'complete' | 'cut-off' | 'error';

export interface AllPagesProgress {
  /** Whether the user wants every page (not stopped). */
  running: boolean;
  fetching: boolean;
  failed: boolean;
  /** Where the pages lead after the last one read: undefined before the first one arrived. */
  next: NextTransactionPage | undefined;
}

export function allPagesStatus({ running, fetching, failed, next }: AllPagesProgress): AllPagesStatus {
  if (fetching) return 'loading';
  if (next && 'end' in next) return next.end === 'complete' ? 'complete' : 'cut-off';
  if (!running) return 'stopped';
  return failed ? 'error' : 'loading';
}

/** Why loading ended before the bank's last page, in words. */
export function cutOffReason(next: NextTransactionPage | undefined, maxPages: number): string | undefined {
  if (!next || !('end' in next)) return undefined;
  if (next.end === 'loop') return `the bank's next link points back to a page already read`;
  if (next.end === 'cap') return `stopped after ${maxPages} pages`;
  return undefined;
}

const MAX_DEVIATIONS = 50;

/** Deviations from 1.3.12 of every page, each kind once, in a page-independent form. */
export function pagesDeviations(pages: readonly TransactionPage[]): Deviation[] {
  const deviations: Deviation[] = [];
  for (const page of pages) {
    for (const d of page.deviations) {
      if (deviations.length >= MAX_DEVIATIONS) return deviations;
      // "booked[17].x" and "booked[3].x" are the same finding.
      const path = d.path.replace(/\[\d+\]/g, '[]');
      if (!deviations.some((known) => known.path === path && known.message === d.message)) {
        deviations.push({ path, message: d.message });
      }
    }
  }
  return deviations;
}

/** Each page's rows, computed once per page answer (pages arrive one by one; earlier pages keep their answer). */
const pageRows = new WeakMap<TransactionPage, { index: number; rows: ReportRows }>();

/** The rows of every page read, in page order, each transaction once. */
export function rowsOfPages(pages: readonly TransactionPage[]): ReportRows {
  return mergeRows(
    pages.map((page, index) => {
      const known = pageRows.get(page);
      if (known?.index === index) return known.rows;
      const rows = rowsOfReport(page.body.transactions, index);
      pageRows.set(page, { index, rows });
      return rows;
    }),
  );
}
