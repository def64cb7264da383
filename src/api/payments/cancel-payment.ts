import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentInitiationCancelResponse202 } from '../../xs2a/payments';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { authorisationKeys, paymentKeys } from '../keys';
import { scaStartHeaders, type RedirectOverrides } from '../tpp-headers';
import type { GetPaymentVariables } from './get-payment';

export interface CancelPaymentVariables extends GetPaymentVariables, RedirectOverrides {}

/** 204: cancelled at once (no body). 202: the cancellation needs authorisation; the body's `_links` say how. */
export type CancelPaymentData = PaymentInitiationCancelResponse202 | undefined;

/** DELETE /v1/{payment-service}/{payment-product}/{paymentId}. */
export function cancelPayment(
  { profile, service, product, paymentId, ...redirect }: CancelPaymentVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<CancelPaymentData>> {
  return xs2aRequest<CancelPaymentData>({
    profile,
    operationId: 'cancelPayment',
    method: 'DELETE',
    path: v1Path(service, product, paymentId),
    headers: scaStartHeaders(profile, 'initiation', redirect),
    flow: `payment:${paymentId}`,
    signal,
  });
}

/** Refreshes the payment's detail and status, and its cancellation authorisations. */
export function useCancelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CancelPaymentVariables) => cancelPayment(variables),
    onSuccess: (_data, { profile, service, product, paymentId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentKeys.payment(profile.id, service, product, paymentId) }),
        queryClient.invalidateQueries({
          queryKey: authorisationKeys.scope(profile.id, { kind: 'payment-cancellation', service, product, paymentId }),
        }),
      ]),
  });
}
