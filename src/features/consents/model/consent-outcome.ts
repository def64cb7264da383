// A consent as the page's outcome banner reads it: what its consentStatus means (authorised, rejected, deleted, over,
// still waiting) and the bank's message given with the status read.
import type { ResourceFacts, ResourceVerdict } from '../../../flows/resource';
import { consentStatusLabel, isConsentStatusCode } from '../../../xs2a/status-names';
import { awaitsAuthorisation } from './consent-status';

export function consentStatusVerdict(status: string): ResourceVerdict {
  if (!isConsentStatusCode(status)) return 'unknown';
  if (status === 'valid') return 'authorised';
  if (status === 'rejected') return 'rejected';
  if (status === 'terminatedByTpp') return 'cancelled';
  return awaitsAuthorisation(status) ? 'waiting' : 'ended';
}

export function consentFacts(status: string | undefined, psuMessage: unknown): ResourceFacts {
  const verdict = status === undefined ? 'waiting' : consentStatusVerdict(status);
  const message = typeof psuMessage === 'string' ? psuMessage.trim() : '';
  return {
    what: 'consent',
    status,
    verdict,
    label: status === undefined ? '' : consentStatusLabel(status),
    reasons: verdict !== 'authorised' && message ? [message] : [],
  };
}
