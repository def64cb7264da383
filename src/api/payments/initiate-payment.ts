import { useMutation } from '@tanstack/react-query';
import type { PaymentProduct, PaymentService } from '../../xs2a/enums';
import type {
  BulkPaymentInitiationJson,
  PaymentInitiationJson,
  PaymentInitiationResponse201,
  PeriodicPaymentInitiationJson,
} from '../../xs2a/payments';
import type { SentDocument, Xs2aResult } from '../client';
import { v1Path } from '../urls';
import { updateExchange } from '../exchange-log';
import type { BankProfile } from '../profiles/bank-profile';
import { scaStartHeaders, type RedirectOverrides } from '../tpp-headers';

export interface InitiatePaymentVariables extends RedirectOverrides {
  profile: BankProfile;
  service: PaymentService;
  product: PaymentProduct;
  body?: PaymentInitiationJson | PeriodicPaymentInitiationJson | BulkPaymentInitiationJson;
  /** Or, for a pain.001 product, the document (application/xml) or a standing order's multipart body. */
  document?: SentDocument;
  /** PSU-ID for this call, replacing the profile's. */
  psuId?: string;
  /** Links an AIS consent of the same session (combined service). */
  consentId?: string;
}

export type InitiatePaymentData = PaymentInitiationResponse201;
export type { SentDocument } from '../client';

/** POST /v1/{payment-service}/{payment-product}: 201 with the paymentId, its status and the next SCA steps. */
export async function initiatePayment(
  { profile, service, product, body, document, psuId, consentId, ...redirect }: InitiatePaymentVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<InitiatePaymentData>> {
  // The form's page sends nothing before the user does: the client (and its answer checks) loads with the first send.
  const { xs2aRequest } = await import('../client');
  const result = await xs2aRequest<InitiatePaymentData>({
    profile,
    operationId: 'initiatePayment',
    method: 'POST',
    path: v1Path(service, product),
    body,
    document,
    headers: scaStartHeaders(profile, 'initiation', { ...redirect, psuId }),
    consentId,
    signal,
  });
  // The payment's id only exists now: group this exchange with the rest of the payment's flow.
  if (typeof result.body?.paymentId === 'string')
    updateExchange(result.exchangeId, { flow: `payment:${result.body.paymentId}` });
  return result;
}

/** Nothing to invalidate: the payment is new. */
export function useInitiatePayment() {
  return useMutation({ mutationFn: (variables: InitiatePaymentVariables) => initiatePayment(variables) });
}
