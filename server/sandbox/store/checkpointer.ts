// Moves SQLite's WAL checkpoints off the request path: a worker thread with its own connection copies committed pages
// from the write-ahead log into the database file, so no request waits for it.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface CheckpointerOptions {
  /** How often the worker checkpoints. */
  intervalMs?: number;
  /** The statement the worker runs each time; tests give a slower one. */
  statement?: string;
}

/**
 * By default the connection that commits runs a checkpoint whenever the WAL passes 1000 pages, and the request that
 * made that commit (and every request behind it on the event loop) waits several milliseconds. Here the bank's
 * connection never checkpoints; a worker runs a PASSIVE checkpoint every `intervalMs`, which copies what it can without
 * blocking readers or the writer. Durability is unchanged: a commit is durable once it is in the WAL.
 */
export function startCheckpointer(
  file: string,
  { intervalMs = 500, statement = 'PRAGMA wal_checkpoint(PASSIVE)' }: CheckpointerOptions = {},
): { stop(): Promise<{ exitCode: number }> } {
  const libsql = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.libsql);
    const db = new Database(workerData.file);
    db.exec('PRAGMA busy_timeout = 1000');
    const checkpoint = db.prepare(workerData.statement);
    const timer = setInterval(() => {
      try { checkpoint.all([]); } catch { /* busy: the next turn catches up */ }
    }, workerData.intervalMs);
    parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
    `,
    { eval: true, workerData: { file, libsql, intervalMs, statement } },
  );
  worker.unref();
  const exited = once(worker, 'exit') as Promise<[number]>;
  return {
    /**
     * Asks the worker to close its connection and waits until it has. It finishes the checkpoint it may be running
     * first (a large WAL, right after the seed, can take seconds): a thread terminated inside the driver's native code
     * aborts the whole process.
     */
    async stop() {
      // The worker does not keep the process alive while it runs, but it must while it stops: a process that ends
      // meanwhile terminates the thread, mid-checkpoint if it is in one.
      worker.ref();
      worker.postMessage('stop');
      const [exitCode] = await exited;
      return { exitCode };
    },
  };
}
