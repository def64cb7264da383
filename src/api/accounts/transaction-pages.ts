// "Load all pages": a report read page by page through the bank's `_links.next`, as one infinite query. Pages are read
// one after the other (each `next` comes from the page before); a stop cancels the read in flight through the query's
// signal and keeps the pages already read, so loading can continue from the last page's `next`.
import { infiniteQueryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Xs2aResult } from '../client';
import { accountKeys } from '../keys';
import { linkOf } from '../links';
import { readSignal } from '../rate-limit';
import { getTransactions, reportFilters, transactionsQueryOptions, type GetTransactionsData } from './get-transactions';
import type { GetTransactionsVariables } from './get-transactions';

/** The report's query; the pages' hrefs come from the bank. */
export type TransactionPagesVariables = Omit<GetTransactionsVariables, 'href'>;

export type TransactionPage = Xs2aResult<GetTransactionsData>;

/** Every page read so far, with the href each was read from (undefined: the first page, read with the filters). */
export type TransactionPagesData = InfiniteData<TransactionPage, string | undefined>;

/** User Timing mark set when the last page of the report has arrived (read by bench/transactions-paint.ts). */
export const LAST_TRANSACTIONS_PAGE_MARK = 'xs2a:transactions:last-page';

/** A safety net against a bank whose `next` never ends. */
export const MAX_TRANSACTION_PAGES = 10_000;

/**
 * Where the pages lead after the last one read: its `next` href, or why there is none to read. `loop` when the bank's
 * `next` points at a page already read, `cap` when MAX_TRANSACTION_PAGES were read.
 */
export type NextTransactionPage = { href: string } | { end: 'complete' | 'loop' | 'cap' };

export function nextTransactionPage(
  pages: readonly TransactionPage[],
  pageParams: readonly unknown[],
): NextTransactionPage {
  const next = linkOf(pages.at(-1)?.body.transactions?._links, 'next');
  if (next === undefined) return { end: 'complete' };
  if (pageParams.includes(next)) return { end: 'loop' };
  if (pages.length >= MAX_TRANSACTION_PAGES) return { end: 'cap' };
  return { href: next };
}

/** One page of the report, also kept under the key a page read one by one has (so paging back shows it at once). */
async function readTransactionPage(
  client: QueryClient,
  variables: TransactionPagesVariables,
  href: string | undefined,
  signal: AbortSignal,
): Promise<TransactionPage> {
  const page = { ...variables, href };
  const result = await getTransactions(page, signal);
  client.setQueryData(transactionsQueryOptions(page).queryKey, result);
  if (linkOf(result.body.transactions?._links, 'next') === undefined) performance.mark(LAST_TRANSACTIONS_PAGE_MARK);
  return result;
}

/**
 * Every page of a report, read on demand: the query starts with the first page; `fetchNextPage` reads the next one.
 * It never refetches by itself (a refetch would read every page again and spend the consent's frequencyPerDay).
 */
export function transactionPagesQueryOptions(variables: TransactionPagesVariables) {
  const { profile, consentId, accountId } = variables;
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  return infiniteQueryOptions({
    queryKey: accountKeys.transactionPages(profile.id, consentId, accountId, reportFilters(variables)),
    queryFn: (context) => readTransactionPage(context.client, variables, context.pageParam, readSignal(context)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (_last, pages, _lastParam, pageParams) => {
      const next = nextTransactionPage(pages, pageParams);
      return 'href' in next ? next.href : undefined;
    },
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });
}

/** Starts the report's pages again from the first: what was read is dropped, and an active query reads page one. */
export function restartTransactionPages(client: QueryClient, variables: TransactionPagesVariables): Promise<void> {
  return client.resetQueries({ queryKey: transactionPagesQueryOptions(variables).queryKey, exact: true });
}

/** Stops reading the report's pages: the read in flight is aborted, the pages already read are kept. */
export function stopTransactionPages(client: QueryClient, variables: TransactionPagesVariables): Promise<void> {
  return client.cancelQueries({ queryKey: transactionPagesQueryOptions(variables).queryKey, exact: true });
}
