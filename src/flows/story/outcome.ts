// What a flow came to, from the last statuses the bank showed: the resource's status decides; why comes from the
// bank's last word (the SCA's end, in the banking app for a decoupled one, the money found, a return without an
// approval). The verdict on a status, whether it is final, the cause and its words come from the model's status maps,
// the one rule set the pages' outcome banner and the narration read too, so they cannot tell different outcomes.
import {
  basketStatusVerdict,
  causeWords,
  consentStatusVerdict,
  isFinalState,
  outcomeCause,
  transactionStatusMachine,
  transactionStatusVerdict,
  type OutcomeCause,
  type OutcomeEvidence,
} from '../../xs2a/status-maps';
import { basketStatusLabel, consentStatusLabel, transactionStatusLabel } from '../../xs2a/status-names';
import type { StatusFamily } from './exchange-words';
import type { FlowOutcome } from './story-types';

/** What the flow showed beside the statuses: the authorisation's approach, the money, how the PSU came back. */
export type StoryEvidence = Pick<OutcomeEvidence, 'scaApproach' | 'fundsShort' | 'returned'>;

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The resource still waits although the authorisation ended without approval: said as a failure. */
function notAuthorised(cause: OutcomeCause, what: string, code: string): FlowOutcome {
  return { tone: 'failed', label: `${capital(causeWords(cause))}; the ${what} is not authorised (${code})` };
}

/** A status 1.3.12 does not define says nothing by itself; a failed SCA still does, as on the page's banner. */
function undefinedStatus(code: string, what: string, cause: OutcomeCause | undefined): FlowOutcome {
  return cause
    ? {
        tone: 'failed',
        label: `${capital(causeWords(cause))}; the ${what} is in status ${code}, which 1.3.12 does not define`,
      }
    : { tone: 'neutral', label: `Status ${code}, which 1.3.12 does not define` };
}

/** Rejected by the bank, with why when the bank's last word says. */
function rejectedOutcome(cause: OutcomeCause | undefined, code: string): FlowOutcome {
  return {
    tone: 'failed',
    label: cause ? `Rejected: ${causeWords(cause)} (${code})` : `Rejected by the bank (${code})`,
  };
}

function transactionOutcome(code: string, evidence: OutcomeEvidence): FlowOutcome {
  const words = `${transactionStatusLabel(code)} (${code})`;
  const verdict = transactionStatusVerdict(code);
  const cause = outcomeCause({ ...evidence, verdict });
  switch (verdict) {
    case 'rejected':
      return rejectedOutcome(cause, code);
    case 'cancelled':
    case 'ended':
      return { tone: 'neutral', label: words };
    case 'waiting':
    case 'processing':
      return cause ? notAuthorised(cause, 'payment', code) : { tone: 'waiting', label: `${words}: not authorised yet` };
    case 'authorised':
      // Some of a bulk's payments rejected: told as the page's banner tells it, not as a plain success.
      if (code === 'PART') return { tone: 'neutral', label: `Partially accepted: some payments rejected (${code})` };
      // A final accepted status (settled, credited) says it all; an open one is authorised on its way there.
      return isFinalState(transactionStatusMachine, code)
        ? { tone: 'ok', label: words }
        : { tone: 'ok', label: `Authorised: ${words.charAt(0).toLowerCase()}${words.slice(1)}` };
    case 'unknown':
      return undefinedStatus(code, 'payment', cause);
  }
}

function consentOutcome(code: string, evidence: OutcomeEvidence): FlowOutcome {
  const words = consentStatusLabel(code);
  const verdict = consentStatusVerdict(code);
  const cause = outcomeCause({ ...evidence, verdict });
  switch (verdict) {
    case 'authorised':
      return { tone: 'ok', label: 'Valid: the TPP may read the accounts it covers' };
    case 'rejected':
      return { tone: 'failed', label: cause ? `Rejected: ${causeWords(cause)}` : 'Rejected by the bank' };
    case 'waiting':
    case 'processing':
      return cause
        ? { tone: 'failed', label: `${capital(causeWords(cause))}; the consent is not authorised` }
        : { tone: 'waiting', label: `${words}: not authorised yet` };
    case 'cancelled':
    case 'ended':
      return { tone: 'neutral', label: words };
    case 'unknown':
      return undefinedStatus(code, 'consent', cause);
  }
}

/** What the story notes as a basket's status once its DELETE was answered 204: no status of the bank says so. */
export const BASKET_DELETED = 'deleted';

function basketOutcome(code: string, evidence: OutcomeEvidence): FlowOutcome {
  if (code === BASKET_DELETED) {
    return { tone: 'neutral', label: 'Deleted: its payments and consents await their own authorisation' };
  }
  const words = `${basketStatusLabel(code)} (${code})`;
  const verdict = basketStatusVerdict(code);
  const cause = outcomeCause({ ...evidence, verdict });
  switch (verdict) {
    case 'authorised':
      // Some members rejected: told as the page's banner tells it, not as a plain success.
      if (code === 'PATC') return { tone: 'neutral', label: `Partially accepted: some members rejected (${code})` };
      return { tone: 'ok', label: `Authorised: every payment and consent in it accepted (${code})` };
    case 'rejected':
      return rejectedOutcome(cause, code);
    case 'waiting':
    case 'processing':
      return cause ? notAuthorised(cause, 'basket', code) : { tone: 'waiting', label: `${words}: not authorised yet` };
    case 'cancelled':
    case 'ended':
      return { tone: 'neutral', label: words };
    case 'unknown':
      return undefinedStatus(code, 'basket', cause);
  }
}

export function outcomeOf(
  statuses: ReadonlyMap<StatusFamily, string>,
  shown: StoryEvidence = {},
): FlowOutcome | undefined {
  const scaStatus = statuses.get('sca');
  const evidence: OutcomeEvidence = { verdict: 'unknown', ...shown, ...(scaStatus && { scaStatus }) };
  const transaction = statuses.get('transaction');
  if (transaction !== undefined) return transactionOutcome(transaction, evidence);
  const consent = statuses.get('consent');
  if (consent !== undefined) return consentOutcome(consent, evidence);
  const basket = statuses.get('basket');
  if (basket !== undefined) return basketOutcome(basket, evidence);
  if (scaStatus === 'failed') {
    return {
      tone: 'failed',
      label: capital(causeWords(outcomeCause({ ...evidence, verdict: 'waiting' }) ?? 'sca-failed')),
    };
  }
  return undefined;
}
