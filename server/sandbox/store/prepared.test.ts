import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db';
import { buildInsertOnce, buildOnce, sharedRead } from './prepared';

describe('buildOnce', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openStore({ location: ':memory:' });
    await store.db
      .insertInto('sandbox_meta')
      .values([
        { key: 'a', value: 'one' },
        { key: 'b', value: 'two' },
        { key: 'c', value: 'three' },
      ])
      .execute();
  });
  afterAll(() => store.close());

  it('runs the statement built once with each call’s values, an argument used twice included', async () => {
    const rename = buildOnce(
      store.db,
      (key: string, value: string) =>
        store.db
          .updateTable('sandbox_meta')
          .set({ value })
          .where('key', '=', key)
          .where((eb) => eb.or([eb('value', '!=', value), eb('key', '=', 'never')])),
      2,
    );
    expect(Number((await rename(store.db, 'a', 'uno')).numAffectedRows)).toBe(1);
    expect(Number((await rename(store.db, 'a', 'uno')).numAffectedRows)).toBe(0);
    expect(Number((await rename(store.db, 'c', 'tres')).numAffectedRows)).toBe(1);
    const rows = await store.db.selectFrom('sandbox_meta').selectAll().orderBy('key').execute();
    expect(rows.filter((r) => r.key !== 'seed_anchor')).toEqual([
      { key: 'a', value: 'uno' },
      { key: 'b', value: 'two' },
      { key: 'c', value: 'tres' },
    ]);
  });

  it('refuses a builder that does not use every argument as a parameter', () => {
    expect(() =>
      buildOnce(
        store.db,
        (key: string, _unused: string) => store.db.deleteFrom('sandbox_meta').where('key', '=', key),
        2,
      ),
    ).toThrow(/argument 1/);
  });

  it('inserts whole rows with an INSERT built once, whatever order the columns are named in', async () => {
    const insert = buildInsertOnce(store.db, 'sandbox_meta', ['value', 'key']);
    await insert(store.db, { key: 'i1', value: 'first' });
    await insert(store.db, { key: 'i2', value: 'second' });
    const rows = await store.db
      .selectFrom('sandbox_meta')
      .selectAll()
      .where('key', 'like', 'i%')
      .orderBy('key')
      .execute();
    expect(rows).toEqual([
      { key: 'i1', value: 'first' },
      { key: 'i2', value: 'second' },
    ]);
  });
});

describe('sharedRead', () => {
  it('answers the calls made at once with one run per key, and a later call with a run of its own', async () => {
    const runs: string[] = [];
    let value = 1;
    const read = sharedRead(
      (key: { id: string }) => {
        runs.push(key.id);
        return Promise.resolve(`${key.id}:${value}`);
      },
      (key) => key.id,
    );
    const first = await Promise.all([read({ id: 'a' }), read({ id: 'a' }), read({ id: 'b' })]);
    expect(first).toEqual(['a:1', 'a:1', 'b:1']);
    expect(runs).toEqual(['a', 'b']);
    value = 2;
    expect(await read({ id: 'a' })).toBe('a:2');
    expect(runs).toEqual(['a', 'b', 'a']);
  });

  it('lets a call made in the next turn of the event loop share the run (a request read in the next poll phase)', async () => {
    let runs = 0;
    const read = sharedRead(
      () => {
        runs += 1;
        return Promise.resolve(runs);
      },
      () => 'same',
    );
    const first = read(undefined);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const second = read(undefined);
    expect(await Promise.all([first, second])).toEqual([1, 1]);
    expect(runs).toBe(1);
  });

  it('never answers a call with a run that started before it', async () => {
    let release: () => void = () => undefined;
    let runs = 0;
    const read = sharedRead(
      async () => {
        runs += 1;
        const run = runs;
        if (run === 1) await new Promise<void>((resolve) => (release = resolve));
        return run;
      },
      () => 'same',
    );
    const early = read(undefined);
    // Let the first run start, then ask again while it is still running.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const late = read(undefined);
    release();
    expect(await early).toBe(1);
    expect(await late).toBe(2);
  });
});
