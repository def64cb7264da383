// The sandbox's state across restarts and under concurrent requests, on SQLite (a data file) and, when
// TEST_DATABASE_URL is set, on PostgreSQL (a fresh schema per run, dropped afterwards).
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TableNode, UpdateQueryNode, type KyselyPlugin, type QueryId } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountList,
  ConsentStatusResponse,
  ConsentsResponse201,
  ErrorBodyNg,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
  SelectPsuAuthenticationMethodResponse,
  StartScaprocessResponse,
} from '../../src/xs2a';
import { SANDBOX_OTP, SANDBOX_PASSWORD, buildSeed, testPsus } from './seed';
import { openStore, type Store } from './store/db';
import { TEST_START, createTestBank, openTestStore, type TestBank } from './testing/test-support';
import { type Res, send, expectSchema, ok } from './testing/test-kit';

function errorCode(res: Res): string | undefined {
  return expectSchema(ErrorBodyNg, res.body).tppMessages?.[0]?.code;
}

const aliceMain = testPsus.find((p) => p.psuId === 'alice')?.accounts[0];
if (!aliceMain) throw new Error('alice has no account');
const EMBEDDED = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
const HOUR = 3_600_000;

const paymentBody = () => ({
  instructedAmount: { currency: 'EUR', amount: '7.30' },
  debtorAccount: { iban: aliceMain.iban },
  creditorName: 'Kaffee Handel GmbH',
  creditorAccount: { iban: 'DE02100100109307118603' },
});

const consentBody = (frequencyPerDay = 4) => ({
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: '2026-06-30',
  frequencyPerDay,
  combinedServiceIndicator: false,
});

async function newPayment(bank: TestBank) {
  const created = ok(
    await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody(), headers: EMBEDDED }),
    201,
    PaymentInitiationResponse201,
  );
  return { id: created.paymentId, self: `/v1/payments/sepa-credit-transfers/${created.paymentId}` };
}

/** An embedded authorisation of alice, brought up to the OTP step; returns its path. */
async function readyForOtp(bank: TestBank, collection: string) {
  const started = ok(
    await send(bank, 'POST', collection, {
      headers: { 'PSU-ID': 'alice' },
      body: { psuData: { password: SANDBOX_PASSWORD } },
    }),
    201,
    StartScaprocessResponse,
  );
  const authPath = `${collection}/${started.authorisationId}`;
  ok(
    await send(bank, 'PUT', authPath, { body: { authenticationMethodId: 'sms' } }),
    200,
    SelectPsuAuthenticationMethodResponse,
  );
  return authPath;
}

const authorise = async (bank: TestBank, collection: string) =>
  send(bank, 'PUT', await readyForOtp(bank, collection), { body: { scaAuthenticationData: SANDBOX_OTP } });

const paymentStatus = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse).transactionStatus;

const scaStatus = async (bank: TestBank, authPath: string) =>
  ok(await send(bank, 'GET', authPath), 200, ScaStatusResponse).scaStatus;

async function validConsent(bank: TestBank, frequencyPerDay = 4) {
  const created = ok(
    await send(bank, 'POST', '/v1/consents', { body: consentBody(frequencyPerDay), headers: EMBEDDED }),
    201,
    ConsentsResponse201,
  );
  const done = await authorise(bank, `/v1/consents/${created.consentId}/authorisations`);
  expect(ok(done, 200, ScaStatusResponse).scaStatus).toBe('finalised');
  return created.consentId;
}

// ---- backends ----

/** Holds the next UPDATE of an authorisation (inside its transaction) until released: a deterministic race. */
function gateAuthorisationUpdate() {
  const held = new Set<QueryId>();
  let armed = false;
  let reached!: () => void;
  let release!: () => void;
  const reachedPromise = new Promise<void>((resolve) => (reached = resolve));
  const releasePromise = new Promise<void>((resolve) => (release = resolve));
  const plugin: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (
        armed &&
        UpdateQueryNode.is(node) &&
        node.table &&
        TableNode.is(node.table) &&
        node.table.table.identifier.name === 'authorisations'
      ) {
        armed = false;
        held.add(queryId);
      }
      return node;
    },
    async transformResult({ result, queryId }) {
      if (held.delete(queryId)) {
        reached();
        await releasePromise;
      }
      return result;
    },
  };
  return { plugin, arm: () => (armed = true), reached: reachedPromise, release: () => release() };
}

const withPlugin = (store: Store, plugin: KyselyPlugin): Store => ({ ...store, db: store.db.withPlugin(plugin) });

