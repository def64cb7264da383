// The account's transactions: the report's query, paging through the bank's links or loading every page, the
// virtualized table with filter and sort, CSV export, entry details and the balance chart.
import { lazy, Suspense, useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useBankDataDisplay, useBankToday, type BankDataDisplay, type BankProfile } from '../../../api';
import { Panel } from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import type { Balance } from '../../../xs2a';
import { reportVariables, useReport } from '../hooks/use-report';
import {
  emptyFilter,
  filterRows,
  isFilterActive,
  nextSort,
  sortRows,
  type RowFilter,
  type RowSort,
  type SortKey,
} from '../model/filter-sort';
import { displayCount } from '../model/format';
import { reportQueryFrom, reportQueryParams, type ReportQuery } from '../model/report-query';
import type { ReportRows, RowStatus, TransactionRow } from '../model/transaction-rows';
import { BalancesTable } from './balances-table';
import { ReportChartSection } from './report-chart-section';
import { ReportNotices } from './report-notices';
import { ReportQueryForm } from './report-query-form';
import { ReportStatus, ReportToolbar } from './report-toolbar';
import { RowFilterForm } from './row-filter-form';
import { TransactionsTable } from './transactions-table';

// An entry's details (the bank's read of one transaction) load when a row is first opened.
const TransactionDetailsDialog = lazy(() =>
  import('./transaction-details-dialog').then(({ TransactionDetailsDialog }) => ({
    default: TransactionDetailsDialog,
  })),
);

export interface AccountContext {
  profile: BankProfile;
  consentId: string;
  accountId: string;
  /** For the CSV file name; the account id when the bank gives none. */
  iban: string | undefined;
  currency: string | undefined;
  /** The balances read for the account, for the chart when the report carries none. */
  balances: readonly Balance[] | undefined;
}

/**
 * The report's query as the page's URL keeps it, and how a submit applies it: the default period ends on the bank's
 * today (which moves with its clock), and submitting the same query again reads it again (`readKey` changes).
 */
export function useReportQuery(profile: BankProfile, adjust: (query: ReportQuery) => ReportQuery = (q) => q) {
  const [params, setParams] = useSearchParams();
  const today = useBankToday(profile);
  const query = useMemo(() => reportQueryFrom(params, today), [params, today]);
  const [round, setRound] = useState(0);
  const apply = (next: ReportQuery) => {
    setParams(reportQueryParams(adjust(next)));
    setRound((r) => r + 1);
  };
  const queryKey = JSON.stringify(query);
  return { query, today, apply, queryKey, readKey: `${queryKey}/${round}` };
}

export function TransactionsPanel(props: AccountContext) {
  const { query, today, apply, queryKey, readKey } = useReportQuery(props.profile);
  return (
    <Panel
      title="Transactions"
      description="GET …/transactions: the report for a period, page by page as the bank sends it."
    >
      <ReportQueryForm key={queryKey} query={query} today={today} onApply={apply} />
      <TransactionsReport key={readKey} {...props} query={query} today={today} />
    </Panel>
  );
}

/** The loaded rows through the filter (deferred, so typing stays quick over 10,000 rows) and the sort. */
export function useShownRows(loaded: ReportRows) {
  const [filter, setFilter] = useState<RowFilter>(emptyFilter);
  const deferredFilter = useDeferredValue(filter);
  const [sort, setSort] = useState<RowSort>();
  const shown = useMemo(
    () => ({
      pending: sortRows(filterRows(loaded.pending, deferredFilter), sort),
      booked: sortRows(filterRows(loaded.booked, deferredFilter), sort),
    }),
    [loaded, deferredFilter, sort],
  );
  const onSort = useCallback((key: SortKey) => setSort((current) => nextSort(current, key)), []);
  return { filter, setFilter, sort, onSort, shown, count: shown.pending.length + shown.booked.length };
}

/** Saves the rows as a CSV file, named after the account and the period. */
export async function exportCsv(
  rows: readonly TransactionRow[],
  fileStem: string,
  query: ReportQuery,
  display: BankDataDisplay,
) {
  const { transactionsCsv, csvFileName } = await import('../model/csv');
  const csv = transactionsCsv(rows, display);
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = csvFileName(fileStem, query.dateFrom, query.dateTo);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The loaded rows' filter, how many match it, and the table of those that do. */
export function FilteredTable({
  rows,
  loadedCount,
  groups,
  onOpen,
  caption,
}: {
  rows: ReturnType<typeof useShownRows>;
  loadedCount: number;
  groups: readonly RowStatus[];
  onOpen: (row: TransactionRow) => void;
  caption: string;
}) {
  return (
    <>
      <RowFilterForm filter={rows.filter} onChange={rows.setFilter} />
      {isFilterActive(rows.filter) && (
        <p className="text-sm text-slate-700">
          {displayCount(rows.count)} of {displayCount(loadedCount)} loaded entries match the filter.
        </p>
      )}
      <TransactionsTable
        pending={rows.shown.pending}
        booked={rows.shown.booked}
        showGroups={groups}
        sort={rows.sort}
        onSort={rows.onSort}
        onOpen={onOpen}
        caption={caption}
      />
    </>
  );
}

function TransactionsReport({
  profile,
  consentId,
  accountId,
  iban,
  currency,
  balances,
  query,
  today,
}: AccountContext & { query: ReportQuery; today: string }) {
  const variables = reportVariables({ profile, consentId, accountId }, query);
  const report = useReport(variables);
  const { loaded, hideRows, reportBalances } = report;
  const rows = useShownRows(loaded);
  const [selected, setSelected] = useState<TransactionRow>();
  const [chartOpen, setChartOpen] = useState(false);
  const loadedCount = loaded.pending.length + loaded.booked.length;
  const groups: RowStatus[] = query.bookingStatus === 'both' ? ['pending', 'booked'] : [query.bookingStatus];
  // Presenter mode names the files after the masked account number, as the screen shows it.
  const display = useBankDataDisplay();
  const fileStem = iban ? display.account(iban) : accountId;

  return (
    <div className="space-y-3">
      <ReportToolbar
        report={report}
        canExport={!hideRows && rows.count > 0}
        onExport={() => void exportCsv([...rows.shown.pending, ...rows.shown.booked], fileStem, query, display)}
        chartOpen={chartOpen}
        onToggleChart={() => setChartOpen((open) => !open)}
      />
      <ReportStatus report={report} />
      <ReadWaitNotice queryKey={report.readingKey} />
      <ReportNotices report={report} variables={variables} fileStem={fileStem} query={query} />
      {chartOpen && (
        <ReportChartSection report={report} query={query} balances={balances} currency={currency} today={today} />
      )}

      {reportBalances && !hideRows && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">Balances in the report (withBalance)</summary>
          <div className="mt-2">
            <BalancesTable balances={reportBalances} caption="Balances in the transaction report" />
          </div>
        </details>
      )}

      {!hideRows && (report.pageData || report.view.mode === 'all') && (
        <FilteredTable
          rows={rows}
          loadedCount={loadedCount}
          groups={groups}
          onOpen={setSelected}
          caption={`Transactions from ${query.dateFrom} to ${query.dateTo}`}
        />
      )}

      {selected && (
        <Suspense fallback={null}>
          <TransactionDetailsDialog
            row={selected}
            profile={profile}
            consentId={consentId}
            accountId={accountId}
            onClose={() => setSelected(undefined)}
          />
        </Suspense>
      )}
    </div>
  );
}
