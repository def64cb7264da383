// Whether the active consent can be read with, from its status, before any account read is tried.
import { consentStatusInfo, readConsentStatus, type ConsentStatus } from '../../../xs2a';

export type ConsentVerdict =
  | { kind: 'valid' }
  | { kind: 'not-valid'; status: string; title: string; explanation: string; action: string }
  /** A status 1.3.12 does not define: the console cannot tell, so it reads and the bank decides. */
  | { kind: 'unknown'; status: string; explanation: string };

const advice: Partial<Record<ConsentStatus, { title: string; action: string }>> = {
  received: {
    title: 'The consent is not authorised yet',
    action: 'Open the consent and let the PSU authorise it (SCA); then come back here.',
  },
  partiallyAuthorised: {
    title: 'The consent is only partly authorised',
    action: 'Every PSU who must authorise it has to finish the SCA first.',
  },
  rejected: {
    title: 'The consent was rejected',
    action: 'It will never become usable. Create a new consent and make it the active one.',
  },
  expired: {
    title: 'The consent has expired',
    action: 'Create a new consent and make it the active one.',
  },
  terminatedByTpp: {
    title: 'The consent was deleted',
    action: 'It was ended with DELETE and cannot be used again. Create a new consent and make it the active one.',
  },
  revokedByPsu: {
    title: 'The PSU revoked the consent',
    action: 'The PSU withdrew it at the bank. Ask for a new consent and make it the active one.',
  },
};

/**
 * `valid` allows reads; every other 1.3.12 status is explained instead. A status 1.3.12 does not define ("VALID",
 * "active") says nothing either way: reads go ahead and the bank decides, with the deviation said beside them.
 */
export function consentVerdict(sent: unknown): ConsentVerdict {
  const reading = readConsentStatus(sent);
  const status = reading.sent;
  if (reading.code === undefined) {
    const deviation = reading.deviation ?? status;
    return {
      kind: 'unknown',
      status,
      explanation: `${deviation.charAt(0).toUpperCase()}${deviation.slice(1)}. The console cannot tell whether the consent is valid, so it reads with it and the bank decides.`,
    };
  }
  if (status === 'valid') return { kind: 'valid' };
  const known = Object.hasOwn(consentStatusInfo, status) ? (status as ConsentStatus) : undefined;
  const specific = known ? advice[known] : undefined;
  return {
    kind: 'not-valid',
    status,
    title: specific?.title ?? `The consent is ${status}, not valid`,
    explanation: known
      ? consentStatusInfo[known]
      : `The bank reports the status "${status}", which XS2A 1.3.12 does not define; only a valid consent allows reads.`,
    action: specific?.action ?? 'Only a valid consent allows account reads. Choose or create another consent.',
  };
}

/** Message codes of account reads that say the consent itself can no longer be used, so its status is worth reading. */
export const consentEndingCodes = ['CONSENT_EXPIRED', 'CONSENT_UNKNOWN', 'CONSENT_INVALID'] as const;

/** Errors after which further reads with the consent would be refused the same way (so none is sent). */
export const consentBlockingCodes = [...consentEndingCodes, 'ACCESS_EXCEEDED'] as const;
