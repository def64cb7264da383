// What a payment's transactionStatus means for the console: badge tone and whether it can still change. Free of the
// xs2a model on purpose (status-names is plain code), so the payments list loads without the schemas.
import { transactionStatusVerdict } from '../../../xs2a/status-maps';
import { finalTransactionStatuses, transactionStatusCodes } from '../../../xs2a/status-names';

export function isFinalTransactionStatus(status: string | undefined): boolean {
  return status !== undefined && (finalTransactionStatuses as readonly string[]).includes(status);
}

/**
 * Whether "Cancel payment" is offered: not once the status is final, except a standing order reported settled (ACSC),
 * which still runs and can be cancelled until its end date. An unknown status leaves the decision to the bank.
 */
export function offersCancellation(service: string, status: string | undefined): boolean {
  if (service === 'periodic-payments' && status === 'ACSC') return true;
  return !isFinalTransactionStatus(status);
}

/** Whether the bank sent exactly a 1.3.12 transactionStatus code; only then does the console decide from it. */
export function isKnownTransactionStatus(status: unknown): status is string {
  return typeof status === 'string' && (transactionStatusCodes as readonly string[]).includes(status);
}

/**
 * Whether the payment page offers the initiation's SCA: while the payment waits for authorisation, and whenever the
 * bank reports a status 1.3.12 does not define (the bank's links decide then, not the console).
 */
export function offersInitiationSca(status: unknown): boolean {
  if (status === undefined) return false;
  return !isKnownTransactionStatus(status) || awaitsAuthorisation(status);
}

/** Statuses that wait for the PSU's authorisation rather than the bank's processing. */
export function awaitsAuthorisation(status: string | undefined): boolean {
  return status !== undefined && transactionStatusVerdict(status) === 'waiting';
}

export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function transactionStatusTone(status: string | undefined): StatusTone {
  if (status === undefined) return 'neutral';
  if (status === 'RJCT') return 'danger';
  if (status === 'CANC') return 'warning';
  if (status === 'ACSC' || status === 'ACCC') return 'success';
  if (status === 'RCVD' || status === 'PDNG' || status === 'PATC') return 'neutral';
  return 'info';
}

/**
 * Whether the payment page should poll the status: only while it can still change and something is under way,
 * i.e. an SCA the console knows is in progress, or the bank is processing an accepted payment.
 */
export function shouldPollStatus(status: string | undefined, scaInProgress: boolean): boolean {
  if (status === undefined || isFinalTransactionStatus(status)) return false;
  // A status 1.3.12 does not define says nothing about whether the payment still moves: follow it only during an SCA.
  if (!isKnownTransactionStatus(status)) return scaInProgress;
  if (scaInProgress) return true;
  return !awaitsAuthorisation(status);
}

/**
 * Why the bank refuses a new authorisation of the payment's initiation (409 STATUS_INVALID), or undefined when it may
 * start one: only while the payment waits for authorisation (RCVD, PATC) or its status is not known yet.
 */
export function paymentAuthorisationRefusal(status: string | undefined): string | undefined {
  // An unknown status (or a known one in other case, "rcvd") is unknown: the bank decides, not the console.
  if (status === undefined || !isKnownTransactionStatus(status) || awaitsAuthorisation(status)) return undefined;
  if (status === 'RJCT') return 'the payment was rejected.';
  if (status === 'CANC') return 'the payment was cancelled.';
  return `the payment is already authorised (${status}).`;
}

/**
 * Why no authorisation of the cancellation can be started, or undefined when one can: the bank offers it with a
 * start link (startAuthorisation…) in its 202 answer to the cancellation, and only until the payment is cancelled or
 * rejected. (A settled standing order, ACSC, still runs and can still be cancelled.)
 */
export function cancellationAuthorisationRefusal(
  status: string | undefined,
  links: Record<string, unknown> | undefined,
): string | undefined {
  if (status === 'CANC') return 'the payment is cancelled.';
  if (status === 'RJCT') return 'the payment was rejected.';
  if (!links || !Object.keys(links).some((name) => name.startsWith('startAuthorisation'))) {
    return "the bank's answer to the cancellation offered no link to start one.";
  }
  return undefined;
}
