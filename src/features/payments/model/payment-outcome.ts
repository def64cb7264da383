// A payment as the page's outcome banner reads it: what its transactionStatus means (authorised, rejected, cancelled,
// still waiting) and the bank's reasons given with the status read.
import type { ResourceFacts } from '../../../flows/resource';
import { saysFundsShort, transactionStatusVerdict } from '../../../xs2a/status-maps';
import { isTransactionStatusCode, transactionStatusInfo } from '../../../xs2a/status-names';

/** The verdicts are the model's one table, which the flow story reads too. */
export { transactionStatusVerdict };

/** The members of a status read (or the payment's body) that say why; anything else the bank put there is ignored. */
export interface PaymentReasonMembers {
  psuMessage?: unknown;
  fundsAvailable?: unknown;
  tppMessage?: unknown;
  tppMessages?: unknown;
}

function messageTexts(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((message: unknown) => {
    if (typeof message !== 'object' || message === null) return [];
    const { code, text } = message as { code?: unknown; text?: unknown };
    const parts = [typeof code === 'string' ? code : undefined, typeof text === 'string' ? text : undefined];
    const line = parts.filter(Boolean).join(': ');
    return line ? [line] : [];
  });
}

/** The bank's words on the payment's status: its message to the PSU, its tppMessages, and a funds check that failed. */
export function paymentReasons(body: PaymentReasonMembers | undefined): string[] {
  if (!body) return [];
  const reasons = [
    ...(typeof body.psuMessage === 'string' && body.psuMessage.trim() ? [body.psuMessage.trim()] : []),
    ...messageTexts(body.tppMessage),
    ...messageTexts(body.tppMessages),
  ];
  if (body.fundsAvailable === false && !reasons.some((reason) => /funds/i.test(reason))) {
    reasons.push('The bank’s funds check failed (fundsAvailable: false).');
  }
  return reasons;
}

export function paymentFacts(status: string | undefined, body: PaymentReasonMembers | undefined): ResourceFacts {
  const verdict = status === undefined ? 'waiting' : transactionStatusVerdict(status);
  return {
    what: 'payment',
    status,
    verdict,
    label:
      status !== undefined && isTransactionStatusCode(status) ? transactionStatusInfo[status].label : (status ?? ''),
    // Only a status that ended the payment or holds it carries reasons worth a banner line.
    reasons: verdict === 'authorised' ? [] : paymentReasons(body),
    fundsShort: saysFundsShort(body),
  };
}
