import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db';
import { groupCommit, sharedTransactions } from './group-commit';

describe('groupCommit', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: ':memory:' });
  });
  afterAll(() => store.close());

  it('runs concurrent calls in one transaction, in call order, and answers each with its own result', async () => {
    const executors = new Set<unknown>();
    const insert = groupCommit(store.db, async (executor, key: string) => {
      executors.add(executor);
      await executor
        .insertInto('sandbox_meta')
        .values({ key, value: String(executors.size) })
        .execute();
      const rows = await executor.selectFrom('sandbox_meta').select('key').where('key', 'like', 'g1-%').execute();
      return rows.length;
    });
    const results = await Promise.all(['g1-a', 'g1-b', 'g1-c'].map((key) => insert(key)));
    expect(results).toEqual([1, 2, 3]);
    // One executor for the three: the shared transaction, not the database itself.
    expect(executors.size).toBe(1);
    expect(executors.has(store.db)).toBe(false);
  });

  it('lets a call made in the next turn of the event loop join the group (a request read in the next poll phase)', async () => {
    const executors = new Set<unknown>();
    const insert = groupCommit(store.db, async (executor, key: string) => {
      executors.add(executor);
      await executor.insertInto('sandbox_meta').values({ key, value: 'x' }).execute();
      return key;
    });
    const first = insert('g5-a');
    await new Promise<void>((resolve) => setImmediate(resolve));
    const second = insert('g5-b');
    expect(await Promise.all([first, second])).toEqual(['g5-a', 'g5-b']);
    expect(executors.size).toBe(1);
    expect(executors.has(store.db)).toBe(false);
  });

  it('runs a lone call on the database without a transaction', async () => {
    const seen: unknown[] = [];
    const write = groupCommit(store.db, async (executor, key: string) => {
      seen.push(executor);
      await executor.insertInto('sandbox_meta').values({ key, value: 'x' }).execute();
      return key;
    });
    expect(await write('g2-lone')).toBe('g2-lone');
    expect(seen).toEqual([store.db]);
  });

  it('keeps a failing call from failing the rest of its group', async () => {
    const insert = groupCommit(store.db, async (executor, key: string) => {
      await executor.insertInto('sandbox_meta').values({ key, value: 'x' }).execute();
      return key;
    });
    await insert('g3-taken');
    const results = await Promise.allSettled(['g3-a', 'g3-taken', 'g3-b'].map((key) => insert(key)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const keys = await store.db.selectFrom('sandbox_meta').select('key').where('key', 'like', 'g3-%').execute();
    expect(keys.map((k) => k.key).sort()).toEqual(['g3-a', 'g3-b', 'g3-taken']);
  });

  it('keeps each unit of sharedTransactions atomic, alone or in a group', async () => {
    const transact = sharedTransactions(store.db);
    const pair = (key: string, failSecond: boolean) => async (trx: typeof store.db) => {
      await trx
        .insertInto('sandbox_meta')
        .values({ key: `${key}-1`, value: 'x' })
        .execute();
      // A duplicate key fails the unit's second statement.
      await trx
        .insertInto('sandbox_meta')
        .values({ key: failSecond ? `${key}-1` : `${key}-2`, value: 'x' })
        .execute();
      return key;
    };
    await expect(transact(pair('g4-lone', true))).rejects.toThrow();
    const outcomes = await Promise.allSettled([
      transact(pair('g4-a', false)),
      transact(pair('g4-b', true)),
      transact(pair('g4-c', false)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const keys = await store.db.selectFrom('sandbox_meta').select('key').where('key', 'like', 'g4-%').execute();
    expect(keys.map((k) => k.key).sort()).toEqual(['g4-a-1', 'g4-a-2', 'g4-c-1', 'g4-c-2']);
  });
});
