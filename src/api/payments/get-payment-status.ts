import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentInitiationStatusResponse } from '../../xs2a/payments';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { paymentKeys } from '../keys';
import type { ReadOptions } from '../read-options';
import type { GetPaymentVariables } from './get-payment';

export type GetPaymentStatusVariables = GetPaymentVariables;
export type GetPaymentStatusData = PaymentInitiationStatusResponse;

/** GET /v1/{payment-service}/{payment-product}/{paymentId}/status. */
export function getPaymentStatus(
  { profile, service, product, paymentId }: GetPaymentStatusVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetPaymentStatusData>> {
  return xs2aRequest<GetPaymentStatusData>({
    profile,
    operationId: 'getPaymentInitiationStatus',
    method: 'GET',
    path: `${v1Path(service, product, paymentId)}/status`,
    flow: `payment:${paymentId}`,
    signal,
  });
}

export function paymentStatusQueryOptions(variables: GetPaymentStatusVariables) {
  const { profile, service, product, paymentId } = variables;
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: paymentKeys.status(profile.id, service, product, paymentId),
    queryFn: (context) => getPaymentStatus(variables, readSignal(context)),
  });
}

/** The status; pass `refetchInterval` to follow it (e.g. until a final transactionStatus). */
export function usePaymentStatus(variables: GetPaymentStatusVariables, options?: ReadOptions<GetPaymentStatusData>) {
  return useQuery({ ...paymentStatusQueryOptions(variables), ...options });
}
