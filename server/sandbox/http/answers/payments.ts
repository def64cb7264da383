// The bodies of the payment answers (initiation, read, status, cancellation), typed against the 1.3.12 model's
// response types: a body the model would reject does not compile.
import {
  TransactionStatus,
  type BulkPaymentInitiationWithStatusResponse,
  type PaymentInitiationCancelResponse202,
  type PaymentInitiationResponse201,
  type PaymentInitiationStatusResponse,
  type PaymentInitiationWithStatusResponse,
  type PeriodicPaymentInitiationWithStatusResponse,
  type TppMessage,
} from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';
import type { CancelRequest, Initiated, PaymentStatus } from '../../domain/payments';
import { STANDING_ORDER_MEMBERS } from '../../domain/pain001';
import { FUNDS_REPORTED_IN, paymentPath, PSU_UNNAMED_IN } from '../../rules/payments';
import type { EntryStatus, Initiation } from '../../store/payments-store';
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
  const head: Pick<PaymentInitiationResponse201, 'transactionStatus' | 'paymentId' | 'tppMessages'> = {
    transactionStatus: transactionStatusOf(payment),
    paymentId: payment.payment_id,
  };
  if (done.batch !== undefined)
    head.tppMessages = [{ category: 'WARNING', code: 'WARNING', text: batchText(done.batch) }];
  const creation = { approach, started, psuKnown: payment.psu_id !== null };
  return createdBody(head, ctx, creation) satisfies PaymentInitiationResponse201;
}

/** Whether a bulk's accepted payments are booked as one debit, in the bank's words. */
const batchText = (batch: boolean) =>
  batch
    ? 'Batch booking applies: the accepted payments are booked as one debit.'
    : 'No batch booking: each accepted payment is booked on its own.';

const REJECTED_BECAUSE = {
  funds: 'the debtor account does not have the funds',
  'creditor-closed': 'the creditor account is closed',
} as const;

/** A bulk's rejected payments, each named by its path in the bulk (the 200 answers' generic tppMessage). */
function rejections(entries: readonly EntryStatus[] | undefined): TppMessage[] {
  return (entries ?? []).flatMap((entry, index) =>
    entry.status === 'RJCT' && entry.reason
      ? [
          {
            category: 'WARNING',
            code: entry.reason === 'funds' ? 'FUNDS_NOT_AVAILABLE' : 'PAYMENT_FAILED',
            path: `payments[${index}]`,
            text: `Payment ${index + 1} was rejected: ${REJECTED_BECAUSE[entry.reason]}.`,
          } satisfies TppMessage,
        ]
      : [],
  );
}

/** GET payment: the initiation as it was sent, with its status now; a bulk's with its rejected payments named. */
export function paymentBody(
  row: PaymentRow,
  initiation: Initiation,
  entries: readonly EntryStatus[] | undefined,
):
  | PaymentInitiationWithStatusResponse
  | PeriodicPaymentInitiationWithStatusResponse
  | BulkPaymentInitiationWithStatusResponse {
  const body = { ...initiation.fields, transactionStatus: transactionStatusOf(row) };
  const rejected = row.payment_service === 'bulk-payments' ? rejections(entries) : [];
  return rejected.length > 0 ? { ...body, tppMessage: rejected } : body;
}

/** What the status answer tells the PSU: why a payment was rejected, how many of a bulk's were accepted. */
function statusMessage({ row, entries, batch }: PaymentStatus): string | undefined {
  const rejected = (entries ?? []).filter((e) => e.status === 'RJCT');
  const reason = rejected[0]?.reason;
  if (batch === undefined) {
    return row.transaction_status === 'RJCT' && reason
      ? `The payment was rejected: ${REJECTED_BECAUSE[reason]}.`
      : undefined;
  }
  const counted = entries ? `${entries.length - rejected.length} of ${entries.length} payments accepted. ` : '';
  return `${counted}${batchText(batch)}`;
}

/**
 * GET payment status: fundsAvailable after a funds check, the PSU's name after SCA, why a payment was rejected, and
 * for a bulk how many of its payments were accepted, which were rejected and whether batch booking applies.
 */
export function paymentStatusBody(status: PaymentStatus): PaymentInitiationStatusResponse {
  const { row, psuName } = status;
  const body: PaymentInitiationStatusResponse = { transactionStatus: transactionStatusOf(row) };
  if (row.funds_available !== null && FUNDS_REPORTED_IN.includes(row.transaction_status)) {
    body.fundsAvailable = row.funds_available === 1;
  }
  if (psuName !== undefined && !PSU_UNNAMED_IN.includes(row.transaction_status)) {
    body.psuName = psuName;
    body.ownerNames = [{ name: psuName, role: 'owner' }];
  }
  const psuMessage = statusMessage(status);
  if (psuMessage) body.psuMessage = psuMessage;
  const rejected = row.payment_service === 'bulk-payments' ? rejections(status.entries) : [];
  if (rejected.length > 0) body.tppMessage = rejected;
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

/**
 * GET payment of a pain.001 product: the document as the TPP sent it (application/xml); a standing order's as
 * multipart/form-data, its document in `xml_sct` and its schedule in `json_standingorderType`, as it was initiated.
 */
export function paymentDocument(
  row: PaymentRow & { document: string },
  initiation: Initiation,
): { body: string; type: string } {
  if (row.payment_service !== 'periodic-payments') return { body: row.document, type: 'application/xml' };
  const fields: Record<string, unknown> = { ...initiation.fields };
  const schedule = Object.fromEntries(STANDING_ORDER_MEMBERS.flatMap((k) => (k in fields ? [[k, fields[k]]] : [])));
  const boundary = `xs2a-${row.payment_id}-${crypto.randomUUID()}`;
  const part = (name: string, type: string, text: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: ${type}\r\n\r\n${text}\r\n`;
  return {
    body: `${part('xml_sct', 'application/xml', row.document)}${part('json_standingorderType', 'application/json', JSON.stringify(schedule))}--${boundary}--\r\n`,
    type: `multipart/form-data; boundary=${boundary}`,
  };
}
