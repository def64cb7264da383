// The card account reads (1.3.12 /v1/card-accounts) under a consent: the list, one card account, its balances and its
// card transaction report (a page, or the page a bank's link points at). Their query keys sit under the consent's
// account keys, so whatever clears a consent's account data clears its cards' too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  CardAccountDetailsResponse,
  CardAccountList,
  CardAccountsTransactionsResponse,
  ReadCardAccountBalanceResponse,
} from '../../xs2a/card-accounts';
import type { OperationName } from '../../xs2a/operation-routes';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { accountKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import { readSignal } from '../rate-limit';
import type { ReadOptions } from '../read-options';
import { withBalanceQuery } from './list-accounts';

export interface CardReadVariables {
  profile: BankProfile;
  consentId: string;
}

export interface CardAccountVariables extends CardReadVariables {
  accountId: string;
}

/** The card report's query (bookingStatus booked, pending or both), or a page through the bank's link `href`. */
export interface CardTransactionsVariables extends CardAccountVariables {
  bookingStatus: 'booked' | 'pending' | 'both';
  dateFrom: string;
  dateTo?: string;
  href?: string;
}

export const cardAccountKeys = {
  all: (profileId: string, consentId: string) => [...accountKeys.all(profileId, consentId), 'cards'] as const,
  list: (profileId: string, consentId: string, withBalance: boolean) =>
    [...cardAccountKeys.all(profileId, consentId), 'list', { withBalance }] as const,
  card: (profileId: string, consentId: string, accountId: string, read: string, params: object = {}) =>
    [...cardAccountKeys.all(profileId, consentId), accountId, read, params] as const,
};

type Target = { path: string; query?: Record<string, string | undefined> } | { href: string };

/** One card account read under the consent, checked against its 1.3.12 answer. */
function cardRead<T>(
  operationId: OperationName,
  { profile, consentId }: CardReadVariables,
  target: Target,
  signal?: AbortSignal,
): Promise<Xs2aResult<T>> {
  return xs2aRequest<T>({
    profile,
    operationId,
    method: 'GET',
    ...target,
    consentId,
    flow: `consent:${consentId}`,
    signal,
  });
}

const cardPath = (accountId: string, read?: string) =>
  read ? `${v1Path('card-accounts', accountId)}/${read}` : v1Path('card-accounts', accountId);

// The keys name the profile by its id alone: its headers and token do not change whose data it is.
/* eslint-disable @tanstack/query/exhaustive-deps */

/** GET /v1/card-accounts. */
export function cardAccountsQueryOptions(variables: CardReadVariables & { withBalance?: boolean }) {
  const withBalance = variables.withBalance ?? false;
  return queryOptions({
    queryKey: cardAccountKeys.list(variables.profile.id, variables.consentId, withBalance),
    queryFn: (context) =>
      cardRead<CardAccountList>(
        'getCardAccountList',
        variables,
        { path: v1Path('card-accounts'), query: withBalanceQuery(withBalance) },
        readSignal(context),
      ),
  });
}

/** GET /v1/card-accounts/{account-id}. */
export function cardAccountQueryOptions(variables: CardAccountVariables) {
  return queryOptions({
    queryKey: cardAccountKeys.card(variables.profile.id, variables.consentId, variables.accountId, 'detail'),
    queryFn: (context) =>
      cardRead<CardAccountDetailsResponse>(
        'readCardAccountDetails',
        variables,
        { path: cardPath(variables.accountId) },
        readSignal(context),
      ),
  });
}

/** GET /v1/card-accounts/{account-id}/balances. */
export function cardBalancesQueryOptions(variables: CardAccountVariables) {
  return queryOptions({
    queryKey: cardAccountKeys.card(variables.profile.id, variables.consentId, variables.accountId, 'balances'),
    queryFn: (context) =>
      cardRead<ReadCardAccountBalanceResponse>(
        'getCardAccountBalances',
        variables,
        { path: cardPath(variables.accountId, 'balances') },
        readSignal(context),
      ),
  });
}

/** GET /v1/card-accounts/{account-id}/transactions with the query, or the page of a bank's link. */
export function cardTransactionsQueryOptions(variables: CardTransactionsVariables) {
  const { accountId, bookingStatus, dateFrom, dateTo, href } = variables;
  const target: Target = href
    ? { href }
    : { path: cardPath(accountId, 'transactions'), query: { bookingStatus, dateFrom, dateTo } };
  return queryOptions({
    queryKey: cardAccountKeys.card(variables.profile.id, variables.consentId, accountId, 'transactions', {
      bookingStatus,
      dateFrom,
      dateTo,
      href,
    }),
    queryFn: (context) =>
      cardRead<CardAccountsTransactionsResponse>(
        'getCardAccountTransactionList',
        variables,
        target,
        readSignal(context),
      ),
  });
}
/* eslint-enable @tanstack/query/exhaustive-deps */

export const useCardAccounts = (
  variables: CardReadVariables & { withBalance?: boolean },
  options?: ReadOptions<CardAccountList>,
) => useQuery({ ...cardAccountsQueryOptions(variables), ...options });

export const useCardAccount = (variables: CardAccountVariables, options?: ReadOptions<CardAccountDetailsResponse>) =>
  useQuery({ ...cardAccountQueryOptions(variables), ...options });

export const useCardBalances = (
  variables: CardAccountVariables,
  options?: ReadOptions<ReadCardAccountBalanceResponse>,
) => useQuery({ ...cardBalancesQueryOptions(variables), ...options });

export const useCardTransactions = (
  variables: CardTransactionsVariables,
  options?: ReadOptions<CardAccountsTransactionsResponse>,
) => useQuery({ ...cardTransactionsQueryOptions(variables), ...options, placeholderData: (previous) => previous });
