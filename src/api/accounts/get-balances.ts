import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReadAccountBalanceResponse } from '../../xs2a/accounts';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { accountKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';

export interface GetBalancesVariables {
  profile: BankProfile;
  consentId: string;
  accountId: string;
}

export type GetBalancesData = ReadAccountBalanceResponse;

/** GET /v1/accounts/{account-id}/balances. */
export function getBalances(
  { profile, consentId, accountId }: GetBalancesVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetBalancesData>> {
  return xs2aRequest<GetBalancesData>({
    profile,
    operationId: 'getBalances',
    method: 'GET',
    path: `${v1Path('accounts', accountId)}/balances`,
    consentId,
    flow: `consent:${consentId}`,
    signal,
  });
}

export function balancesQueryOptions(variables: GetBalancesVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: accountKeys.balances(variables.profile.id, variables.consentId, variables.accountId),
    queryFn: (context) => getBalances(variables, readSignal(context)),
  });
}

export function useBalances(variables: GetBalancesVariables, options?: ReadOptions<GetBalancesData>) {
  return useQuery({ ...balancesQueryOptions(variables), ...options });
}
