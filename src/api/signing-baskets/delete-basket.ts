import { useMutation, useQueryClient } from '@tanstack/react-query';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { authorisationKeys, basketFlow, basketKeys } from '../keys';
import type { GetBasketVariables } from './get-basket';

export type DeleteBasketVariables = GetBasketVariables;

/** DELETE /v1/signing-baskets/{basketId}: 204; the basket is gone and its members are free again. */
export function deleteBasket(
  { profile, basketId }: DeleteBasketVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<undefined>> {
  return xs2aRequest<undefined>({
    profile,
    operationId: 'deleteSigningBasket',
    method: 'DELETE',
    path: v1Path('signing-baskets', basketId),
    flow: basketFlow(basketId),
    signal,
  });
}

/** Forgets what was read of the basket and its authorisations: the bank no longer knows them. */
export function useDeleteBasket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: DeleteBasketVariables) => deleteBasket(variables),
    onSuccess: (_data, { profile, basketId }) => {
      queryClient.removeQueries({ queryKey: basketKeys.basket(profile.id, basketId) });
      queryClient.removeQueries({ queryKey: authorisationKeys.scope(profile.id, { kind: 'basket', basketId }) });
    },
  });
}
