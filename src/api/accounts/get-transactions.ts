import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionsResponse } from '../../xs2a/accounts';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { accountKeys, type TransactionFilters } from '../keys';
import type { ReadOptions } from '../read-options';
import type { GetBalancesVariables } from './get-balances';

export interface GetTransactionsVariables extends GetBalancesVariables, TransactionFilters {}

export type GetTransactionsData = TransactionsResponse;

/**
 * GET /v1/accounts/{account-id}/transactions with the filters, or a page of the report through its `_links`
 * (first/next/previous/last): the href then replaces the path and the filters.
 */
export function getTransactions(
  { profile, consentId, accountId, href, bookingStatus, dateFrom, dateTo, withBalance }: GetTransactionsVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetTransactionsData>> {
  const target = href
    ? { href }
    : {
        path: `${v1Path('accounts', accountId)}/transactions`,
        query: { bookingStatus, dateFrom, dateTo, withBalance: withBalance ? 'true' : undefined },
      };
  return xs2aRequest<GetTransactionsData>({
    profile,
    operationId: 'getTransactionList',
    method: 'GET',
    ...target,
    consentId,
    flow: `consent:${consentId}`,
    signal,
  });
}

/** The report's filters as its query keys hold them (the profile, consent and account come first in the key). */
export function reportFilters({ bookingStatus, dateFrom, dateTo, withBalance }: TransactionFilters) {
  return { bookingStatus, dateFrom, dateTo, withBalance };
}

export function transactionsQueryOptions(variables: GetTransactionsVariables) {
  const { profile, consentId, accountId, href } = variables;
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  return queryOptions({
    queryKey: accountKeys.transactions(profile.id, consentId, accountId, { ...reportFilters(variables), href }),
    queryFn: (context) => getTransactions(variables, readSignal(context)),
  });
}

export function useTransactions(variables: GetTransactionsVariables, options?: ReadOptions<GetTransactionsData>) {
  return useQuery({ ...transactionsQueryOptions(variables), ...options });
}
