// The plain meaning of a consentStatus (1.3.12 §7.2), and why a consent that is not valid cannot be read with.
import { consentStatusInfo, isConsentStatusCode, readConsentStatus } from '../../../xs2a/status-names';

export function consentStatusMeaning(status: string): string {
  if (isConsentStatusCode(status)) return consentStatusInfo[status];
  const { deviation } = readConsentStatus(status);
  return `Deviation: ${deviation ?? status}. The console decides nothing from it and keeps every action the bank's links offer.`;
}

/**
 * For a consent that account reads cannot use: why, and what to do. Undefined for a valid consent, and for a status
 * 1.3.12 does not define (nothing is known of it; the bank decides).
 */
export function notUsableReason(status: string): string | undefined {
  switch (status) {
    case 'valid':
      return undefined;
    case 'received':
      return 'It is not authorised yet: account reads with it are refused (CONSENT_INVALID) until the PSU authorises it below.';
    case 'partiallyAuthorised':
      return 'Not every PSU who must authorise it has done so: account reads are refused until all have.';
    case 'rejected':
      return 'The authorisation failed or was refused, so it will never become valid. Create a new consent.';
    case 'expired':
      return 'Its validity has ended (or a newer recurring consent of the same PSU replaced it). Create a new consent.';
    case 'terminatedByTpp':
      return 'It was deleted (DELETE /v1/consents/{consentId}) and can no longer be used. Create a new consent.';
    case 'revokedByPsu':
      return 'The PSU withdrew it at the bank. Create a new consent, which the PSU must authorise again.';
    default:
      // A status 1.3.12 does not define says nothing either way: the status panel names the deviation, reads go
      // ahead and the bank decides.
      return undefined;
  }
}
