// frequencyPerDay under concurrent reads without the PSU present, on SQLite and, when TEST_DATABASE_URL is set, on
// PostgreSQL with two sandbox instances sharing one schema: reads that fail (an unknown transaction, a page beyond the
// last) never hold any of the day's budget, so every read the budget allows is answered, and none beyond it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountList,
  ConsentsResponse201,
  ErrorBodyNg,
  ReadAccountBalanceResponse,
  TransactionDetailsResponse,
  TransactionsResponse,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import type { Store } from './store/db';
import { dropSchema } from './testing/oauth-test-kit';
import { TEST_START, createTestBank, openTestStore, type TestBank } from './testing/test-support';
import { accountOf, expectSchema, ok, send, type Res, authoriseConsentEmbedded } from './testing/test-kit';

const pgUrl = process.env.TEST_DATABASE_URL;
const FREQUENCY = 4;
const ROUNDS = 30;
const FAILING_READS = 20;
const today = isoDate(new Date(TEST_START));
const aliceMain = accountOf('alice', 0);
const aliceSavings = accountOf('alice', 1);

/** A fixed shuffle (a small linear congruential generator), so every run interleaves the reads the same way. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const codeOf = (res: Res) => expectSchema(ErrorBodyNg, res.body).tppMessages?.[0]?.code;

async function validConsent(bank: TestBank): Promise<string> {
  const headers = { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' };
  const created = ok(
    await send(bank, 'POST', '/v1/consents', {
      headers,
      body: {
        access: { allPsd2: 'allAccounts' },
        recurringIndicator: true,
        validUntil: addDays(today, 90),
        frequencyPerDay: FREQUENCY,
        combinedServiceIndicator: false,
      },
    }),
    201,
    ConsentsResponse201,
  );
  await authoriseConsentEmbedded(bank, created.consentId, 'alice');
  return created.consentId;
}

const transactions = (accountId: string, page?: number) =>
  `/v1/accounts/${accountId}/transactions?bookingStatus=booked&dateFrom=${addDays(today, -60)}` +
  (page === undefined ? '' : `&page=${page}`);

interface Read {
  good: boolean;
  path: string;
  check(res: Res): void;
}

function reads(knownTransaction: string): { good: Read[]; failing: Read[] } {
  const good: Read[] = (
    [
      { path: '/v1/accounts', check: (res) => ok(res, 200, AccountList) },
      {
        path: `/v1/accounts/${aliceMain.resourceId}/balances`,
        check: (res) => ok(res, 200, ReadAccountBalanceResponse),
      },
      { path: transactions(aliceMain.resourceId), check: (res) => ok(res, 200, TransactionsResponse) },
      {
        path: `/v1/accounts/${aliceMain.resourceId}/transactions/${knownTransaction}`,
        check: (res) => ok(res, 200, TransactionDetailsResponse),
      },
    ] satisfies Omit<Read, 'good'>[]
  ).map((r) => ({ ...r, good: true }));
  // A failing read answers its own error, or ACCESS_EXCEEDED once the day's budget is used up.
  const failingWith = (status: number, code: string) => (res: Res) => {
    if (res.status === 429) expect(codeOf(res)).toBe('ACCESS_EXCEEDED');
    else {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(codeOf(res)).toBe(code);
    }
  };
  const failing: Read[] = Array.from({ length: FAILING_READS }, (_, i) =>
    i % 2 === 0
      ? {
          good: false,
          path: `/v1/accounts/${(i % 4 === 0 ? aliceMain : aliceSavings).resourceId}/transactions/tx-unknown-${i}`,
          check: failingWith(404, 'RESOURCE_UNKNOWN'),
        }
      : {
          good: false,
          path: transactions((i % 4 === 1 ? aliceMain : aliceSavings).resourceId, 900 + i),
          check: failingWith(400, 'FORMAT_ERROR'),
        },
  );
  return { good, failing };
}

interface Backend {
  name: string;
  /** One or two banks on one database. */
  open(): Promise<TestBank[]>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  let bank: TestBank | undefined;
  return {
    name: 'SQLite',
    open: async () => {
      bank = await createTestBank();
      return [bank];
    },
    cleanup: async () => {
      await bank?.close();
    },
  };
}

