// Status polling: the reads of a payment's, a consent's or an authorisation's status. Two reads are the same when they
// read the same resource and got the same answer (the same HTTP status and the same status value). The exchange log
// folds such reads as they are recorded (foldStatusRead); the inspector folds what is left on display.
import { isRecord } from './browser-records';
import type { Exchange } from './exchange-types';

/** The 1.3.12 status reads: a payment's, a consent's and an authorisation's (SCA) status. */
export const STATUS_READS: ReadonlySet<string> = new Set([
  'getPaymentInitiationStatus',
  'getConsentStatus',
  'getPaymentInitiationScaStatus',
  'getPaymentCancellationScaStatus',
  'getConsentScaStatus',
]);

/** The status value an answer carries: transactionStatus, consentStatus or scaStatus. */
export function statusValueOf(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const name of ['transactionStatus', 'consentStatus', 'scaStatus']) {
    if (typeof body[name] === 'string') return body[name];
  }
  return undefined;
}

/** The resource a status read reads (its URL's path); undefined for every other exchange. */
function statusReadPath({ request, operationId }: Exchange): string | undefined {
  if (request.method.toUpperCase() !== 'GET' || !STATUS_READS.has(operationId)) return undefined;
  try {
    return new URL(request.url).pathname;
  } catch {
    return request.url.split('?')[0] ?? request.url;
  }
}

/**
 * What makes two status reads the same: the resource (its path) and the answer (HTTP status and status value).
 * Undefined for other exchanges and for a read without an answer.
 */
export function statusReadKey(exchange: Exchange): string | undefined {
  const path = statusReadPath(exchange);
  const { response } = exchange;
  if (path === undefined || !response) return undefined;
  return JSON.stringify([path, response.status, statusValueOf(response.body) ?? null]);
}

/** How many reads an entry stands for: itself and the reads folded into it. */
export function readsOf(exchange: Exchange): number {
  return 1 + (exchange.folded?.count ?? 0);
}

/**
 * The read of the same resource before the entry at `index`, in the same flow; -1 when there is none or another request
 * of the flow came in between (a write, a read of something else), which ends a run of polling.
 */
function previousRead(list: readonly Exchange[], index: number): number {
  const read = list[index];
  const path = read && statusReadPath(read);
  if (!read || path === undefined) return -1;
  for (let earlier = index - 1; earlier >= 0; earlier -= 1) {
    const other = list[earlier];
    if (!other || other.flow !== read.flow) continue;
    const otherPath = statusReadPath(other);
    if (otherPath === path) return earlier;
    // Reads of the flow's other statuses (a payment's and its authorisation's, polled side by side) do not end the run.
    if (otherPath === undefined) return -1;
  }
  return -1;
}

/** Whether two entries are reads of one resource with the same answer, the earlier one not a try sent again. */
function sameRead(earlier: Exchange | undefined, later: Exchange | undefined): earlier is Exchange {
  if (!earlier || !later || earlier.triedAgain) return false;
  const key = statusReadKey(later);
  return key !== undefined && statusReadKey(earlier) === key;
}

/**
 * The log with the status read at `index`, just answered, folded into its run: when the read before it (of the same
 * resource, in the same flow) got the same answer and is itself the latest of a run (a read with the same answer came
 * before it), that read is counted in this one's `folded` and taken out. A run so keeps its first read and its latest
 * one. Undefined when nothing folds.
 */
export function foldStatusRead(
  list: readonly Exchange[],
  index: number,
): { list: Exchange[]; folded: Exchange; into: Exchange } | undefined {
  const read = list[index];
  const previous = previousRead(list, index);
  const candidate = list[previous];
  if (!read || !sameRead(candidate, read)) return undefined;
  // The run's first read stays: only a read with the same answer before it makes the candidate one in between.
  if (!candidate.folded && !sameRead(list[previousRead(list, previous)], candidate)) return undefined;
  const into: Exchange = {
    ...read,
    folded: {
      count: (candidate.folded?.count ?? 0) + 1,
      firstAt: candidate.folded?.firstAt ?? candidate.startedAt,
      lastAt: candidate.startedAt,
    },
  };
  const next = list.slice();
  next[index] = into;
  next.splice(previous, 1);
  return { list: next, folded: candidate, into };
}
