// Moves SQLite's WAL checkpoints off the request path: a worker thread with its own connection copies committed pages
// from the write-ahead log into the database file, so no request waits for it.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * By default the connection that commits runs a checkpoint whenever the WAL passes 1000 pages, and the request that
 * made that commit (and every request behind it on the event loop) waits several milliseconds. Here the bank's
 * connection never checkpoints; a worker runs a PASSIVE checkpoint every `intervalMs`, which copies what it can without
 * blocking readers or the writer. Durability is unchanged: a commit is durable once it is in the WAL.
 */
export function startCheckpointer(file: string, intervalMs = 500): { stop(): Promise<void> } {
  const libsql = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(
    `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.libsql);
    const db = new Database(workerData.file);
    db.exec('PRAGMA busy_timeout = 1000');
    const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
    const timer = setInterval(() => {
      try { checkpoint.all([]); } catch { /* busy: the next turn catches up */ }
    }, workerData.intervalMs);
    parentPort.on('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
    `,
    { eval: true, workerData: { file, libsql, intervalMs } },
  );
  worker.unref();
  return {
    async stop() {
      worker.postMessage('stop');
      await new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        setTimeout(() => void worker.terminate().then(() => resolve()), 1_000).unref();
      });
    },
  };
}
