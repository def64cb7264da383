// The card accounts' SQL: card account master data (the seed's, kept once read, as the accounts' is), their balances and
// pages of card transactions, through the report and balance queries the accounts use.
import type { Kysely } from 'kysely';
import { balancesIn, cachedRows, countEntries, entryPage, type TransactionFilter } from './accounts-store';
import type { BalanceRow, CardAccountRow, CardTransactionRow, Database } from './schema';

export class CardAccountsStore {
  private readonly rows = new Map<string, CardAccountRow>();

  constructor(private readonly db: Kysely<Database>) {}

  /** The card accounts of these resource ids that exist, in the order of the ids. */
  byIds(ids: readonly string[]): Promise<CardAccountRow[]> {
    return cachedRows(this.rows, ids, (missing) =>
      this.db.selectFrom('card_accounts').selectAll().where('resource_id', 'in', missing).execute(),
    );
  }

  /** A PSU's card accounts in the PSU's order. */
  ofPsu(psuId: string, db: Kysely<Database> = this.db): Promise<CardAccountRow[]> {
    return db.selectFrom('card_accounts').selectAll().where('psu_id', '=', psuId).orderBy('position').execute();
  }

  /** The card accounts a PAN or masked PAN names (a masked PAN may name more than one card). */
  async named(ref: { pan?: string | undefined; maskedPan?: string | undefined }): Promise<CardAccountRow[]> {
    if (ref.pan !== undefined)
      return this.db.selectFrom('card_accounts').selectAll().where('pan', '=', ref.pan).execute();
    if (ref.maskedPan !== undefined)
      return this.db.selectFrom('card_accounts').selectAll().where('masked_pan', '=', ref.maskedPan).execute();
    return [];
  }

  balancesOf(accountIds: readonly string[]): Promise<Map<string, BalanceRow[]>> {
    return balancesIn(this.db, 'card_balances', accountIds);
  }

  countTransactions(filter: TransactionFilter): Promise<number> {
    return countEntries(this.db, 'card_transactions', filter);
  }

  /** One page of a card report: pending first, then booked; newest first within each. */
  async transactionPage(filter: TransactionFilter, pageSize: number, page: number): Promise<CardTransactionRow[]> {
    return await entryPage(this.db, 'card_transactions', filter, pageSize, page);
  }
}
