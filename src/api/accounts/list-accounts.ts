import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountList } from '../../xs2a/accounts';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { accountKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';

export interface ListAccountsVariables {
  profile: BankProfile;
  consentId: string;
  /** Ask for each account's balances too (the consent must cover them; the bank may ignore it). */
  withBalance?: boolean;
}

export type ListAccountsData = AccountList;

/** The `withBalance` query parameter: sent only when asked for. */
export function withBalanceQuery(withBalance: boolean | undefined): Record<string, string | undefined> {
  return { withBalance: withBalance ? 'true' : undefined };
}

/** GET /v1/accounts: the accounts the consent gives access to. */
export function listAccounts(
  { profile, consentId, withBalance }: ListAccountsVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<ListAccountsData>> {
  return xs2aRequest<ListAccountsData>({
    profile,
    operationId: 'getAccountList',
    method: 'GET',
    path: v1Path('accounts'),
    query: withBalanceQuery(withBalance),
    consentId,
    flow: `consent:${consentId}`,
    signal,
  });
}

export function accountsQueryOptions(variables: ListAccountsVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: accountKeys.list(variables.profile.id, variables.consentId, variables.withBalance ?? false),
    queryFn: (context) => listAccounts(variables, readSignal(context)),
  });
}

export function useAccounts(variables: ListAccountsVariables, options?: ReadOptions<ListAccountsData>) {
  return useQuery({ ...accountsQueryOptions(variables), ...options });
}
