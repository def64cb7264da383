// The transaction report as the panel shows it: one page at a time (the first, or one the bank's links point at), or
// every page loaded; the rows on screen, the bank's links and download, and how complete the report is.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  hasCode,
  linkOf,
  readLinks,
  transactionPagesQueryOptions,
  transactionsQueryOptions,
  type GetTransactionsVariables,
  type LinkValue,
  type TransactionPage,
} from '../../../api';
import { consentBlockingCodes } from '../model/consent-verdict';
import type { ReportQuery } from '../model/report-query';
import { rowsOfReport, type ReportRows } from '../model/transaction-rows';
import { useAllPages, type AllPages } from './use-all-pages';

/** A page of the report (the first, or one the bank's link named `link` points at), or every page loaded. */
export type ReportView = { mode: 'page'; href?: string; link?: string; number?: number } | { mode: 'all' };

/** The report's query as the bank's operation takes it, for one account under one consent. */
export function reportVariables(
  account: Pick<GetTransactionsVariables, 'profile' | 'consentId' | 'accountId'>,
  query: ReportQuery,
): GetTransactionsVariables {
  return {
    ...account,
    bookingStatus: query.bookingStatus,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    withBalance: query.withBalance || undefined,
  };
}

/** A read refused for the consent's sake: nothing is shown from it (the data may no longer be the PSU's to see). */
function consentFailure(error: unknown): boolean {
  return consentBlockingCodes.some((code) => hasCode(error, code));
}

/** The bank's paging links of a page (in any form readLinks reads), and its report offered as a file. */
function pageLinks(pageData: TransactionPage | undefined) {
  const reading = readLinks(pageData?.body.transactions?._links);
  const links: Record<string, LinkValue> | undefined = pageData ? reading.links : undefined;
  // A report the bank offers as a file: `_links.download` at the top level (the spec's example) or in the report's
  // own `_links` (its _linksAccountReport); "only" when the answer carries no entries.
  const download = pageData
    ? (linkOf((pageData.body as { _links?: unknown })._links, 'download') ?? links?.download?.href)
    : undefined;
  const report = pageData?.body.transactions;
  const onlyDownload =
    download !== undefined &&
    !report?.booked?.length &&
    !report?.pending?.length &&
    !(report as { information?: unknown[] } | undefined)?.information?.length;
  return { links, linkForms: reading, download, onlyDownload };
}

export function useReport(variables: GetTransactionsVariables) {
  const [view, setView] = useState<ReportView>({ mode: 'page', number: 1 });
  const pageOptions = transactionsQueryOptions({ ...variables, href: view.mode === 'page' ? view.href : undefined });
  const pageQuery = useQuery({
    ...pageOptions,
    enabled: view.mode === 'page',
    placeholderData: keepPreviousData,
  });
  const all: AllPages = useAllPages(variables, view.mode === 'all');

  const pageData = view.mode === 'page' && !pageQuery.isError ? pageQuery.data : undefined;
  const loaded: ReportRows = useMemo(
    () => (view.mode === 'all' ? all.rows : rowsOfReport(pageData?.body.transactions, 0)),
    [view.mode, all.rows, pageData],
  );
  // No rows for a report that failed before a page was read, nor after a refusal for the consent's sake.
  const hideRows =
    view.mode === 'all' ? all.status === 'error' && (all.pageCount === 0 || consentFailure(all.error)) : !pageData;
  const paging = pageLinks(pageData);
  const { links } = paging;
  const currentNumber = view.mode === 'page' ? view.number : undefined;

  return {
    view,
    pageQuery,
    pageData,
    all,
    loaded,
    hideRows,
    ...paging,
    currentNumber,
    /** The query reading now: a read the bank asked to hold back (429) shows its countdown by it. */
    readingKey: view.mode === 'page' ? pageOptions.queryKey : transactionPagesQueryOptions(variables).queryKey,
    complete:
      view.mode === 'all' ? all.status === 'complete' : pageData !== undefined && !links?.next && !links?.previous,
    reportBalances: (view.mode === 'all' ? all.last : pageData)?.body.balances,
    turning: pageQuery.isPlaceholderData || (pageQuery.isFetching && view.mode === 'page'),
    go: (link: string, number: number | undefined) => {
      const href = links?.[link]?.href;
      if (href) setView({ mode: 'page', href, link, number });
    },
    loadAll: () => {
      setView({ mode: 'all' });
      all.start();
    },
    pageView: () => {
      all.stop();
      setView({ mode: 'page', number: 1 });
    },
  };
}

export type Report = ReturnType<typeof useReport>;
