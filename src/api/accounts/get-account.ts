import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountDetailsResponse } from '../../xs2a/accounts';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { accountKeys } from '../keys';
import type { ReadOptions } from '../read-options';
import { withBalanceQuery, type ListAccountsVariables } from './list-accounts';

export interface GetAccountVariables extends ListAccountsVariables {
  /** The account's resourceId. */
  accountId: string;
}

export type GetAccountData = AccountDetailsResponse;

/** GET /v1/accounts/{account-id}. */
export function getAccount(
  { profile, consentId, accountId, withBalance }: GetAccountVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetAccountData>> {
  return xs2aRequest<GetAccountData>({
    profile,
    operationId: 'readAccountDetails',
    method: 'GET',
    path: v1Path('accounts', accountId),
    query: withBalanceQuery(withBalance),
    consentId,
    flow: `consent:${consentId}`,
    signal,
  });
}

export function accountQueryOptions(variables: GetAccountVariables) {
  const { profile, consentId, accountId, withBalance } = variables;
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: accountKeys.detail(profile.id, consentId, accountId, withBalance ?? false),
    queryFn: (context) => getAccount(variables, readSignal(context)),
  });
}

export function useAccount(variables: GetAccountVariables, options?: ReadOptions<GetAccountData>) {
  return useQuery({ ...accountQueryOptions(variables), ...options });
}
