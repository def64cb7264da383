// A consent as the page's outcome banner reads it: what its consentStatus means (authorised, rejected, deleted, over,
// still waiting) and the bank's message given with the status read.
import type { ResourceFacts } from '../../../flows/resource';
import { consentStatusVerdict } from '../../../xs2a/status-maps';
import { consentStatusLabel } from '../../../xs2a/status-names';

/** The verdicts are the model's one table, which the flow story reads too. */
export { consentStatusVerdict };

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
