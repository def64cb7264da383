// What a flow came to, from the last statuses the bank showed: the resource's status decides; a failed SCA is said
// while the resource still waits.
import {
  consentStatusLabel,
  readConsentStatus,
  readTransactionStatus,
  transactionStatusLabel,
} from '../../xs2a/status-names';
import type { StatusFamily } from './exchange-words';
import type { FlowOutcome } from './story-types';

const SETTLED = new Set(['ACSC', 'ACCC']);
const WAITING = new Set(['RCVD', 'PDNG', 'PATC']);

function transactionOutcome(code: string, scaFailed: boolean): FlowOutcome {
  const known = readTransactionStatus(code).code;
  const words = `${transactionStatusLabel(code)} (${code})`;
  if (known === 'RJCT') {
    return {
      tone: 'failed',
      label: scaFailed ? `Rejected: the SCA failed (${code})` : `Rejected by the bank (${code})`,
    };
  }
  if (known === 'CANC') return { tone: 'neutral', label: words };
  if (known && WAITING.has(known)) {
    return scaFailed
      ? { tone: 'failed', label: `SCA failed; the payment is not authorised (${code})` }
      : { tone: 'waiting', label: `${words}: not authorised yet` };
  }
  if (known && SETTLED.has(known)) return { tone: 'ok', label: words };
  if (known) return { tone: 'ok', label: `Authorised: ${words.charAt(0).toLowerCase()}${words.slice(1)}` };
  return { tone: 'neutral', label: `Status ${code}, which 1.3.12 does not define` };
}

function consentOutcome(code: string, scaFailed: boolean): FlowOutcome {
  const known = readConsentStatus(code).code;
  const words = consentStatusLabel(code);
  if (known === 'valid') return { tone: 'ok', label: 'Valid: the TPP may read the accounts it covers' };
  if (known === 'rejected') {
    return { tone: 'failed', label: scaFailed ? 'Rejected: the SCA failed' : 'Rejected by the bank' };
  }
  if (known === 'received' || known === 'partiallyAuthorised') {
    return scaFailed
      ? { tone: 'failed', label: 'SCA failed; the consent is not authorised' }
      : { tone: 'waiting', label: `${words}: not authorised yet` };
  }
  return { tone: 'neutral', label: known ? words : `Status ${code}, which 1.3.12 does not define` };
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
