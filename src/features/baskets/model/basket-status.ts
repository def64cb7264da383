// A basket's status and its members' statuses as the pages show them: plain names, what they mean for the TPP's user,
// and the badge's tone from the model's one verdict table per resource. Pure.
import type { BadgeTone } from '../../../components/ui';
import type { ResourceFacts } from '../../../flows/resource';
import {
  basketStatusVerdict,
  consentStatusVerdict,
  transactionStatusVerdict,
  type ResourceVerdict,
} from '../../../xs2a/status-maps';
import {
  basketStatusInfo,
  basketStatusLabel,
  consentStatusLabel,
  isBasketStatusCode,
  transactionStatusLabel,
} from '../../../xs2a/status-names';

const tones: Record<ResourceVerdict, BadgeTone> = {
  authorised: 'success',
  rejected: 'danger',
  cancelled: 'neutral',
  ended: 'neutral',
  waiting: 'info',
  processing: 'info',
  unknown: 'warning',
};

export type MemberKind = 'payment' | 'consent';

export function memberVerdict(kind: MemberKind, status: string): ResourceVerdict {
  return kind === 'payment' ? transactionStatusVerdict(status) : consentStatusVerdict(status);
}

export function memberStatusLabel(kind: MemberKind, status: string): string {
  return kind === 'payment' ? transactionStatusLabel(status) : consentStatusLabel(status);
}

export function memberTone(kind: MemberKind, status: string): BadgeTone {
  return tones[memberVerdict(kind, status)];
}

export function basketTone(status: string): BadgeTone {
  return tones[basketStatusVerdict(status)];
}

export { basketStatusLabel };

/** What a basket's status means, in a sentence; a status 1.3.12 does not define is named as such. */
export function basketStatusMeaning(status: string): string {
  return isBasketStatusCode(status)
    ? basketStatusInfo[status].meaning
    : `“${status}” is not a status 1.3.12 defines for a signing basket; its members' own statuses say where they stand.`;
}

/** Whether the basket still waits for the PSU's authorisation (a status 1.3.12 does not define hides nothing). */
export function basketAwaitsAuthorisation(status: string | undefined): boolean {
  return status === undefined || status === 'RCVD' || !isBasketStatusCode(status);
}

/**
 * The basket as the page's outcome banner reads it. A basket this browser deleted is told as such: the bank forgets it,
 * so no status of its own says so.
 */
export function basketFacts(status: string | undefined, psuMessage: unknown, deleted = false): ResourceFacts {
  if (deleted)
    return { what: 'signing basket', status: 'deleted', verdict: 'cancelled', label: 'Deleted', reasons: [] };
  const verdict = status === undefined ? 'waiting' : basketStatusVerdict(status);
  const message = typeof psuMessage === 'string' ? psuMessage.trim() : '';
  return {
    what: 'signing basket',
    status,
    verdict,
    label: status === undefined ? '' : basketStatusLabel(status),
    reasons: verdict !== 'authorised' && message ? [message] : [],
    ...(status === 'PATC' && { partly: 'payments and consents' }),
  };
}