function postgresBackend(url: string): Backend {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const stores: Store[] = [];
  return {
    name: 'PostgreSQL, two instances',
    open: async () => {
      // The second instance opens once the first has migrated and seeded the schema, as a second server would.
      const banks: TestBank[] = [];
      for (let i = 0; i < 2; i++) {
        const store = await openTestStore(url, schema);
        stores.push(store);
        banks.push(await createTestBank({ store }));
      }
      return banks;
    },
    cleanup: async () => {
      for (const store of stores) await store.close();
      await dropSchema(url, schema);
    },
  };
}

const backends = [sqliteBackend, ...(pgUrl ? [() => postgresBackend(pgUrl)] : [])];

if (!pgUrl) {
  describe('read budget on PostgreSQL', () => {
    it.skip('runs when TEST_DATABASE_URL names a server', () => undefined);
  });
}

describe.each(backends.map((make) => ({ make, name: make().name })))('read budget on $name', ({ make }) => {
  const backend = make();
  let banks: TestBank[];
  let knownTransaction: string;
  beforeAll(async () => {
    banks = await backend.open();
    const first = banks[0];
    if (!first) throw new Error('no bank');
    const row = await first.store.db
      .selectFrom('transactions')
      .select('transaction_id')
      .where('account_id', '=', aliceMain.resourceId)
      .where('booking_status', '=', 'booked')
      .where('entry_date', '>=', addDays(today, -60))
      .executeTakeFirstOrThrow();
    knownTransaction = row.transaction_id;
  });
  afterAll(() => backend.cleanup());

  it(`answers all ${FREQUENCY} good background reads fired with ${FAILING_READS} failing ones, and refuses the next`, async () => {
    const { good, failing } = reads(knownTransaction);
    const refusedGood: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const creator = banks[round % banks.length] as TestBank;
      const consentId = await validConsent(creator);
      const burst = shuffled([...good, ...failing], round + 1);
      // Instances take turns, so on PostgreSQL the reads of one consent race across both.
      const results = await Promise.all(
        burst.map((read, i) =>
          send(banks[i % banks.length] as TestBank, 'GET', read.path, {
            headers: { 'Consent-ID': consentId },
            psuPresent: false,
          }),
        ),
      );
      const refused = burst.flatMap((read, i) => {
        const res = results[i] as Res;
        if (read.good && res.status !== 200) return [`round ${round}: ${read.path} → ${res.status}`];
        read.check(res);
        return [];
      });
      if (refused.length > 0) {
        // Counted in the summary below; the budget left is then not what the rest of the round expects.
        refusedGood.push(...refused);
        continue;
      }
      // The budget is used up now, by the good reads alone: more good reads, at once and from either instance, are
      // refused, and the failing ones answer ACCESS_EXCEEDED too.
      const beyond = await Promise.all(
        [...good, ...failing.slice(0, 4)].map((read, i) =>
          send(banks[i % banks.length] as TestBank, 'GET', read.path, {
            headers: { 'Consent-ID': consentId },
            psuPresent: false,
          }),
        ),
      );
      for (const res of beyond) {
        expect(res.status, JSON.stringify(res.body)).toBe(429);
        expect(codeOf(res)).toBe('ACCESS_EXCEEDED');
      }
      const usage = await creator.store.db
        .selectFrom('consents')
        .select(['usage_count', 'usage_day'])
        .where('consent_id', '=', consentId)
        .executeTakeFirstOrThrow();
      expect(usage).toEqual({ usage_count: FREQUENCY, usage_day: today });
    }
    expect(refusedGood, 'good reads refused within the budget').toEqual([]);
  }, 60_000);

  it('lets exactly frequencyPerDay of twice as many good reads through, with failing ones among them', async () => {
    const { good, failing } = reads(knownTransaction);
    for (let round = 0; round < 10; round++) {
      const consentId = await validConsent(banks[round % banks.length] as TestBank);
      const burst = shuffled([...good, ...good, ...failing], 100 + round);
      const results = await Promise.all(
        burst.map((read, i) =>
          send(banks[i % banks.length] as TestBank, 'GET', read.path, {
            headers: { 'Consent-ID': consentId },
            psuPresent: false,
          }),
        ),
      );
      const goodResults = results.filter((_, i) => burst[i]?.good);
      expect(goodResults.filter((r) => r.status === 200)).toHaveLength(FREQUENCY);
      for (const res of goodResults.filter((r) => r.status !== 200)) {
        expect(res.status, JSON.stringify(res.body)).toBe(429);
        expect(codeOf(res)).toBe('ACCESS_EXCEEDED');
      }
      burst.forEach((read, i) => {
        if (!read.good) read.check(results[i] as Res);
      });
    }
  });
});
