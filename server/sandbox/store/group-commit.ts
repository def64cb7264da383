// Group commit: writes from concurrent requests share one transaction and so one commit.
import type { Kysely } from 'kysely';

/**
 * Runs `then` one turn of the event loop after the current one: the requests read from their sockets in the next poll
 * phase come in before it (an immediate set by an immediate runs after that phase). The group commit and the shared
 * reads (store/prepared.ts) wait so for the requests that join them; an idle bank pays one empty turn, microseconds.
 */
export function afterNextPoll(then: () => void): void {
  setImmediate(() => setImmediate(then));
}

interface Pending<A, R> {
  args: A;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/**
 * Wraps a write so that the calls made while the event loop is busy run together in one transaction, started on the
 * next turn. A commit (a WAL append on SQLite, a round trip and a flush on PostgreSQL) costs more than a small UPDATE,
 * so under load most of that cost is shared; every caller still gets its answer only after its write is committed.
 * A lone call runs on its own: in a transaction of its own when `atomic` (a write of several statements), else
 * directly. If the shared transaction fails, each call of that group is retried on its own, so one bad write cannot
 * fail the others; a write must therefore have no effect outside the database, and must not wait for another call
 * of the same group commit (it would wait for itself).
 */
export function groupCommit<DB, A, R>(
  db: Kysely<DB>,
  write: (executor: Kysely<DB>, args: A) => Promise<R>,
  { atomic = false }: { atomic?: boolean } = {},
): (args: A) => Promise<R> {
  let queue: Pending<A, R>[] = [];
  let scheduled = false;
  let running = false;

  const runAlone = (item: Pending<A, R>) =>
    (atomic ? db.transaction().execute((trx) => write(trx, item.args)) : write(db, item.args)).then(
      item.resolve,
      item.reject,
    );

  function schedule() {
    if (scheduled || running) return;
    scheduled = true;
    // Under load, waiting for the next poll phase about halves the commits per write.
    afterNextPoll(() => void flush());
  }

  // One group at a time: calls made while a group commits wait for the next one, so groups grow with the load.
  async function flush() {
    scheduled = false;
    running = true;
    const group = queue;
    queue = [];
    try {
      await commitGroup(group);
    } finally {
      running = false;
      if (queue.length > 0) schedule();
    }
  }

  async function commitGroup(group: Pending<A, R>[]) {
    const [first] = group;
    if (group.length === 1 && first) {
      await runAlone(first);
      return;
    }
    let results: R[];
    try {
      results = await db.transaction().execute(async (trx) => {
        const out: R[] = [];
        for (const item of group) out.push(await write(trx, item.args));
        return out;
      });
    } catch {
      await Promise.all(group.map(runAlone));
      return;
    }
    group.forEach((item, i) => item.resolve(results[i] as R));
  }

  return (args) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ args, resolve, reject });
      schedule();
    });
}

/** A unit of work that runs in a transaction, shared with the units that other requests start at the same time. */
export type Transact<DB> = <R>(work: (trx: Kysely<DB>) => Promise<R>) => Promise<R>;

export function sharedTransactions<DB>(db: Kysely<DB>): Transact<DB> {
  const run = groupCommit(db, (trx, work: (trx: Kysely<DB>) => Promise<unknown>) => work(trx), { atomic: true });
  return <R>(work: (trx: Kysely<DB>) => Promise<R>) => run(work) as Promise<R>;
}
