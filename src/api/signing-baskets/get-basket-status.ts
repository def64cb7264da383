import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SigningBasketStatusResponse200 } from '../../xs2a/signing-baskets';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { basketFlow, basketKeys } from '../keys';
import { readSignal } from '../rate-limit';
import type { ReadOptions } from '../read-options';
import type { GetBasketVariables } from './get-basket';

export type GetBasketStatusData = SigningBasketStatusResponse200;

/** GET /v1/signing-baskets/{basketId}/status. */
export function getBasketStatus(
  { profile, basketId }: GetBasketVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetBasketStatusData>> {
  return xs2aRequest<GetBasketStatusData>({
    profile,
    operationId: 'getSigningBasketStatus',
    method: 'GET',
    path: `${v1Path('signing-baskets', basketId)}/status`,
    flow: basketFlow(basketId),
    signal,
  });
}

export function basketStatusQueryOptions(variables: GetBasketVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: basketKeys.status(variables.profile.id, variables.basketId),
    queryFn: (context) => getBasketStatus(variables, readSignal(context)),
  });
}

/** The status; pass `refetchInterval` to follow it (e.g. until the basket's authorisation is applied). */
export function useBasketStatus(variables: GetBasketVariables, options?: ReadOptions<GetBasketStatusData>) {
  return useQuery({ ...basketStatusQueryOptions(variables), ...options });
}
