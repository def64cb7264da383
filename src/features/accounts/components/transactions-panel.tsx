// The account's transactions: the report's query, paging through the bank's links or loading every page, the
// virtualized table with filter and sort, CSV export, entry details and the balance chart.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  getTransactions,
  hasCode,
  linkHref,
  readLinks,
  stringLinksNote,
  transactionsQueryOptions,
  type BankProfile,
  type GetTransactionsVariables,
} from '../../../api';
import {
  Button,
  DeviationNotice,
  ErrorBoundary,
  Field,
  LoadingText,
  Panel,
  Spinner,
  TextInput,
} from '../../../components/ui';
import type { Balance } from '../../../xs2a';
import { allPagesReducer, initialAllPages } from '../model/all-pages-state';
import { consentBlockingCodes } from '../model/consent-verdict';
import {
  emptyFilter,
  filterRows,
  isFilterActive,
  nextSort,
  parseAmountBound,
  sortRows,
  type RowFilter,
  type RowSort,
  type SortKey,
} from '../model/filter-sort';
import { downloadReport, reportFileName, saveFile } from '../model/download-report';
import { followPages } from '../model/follow-pages';
import { displayCount } from '../model/format';
import { reportQueryFrom, reportQueryParams, type ReportQuery } from '../model/report-query';
import { mergeRows, rowsOfReport, type RowStatus, type TransactionRow } from '../model/transaction-rows';
import { BalancesTable } from './balances-table';
import { ReadError } from './read-error';
import { ReportQueryForm } from './report-query-form';
import { TransactionDetailsDialog } from './transaction-details-dialog';
import { TransactionsTable } from './transactions-table';

const BalanceChart = lazy(async () => ({ default: (await import('./balance-chart')).BalanceChart }));

/** User Timing mark set when the last page of "Load all pages" has arrived (read by bench/transactions-paint.ts). */
export const LAST_PAGE_MARK = 'xs2a:transactions:last-page';

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

export function TransactionsPanel(props: AccountContext) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => reportQueryFrom(params), [params]);
  // Submitting the same query again reads it again.
  const [round, setRound] = useState(0);
  const apply = (next: ReportQuery) => {
    setParams(reportQueryParams(next));
    setRound((r) => r + 1);
  };
  const queryKey = JSON.stringify(query);
  return (
    <Panel
      title="Transactions"
      description="GET …/transactions: the report for a period, page by page as the bank sends it."
    >
      <ReportQueryForm key={queryKey} query={query} onApply={apply} />
      <TransactionsReport key={`${queryKey}/${round}`} {...props} query={query} />
    </Panel>
  );
}

/** A page of the report (the first, or one the bank's link named `link` points at), or every page loaded. */
type View = { mode: 'page'; href?: string; link?: string; number?: number } | { mode: 'all' };

