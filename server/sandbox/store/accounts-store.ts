// The accounts' SQL: account master data (the seed's, which never changes while the bank runs, so each row is read once
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

export class AccountsStore {
  private readonly rows = new Map<string, AccountRow>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The accounts of these resource ids that exist, in the order of the ids. */
  async byIds(ids: readonly string[]): Promise<AccountRow[]> {
    const missing = ids.filter((id) => !this.rows.has(id));
    if (missing.length > 0) {
      const rows = await this.db.selectFrom('accounts').selectAll().where('resource_id', 'in', missing).execute();
      for (const row of rows) this.rows.set(row.resource_id, row);
    }
    return ids.flatMap((id) => this.rows.get(id) ?? []);
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
  async balancesOf(accountIds: readonly string[]): Promise<Map<string, BalanceRow[]>> {
    const map = new Map<string, BalanceRow[]>();
    if (accountIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('balances')
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

  private transactionsIn(filter: TransactionFilter) {
    return this.db
      .selectFrom('transactions')
      .where('account_id', '=', filter.accountId)
      .where('booking_status', 'in', filter.statuses)
      .where('entry_date', '>=', filter.dateFrom)
      .where('entry_date', '<=', filter.dateTo);
  }

  async countTransactions(filter: TransactionFilter): Promise<number> {
    const row = await this.transactionsIn(filter)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** One page of a report: pending first, then booked; newest first within each. */
  async transactionPage(filter: TransactionFilter, pageSize: number, page: number): Promise<TransactionRow[]> {
    return this.transactionsIn(filter)
      .selectAll()
      .orderBy('booking_status', 'desc')
      .orderBy('entry_date', 'desc')
      .orderBy('seq', 'desc')
      .orderBy('transaction_id')
      .limit(pageSize)
      .offset(page * pageSize)
      .execute();
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
