// Small helpers shared by the store modules.
import type { Kysely } from 'kysely';

/** Whether a conditional UPDATE changed a row (Kysely reports bigint counts on some drivers). */
export function changed(result: { numUpdatedRows: bigint | number }): boolean {
  return Number(result.numUpdatedRows) > 0;
}

/** Runs `work` in the caller's transaction when `db` is one, else in a transaction of its own. */
export function inTransaction<DB, T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
