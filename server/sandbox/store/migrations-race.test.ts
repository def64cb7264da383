// PostgreSQL: a sandbox opens (and migrates) while other schemas of its database are dropped, as when a bench is
// deleted on another instance or another sandbox's tests clean up. Kysely finds its migration tables by reading the
// catalogue of every schema, so a schema dropped at that moment made the opening fail with 3F000 naming a schema that is
// not its own.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './db';

const pgUrl = process.env.TEST_DATABASE_URL;
const name = (what: string) => `race_${what}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;

describe.runIf(pgUrl)('opening a sandbox while other schemas are dropped', () => {
  const url = pgUrl ?? '';
  const opened: string[] = [];
  const client = new pg.Client({ connectionString: url });

  afterAll(async () => {
    for (const schema of opened) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.end();
  });

  it('migrates its own schema whatever schemas disappear meanwhile', async () => {
    await client.connect();
    let churning = true;
    // Another party creates schemas with a table in each and drops them again, as fast as it can.
    const churn = (async () => {
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        while (churning) {
          const schema = name('other');
          await other.query(`CREATE SCHEMA ${schema}`);
          await other.query(`CREATE TABLE ${schema}.t (id int)`);
          await other.query(`DROP SCHEMA ${schema} CASCADE`);
        }
      } finally {
        await other.end();
      }
    })();
    try {
      for (let i = 0; i < 6; i++) {
        const schema = name('own');
        opened.push(schema);
        const store: Store = await openStore({ location: url, pgSchema: schema, pgPoolSize: 2 });
        await store.close();
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(opened).toHaveLength(6);
  }, 60_000);
});
