// Status polling in the inspector's list: consecutive reads of one resource's status that got the same answer (the
// same HTTP status and the same status value, as the log folds them: statusReadKey) are one item, "status read 14
// times, unchanged", opened on demand. An entry the log folded reads in between into counts them too.
import { readsOf, statusReadKey, statusValueOf, type Exchange } from '../../api';

export type ListItem =
  | { kind: 'exchange'; exchange: Exchange }
  | {
      kind: 'polling';
      /** In the order given; at least two. */
      exchanges: Exchange[];
      /** How many reads they stand for: the entries and the reads the log folded into them. */
      reads: number;
      httpStatus: number;
      /** transactionStatus, consentStatus or scaStatus of the answer; undefined when it has none (an error). */
      value: string | undefined;
    };

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
        reads: run.reduce((sum, exchange) => sum + readsOf(exchange), 0),
        httpStatus: first.response.status,
        value: statusValueOf(first.response.body),
      });
    } else if (first) items.push({ kind: 'exchange', exchange: first });
    run = [];
  };
  for (const exchange of exchanges) {
    const key = statusReadKey(exchange);
    if (key === undefined || key !== runKey) flush();
    runKey = key;
    run.push(exchange);
    if (key === undefined) flush();
  }
  flush();
  return items;
}
