// The accounts' SQL (and the report and balance queries card accounts share): account master data (the seed's, which never changes while the bank runs, so each row is read once
// and kept), balances and pages of transactions.
import type { Kysely } from 'kysely';
import type { AccountRow, BalanceRow, Database, TransactionRow } from './schema';

/** Which transactions of an account a report covers. */
export interface TransactionFilter {
  accountId: string;
  statuses: ('booked' | 'pending')[];
  dateFrom: string;
  dateTo: string;
}

/** The tables of balances, and of the entries a report lists, of accounts and card accounts. */
type BalancesTable = 'balances' | 'card_balances';
type EntriesTable = 'transactions' | 'card_transactions';

/** The balances of these accounts in `table`, by account, each account's in its order. */
export async function balancesIn(
  db: Kysely<Database>,
  table: BalancesTable,
  accountIds: readonly string[],
): Promise<Map<string, BalanceRow[]>> {
  const map = new Map<string, BalanceRow[]>();
  if (accountIds.length === 0) return map;
  const rows: BalanceRow[] = await db
    .selectFrom(table)
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('account_id')
    .orderBy('position')
    .execute();
  for (const row of rows) {
    const list = map.get(row.account_id) ?? [];
    list.push(row);
    map.set(row.account_id, list);
  }
  return map;
}

function entriesIn(db: Kysely<Database>, table: EntriesTable, filter: TransactionFilter) {
  return db
    .selectFrom(table)
    .where('account_id', '=', filter.accountId)
    .where('booking_status', 'in', filter.statuses)
    .where('entry_date', '>=', filter.dateFrom)
    .where('entry_date', '<=', filter.dateTo);
}

/** How many entries of `table` a report covers. */
export async function countEntries(db: Kysely<Database>, table: EntriesTable, filter: TransactionFilter) {
  const row = await entriesIn(db, table, filter)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One page of a report's entries: pending first, then booked; newest first within each. */
export function entryPage(
  db: Kysely<Database>,
  table: EntriesTable,
  filter: TransactionFilter,
  pageSize: number,
  page: number,
) {
  return entriesIn(db, table, filter)
    .selectAll()
    .orderBy('booking_status', 'desc')
    .orderBy('entry_date', 'desc')
    .orderBy('seq', 'desc')
    .orderBy('transaction_id')
    .limit(pageSize)
    .offset(page * pageSize)
    .execute();
}

/** Rows of master data kept once read: those of `ids` that exist, in the order of the ids. */
export async function cachedRows<R>(
  cache: Map<string, R>,
  ids: readonly string[],
  load: (missing: string[]) => Promise<(R & { resource_id: string })[]>,
): Promise<R[]> {
  const missing = ids.filter((id) => !cache.has(id));
  if (missing.length > 0) for (const row of await load(missing)) cache.set(row.resource_id, row);
  return ids.flatMap((id) => cache.get(id) ?? []);
}

export class AccountsStore {
  private readonly rows = new Map<string, AccountRow>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The accounts of these resource ids that exist, in the order of the ids. */
  byIds(ids: readonly string[]): Promise<AccountRow[]> {
    return cachedRows(this.rows, ids, (missing) =>
      this.db.selectFrom('accounts').selectAll().where('resource_id', 'in', missing).execute(),
    );
  }

  async byId(accountId: string): Promise<AccountRow | undefined> {
    const [account] = await this.byIds([accountId]);
    return account;
  }

  /** Whether an account of this bank has the IBAN. */
  async ibanExists(iban: string): Promise<boolean> {
    const row = await this.db.selectFrom('accounts').select('resource_id').where('iban', '=', iban).executeTakeFirst();
    return row !== undefined;
  }

  /** The resource ids of the accounts holding these IBANs, by IBAN. */
  async idsByIban(ibans: readonly string[]): Promise<Map<string, string>> {
    if (ibans.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('accounts')
      .select(['iban', 'resource_id'])
      .where('iban', 'in', [...new Set(ibans)])
      .execute();
    return new Map(rows.map((a) => [a.iban, a.resource_id]));
  }

  /** The IBANs of these accounts, by resource id. */
  async ibansById(ids: readonly string[]): Promise<Map<string, string>> {
    return new Map((await this.byIds(ids)).map((a) => [a.resource_id, a.iban]));
  }

  /** A PSU's accounts in the PSU's order. */
  async ofPsu(psuId: string, db: Kysely<Database> = this.db): Promise<AccountRow[]> {
    return db.selectFrom('accounts').selectAll().where('psu_id', '=', psuId).orderBy('position').execute();
  }

  /** The balances of these accounts, by account, each account's in its order. */
  balancesOf(accountIds: readonly string[]): Promise<Map<string, BalanceRow[]>> {
    return balancesIn(this.db, 'balances', accountIds);
  }

  countTransactions(filter: TransactionFilter): Promise<number> {
    return countEntries(this.db, 'transactions', filter);
  }

  /** One page of a report: pending first, then booked; newest first within each. */
  async transactionPage(filter: TransactionFilter, pageSize: number, page: number): Promise<TransactionRow[]> {
    return (await entryPage(this.db, 'transactions', filter, pageSize, page)) as TransactionRow[];
  }

  async transaction(accountId: string, transactionId: string): Promise<TransactionRow | undefined> {
    return this.db
      .selectFrom('transactions')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();
  }
}