const pgUrl = process.env.TEST_DATABASE_URL;

interface Backend {
  name: string;
  open(): Promise<Store>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const file = join(tmpdir(), `xs2a-sandbox-test-${randomUUID()}.db`);
  return {
    name: 'SQLite',
    open: () => openStore({ location: file }),
    cleanup: async () => {
      await Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));
    },
  };
}

function postgresBackend(url: string): Backend {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  return {
    name: 'PostgreSQL',
    open: () => openTestStore(url, schema),
    cleanup: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

const backends: { name: string; make: () => Backend }[] = [
  { name: 'SQLite', make: sqliteBackend },
  ...(pgUrl ? [{ name: 'PostgreSQL', make: () => postgresBackend(pgUrl) }] : []),
];

if (!pgUrl) {
  describe('store on PostgreSQL', () => {
    it.skip('runs when TEST_DATABASE_URL names a server', () => undefined);
  });
}

describe.each(backends)('store on $name', ({ make }) => {
  const backend = make();
  const banks: TestBank[] = [];
  async function openBank(start = TEST_START) {
    const bank = await createTestBank({ store: await backend.open(), start });
    banks.push(bank);
    return bank;
  }
  afterAll(async () => {
    for (const bank of banks) await bank.close().catch(() => undefined); // some are closed already
    await backend.cleanup();
  });

  describe('persistence across restarts', () => {
    it('keeps payments, consents and their statuses, and seeds only once', async () => {
      const first = await openBank();
      const anchor = first.sandbox.seedAnchor;
      const accepted = await newPayment(first);
      expect(ok(await authorise(first, `${accepted.self}/authorisations`), 200, ScaStatusResponse).scaStatus).toBe(
        'finalised',
      );
      const received = await newPayment(first);
      const cancelled = await newPayment(first);
      expect((await send(first, 'DELETE', cancelled.self)).status).toBe(204);
      const consentId = await validConsent(first);
      await first.close();

      // A later start: a different "today" must not reseed or move the anchor.
      const second = await openBank(new Date(Date.parse(TEST_START) + 1_000).toISOString());
      expect(second.sandbox.seedAnchor).toBe(anchor);
      expect(await paymentStatus(second, accepted.self)).toBe('ACTC');
      expect(await paymentStatus(second, received.self)).toBe('RCVD');
      expect(await paymentStatus(second, cancelled.self)).toBe('CANC');
      expect(
        ok(await send(second, 'GET', `/v1/consents/${consentId}/status`), 200, ConsentStatusResponse).consentStatus,
      ).toBe('valid');
      ok(await send(second, 'GET', '/v1/accounts', { headers: { 'Consent-ID': consentId } }), 200, AccountList);
      await second.close();

      const third = await openBank('2026-05-01T12:00:00.000Z');
      expect(third.sandbox.seedAnchor).toBe(anchor);
      const seed = buildSeed(anchor);
      const count = async (table: 'psus' | 'accounts' | 'transactions') =>
        Number(
          (
            await third.store.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count('psus')).toBe(seed.psus.length);
      expect(await count('accounts')).toBe(seed.accounts.length);
      // What fell due while the bank was down was done as it started: the accepted payment settled and is booked.
      expect(await count('transactions')).toBe(seed.transactions.length + 1);
      expect(await paymentStatus(third, accepted.self)).toBe('ACSC');
    });
  });

  describe('concurrent requests', () => {
    let bank: TestBank;
    beforeAll(async () => {
      bank = await openBank();
    });

    it('finalises one of 20 simultaneous right OTPs; the others get 409 or 400, the payment turns ACTC once', async () => {
      const { id, self } = await newPayment(bank);
      const authPath = await readyForOtp(bank, `${self}/authorisations`);
      const results = await Promise.all(
        Array.from({ length: 20 }, () => send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } })),
      );
      const finalised = results.filter((r) => r.status === 200);
      expect(finalised).toHaveLength(1);
      expect(ok(finalised[0]!, 200, ScaStatusResponse).scaStatus).toBe('finalised');
      for (const res of results.filter((r) => r.status !== 200)) {
        expect([409, 400]).toContain(res.status);
        expect(errorCode(res)).toBe(res.status === 409 ? 'STATUS_INVALID' : 'SCA_INVALID');
      }
      expect(await scaStatus(bank, authPath)).toBe('finalised');
      expect(await paymentStatus(bank, self)).toBe('ACTC');
      const row = await bank.store.db
        .selectFrom('payments')
        .select(['transaction_status', 'version'])
        .where('payment_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ transaction_status: 'ACTC', version: 1 }); // one transition RCVD → ACTC
    });

    it('ends in one consistent state when DELETE and the final OTP race on one payment', async () => {
      // The DELETE leaves 0…7 ms after the PUT, so the race falls either way.
      for (let round = 0; round < 8; round++) {
        const { self } = await newPayment(bank);
        const authPath = await readyForOtp(bank, `${self}/authorisations`);
        const [authorised, deleted] = await Promise.all([
          send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } }),
          new Promise((resolve) => setTimeout(resolve, round)).then(() => send(bank, 'DELETE', self)),
        ]);
        const status = await paymentStatus(bank, self);
        const sca = await scaStatus(bank, authPath);
        if (status === 'CANC') {
          expect(deleted.status).toBe(204);
          expect(authorised.status).toBe(409);
          expect(sca).toBe('scaMethodSelected');
        } else {
          expect(status).toBe('ACTC');
          expect(authorised.status).toBe(200);
          expect(sca).toBe('finalised');
          // DELETE either saw ACTC (a cancellation needs authorisation) or lost the race; never 204.
          expect([202, 409]).toContain(deleted.status);
        }
      }
    });

    it('lets exactly frequencyPerDay of 50 simultaneous background reads through (429 for the rest)', async () => {
      const consentId = await validConsent(bank, 10);
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': consentId }, psuPresent: false }),
        ),
      );
      expect(results.filter((r) => r.status === 200)).toHaveLength(10);
      const refused = results.filter((r) => r.status !== 200);
      expect(refused).toHaveLength(40);
      for (const res of refused) {
        expect(res.status).toBe(429);
        expect(errorCode(res)).toBe('ACCESS_EXCEEDED');
      }
      bank.clock.advance(24 * HOUR);
      ok(
        await send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': consentId }, psuPresent: false }),
        200,
        AccountList,
      );
    });
  });

  describe('what time and failed reads do', () => {
    let bank: TestBank;
    beforeAll(async () => {
      bank = await openBank();
    });

    it('rejects a payment left unauthorised past unauthorisedPaymentExpiryMs, failing its open authorisation', async () => {
      const { self } = await newPayment(bank);
      const authPath = await readyForOtp(bank, `${self}/authorisations`);
      bank.clock.advance(bank.sandbox.config.unauthorisedPaymentExpiryMs);
      expect(await paymentStatus(bank, self)).toBe('RJCT');
      expect(await scaStatus(bank, authPath)).toBe('failed');
    });

    it('never counts a background read that fails', async () => {
      const consentId = await validConsent(bank, 1);
      const background = (path: string) =>
        send(bank, 'GET', path, { headers: { 'Consent-ID': consentId }, psuPresent: false });
      const unknown = await background(`/v1/accounts/${aliceMain?.resourceId}/transactions/nope`);
      expect(unknown.status).toBe(404);
      ok(await background('/v1/accounts'), 200, AccountList);
      expect(errorCode(await background('/v1/accounts'))).toBe('ACCESS_EXCEEDED');
    });
  });

  // PostgreSQL only: SQLite runs on one connection, so a transaction cannot be interleaved (and the gate would block).
  describe.runIf(backend.name === 'PostgreSQL')('a DELETE inside the authorisation’s transaction window', () => {
    // The PUT is held after it checked RCVD and marked the authorisation finalised; the DELETE then cancels. Applying
    // the SCA outcome must not turn that CANC into ACTC (it did before 55e74a1).
    it('never accepts a payment whose cancellation was answered with 204', async () => {
      const gate = gateAuthorisationUpdate();
      const bank = await createTestBank({ store: withPlugin(await backend.open(), gate.plugin) });
      banks.push(bank);
      const { self } = await newPayment(bank);
      const authPath = await readyForOtp(bank, `${self}/authorisations`);
      gate.arm();
      const put = send(bank, 'PUT', authPath, { body: { scaAuthenticationData: SANDBOX_OTP } });
      await gate.reached;
      const deleted = await send(bank, 'DELETE', self);
      gate.release();
      const authorised = await put;
      const status = await paymentStatus(bank, self);
      if (deleted.status === 204) {
        expect(status).toBe('CANC');
        expect(errorCode(authorised)).toBe('STATUS_INVALID');
      } else {
        expect(errorCode(deleted)).toBe('STATUS_INVALID');
        expect(status).toBe('ACTC');
        expect(authorised.status).toBe(200);
      }
    });
  });
});
