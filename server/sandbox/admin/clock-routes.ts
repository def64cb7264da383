// The bank's clock through the admin API: read it, advance it by a duration or to an instant, freeze and unfreeze it,
// go back to real time. What time drives follows: reads apply settlement, expiry and budgets by the bank's clock, and
// `afterMove` runs what must happen on the dates passed (execution of due payments, booking of pending entries).
import type { Hono } from 'hono';
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
  afterMove: () => Promise<Record<string, number>>;
}

export function registerClockRoutes(admin: Hono<Env>, { clock, settings, afterMove }: ClockControls) {
  const move = async (setting: ClockSetting) => {
    await settings.setClock(setting);
    const effects = await afterMove();
    return { ...describeClock(clock), effects };
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
    return c.json(await move(clock.movedBy(by)));
  });
  admin.post('/clock/set', async (c) => {
    const to = parseInstant((await readAdminJson(c)).to);
    if (to === undefined) {
      throw new AdminError(400, 'invalid_instant', 'to must be a date (2026-12-01) or a date-time with a zone.');
    }
    if (to < clock.now().getTime()) {
      throw new AdminError(
        409,
        'clock_backwards',
        "The instant given lies before the bank's time; the clock only moves forward.",
      );
    }
    return c.json(await move(clock.settingAt(to)));
  });
  admin.post('/clock/freeze', async (c) => {
    await readAdminJson(c);
    return c.json(await move({ offsetMs: 0, frozenAt: clock.now().getTime() }));
  });
  admin.post('/clock/unfreeze', async (c) => {
    await readAdminJson(c);
    return c.json(await move({ offsetMs: clock.now().getTime() - clock.base.now().getTime(), frozenAt: null }));
  });
  admin.post('/clock/reset', async (c) => {
    await readAdminJson(c);
    return c.json(await move({ offsetMs: 0, frozenAt: null }));
  });
}
