import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer';
import { openStore } from './db';

describe('WAL checkpoints in a worker', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-checkpoint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies committed pages into the database file while the bank runs, and leaves an empty WAL on close', async () => {
    const file = join(dir, 'sandbox.db');
    const store = await openStore({ location: file });
    const sizeBefore = statSync(file).size;
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ key: `k${i}`, value: 'x'.repeat(200) }));
    for (let i = 0; i < rows.length; i += 100) {
      await store.db
        .insertInto('sandbox_meta')
        .values(rows.slice(i, i + 100))
        .execute();
    }
    // The bank's connection never checkpoints; only the worker (every 500 ms) can grow the database file.
    let grown = false;
    for (let i = 0; i < 40 && !grown; i++) {
      await sleep(100);
      grown = statSync(file).size > sizeBefore + 200_000;
    }
    expect(grown).toBe(true);
    await store.close();
    expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0).toBe(true);

    const reopened = await openStore({ location: file });
    const count = await reopened.db
      .selectFrom('sandbox_meta')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('key', 'like', 'k%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2_000);
    await reopened.close();
  });

  it('lets a checkpoint that is running finish before the worker stops, rather than cutting the thread off', async () => {
    const file = join(dir, 'slow.db');
    const store = await openStore({ location: file });
    await store.close();
    // A statement that spends well over a second inside the driver's native code, as a checkpoint of a large WAL can.
    const statement =
      'WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n LIMIT 12000000) SELECT count(*) FROM n';
    const checkpointer = startCheckpointer(file, { intervalMs: 10, statement });
    await sleep(300);
    const started = performance.now();
    // Terminating the thread mid-statement would abort this process; the worker ends by itself, with exit code 0.
    const { exitCode } = await checkpointer.stop();
    expect(exitCode).toBe(0);
    expect(performance.now() - started).toBeGreaterThan(50);
  }, 30_000);

  it('keeps a process whose bank stops alive until the worker ended, so the store closes with an empty WAL', () => {
    const file = join(dir, 'exit.db');
    const db = fileURLToPath(new URL('./db.ts', import.meta.url));
    // Nothing else keeps this process alive once it awaits the close, as a sandbox after its server closed.
    const script = `
      import { openStore } from ${JSON.stringify(pathToFileURL(db).href)};
      const store = await openStore({ location: ${JSON.stringify(file)} });
      await store.db.insertInto('sandbox_meta').values({ key: 'k', value: 'v' }).execute();
      await store.close();
      console.log('closed');
    `;
    const scriptFile = join(dir, 'stop-and-exit.mts');
    writeFileSync(scriptFile, script);
    const run = spawnSync(process.execPath, ['--import', 'tsx', scriptFile], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('closed');
    expect(run.status).toBe(0);
    expect(!existsSync(`${file}-wal`) || statSync(`${file}-wal`).size === 0).toBe(true);
  }, 30_000);
});
