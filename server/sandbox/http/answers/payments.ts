// The bodies of the payment answers (initiation, read, status, cancellation), typed against the 1.3.12 model's
// response types: a body the model would reject does not compile.
import {
  TransactionStatus,
  type PaymentInitiationCancelResponse202,
  type PaymentInitiationResponse201,
  type PaymentInitiationStatusResponse,
  type PaymentInitiationWithStatusResponse,
  type PeriodicPaymentInitiationWithStatusResponse,
} from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';
import type { CancelRequest, Initiated, PaymentStatus } from '../../domain/payments';
import { FUNDS_REPORTED_IN, paymentPath, PSU_UNNAMED_IN } from '../../rules/payments';
import type { Initiation } from '../../store/payments-store';
import type { PaymentRow } from '../../store/schema';
import { startLinks } from './links';
import { createdBody } from './sca';

/** The transactionStatus column as the model's enumeration. */
export const transactionStatusOf = (row: Pick<PaymentRow, 'transaction_status'>): TransactionStatus =>
  TransactionStatus.parse(row.transaction_status);

/** The 201 body of an initiation: with the implicit authorisation's links, or the link to start one. */
export function initiationBody(done: Initiated, links: LinkContext, oauth: boolean): PaymentInitiationResponse201 {
  const { payment, approach, started } = done;
  const ctx = { links, oauth, resourcePath: paymentPath(payment) };
  const head = {
    transactionStatus: transactionStatusOf(payment),
    paymentId: payment.payment_id,
  } satisfies Partial<PaymentInitiationResponse201>;
  const creation = { approach, started, psuKnown: payment.psu_id !== null };
  return createdBody(head, ctx, creation) satisfies PaymentInitiationResponse201;
}

/** GET payment: the initiation as it was sent, with its status now. */
export function paymentBody(
  row: PaymentRow,
  initiation: Initiation,
): PaymentInitiationWithStatusResponse | PeriodicPaymentInitiationWithStatusResponse {
  return { ...initiation.fields, transactionStatus: transactionStatusOf(row) };
}

/** GET payment status: fundsAvailable after a funds check, the PSU's name after SCA, why a payment was rejected. */
export function paymentStatusBody({ row, psuName }: PaymentStatus): PaymentInitiationStatusResponse {
  const body: PaymentInitiationStatusResponse = { transactionStatus: transactionStatusOf(row) };
  if (row.funds_available !== null && FUNDS_REPORTED_IN.includes(row.transaction_status)) {
    body.fundsAvailable = row.funds_available === 1;
  }
  if (psuName !== undefined && !PSU_UNNAMED_IN.includes(row.transaction_status)) {
    body.psuName = psuName;
    body.ownerNames = [{ name: psuName, role: 'owner' }];
  }
  if (row.transaction_status === 'RJCT' && row.funds_available === 0) {
    body.psuMessage = 'The payment was rejected: the debtor account does not have the funds.';
  }
  return body;
}

/** The 202 body of a DELETE that needs a cancellation authorisation. */
export function cancellationBody(
  request: Extract<CancelRequest, { cancelled: false }>,
  links: LinkContext,
): PaymentInitiationCancelResponse202 {
  const { payment, approach } = request;
  const path = paymentPath(payment);
  return {
    transactionStatus: transactionStatusOf(payment),
    _links: {
      ...startLinks(approach, `${path}/cancellation-authorisations`, links, payment.psu_id !== null),
      self: href(links, path),
      status: href(links, `${path}/status`),
    },
  };
}
