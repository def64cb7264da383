// consentStatus as the console shows it, in plain code: the header's indicator loads this, so it needs no zod.

export type ConsentStatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

/** A short plain name for a consentStatus; a code 1.3.12 does not define is shown as it is. */
export { consentStatusLabel } from '../../../xs2a/status-names';
import { consentStatusVerdict } from '../../../xs2a/status-maps';
import { finalConsentStatuses, isConsentStatusCode } from '../../../xs2a/status-names';

export function consentStatusTone(status: string): ConsentStatusTone {
  if (status === 'valid') return 'success';
  if (status === 'received' || status === 'partiallyAuthorised') return 'info';
  if (status === 'expired' || status === 'revokedByPsu' || status === 'terminatedByTpp') return 'warning';
  if (status === 'rejected') return 'danger';
  return 'neutral';
}

/** Whether account reads may use the consent. */
export function isUsable(status: string | undefined): boolean {
  return status === 'valid';
}

export function isFinalConsentStatus(status: string | undefined): boolean {
  return status !== undefined && (finalConsentStatuses as readonly string[]).includes(status);
}

/** Whether the consent still waits for (some of) its authorisation. */
export function awaitsAuthorisation(status: string | undefined): boolean {
  return status !== undefined && consentStatusVerdict(status) === 'waiting';
}

/**
 * Whether the consent page offers the consent's SCA: while the consent waits for (some of) its authorisation, and
 * whenever the bank reports a status 1.3.12 does not define ("RECEIVED", "pending"): the bank's links decide then.
 */
export function offersConsentSca(status: unknown): boolean {
  if (status === undefined) return false;
  return typeof status !== 'string' || !isConsentStatusCode(status) || awaitsAuthorisation(status);
}

/**
 * Why the bank refuses a new authorisation of the consent (409 STATUS_INVALID), or undefined when it may start one:
 * only a consent that still waits for (some of) its authorisation can be authorised. Undefined for an unknown status,
 * so the bank decides.
 */
export function newAuthorisationRefusal(status: string | undefined): string | undefined {
  switch (status) {
    case 'valid':
      return 'the consent is already valid.';
    case 'rejected':
      return 'the consent was rejected; create a new consent.';
    case 'expired':
      return 'the consent has expired; create a new consent.';
    case 'terminatedByTpp':
      return 'the consent was deleted; create a new consent.';
    case 'revokedByPsu':
      return 'the PSU revoked the consent; create a new consent.';
    default:
      return undefined;
  }
}
