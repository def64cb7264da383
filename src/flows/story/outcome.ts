// What a flow came to, from the last statuses the bank showed: the resource's status decides; a failed SCA is said
// while the resource still waits. The verdict on a status and whether it is final come from the model's status maps,
// the same table the pages' outcome banner reads, so the diagram and the page cannot tell different outcomes.
import {
  consentStatusVerdict,
  isFinalState,
  transactionStatusMachine,
  transactionStatusVerdict,
} from '../../xs2a/status-maps';
import { consentStatusLabel, transactionStatusLabel } from '../../xs2a/status-names';
import type { StatusFamily } from './exchange-words';
import type { FlowOutcome } from './story-types';

/** A status 1.3.12 does not define says nothing by itself; a failed SCA still does, as on the page's banner. */
const undefinedStatus = (code: string, what: string, scaFailed: boolean): FlowOutcome =>
  scaFailed
    ? { tone: 'failed', label: `SCA failed; the ${what} is in status ${code}, which 1.3.12 does not define` }
    : { tone: 'neutral', label: `Status ${code}, which 1.3.12 does not define` };

function transactionOutcome(code: string, scaFailed: boolean): FlowOutcome {
  const words = `${transactionStatusLabel(code)} (${code})`;
  switch (transactionStatusVerdict(code)) {
    case 'rejected':
      return {
        tone: 'failed',
        label: scaFailed ? `Rejected: the SCA failed (${code})` : `Rejected by the bank (${code})`,
      };
    case 'cancelled':
    case 'ended':
      return { tone: 'neutral', label: words };
    case 'waiting':
    case 'processing':
      return scaFailed
        ? { tone: 'failed', label: `SCA failed; the payment is not authorised (${code})` }
        : { tone: 'waiting', label: `${words}: not authorised yet` };
    case 'authorised':
      // A final accepted status (settled, credited) says it all; an open one is authorised on its way there.
      return isFinalState(transactionStatusMachine, code)
        ? { tone: 'ok', label: words }
        : { tone: 'ok', label: `Authorised: ${words.charAt(0).toLowerCase()}${words.slice(1)}` };
    case 'unknown':
      return undefinedStatus(code, 'payment', scaFailed);
  }
}

function consentOutcome(code: string, scaFailed: boolean): FlowOutcome {
  const words = consentStatusLabel(code);
  switch (consentStatusVerdict(code)) {
    case 'authorised':
      return { tone: 'ok', label: 'Valid: the TPP may read the accounts it covers' };
    case 'rejected':
      return { tone: 'failed', label: scaFailed ? 'Rejected: the SCA failed' : 'Rejected by the bank' };
    case 'waiting':
    case 'processing':
      return scaFailed
        ? { tone: 'failed', label: 'SCA failed; the consent is not authorised' }
        : { tone: 'waiting', label: `${words}: not authorised yet` };
    case 'cancelled':
    case 'ended':
      return { tone: 'neutral', label: words };
    case 'unknown':
      return undefinedStatus(code, 'consent', scaFailed);
  }
}

export function outcomeOf(statuses: ReadonlyMap<StatusFamily, string>): FlowOutcome | undefined {
  const scaFailed = statuses.get('sca') === 'failed';
  const transaction = statuses.get('transaction');
  if (transaction !== undefined) return transactionOutcome(transaction, scaFailed);
  const consent = statuses.get('consent');
  if (consent !== undefined) return consentOutcome(consent, scaFailed);
  if (scaFailed) return { tone: 'failed', label: 'SCA failed' };
  return undefined;
}
