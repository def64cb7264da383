// Status polling in the inspector's list: consecutive reads of one resource's status that got the same answer (the
// same HTTP status and the same status value) are one item, "status read 14 times, unchanged", opened on demand.
import { isRecord, type Exchange } from '../../api';

/** The 1.3.12 status reads: a payment's, a consent's and an authorisation's (SCA) status. */
const STATUS_READS = new Set([
  'getPaymentInitiationStatus',
  'getConsentStatus',
  'getPaymentInitiationScaStatus',
  'getPaymentCancellationScaStatus',
  'getConsentScaStatus',
]);

export type ListItem =
  | { kind: 'exchange'; exchange: Exchange }
  | {
      kind: 'polling';
      /** In the order given; at least two. */
      exchanges: Exchange[];
      httpStatus: number;
      /** transactionStatus, consentStatus or scaStatus of the answer; undefined when it has none (an error). */
      value: string | undefined;
    };

/** The status value an answer carries. */
function statusValue(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const name of ['transactionStatus', 'consentStatus', 'scaStatus']) {
    if (typeof body[name] === 'string') return body[name];
  }
  return undefined;
}

/** What makes two status reads the same: the resource (method and path) and the answer; none for other exchanges. */
function pollingKey(exchange: Exchange): string | undefined {
  const { request, response } = exchange;
  if (!response || request.method.toUpperCase() !== 'GET' || !STATUS_READS.has(exchange.operationId)) return undefined;
  let path: string;
  try {
    path = new URL(request.url).pathname;
  } catch {
    path = request.url.split('?')[0] ?? request.url;
  }
  return JSON.stringify([path, response.status, statusValue(response.body) ?? null]);
}

/** The exchanges in their order, each run of two or more identical status reads folded into one item. */
export function collapsePolling(exchanges: readonly Exchange[]): ListItem[] {
  const items: ListItem[] = [];
  let run: Exchange[] = [];
  let runKey: string | undefined;
  const flush = () => {
    const [first] = run;
    if (run.length >= 2 && first?.response) {
      items.push({
        kind: 'polling',
        exchanges: run,
        httpStatus: first.response.status,
        value: statusValue(first.response.body),
      });
    } else if (first) items.push({ kind: 'exchange', exchange: first });
    run = [];
  };
  for (const exchange of exchanges) {
    const key = pollingKey(exchange);
    if (key === undefined || key !== runKey) flush();
    runKey = key;
    run.push(exchange);
    if (key === undefined) flush();
  }
  flush();
  return items;
}
