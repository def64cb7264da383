// Sandboxes in separate schemas of one PostgreSQL database (runs only when TEST_DATABASE_URL is set): each schema keeps
// its own tables and its own migration tables, so test runs and instances in different schemas never meet, and a
// database migrated with the migration tables beside the bank's tables keeps its data.
import { randomUUID } from 'node:crypto';
import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountList, ConsentsResponse201, PaymentInitiationResponse201 } from '../../src/xs2a';
import { buildSeed, SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { openStore, type Store } from './store/db';
import { migrationProvider } from './store/migrations';
import type { Database } from './store/schema';
import { TEST_START, createTestBank, openTestStore, type TestBank } from './testing/test-support';
import { accountOf, ok, send } from './testing/test-kit';

const pgUrl = process.env.TEST_DATABASE_URL;
const EMBEDDED = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
const aliceMain = accountOf('alice');
const seed = buildSeed('2026-03-16');

const freshName = (prefix: string) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The schemas of the database that hold a table of this name. */
const schemasHolding = (url: string, table: string) =>
  admin(url, async (client) =>
    (
      await client.query<{ table_schema: string }>(
        'SELECT table_schema FROM information_schema.tables WHERE table_name = $1 ORDER BY table_schema',
        [table],
      )
    ).rows.map((r) => r.table_schema),
  );

async function countRows(store: Store, table: 'accounts' | 'transactions' | 'payments') {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function newPayment(bank: TestBank) {
  const created = ok(
    await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
      headers: EMBEDDED,
      body: {
        instructedAmount: { currency: 'EUR', amount: '12.00' },
        debtorAccount: { iban: aliceMain.iban },
        creditorName: 'Buchhandlung Am Markt',
        creditorAccount: { iban: 'DE02100100109307118603' },
      },
    }),
    201,
    PaymentInitiationResponse201,
  );
  return created.paymentId;
}

/** A consent authorised with embedded SCA, then an account read with it: the bank works end to end. */
async function readsAccounts(bank: TestBank) {
  const created = ok(
    await send(bank, 'POST', '/v1/consents', {
      headers: EMBEDDED,
      body: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil: '2026-06-30',
        frequencyPerDay: 4,
        combinedServiceIndicator: false,
      },
    }),
    201,
    ConsentsResponse201,
  );
  const collection = `/v1/consents/${created.consentId}/authorisations`;
  const started = await send(bank, 'POST', collection, {
    headers: { 'PSU-ID': 'alice' },
    body: { psuData: { password: SANDBOX_PASSWORD } },
  });
  const authPath = `${collection}/${(started.body as { authorisationId: string }).authorisationId}`;
  await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } });
  expect((await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } })).status).toBe(200);
  const list = ok(
    await send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': created.consentId } }),
    200,
    AccountList,
  );
  return list.accounts.length;
}

describe.runIf(pgUrl)('PostgreSQL: one sandbox per schema of a database', () => {
  const url = pgUrl ?? '';
  const schemas: string[] = [];
  const databases: string[] = [];
  const stores: Store[] = [];
  const schema = (prefix = 'test') => {
    const name = freshName(prefix);
    schemas.push(name);
    return name;
  };
  async function bankIn(pgSchema: string) {
    const store = await openTestStore(url, pgSchema);
    stores.push(store);
    return createTestBank({ store, start: TEST_START });
  }

  afterAll(async () => {
    for (const store of stores) await store.close().catch(() => undefined); // some are closed already
    await admin(url, async (client) => {
      for (const name of schemas) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });

  it('migrates and seeds a fresh schema while another schema of the database already holds a sandbox', async () => {
    const first = schema();
    const second = schema();
    const a = await bankIn(first);
    const b = await bankIn(second);
    for (const bank of [a, b]) {
      expect(await countRows(bank.store, 'accounts')).toBe(seed.accounts.length);
      expect(await readsAccounts(bank)).toBe(3);
    }
    // Each schema keeps its own data and its own migration tables.
    await newPayment(a);
    expect(await countRows(a.store, 'payments')).toBe(1);
    expect(await countRows(b.store, 'payments')).toBe(0);
    for (const table of ['kysely_migration', 'kysely_migration_lock']) {
      const holding = await schemasHolding(url, table);
      expect(holding).toContain(first);
      expect(holding).toContain(second);
    }
  });

  it('opens two fresh schemas at the same time', async () => {
    const banks = await Promise.all([bankIn(schema()), bankIn(schema())]);
    for (const bank of banks) {
      expect(await countRows(bank.store, 'transactions')).toBe(seed.transactions.length);
      expect(await readsAccounts(bank)).toBe(3);
    }
  });

  it('keeps the data of a database whose migration tables lie beside its tables, and opens a new schema beside it', async () => {
    // A database of its own, migrated as earlier versions did: the migration tables in the connection's default
    // schema, found by name in any schema.
    const name = freshName('xs2a_existing');
    databases.push(name);
    await admin(url, (client) => client.query(`CREATE DATABASE ${name}`));
    const target = new URL(url);
    target.pathname = `/${name}`;
    const existingUrl = target.toString();
    const earlier = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: existingUrl, max: 2 }) }),
    });
    const migrated = await new Migrator({ db: earlier, provider: migrationProvider }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    const before = await createTestBank({
      store: { db: earlier, dialect: 'postgres', close: () => earlier.destroy() },
      start: TEST_START,
    });
    const paymentId = await newPayment(before);
    await before.close();
    expect(await schemasHolding(existingUrl, 'kysely_migration')).toEqual(['public']);

    // Opened again by the sandbox: nothing migrated twice, nothing lost, no second set of migration tables.
    const reopened = await openStore({ location: existingUrl });
    stores.push(reopened);
    const after = await createTestBank({ store: reopened, start: '2026-03-20T09:00:00.000Z' });
    expect(after.sandbox.seedAnchor).toBe(before.sandbox.seedAnchor);
    expect(await countRows(reopened, 'payments')).toBe(1);
    expect((await send(after, 'GET', `/v1/payments/sepa-credit-transfers/${paymentId}/status`)).status).toBe(200);
    expect(await schemasHolding(existingUrl, 'kysely_migration')).toEqual(['public']);

    // A sandbox in a new schema of that database starts beside it.
    const besideStore = await openStore({ location: existingUrl, pgSchema: 'beside' });
    stores.push(besideStore);
    const beside = await createTestBank({ store: besideStore, start: TEST_START });
    expect(await countRows(besideStore, 'payments')).toBe(0);
    expect(await readsAccounts(beside)).toBe(3);
    expect(await schemasHolding(existingUrl, 'kysely_migration')).toEqual(['beside', 'public']);
  });
});

if (!pgUrl) {
  describe('PostgreSQL: one sandbox per schema of a database', () => {
    it.skip('runs when TEST_DATABASE_URL names a server', () => undefined);
  });
}
