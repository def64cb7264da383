import { mkdtempSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
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
});