function TransactionsReport({
  profile,
  consentId,
  accountId,
  iban,
  currency,
  balances,
  query,
}: AccountContext & { query: ReportQuery }) {
  const queryClient = useQueryClient();
  const variables: GetTransactionsVariables = {
    profile,
    consentId,
    accountId,
    bookingStatus: query.bookingStatus,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    withBalance: query.withBalance || undefined,
  };

  const [view, setView] = useState<View>({ mode: 'page', number: 1 });
  const pageQuery = useQuery({
    ...transactionsQueryOptions({ ...variables, href: view.mode === 'page' ? view.href : undefined }),
    enabled: view.mode === 'page',
    placeholderData: keepPreviousData,
  });

  const [all, dispatch] = useReducer(allPagesReducer, initialAllPages);
  const controllerRef = useRef<AbortController>(undefined);
  useEffect(() => () => controllerRef.current?.abort(), []);

  async function loadAll(resume: boolean) {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setView({ mode: 'all' });
    dispatch({ type: resume ? 'resume' : 'start' });
    try {
      const outcome = await followPages({
        fetchPage: async (href, signal) => {
          const page = { ...variables, href };
          const result = await getTransactions(page, signal);
          // Each page lands in the query cache under the consent's key, as a page read one by one would.
          queryClient.setQueryData(transactionsQueryOptions(page).queryKey, result);
          return result;
        },
        nextHref: (result) => linkHref(result.body.transactions?._links?.next),
        onPage: (result, index) => {
          if (!linkHref(result.body.transactions?._links?.next)) performance.mark(LAST_PAGE_MARK);
          dispatch({ type: 'page', rows: rowsOfReport(result.body.transactions, index), result });
        },
        signal: controller.signal,
        startHref: resume ? all.resumeHref : undefined,
        startIndex: resume ? all.pages.length : 0,
      });
      dispatch({ type: 'done', outcome });
    } catch (error) {
      dispatch({ type: 'error', error });
    }
  }

  function stop() {
    controllerRef.current?.abort();
  }

  function pageView() {
    stop();
    setView({ mode: 'page', number: 1 });
  }

  // The rows on screen: the current page, or every page loaded. Nothing is shown from a read that failed for a
  // consent reason (the data may no longer be the PSU's to see).
  const consentFailure = (error: unknown) => consentBlockingCodes.some((code) => hasCode(error, code));
  const pageData = view.mode === 'page' && !pageQuery.isError ? pageQuery.data : undefined;
  const loaded = useMemo(() => {
    if (view.mode === 'all') return mergeRows(all.pages);
    return rowsOfReport(pageData?.body.transactions, 0);
  }, [view.mode, all.pages, pageData]);
  const hideRows = view.mode === 'all' ? all.status === 'error' && consentFailure(all.error) : !pageData;

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
  const [selected, setSelected] = useState<TransactionRow>();
  const [chartOpen, setChartOpen] = useState(false);

  // The bank's paging links, `{ href }` or plain strings alike (the latter are named as a deviation).
  const linkReading = readLinks(pageData?.body.transactions?._links);
  const links = pageData ? linkReading.links : undefined;
  const linksNote = stringLinksNote(linkReading.stringLinks);
  // A report the bank offers as a file: `_links.download` at the top level (the spec's example) or in the report's own
  // `_links` (its _linksAccountReport); "only" when the answer carries no entries.
  const download = pageData
    ? (linkHref((pageData.body as { _links?: Record<string, unknown> })._links?.download) ?? links?.download?.href)
    : undefined;
  const report = pageData?.body.transactions;
  const onlyDownload =
    download !== undefined &&
    !report?.booked?.length &&
    !report?.pending?.length &&
    !(report as { information?: unknown[] } | undefined)?.information?.length;
  const loadedCount = loaded.pending.length + loaded.booked.length;
  const shownCount = shown.pending.length + shown.booked.length;
  const groups: RowStatus[] = query.bookingStatus === 'both' ? ['pending', 'booked'] : [query.bookingStatus];
  const complete =
    view.mode === 'all' ? all.status === 'complete' : pageData !== undefined && !links?.next && !links?.previous;
  const reportBalances = (view.mode === 'all' ? all.last : pageData)?.body.balances;

  async function exportCsv() {
    const { transactionsCsv, csvFileName } = await import('../model/csv');
    const csv = transactionsCsv([...shown.pending, ...shown.booked]);
    const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = csvFileName(iban ?? accountId, query.dateFrom, query.dateTo);
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  const go = (link: string, number: number | undefined) => {
    const href = links?.[link]?.href;
    if (href) setView({ mode: 'page', href, link, number });
  };
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>();
  async function saveDownload(href: string) {
    setDownloading(true);
    setDownloadError(undefined);
    try {
      const file = await downloadReport({ ...variables, href });
      saveFile(file, reportFileName(iban ?? accountId, query.dateFrom, query.dateTo, file.extension));
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(false);
    }
  }
  const currentNumber = view.mode === 'page' ? view.number : undefined;
  const turning = pageQuery.isPlaceholderData || (pageQuery.isFetching && view.mode === 'page');

  return (
    <div className="space-y-3">
      {/* Paging and loading */}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3">
        {view.mode === 'page' ? (
          <nav aria-label="Report pages" className="flex flex-wrap items-center gap-1">
            <Button size="sm" disabled={!links?.first || turning} onClick={() => go('first', 1)}>
              First
            </Button>
            <Button
              size="sm"
              disabled={!links?.previous || turning}
              onClick={() => go('previous', currentNumber !== undefined ? currentNumber - 1 : undefined)}
            >
              Previous
            </Button>
            <Button
              size="sm"
              disabled={!links?.next || turning}
              onClick={() => go('next', currentNumber !== undefined ? currentNumber + 1 : undefined)}
            >
              Next
            </Button>
            <Button size="sm" disabled={!links?.last || turning} onClick={() => go('last', undefined)}>
              Last
            </Button>
            <span className="ml-1 text-sm text-slate-700">
              {pageData &&
                (onlyDownload
                  ? 'The report is a download'
                  : !links?.next && !links?.previous
                    ? 'The whole report is on one page'
                    : currentNumber !== undefined
                      ? `Page ${currentNumber}`
                      : !links?.next
                        ? 'Last page'
                        : 'A page of the report')}
            </span>
          </nav>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            {all.status === 'loading' ? (
              <Button size="sm" variant="danger" onClick={stop}>
                Stop loading
              </Button>
            ) : (
              (all.status === 'stopped' || all.status === 'error') && (
                <Button size="sm" onClick={() => void loadAll(true)}>
                  Continue loading
                </Button>
              )
            )}
            <Button size="sm" variant="ghost" onClick={pageView}>
              Show one page at a time
            </Button>
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <Button size="sm" variant="primary" disabled={all.status === 'loading'} onClick={() => void loadAll(false)}>
            Load all pages
          </Button>
          <Button size="sm" disabled={hideRows || shownCount === 0} onClick={() => void exportCsv()}>
            Export CSV
          </Button>
          <Button
            size="sm"
            aria-expanded={chartOpen}
            aria-controls="balance-chart-panel"
            onClick={() => setChartOpen((open) => !open)}
          >
            {chartOpen ? 'Hide balance chart' : 'Show balance chart'}
          </Button>
        </div>
      </div>

      {/* Busy while every page loads, so screen readers hear the outcome rather than a hundred counts. */}
      <p
        role="status"
        aria-busy={view.mode === 'all' && all.status === 'loading'}
        className="flex items-center gap-2 text-sm text-slate-700"
      >
        {(all.status === 'loading' && view.mode === 'all') || (view.mode === 'page' && pageQuery.isFetching) ? (
          <Spinner />
        ) : null}
        {onlyDownload && view.mode === 'page'
          ? 'No entries in the answer: the report is a download.'
          : reportSummary({ view, all, pageLoading: pageQuery.isPending, loaded, loadedCount, turning })}
      </p>

      {view.mode === 'page' && pageQuery.isError && (
        <ReadError
          error={pageQuery.error}
          what="the transactions"
          profile={profile}
          consentId={consentId}
          onRetry={() => void pageQuery.refetch()}
          {...(view.mode === 'page' && view.link && view.href && { bankLink: { name: view.link, href: view.href } })}
        />
      )}
      {download !== undefined && (
        <div role="note" className="space-y-2 rounded border border-blue-300 bg-blue-50 p-3 text-sm">
          <p>
            {onlyDownload
              ? 'The bank offers this report only as a download (_links.download), with no entries in its answer, so the list below is empty. Download the file to see the transactions.'
              : 'The bank also offers this report as a download (_links.download).'}
          </p>
          <Button size="sm" variant="primary" disabled={downloading} onClick={() => void saveDownload(download)}>
            {downloading ? <Spinner /> : null}
            Download the report
          </Button>
        </div>
      )}
      {downloadError !== undefined && download !== undefined && (
        <ReadError
          error={downloadError}
          what="the report's download"
          profile={profile}
          consentId={consentId}
          bankLink={{ name: 'download', href: download }}
        />
      )}
      {view.mode === 'page' && linksNote && (
        <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
          <span aria-hidden="true">⚠ </span>
          {linksNote}
        </p>
      )}
      {view.mode === 'all' && all.status === 'error' && (
        <ReadError
          error={all.error}
          what={`page ${all.pages.length + 1} of the transactions`}
          profile={profile}
          consentId={consentId}
        />
      )}
      {view.mode === 'all' && all.status === 'cut-off' && (
        <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm">
          Loading stopped: {all.cutOffReason}. The rows below are what was read.
        </p>
      )}
      <DeviationNotice deviations={view.mode === 'all' ? all.deviations : (pageData?.deviations ?? [])} />

      {chartOpen && (
        <section
          id="balance-chart-panel"
          aria-labelledby="balance-chart-heading"
          className="space-y-2 rounded border border-slate-200 p-3"
        >
          <h3 id="balance-chart-heading" className="text-sm font-semibold">
            Balance over the period
          </h3>
          {hideRows ? (
            <p className="text-sm text-slate-700">No transactions are loaded.</p>
          ) : !complete ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              The balance is worked back from the current one through every booked entry, so the chart needs the whole
              report.
              <Button size="sm" disabled={all.status === 'loading'} onClick={() => void loadAll(false)}>
                Load all pages
              </Button>
            </p>
          ) : (
            <ErrorBoundary what="the chart">
              <Suspense fallback={<LoadingText>Loading the chart…</LoadingText>}>
                <BalanceChart
                  entries={loaded.booked}
                  balances={reportBalances ?? balances ?? []}
                  dateFrom={query.dateFrom}
                  dateTo={query.dateTo}
                  currency={currency ?? ''}
                />
              </Suspense>
            </ErrorBoundary>
          )}
        </section>
      )}

      {reportBalances && !hideRows && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium text-slate-700">Balances in the report (withBalance)</summary>
          <div className="mt-2">
            <BalancesTable balances={reportBalances} caption="Balances in the transaction report" />
          </div>
        </details>
      )}

      {!hideRows && (pageData || view.mode === 'all') && (
        <>
          <RowFilterForm filter={filter} onChange={setFilter} />
          {isFilterActive(filter) && (
            <p className="text-sm text-slate-700">
              {displayCount(shownCount)} of {displayCount(loadedCount)} loaded entries match the filter.
            </p>
          )}
          <TransactionsTable
            pending={shown.pending}
            booked={shown.booked}
            showGroups={groups}
            sort={sort}
            onSort={onSort}
            onOpen={setSelected}
            caption={`Transactions from ${query.dateFrom} to ${query.dateTo}`}
          />
        </>
      )}

      {selected && (
        <TransactionDetailsDialog
          row={selected}
          profile={profile}
          consentId={consentId}
          accountId={accountId}
          onClose={() => setSelected(undefined)}
        />
      )}
    </div>
  );
}

function reportSummary({
  view,
  all,
  pageLoading,
  loaded,
  loadedCount,
  turning,
}: {
  view: View;
  all: { status: string; pages: unknown[] };
  pageLoading: boolean;
  loaded: { pending: unknown[]; booked: unknown[] };
  loadedCount: number;
  turning: boolean;
}): string {
  const counts = `${displayCount(loaded.pending.length)} pending, ${displayCount(loaded.booked.length)} booked`;
  const pages = `${displayCount(all.pages.length)} ${all.pages.length === 1 ? 'page' : 'pages'}`;
  if (view.mode === 'page') {
    if (pageLoading) return 'Reading the transactions…';
    if (turning) return 'Reading the page…';
    return `${displayCount(loadedCount)} entries on this page (${counts}).`;
  }
  switch (all.status) {
    case 'loading':
      return `Loading every page: ${pages} read, ${displayCount(loadedCount)} entries so far…`;
    case 'complete':
      return `All ${pages} loaded: ${displayCount(loadedCount)} entries (${counts}).`;
    case 'stopped':
      return `Stopped after ${pages}: ${displayCount(loadedCount)} entries loaded (${counts}).`;
    default:
      return `${pages} read: ${displayCount(loadedCount)} entries (${counts}).`;
  }
}

function RowFilterForm({ filter, onChange }: { filter: RowFilter; onChange: (filter: RowFilter) => void }) {
  const invalid = (value: string) => Number.isNaN(parseAmountBound(value) ?? 0);
  return (
    <div role="search" aria-label="Filter the loaded entries" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
      <Field label="Filter by text" hint="Counterparty names and remittance information; every word must match">
        <TextInput
          type="search"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </Field>
      <Field
        label="Amount from"
        hint="Debits are negative"
        error={invalid(filter.minAmount) ? 'Enter a number, e.g. -50 or 12.50' : undefined}
      >
        <TextInput
          inputMode="decimal"
          value={filter.minAmount}
          onChange={(event) => onChange({ ...filter, minAmount: event.target.value })}
        />
      </Field>
      <Field label="Amount to" error={invalid(filter.maxAmount) ? 'Enter a number, e.g. -50 or 12.50' : undefined}>
        <TextInput
          inputMode="decimal"
          value={filter.maxAmount}
          onChange={(event) => onChange({ ...filter, maxAmount: event.target.value })}
        />
      </Field>
    </div>
  );
}
