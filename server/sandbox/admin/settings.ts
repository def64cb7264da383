// The admin API's settings: the bank's clock, its behaviour profile and its failure-injection rules. They live in the
// database (sandbox_meta and sandbox_scenarios), so every instance on one PostgreSQL database plays the same bank. Each
// instance keeps them in memory and asks the database only whether they changed: a version stamp, read at most once
// per refresh interval (one second by default) and at once after an admin write of its own, so the XS2A routes never
// wait for a settings query of their own.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../store/schema';
import { parseScenarioRule, type Scenario } from './scenario-rules';

/** The bank's clock against real time: shifted by an offset, or stopped at an instant. */
export interface ClockSetting {
  offsetMs: number;
  /** Epoch milliseconds the clock stands still at; null while it runs. */
  frozenAt: number | null;
}

export const REAL_TIME: ClockSetting = { offsetMs: 0, frozenAt: null };

const KEYS = { version: 'admin.version', clock: 'admin.clock', profile: 'admin.profile' } as const;

/** The sandbox's clock: the injected one (real time, or a test's manual clock) moved by the admin API's setting. */
export class BankClock implements Clock {
  setting: ClockSetting = REAL_TIME;

  constructor(readonly base: Clock) {}

  now(): Date {
    const { frozenAt, offsetMs } = this.setting;
    return new Date(frozenAt ?? this.base.now().getTime() + offsetMs);
  }

  /**
   * The setting that moves the clock forward by `ms` from where it stands, running or frozen as it is now. It reads
   * the setting, not the base clock: real time passing while a request runs does not shorten the move.
   */
  movedBy(ms: number): ClockSetting {
    const { frozenAt, offsetMs } = this.setting;
    return frozenAt === null ? { offsetMs: offsetMs + ms, frozenAt: null } : { offsetMs: 0, frozenAt: frozenAt + ms };
  }

  /** The setting that makes the clock read `at`, running or frozen as it is now. */
  settingAt(at: number): ClockSetting {
    return this.setting.frozenAt === null
      ? { offsetMs: at - this.base.now().getTime(), frozenAt: null }
      : { offsetMs: 0, frozenAt: at };
  }
}

function readClock(value: string | undefined): ClockSetting {
  if (!value) return REAL_TIME;
  try {
    const parsed = JSON.parse(value) as Partial<ClockSetting>;
    const offsetMs = typeof parsed.offsetMs === 'number' && Number.isFinite(parsed.offsetMs) ? parsed.offsetMs : 0;
    const frozenAt = typeof parsed.frozenAt === 'number' && Number.isFinite(parsed.frozenAt) ? parsed.frozenAt : null;
    return { offsetMs, frozenAt };
  } catch {
    return REAL_TIME;
  }
}

export interface SettingsSnapshot {
  clock: ClockSetting;
  profile: string | null;
  scenarios: Scenario[];
}

export class AdminSettings {
  private checkedAt = Number.NEGATIVE_INFINITY;
  private version: string | undefined;
  private pending: Promise<void> | undefined;
  current: SettingsSnapshot = { clock: REAL_TIME, profile: null, scenarios: [] };

  constructor(
    private readonly db: Kysely<Database>,
    private readonly refreshMs: number,
    /** Called whenever the settings read from the database differ from the ones in memory. */
    private readonly onChange: (settings: SettingsSnapshot) => void,
  ) {}

  /**
   * Brings the settings up to date when the refresh interval has passed; undefined (nothing to wait for) otherwise, so
   * a request between two checks costs one comparison.
   */
  sync(): Promise<void> | undefined {
    const now = performance.now();
    if (now - this.checkedAt < this.refreshMs) return undefined;
    this.checkedAt = now;
    this.pending ??= this.check().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Reads the settings now, whatever the interval says (after a write, and at start). */
  async reload(): Promise<void> {
    this.checkedAt = Number.NEGATIVE_INFINITY;
    await this.pending;
    await this.sync();
  }

  private async check(): Promise<void> {
    const row = await this.db
      .selectFrom('sandbox_meta')
      .select('value')
      .where('key', '=', KEYS.version)
      .executeTakeFirst();
    const version = row?.value ?? '';
    if (version === this.version) return;
    const meta = await this.db
      .selectFrom('sandbox_meta')
      .select(['key', 'value'])
      .where('key', 'in', [KEYS.clock, KEYS.profile])
      .execute();
    const value = (key: string) => meta.find((m) => m.key === key)?.value;
    const rows = await this.db.selectFrom('sandbox_scenarios').selectAll().orderBy('created_at').execute();
    const scenarios = rows.flatMap((r) => {
      const rule = parseScenarioRule(r.rule);
      return rule && r.remaining !== 0 ? [{ ...rule, id: r.scenario_id, remaining: r.remaining }] : [];
    });
    this.version = version;
    this.current = { clock: readClock(value(KEYS.clock)), profile: value(KEYS.profile) ?? null, scenarios };
    this.onChange(this.current);
  }

  /** Changes settings in one transaction with a new version stamp, then reads them back. */
  async write(change: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await change(trx);
      await putMeta(trx, KEYS.version, randomUUID());
    });
    await this.reload();
  }

  setClock(setting: ClockSetting) {
    return this.write((trx) => putMeta(trx, KEYS.clock, JSON.stringify(setting)));
  }

  setProfile(name: string) {
    return this.write((trx) => putMeta(trx, KEYS.profile, name));
  }

  /**
   * Counts one use of a rule limited to N calls. False when other calls used it up first; the last use removes the rule
   * (with a new version stamp, so every instance forgets it).
   */
  async use(scenario: Scenario): Promise<boolean> {
    if (scenario.remaining === null) return true;
    const result = await this.db
      .updateTable('sandbox_scenarios')
      .set((eb) => ({ remaining: eb('remaining', '-', 1) }))
      .where('scenario_id', '=', scenario.id)
      .where('remaining', '>', 0)
      .executeTakeFirst();
    const used = Number(result.numUpdatedRows) > 0;
    const left = await this.db
      .selectFrom('sandbox_scenarios')
      .select('remaining')
      .where('scenario_id', '=', scenario.id)
      .executeTakeFirst();
    if (!left || left.remaining === 0) {
      await this.write(async (trx) => {
        await trx.deleteFrom('sandbox_scenarios').where('scenario_id', '=', scenario.id).execute();
      });
    } else {
      scenario.remaining = left.remaining;
    }
    return used;
  }
}

export async function putMeta(db: Kysely<Database>, key: string, value: string): Promise<void> {
  await db
    .insertInto('sandbox_meta')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
