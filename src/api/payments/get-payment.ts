import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentProduct, PaymentService } from '../../xs2a/enums';
import type {
  BulkPaymentInitiationWithStatusResponse,
  PaymentInitiationWithStatusResponse,
  PeriodicPaymentInitiationWithStatusResponse,
} from '../../xs2a/payments';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { paymentKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';

export interface GetPaymentVariables {
  profile: BankProfile;
  service: PaymentService;
  product: PaymentProduct;
  paymentId: string;
}

/** The initiation's data and its status; the shape follows the payment service. */
export type GetPaymentData =
  | PaymentInitiationWithStatusResponse
  | PeriodicPaymentInitiationWithStatusResponse
  | BulkPaymentInitiationWithStatusResponse;

/** GET /v1/{payment-service}/{payment-product}/{paymentId}: JSON, or a document of the types in `documentAnswer`. */
function readPayment<T>(
  { profile, service, product, paymentId }: GetPaymentVariables,
  signal: AbortSignal | undefined,
  documentAnswer?: readonly string[],
): Promise<Xs2aResult<T>> {
  return xs2aRequest<T>({
    profile,
    operationId: 'getPaymentInformation',
    method: 'GET',
    path: v1Path(service, product, paymentId),
    flow: `payment:${paymentId}`,
    ...(documentAnswer ? { documentAnswer } : { schema: { paymentService: service } }),
    signal,
  });
}

/** GET /v1/{payment-service}/{payment-product}/{paymentId} of a JSON product. */
export function getPayment(variables: GetPaymentVariables, signal?: AbortSignal): Promise<Xs2aResult<GetPaymentData>> {
  return readPayment<GetPaymentData>(variables, signal);
}

export function paymentQueryOptions(variables: GetPaymentVariables) {
  const { profile, service, product, paymentId } = variables;
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: paymentKeys.detail(profile.id, service, product, paymentId),
    queryFn: (context) => getPayment(variables, readSignal(context)),
  });
}

export function usePayment(variables: GetPaymentVariables, options?: ReadOptions<GetPaymentData>) {
  return useQuery({ ...paymentQueryOptions(variables), ...options });
}

/** The Content-Types a pain.001 payment's read answers with: its document, a standing order's as multipart. */
export function paymentDocumentTypes(service: PaymentService): readonly string[] {
  return service === 'periodic-payments' ? ['multipart/form-data'] : ['application/xml', 'text/xml'];
}

/**
 * GET /v1/{payment-service}/{pain.001-product}/{paymentId}: the pain.001 document as it was sent (a standing order's
 * with its schedule, as multipart/form-data), its text as the result's body.
 */
export function getPaymentDocument(variables: GetPaymentVariables, signal?: AbortSignal): Promise<Xs2aResult<string>> {
  return readPayment<string>(variables, signal, paymentDocumentTypes(variables.service));
}

export function paymentDocumentQueryOptions(variables: GetPaymentVariables) {
  const { profile, service, product, paymentId } = variables;
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: paymentKeys.document(profile.id, service, product, paymentId),
    queryFn: (context) => getPaymentDocument(variables, readSignal(context)),
  });
}

export function usePaymentDocument(variables: GetPaymentVariables, options?: ReadOptions<string>) {
  return useQuery({ ...paymentDocumentQueryOptions(variables), ...options });
}
