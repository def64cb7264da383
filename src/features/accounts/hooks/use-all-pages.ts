// "Load all pages" on the report's infinite query: reads the next page while the user wants every page, stops and
// continues on request, and gives the page the rows, deviations and progress of what was read.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import {
  MAX_TRANSACTION_PAGES,
  nextTransactionPage,
  restartTransactionPages,
  stopTransactionPages,
  transactionPagesQueryOptions,
  type Deviation,
  type TransactionPage,
  type TransactionPagesVariables,
} from '../../../api';
import { allPagesStatus, cutOffReason, pagesDeviations, rowsOfPages, type AllPagesStatus } from '../model/all-pages';
import type { ReportRows } from '../model/transaction-rows';

export interface AllPages {
  status: AllPagesStatus;
  /** How many pages were read. */
  pageCount: number;
  /** The last page's answer (its balances when withBalance was asked for). */
  last: TransactionPage | undefined;
  error: unknown;
  cutOffReason: string | undefined;
  /** Deviations from 1.3.12 of every page, each kind once. */
  deviations: Deviation[];
  rows: ReportRows;
  /** Reads every page from the first. */
  start: () => void;
  /** Stops after the read in flight is aborted; the pages read are kept. */
  stop: () => void;
  /** Continues after a stop or an error with the next page not read yet. */
  resume: () => void;
}

const noPages: readonly TransactionPage[] = [];

/** Every page of the report, read while `active` (the page shows all pages). */
export function useAllPages(variables: TransactionPagesVariables, active: boolean): AllPages {
  const client = useQueryClient();
  const [running, setRunning] = useState(false);
  const query = useInfiniteQuery({ ...transactionPagesQueryOptions(variables), enabled: active });
  const { data, error, isError, isFetching, fetchNextPage } = query;
  const pages = data?.pages ?? noPages;
  const next = data ? nextTransactionPage(data.pages, data.pageParams) : undefined;
  const wantsNext = active && running && !isFetching && !isError && next !== undefined && 'href' in next;

  // Once per page read: the page's arrival and the end of its fetch may reach React in one update.
  const pageCount = pages.length;
  useEffect(() => {
    if (wantsNext) void fetchNextPage({ cancelRefetch: false });
  }, [wantsNext, pageCount, fetchNextPage]);

  const rows = useMemo(() => rowsOfPages(pages), [pages]);
  const deviations = useMemo(() => pagesDeviations(pages), [pages]);
  return {
    status: allPagesStatus({ running, fetching: isFetching, failed: isError, next }),
    pageCount,
    last: pages.at(-1),
    error,
    cutOffReason: cutOffReason(next, MAX_TRANSACTION_PAGES),
    deviations,
    rows,
    start: () => {
      setRunning(true);
      void restartTransactionPages(client, variables);
    },
    stop: () => {
      setRunning(false);
      void stopTransactionPages(client, variables);
    },
    resume: () => {
      setRunning(true);
      void fetchNextPage();
    },
  };
}
