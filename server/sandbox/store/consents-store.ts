// The consents' SQL: consent rows, their status changes, and the two statements every account read runs (whether a
// consent may be read, and counting a read without the PSU); the JSON columns parsed into typed values.
import type { Kysely, QueryResult } from 'kysely';
import * as z from 'zod/mini';
import { AccountAccessResponse } from '../../../src/xs2a';
import type { Access, Granted } from '../rules/consents';
import { groupCommit } from './group-commit';
import { buildInsertOnce, buildOnce, sharedRead } from './prepared';
import { changed } from './rows';
import type { ConsentRow, Database } from './schema';

const GrantedColumn = z.object({
  accounts: z.array(z.string()),
  balances: z.array(z.string()),
  transactions: z.array(z.string()),
  listOnly: z.boolean(),
  listWithBalances: z.boolean(),
  ownerName: z.array(z.string()),
}) satisfies z.ZodMiniType<Granted>;

/** The access a consent requested, parsed from its JSON column. */
export function readAccess(row: Pick<ConsentRow, 'access'>): Access {
  return AccountAccessResponse.parse(JSON.parse(row.access));
}

/** What an authorised consent grants, parsed from its JSON column; undefined before its authorisation. */
export function readGranted(row: Pick<ConsentRow, 'granted'>): Granted | undefined {
  return row.granted === null ? undefined : GrantedColumn.parse(JSON.parse(row.granted));
}

export const writeGranted = (granted: Granted) => JSON.stringify(granted);

const affected = (result: QueryResult<unknown>) => Number(result.numAffectedRows ?? 0) > 0;

/** The reads of one consent on one day that wait for the same commit; `started` once their UPDATE runs. */
interface ReadBatch {
  consentId: string;
  today: string;
  n: number;
  started: boolean;
}

export type ConsentChange = Partial<Pick<ConsentRow, 'consent_status' | 'last_action_date' | 'granted' | 'psu_id'>>;

export class ConsentsStore {
  /** Every consent request writes one row; its INSERT is built once (store/prepared.ts). */
  readonly insert;
  private readonly readable;
  private readonly count: (consentId: string, today: string) => Promise<boolean>;

  constructor(private readonly db: Kysely<Database>) {
    this.insert = buildInsertOnce(db, 'consents', [
      'consent_id',
      'access',
      'granted',
      'recurring_indicator',
      'valid_until',
      'frequency_per_day',
      'combined_service_indicator',
      'consent_status',
      'last_action_date',
      'psu_id',
      'sca_approach',
      'tpp_redirect_uri',
      'tpp_nok_redirect_uri',
      'usage_day',
      'usage_count',
      'created_at',
      'version',
    ]);
    // Every account read runs one of these two, so they are built once.
    const readable = buildOnce(
      db,
      (consentId: string, today: string) =>
        db
          .selectFrom('consents')
          .select('consent_id')
          .where('consent_id', '=', consentId)
          .where('consent_status', '=', 'valid')
          .where('valid_until', '>=', today),
      2,
    );
    // Reads of one consent at the same time with the PSU present ask the same question: one SELECT answers them.
    this.readable = sharedRead(
      async ({ consentId, today }: { consentId: string; today: string }) =>
        (await readable(db, consentId, today)).rows.length > 0,
      ({ consentId, today }) => `${today} ${consentId}`,
    );
    // Counting n reads of one consent in one statement: all n fit in today's budget, or nothing changes.
    const countMany = buildOnce(
      db,
      (consentId: string, today: string, n: number) =>
        db
          .updateTable('consents')
          .set((eb) => ({
            usage_count: eb
              .case()
              .when('usage_day', '=', today)
              .then(eb('usage_count', '+', n))
              .else(n)
              .end(),
            usage_day: today,
          }))
          .where('consent_id', '=', consentId)
          .where('consent_status', '=', 'valid')
          .where('valid_until', '>=', today)
          .where((eb) =>
            eb.or([
              eb.and([
                eb.or([eb('usage_day', 'is', null), eb('usage_day', '!=', today)]),
                eb(eb.val(n), '<=', eb.ref('frequency_per_day')),
              ]),
              eb.and([eb('usage_day', '=', today), eb(eb('usage_count', '+', n), '<=', eb.ref('frequency_per_day'))]),
            ]),
          ),
      3,
    );
    // Concurrent reads without the PSU share one commit (store/group-commit.ts), and the reads of one consent among
    // them one statement: when the budget cannot take them all, they are counted one by one until it is used up.
    const count = groupCommit(db, async (executor, batch: ReadBatch) => {
      batch.started = true;
      const { consentId, today, n } = batch;
      if (affected(await countMany(executor, consentId, today, n))) return n;
      let granted = 0;
      while (granted < n && affected(await countMany(executor, consentId, today, 1))) granted += 1;
      return granted;
    });
    const open = new Map<string, { batch: ReadBatch; granted: Promise<number> }>();
    this.count = (consentId: string, today: string) => {
      const key = `${today} ${consentId}`;
      let entry = open.get(key);
      if (!entry || entry.batch.started) {
        const batch: ReadBatch = { consentId, today, n: 0, started: false };
        const created = { batch, granted: count(batch) };
        const close = () => {
          if (open.get(key) === created) open.delete(key);
        };
        created.granted.then(close, close);
        open.set(key, created);
        entry = created;
      }
      const place = entry.batch.n;
      entry.batch.n += 1;
      return entry.granted.then((granted) => place < granted);
    };
  }

