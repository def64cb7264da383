// The sandbox bank's deterministic test data: four PSUs, eight accounts, their balances and a year of transactions; two
// card accounts (seed/card-accounts.ts) with theirs.
import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { Database, NewAccount, NewBalance, NewPsu, NewTransaction } from '../store/schema';
import { accountBalances } from './balances';
import { buildCardSeed, type CardSeed } from './card-accounts';
import { runBusiness } from './business-account';
import { parseDay } from './calendar';
import { HISTORY_DAYS, type SeedContext } from './context';
import { SANDBOX_BIC } from './iban';
import { Ledger } from './ledger';
import { PrivateLife } from './private-life';
import { payInterest, privateProfiles, settleCarol } from './private-profiles';
import { SANDBOX_PASSWORD, accountSpecs, psuSpecs, type TestAccountKey } from './test-psus';

export { BUSINESS_ENTRIES } from './business-account';
export { testCards } from './card-accounts';
export { SANDBOX_BANK_CODE, SANDBOX_BIC } from './iban';
export { CAROL_BALANCE } from './private-profiles';
export {
  closedAccounts,
  SANDBOX_OTP,
  SANDBOX_PASSWORD,
  testAccounts,
  testPsus,
  type TestAccount,
  type TestAccountKey,
  type TestPsu,
} from './test-psus';

export interface SeedData extends CardSeed {
  psus: NewPsu[];
  accounts: NewAccount[];
  balances: NewBalance[];
  transactions: NewTransaction[];
}

/**
 * Builds the seed as of `anchorDate` (YYYY-MM-DD, the seed's "today"): a little over twelve months of history up to
 * that day, a few pending card payments of the last three days, and balances that add up. Pure: the same anchor
 * gives the same data, byte for byte.
 */
export function buildSeed(anchorDate: string): SeedData {
  const anchor = parseDay(anchorDate);
  const origin = anchor - HISTORY_DAYS;
  const ledgers = Object.fromEntries(
    accountSpecs.map((spec) => [spec.key, new Ledger(spec, origin, anchor)]),
  ) as Record<TestAccountKey, Ledger>;
  const ctx: SeedContext = { anchor, origin, ledgers };

  // The business pays Bob's salary, and the private accounts feed the savings and currency accounts, so the
  // order matters: payers first, then the accounts whose history depends on what arrived.
  runBusiness(ctx);
  for (const profile of privateProfiles) new PrivateLife(ctx, profile).live();
  payInterest(ctx, 'alice-savings', 0.0225);
  settleCarol(ctx);

  const psus: NewPsu[] = psuSpecs.map((psu) => ({
    psu_id: psu.psuId,
    password: SANDBOX_PASSWORD,
    name: psu.name,
    sca_behaviour: psu.scaBehaviour,
    sca_methods: JSON.stringify(psu.scaMethods),
  }));
  const accounts: NewAccount[] = [];
  const balances: NewBalance[] = [];
  const transactions: NewTransaction[] = [];
  for (const psu of psuSpecs) {
    psu.accounts.forEach((spec, position) => {
      accounts.push({
        resource_id: spec.resourceId,
        psu_id: psu.psuId,
        iban: spec.iban,
        currency: spec.currency,
        name: spec.name,
        display_name: spec.displayName,
        product: spec.product,
        cash_account_type: spec.cashAccountType,
        bic: SANDBOX_BIC,
        owner_name: spec.ownerName,
        status: 'enabled',
        usage: spec.usage,
        funds_rule: spec.fundsRule,
        position,
      });
      const ledger = ledgers[spec.key];
      const entries = ledger.finalise();
      for (const entry of entries) transactions.push(ledger.toRow(entry));
      balances.push(...accountBalances(spec, entries, anchor));
    });
  }
  return { psus, accounts, balances, transactions, ...buildCardSeed(origin, anchor) };
}

/** Rows per INSERT: keeps every statement under SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH_ROWS = 100;

type SeedTable =
  'psus' | 'accounts' | 'balances' | 'transactions' | 'card_accounts' | 'card_balances' | 'card_transactions';

/** Writes the seed in batched multi-row inserts, inside whatever transaction the caller runs. */
/** The seeds built so far, by anchor: a bank, a private bench or a reset seeded on the same day reuse one. */
const builtSeeds = new Map<string, Readonly<SeedData>>();
const KEPT_SEEDS = 2;

/**
 * buildSeed's data for `anchorDate`, built once per anchor and frozen (rows and lists), so every bank seeded on the
 * same day shares it: building it is most of a fresh bank's start. The two latest anchors are kept.
 */
export function seedFor(anchorDate: string): Readonly<SeedData> {
  const kept = builtSeeds.get(anchorDate);
  if (kept) return kept;
  const data = buildSeed(anchorDate);
  for (const rows of Object.values(data) as object[][]) {
    for (const row of rows) Object.freeze(row);
    Object.freeze(rows);
  }
  Object.freeze(data);
  builtSeeds.set(anchorDate, data);
  for (const anchor of builtSeeds.keys()) if (builtSeeds.size > KEPT_SEEDS) builtSeeds.delete(anchor);
  return data;
}

export async function insertSeed(db: Kysely<Database>, data: Readonly<SeedData>): Promise<void> {
  await insertRows(db, 'psus', data.psus);
  await insertRows(db, 'accounts', data.accounts);
  await insertRows(db, 'balances', data.balances);
  await insertRows(db, 'transactions', data.transactions);
  await insertRows(db, 'card_accounts', data.cardAccounts);
  await insertRows(db, 'card_balances', data.cardBalances);
  await insertRows(db, 'card_transactions', data.cardTransactions);
}

/**
 * Each batch size's INSERT is built once and run with the rows' values: building a statement with thousands of values
 * per batch cost more than writing the rows, and the same SQL text lets the driver reuse its prepared statement. The
 * values are copied into one array per batch by plain loops: a nested flatMap/map per row cost several times more.
 */
async function insertRows<T extends SeedTable>(
  db: Kysely<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
) {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first) as (keyof typeof first & string)[];
  const blank = Object.fromEntries(columns.map((column) => [column, null])) as Insertable<Database[T]>;
  const templates = new Map<number, string>();
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const end = Math.min(start + BATCH_ROWS, rows.length);
    let sql = templates.get(end - start);
    if (sql === undefined) {
      sql = db
        .insertInto(table)
        .values(Array.from({ length: end - start }, () => blank))
        .compile().sql;
      templates.set(end - start, sql);
    }
    const values: unknown[] = new Array((end - start) * columns.length);
    let k = 0;
    for (let i = start; i < end; i++) {
      const row = rows[i] as Insertable<Database[T]>;
      for (const column of columns) values[k++] = row[column] ?? null;
    }
    await db.executeQuery(CompiledQuery.raw(sql, values));
  }
}
