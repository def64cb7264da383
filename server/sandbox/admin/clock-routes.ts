// The bank's clock through the admin API: read it, advance it by a duration or to an instant, freeze and unfreeze it,
// go back to real time. What time drives follows: after every move the bank's scheduler does what has fallen due
// (`afterMove`: payments rejected, settled and booked, standing orders executed, pending entries booked, consents
// expired), and each answer says in words what the call did.
import type { Hono } from 'hono';
import type { DueEffects } from '../domain/scheduler';
import type { Env } from '../http/respond';
import { AdminError, readAdminJson } from './http';
import type { AdminSettings, BankClock, ClockSetting } from './settings';

const [SECOND, MINUTE, HOUR, DAY, WEEK] = [1_000, 60_000, 3_600_000, 86_400_000, 604_800_000];
const UNITS_MS: Record<string, number> = { W: WEEK, D: DAY, H: HOUR, M: MINUTE, S: SECOND };

/**
 * A duration in milliseconds: ISO 8601 (`PT1H`, `P1D`, `P2DT3H30M`, `P1W`), a short form (`90s`, `15m`, `2h`, `3d`,
 * `1w`) or a number of milliseconds. Years and months are refused (their length depends on the date).
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toUpperCase();
  const short = /^(\d+(?:\.\d+)?)(MS|S|M|H|D|W)$/.exec(text);
  if (short) {
    const amount = Number(short[1]);
    const ms = short[2] === 'MS' ? amount : amount * (UNITS_MS[short[2] ?? ''] ?? 0);
    return ms > 0 ? Math.round(ms) : undefined;
  }
  const iso = /^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text);
  if (!iso || text === 'P' || text.endsWith('T')) return undefined;
  const [, w, d, h, m, s] = iso.map((part) => Number(part ?? 0));
  const ms = (w ?? 0) * WEEK + (d ?? 0) * DAY + (h ?? 0) * HOUR + (m ?? 0) * MINUTE;
  const total = Math.round(ms + (s ?? 0) * SECOND);
  return total > 0 ? total : undefined;
}

/** An instant: a date (its start, UTC) or an ISO 8601 date-time with a zone. */
export function parseInstant(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    const at = Date.parse(`${text}T00:00:00Z`);
    return Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== text ? undefined : at;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : at;
}

const WORDED_UNITS: [number, string][] = [
  [DAY, 'day'],
  [HOUR, 'hour'],
  [MINUTE, 'minute'],
  [SECOND, 'second'],
  [1, 'millisecond'],
];

const counted = (n: number, unit: string, plural = `${unit}s`) => `${n} ${n === 1 ? unit : plural}`;

/** A duration in words, largest units first, one for one of a unit: "1 hour", "2 days 3 hours 30 minutes". */
export function durationInWords(ms: number): string {
  let rest = Math.round(Math.abs(ms));
  const parts: string[] = [];
  for (const [size, unit] of WORDED_UNITS) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(counted(n, unit));
  }
  return parts.length > 0 ? parts.join(' ') : '0 milliseconds';
}

const EFFECT_WORDS: Record<keyof DueEffects, (n: number) => string> = {
  decoupled: (n) => `${counted(n, 'decoupled authorisation')} answered by timed approval`,
  rejected: (n) => `${counted(n, 'payment')} left unauthorised rejected`,
  settled: (n) => `${counted(n, 'payment')} settled`,
  executions: (n) => `${counted(n, 'standing-order execution')} booked`,
  booked: (n) => `${counted(n, 'pending entry', 'pending entries')} booked`,
  expired: (n) => `${counted(n, 'consent')} expired`,
};

/** What fell due, in words: "1 payment settled, 2 consents expired." or "Nothing fell due." */
export function effectsInWords(effects: DueEffects): string {
  const done = (Object.keys(EFFECT_WORDS) as (keyof DueEffects)[]).filter((kind) => effects[kind] > 0);
  if (done.length === 0) return 'Nothing fell due.';
  return `${done.map((kind) => EFFECT_WORDS[kind](effects[kind])).join(', ')}.`;
}

