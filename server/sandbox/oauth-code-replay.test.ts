// A code presented twice at once, at two instances of the bank on one database: whichever request wins, the token issued
// for the code ends up revoked (RFC 6749 §4.1.2), on SQLite and on PostgreSQL.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  accessTokenFor,
  approveForCode,
  dropSchema,
  exchange,
  newConsent,
  oauthBank,
  readAccounts,
} from './testing/oauth-test-kit';
import { openTestStore, type TestBank } from './testing/test-support';
import { fails } from './testing/test-kit';

const RACES = 20;

/** Lets the first request run ahead by a few database round trips, so the second meets it at another step. */
async function stagger(bank: TestBank, steps: number) {
  for (let i = 0; i < steps; i++) await sql`SELECT 1`.execute(bank.store.db);
}

async function race(first: TestBank, second: TestBank, round: number) {
  const { consentId } = await newConsent(first);
  const { code, verifier } = await approveForCode(first, `AIS:${consentId}`);
  const exchanged = exchange(first, code, verifier);
  await stagger(second, round % 4);
  const replayed = exchange(second, code, verifier);
  const answers = await Promise.all([exchanged, replayed]);
  // Exactly one of the two gets a token; the other is told the code was used.
  const issued = answers.filter((answer) => answer.status === 200);
  expect(issued, JSON.stringify(answers.map((a) => a.body))).toHaveLength(1);
  const refused = answers.find((answer) => answer.status !== 200);
  expect(refused?.status).toBe(400);
  expect(refused?.body.error).toBe('invalid_grant');
  // The code was presented twice: the token issued for it is revoked, at either instance.
  const accessToken = String(issued[0]?.body.access_token);
  fails(await readAccounts(first, consentId, accessToken), 401, 'TOKEN_INVALID');
  fails(await readAccounts(second, consentId, accessToken), 401, 'TOKEN_INVALID');
  const codeHash = createHash('sha256').update(code).digest('hex');
  const tokens = await first.store.db
    .selectFrom('oauth_tokens')
    .select('revoked_at')
    .where('code_hash', '=', codeHash)
    .execute();
  expect(tokens).toHaveLength(1);
  expect(tokens[0]?.revoked_at).not.toBeNull();
}

describe('a replayed code races its exchange on SQLite (two instances on one database)', () => {
  const banks: TestBank[] = [];
  afterAll(async () => {
    await banks[0]?.close();
  });

  it(`revokes the token in each of ${RACES} races`, async () => {
    const a = await oauthBank();
    banks.push(a);
    const b = await oauthBank({ store: a.store });
    for (let round = 0; round < RACES; round++) await race(a, b, round);
    // An exchange without a replay keeps its token.
    const { consentId } = await newConsent(a);
    const accessToken = await accessTokenFor(a, `AIS:${consentId}`);
    expect((await readAccounts(b, consentId, accessToken)).status).toBe(200);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)('a replayed code races its exchange on PostgreSQL (two instances)', () => {
  const schema = `test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const banks: TestBank[] = [];
  afterAll(async () => {
    for (const bank of banks) await bank.close();
    if (pgUrl) await dropSchema(pgUrl, schema);
  });

  it(`revokes the token in each of ${RACES} races`, async () => {
    const open = async () => {
      const bank = await oauthBank({ store: await openTestStore(pgUrl, schema) });
      banks.push(bank);
      return bank;
    };
    const a = await open();
    const b = await open();
    for (let round = 0; round < RACES; round++) await race(round % 2 ? b : a, round % 2 ? a : b, round);
  });
});