  async find(consentId: string, db: Kysely<Database> = this.db): Promise<ConsentRow | undefined> {
    return db.selectFrom('consents').selectAll().where('consent_id', '=', consentId).executeTakeFirst();
  }

  /** Whether the consent is valid and unexpired today, as the database has it after this call was made. */
  isReadable(consentId: string, today: string): Promise<boolean> {
    return this.readable({ consentId, today });
  }

  /**
   * Counts one read without the PSU present against the day's budget, in one conditional UPDATE: the consent must be
   * valid and unexpired with budget left today, else no row changes and this answers false. Concurrent reads cannot
   * count beyond frequencyPerDay, on one instance or on several sharing a PostgreSQL database (the row's lock orders
   * them, and each UPDATE tests the count it finds).
   */
  countRead(consentId: string, today: string): Promise<boolean> {
    return this.count(consentId, today);
  }

  /** Changes a consent only if nobody changed it since it was read (its version). */
  async update(db: Kysely<Database>, row: ConsentRow, set: ConsentChange): Promise<boolean> {
    const result = await db
      .updateTable('consents')
      .set({ ...set, version: row.version + 1 })
      .where('consent_id', '=', row.consent_id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return changed(result);
  }

  /**
   * Expires, in one UPDATE, every consent in one of `statuses` whose validUntil lies before `today`; each is expired
   * once, whoever runs it at the same time. Returns how many it expired.
   */
  async expireDue(db: Kysely<Database>, statuses: readonly string[], today: string): Promise<number> {
    const result = await db
      .updateTable('consents')
      .set((eb) => ({ consent_status: 'expired', last_action_date: today, version: eb('version', '+', 1) }))
      .where('consent_status', 'in', [...statuses])
      .where('valid_until', '<', today)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Expires the PSU's other valid recurring consents (authorising a new recurring consent replaces them). */
  async expireOtherRecurring(db: Kysely<Database>, psuId: string, keptConsentId: string, today: string) {
    await db
      .updateTable('consents')
      .set((eb) => ({ consent_status: 'expired', last_action_date: today, version: eb('version', '+', 1) }))
      .where('psu_id', '=', psuId)
      .where('recurring_indicator', '=', 1)
      .where('consent_status', '=', 'valid')
      .where('consent_id', '!=', keptConsentId)
      .execute();
  }
}
