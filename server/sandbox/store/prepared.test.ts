import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db';
import { buildInsertOnce, buildOnce } from './prepared';

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