/** Where the bank's time stands against real time, in words. */
function againstRealTime(clock: BankClock): string {
  const ahead = clock.now().getTime() - clock.base.now().getTime();
  if (ahead === 0) return 'in step with real time';
  return `${durationInWords(ahead)} ${ahead > 0 ? 'ahead of' : 'behind'} real time`;
}

/** What a clock answer says. */
export function describeClock(clock: BankClock) {
  const { offsetMs, frozenAt } = clock.setting;
  return {
    now: clock.now().toISOString(),
    realTime: offsetMs === 0 && frozenAt === null,
    frozen: frozenAt !== null,
    offsetMs: frozenAt === null ? offsetMs : frozenAt - clock.base.now().getTime(),
    realNow: clock.base.now().toISOString(),
  };
}

export interface ClockControls {
  clock: BankClock;
  settings: AdminSettings;
  /** Runs after every move: what the dates passed bring (payments executed, entries booked); returns what it did. */
  afterMove: () => Promise<DueEffects>;
}

export function registerClockRoutes(admin: Hono<Env>, { clock, settings, afterMove }: ClockControls) {
  /** A move forward (or back to real time): the scheduler does what fell due, and the answer says both. */
  const move = async (action: string, setting: ClockSetting, said: (now: string) => string) => {
    await settings.setClock(setting);
    const effects = await afterMove();
    const state = describeClock(clock);
    return { ...state, action, message: `${said(state.now)} ${effectsInWords(effects)}`, effects };
  };
  /** Freezing and unfreezing move nothing: the answer says what changed, and nothing fell due. */
  const hold = async (action: string, setting: ClockSetting, said: (now: string) => string) => {
    await settings.setClock(setting);
    const state = describeClock(clock);
    return { ...state, action, message: said(state.now) };
  };

  admin.get('/clock', (c) => c.json(describeClock(clock)));
  admin.post('/clock/advance', async (c) => {
    const body = await readAdminJson(c);
    const by = parseDuration(body.by);
    if (by === undefined) {
      throw new AdminError(
        400,
        'invalid_duration',
        'by must be a positive duration: PT1H, P1D, 90m, 2h or milliseconds.',
      );
    }
    return c.json(
      await move('advance', clock.movedBy(by), (now) => `Moved forward by ${durationInWords(by)} to ${now}.`),
    );
  });
  admin.post('/clock/set', async (c) => {
    const to = parseInstant((await readAdminJson(c)).to);
    if (to === undefined) {
      throw new AdminError(400, 'invalid_instant', 'to must be a date (2026-12-01) or a date-time with a zone.');
    }
    const from = clock.now().getTime();
    if (to < from) {
      throw new AdminError(
        409,
        'clock_backwards',
        "The instant given lies before the bank's time; the clock only moves forward.",
      );
    }
    const said = (now: string) => `Set to ${now}, ${durationInWords(to - from)} later.`;
    return c.json(await move('set', clock.settingAt(to), said));
  });
  admin.post('/clock/freeze', async (c) => {
    await readAdminJson(c);
    const at = clock.now().getTime();
    return c.json(
      await hold(
        'freeze',
        { offsetMs: 0, frozenAt: at },
        (now) => `The bank's clock stands still at ${now} until it is unfrozen.`,
      ),
    );
  });
  admin.post('/clock/unfreeze', async (c) => {
    await readAdminJson(c);
    const setting = { offsetMs: clock.now().getTime() - clock.base.now().getTime(), frozenAt: null };
    return c.json(
      await hold('unfreeze', setting, (now) => `The bank's clock runs again from ${now}, ${againstRealTime(clock)}.`),
    );
  });
  admin.post('/clock/reset', async (c) => {
    await readAdminJson(c);
    return c.json(await move('reset', { offsetMs: 0, frozenAt: null }, (now) => `Back to real time: ${now}.`));
  });
}
