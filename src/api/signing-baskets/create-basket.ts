import { useMutation } from '@tanstack/react-query';
import type { SigningBasket, SigningBasketResponse201 } from '../../xs2a/signing-baskets';
import type { Xs2aResult } from '../client';
import { updateExchange } from '../exchange-log';
import { basketFlow } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import { scaStartHeaders, type RedirectOverrides } from '../tpp-headers';
import { v1Path } from '../urls';

export interface CreateBasketVariables extends RedirectOverrides {
  profile: BankProfile;
  body: SigningBasket;
  /** PSU-ID for this call, replacing the profile's. */
  psuId?: string;
}

export type CreateBasketData = SigningBasketResponse201;

/** POST /v1/signing-baskets: 201 with the basketId, its status (RCVD) and the links of its authorisation. */
export async function createBasket(
  { profile, body, psuId, ...redirect }: CreateBasketVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<CreateBasketData>> {
  // The page sends nothing before the user does: the client (and its answer checks) loads with the first send.
  const { xs2aRequest } = await import('../client');
  const result = await xs2aRequest<CreateBasketData>({
    profile,
    operationId: 'createSigningBasket',
    method: 'POST',
    path: v1Path('signing-baskets'),
    body,
    headers: scaStartHeaders(profile, 'basket', { ...redirect, psuId }),
    signal,
  });
  // The basket's id only exists now: group this exchange with the rest of the basket's flow.
  if (typeof result.body?.basketId === 'string') {
    updateExchange(result.exchangeId, { flow: basketFlow(result.body.basketId) });
  }
  return result;
}

/** Nothing to invalidate: the basket is new (its members' statuses move only with its authorisation). */
export function useCreateBasket() {
  return useMutation({ mutationFn: (variables: CreateBasketVariables) => createBasket(variables) });
}
