import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SigningBasketResponse200 } from '../../xs2a/signing-baskets';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { basketFlow, basketKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import { readSignal } from '../rate-limit';
import type { ReadOptions } from '../read-options';

export interface GetBasketVariables {
  profile: BankProfile;
  basketId: string;
}

export type GetBasketData = SigningBasketResponse200;

/** GET /v1/signing-baskets/{basketId}: the payments and consents it holds, and its status. */
export function getBasket(
  { profile, basketId }: GetBasketVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetBasketData>> {
  return xs2aRequest<GetBasketData>({
    profile,
    operationId: 'getSigningBasket',
    method: 'GET',
    path: v1Path('signing-baskets', basketId),
    flow: basketFlow(basketId),
    signal,
  });
}

export function basketQueryOptions(variables: GetBasketVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: basketKeys.detail(variables.profile.id, variables.basketId),
    queryFn: (context) => getBasket(variables, readSignal(context)),
  });
}

export function useBasket(variables: GetBasketVariables, options?: ReadOptions<GetBasketData>) {
  return useQuery({ ...basketQueryOptions(variables), ...options });
}
