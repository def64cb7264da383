// The signing baskets' SQL: a basket row, its members in their order, and the open key that keeps a payment or consent
// in one open basket at most (a unique index: a second basket naming it inserts nothing for it).
import type { Kysely } from 'kysely';
import type { Database, SigningBasketMemberRow, SigningBasketRow } from './schema';
import { changed } from './rows';

export type MemberType = SigningBasketMemberRow['member_type'];

/** A member's key while its basket is open. */
export const openKey = (type: MemberType, id: string) => `${type}:${id}`;

export class BasketsStore {
  constructor(private readonly db: Kysely<Database>) {}

  find(basketId: string, db: Kysely<Database> = this.db): Promise<SigningBasketRow | undefined> {
    return db.selectFrom('signing_baskets').selectAll().where('basket_id', '=', basketId).executeTakeFirst();
  }

  members(basketId: string, db: Kysely<Database> = this.db): Promise<SigningBasketMemberRow[]> {
    return db
      .selectFrom('signing_basket_members')
      .selectAll()
      .where('basket_id', '=', basketId)
      .orderBy('position')
      .execute();
  }

  /** The open basket holding this payment or consent, if one does. */
  async openBasketOf(type: MemberType, id: string, db: Kysely<Database> = this.db): Promise<string | undefined> {
    const row = await db
      .selectFrom('signing_basket_members')
      .select('basket_id')
      .where('open_key', '=', openKey(type, id))
      .executeTakeFirst();
    return row?.basket_id;
  }

  /**
   * Writes a basket and its members, each with its open key; returns false (and the caller's transaction is rolled
   * back by its throw) when another open basket took one of them meanwhile.
   */
  async insert(
    db: Kysely<Database>,
    basket: SigningBasketRow,
    members: readonly Omit<SigningBasketMemberRow, 'basket_id' | 'position' | 'open_key'>[],
  ): Promise<boolean> {
    await db.insertInto('signing_baskets').values(basket).execute();
    if (members.length === 0) return true;
    const result = await db
      .insertInto('signing_basket_members')
      .values(
        members.map((m, position) => ({
          ...m,
          basket_id: basket.basket_id,
          position,
          open_key: openKey(m.member_type, m.member_id),
        })),
      )
      .onConflict((oc) => oc.column('open_key').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === members.length;
  }

  /** Moves a basket to `status` if nobody changed it since it was read; a basket leaving RCVD frees its members. */
  async setStatus(db: Kysely<Database>, row: SigningBasketRow, status: string, at: string): Promise<boolean> {
    const moved = changed(
      await db
        .updateTable('signing_baskets')
        .set({ transaction_status: status, status_changed_at: at, version: row.version + 1 })
        .where('basket_id', '=', row.basket_id)
        .where('version', '=', row.version)
        .executeTakeFirst(),
    );
    if (moved && status !== 'RCVD') {
      await db
        .updateTable('signing_basket_members')
        .set({ open_key: null })
        .where('basket_id', '=', row.basket_id)
        .execute();
    }
    return moved;
  }

  /** Deletes a basket that is still as it was read, with its members (in the caller's transaction). */
  async remove(db: Kysely<Database>, row: SigningBasketRow): Promise<boolean> {
    await db.deleteFrom('signing_basket_members').where('basket_id', '=', row.basket_id).execute();
    const result = await db
      .deleteFrom('signing_baskets')
      .where('basket_id', '=', row.basket_id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
