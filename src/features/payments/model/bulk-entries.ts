// What became of each payment of a bulk, read from what 1.3.12 lets a bank say: the bulk's transactionStatus, and
// messages whose path names one payment (`payments[2]`). A payment no message names shares the bulk's fate.
import { transactionStatusMeaning } from './transaction-status-meaning';

export interface BulkEntryState {
  /** In plain words: "Accepted", "Rejected", "Waiting for authorisation"… */
  words: string;
  tone: 'neutral' | 'success' | 'danger';
  /** The bank's text about this payment, when it named it. */
  reason: string | undefined;
}

const ACCEPTED = ['ACTC', 'ACCP', 'ACFC', 'ACSP', 'ACWC', 'ACWP', 'PART'];
const SETTLED = ['ACSC', 'ACCC'];

/** Messages of an answer that name one payment of the bulk, by its index. */
export function messagesByPayment(messages: unknown): Map<number, string> {
  const named = new Map<number, string>();
  if (!Array.isArray(messages)) return named;
  for (const message of messages as unknown[]) {
    if (typeof message !== 'object' || message === null) continue;
    const { path, text, code } = message as { path?: unknown; text?: unknown; code?: unknown };
    const match = typeof path === 'string' ? /^payments\[(\d+)\]/.exec(path) : null;
    if (!match) continue;
    const words = typeof text === 'string' ? text : typeof code === 'string' ? code : '';
    const index = Number(match[1]);
    named.set(index, [named.get(index), words].filter(Boolean).join(' '));
  }
  return named;
}

/** Each payment's state: rejected where a message names it (in a bulk that is PART or rejected), else the bulk's. */
export function bulkEntryStates(count: number, bulkStatus: string | undefined, messages: unknown): BulkEntryState[] {
  const named = messagesByPayment(messages);
  return Array.from({ length: count }, (_, index): BulkEntryState => {
    const reason = named.get(index);
    if (reason !== undefined && (bulkStatus === 'PART' || bulkStatus === 'RJCT')) {
      return { words: 'Rejected', tone: 'danger', reason };
    }
    if (bulkStatus === undefined) return { words: 'Unknown', tone: 'neutral', reason };
    if (SETTLED.includes(bulkStatus)) return { words: 'Settled', tone: 'success', reason };
    if (ACCEPTED.includes(bulkStatus)) return { words: 'Accepted', tone: 'success', reason };
    if (bulkStatus === 'RJCT') return { words: 'Rejected', tone: 'danger', reason };
    if (bulkStatus === 'CANC') return { words: 'Cancelled', tone: 'neutral', reason };
    if (bulkStatus === 'RCVD' || bulkStatus === 'PATC') {
      return { words: 'Waiting for authorisation', tone: 'neutral', reason };
    }
    return { words: transactionStatusMeaning(bulkStatus).label, tone: 'neutral', reason };
  });
}
