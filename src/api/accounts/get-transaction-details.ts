import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TransactionDetailsResponse } from '../../xs2a/accounts';
import { xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { accountKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';

export interface GetTransactionDetailsVariables {
  profile: BankProfile;
  consentId: string;
  accountId: string;
  /** The entry's `_links.transactionDetails.href`, as the bank wrote it. */
  href: string;
}

export type GetTransactionDetailsData = TransactionDetailsResponse;

/** GET /v1/accounts/{account-id}/transactions/{transactionId}, through the entry's transactionDetails link. */
export function getTransactionDetails(
  { profile, consentId, href }: GetTransactionDetailsVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetTransactionDetailsData>> {
  return xs2aRequest<GetTransactionDetailsData>({
    profile,
    operationId: 'getTransactionDetails',
    method: 'GET',
    href,
    consentId,
    flow: `consent:${consentId}`,
    signal,
  });
}

export function transactionDetailsQueryOptions(variables: GetTransactionDetailsVariables) {
  // Under the account's key, so it goes with the consent; the profile is named by its id alone.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: accountKeys.transactionDetails(
      variables.profile.id,
      variables.consentId,
      variables.accountId,
      variables.href,
    ),
    queryFn: (context) => getTransactionDetails(variables, readSignal(context)),
  });
}

export function useTransactionDetails(
  variables: GetTransactionDetailsVariables,
  options?: ReadOptions<GetTransactionDetailsData>,
) {
  return useQuery({ ...transactionDetailsQueryOptions(variables), ...options });
}
