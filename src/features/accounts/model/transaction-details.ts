// GET /v1/accounts/{account-id}/transactions/{transactionId} through the transaction's `transactionDetails` link.
import { queryOptions } from '@tanstack/react-query';
import { accountKeys, xs2aRequest, type BankProfile } from '../../../api';
import type { TransactionDetailsResponse } from '../../../xs2a';

export interface TransactionDetailsVariables {
  profile: BankProfile;
  consentId: string;
  accountId: string;
  /** The entry's `_links.transactionDetails.href`. */
  href: string;
}

export function transactionDetailsQueryOptions(variables: TransactionDetailsVariables) {
  const { profile, consentId, accountId, href } = variables;
  // Under the account's key, so it goes with the consent; the profile is named by its id alone.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [...accountKeys.account(profile.id, consentId, accountId), 'transactionDetails', href] as const,
    queryFn: ({ signal }) =>
      xs2aRequest<TransactionDetailsResponse>({
        profile,
        operationId: 'getTransactionDetails',
        method: 'GET',
        href,
        consentId,
        flow: `consent:${consentId}`,
        signal,
      }),
  });
}
