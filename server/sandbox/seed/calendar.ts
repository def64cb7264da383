// Calendar arithmetic on day numbers (days since 1970-01-01, UTC) and the bank's working days.

const isoCache = new Map<number, string>();

/** Day number of a YYYY-MM-DD date; throws on anything else. */
export function parseDay(iso: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`Expected a date as YYYY-MM-DD, got "${iso}"`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) throw new Error(`Not a calendar date: "${iso}"`);
  return dayOf(y, m, d);
}

/** Day number of a civil date (Howard Hinnant's days_from_civil). */
export function dayOf(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export interface Civil {
  y: number;
  m: number;
  d: number;
}

export function civil(day: number): Civil {
  const z = day + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return { y: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d };
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

export function isoOf(day: number): string {
  let iso = isoCache.get(day);
  if (iso === undefined) {
    const { y, m, d } = civil(day);
    iso = `${y}-${pad2(m)}-${pad2(d)}`;
    isoCache.set(day, iso);
  }
  return iso;
}

/** German notation, as bank statements print it: 14.10.2025. */
export function germanDate(day: number): string {
  const { y, m, d } = civil(day);
  return `${pad2(d)}.${pad2(m)}.${y}`;
}

export function clockTime(minute: number): string {
  return `${pad2(Math.floor(minute / 60))}:${pad2(minute % 60)}`;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(y: number): number {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h - 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return dayOf(y, month, dayOfMonth);
}

const holidayCache = new Map<number, Set<number>>();

/** Days a German bank does not book: TARGET closing days, the nationwide holidays, 24 and 31 December. */
function holidays(y: number): Set<number> {
  let set = holidayCache.get(y);
  if (!set) {
    const e = easter(y);
    set = new Set([
      dayOf(y, 1, 1),
      e - 2, // Good Friday
      e + 1, // Easter Monday
      dayOf(y, 5, 1),
      e + 39, // Ascension
      e + 50, // Whit Monday
      dayOf(y, 10, 3),
      dayOf(y, 12, 24),
      dayOf(y, 12, 25),
      dayOf(y, 12, 26),
      dayOf(y, 12, 31),
    ]);
    holidayCache.set(y, set);
  }
  return set;
}

export function isHoliday(day: number): boolean {
  return holidays(civil(day).y).has(day);
}

const workingDays = new Map<number, boolean>();

export function isWorkingDay(day: number): boolean {
  let working = workingDays.get(day);
  if (working === undefined) {
    const wd = weekday(day);
    working = wd !== 0 && wd !== 6 && !isHoliday(day);
    workingDays.set(day, working);
  }
  return working;
}

/** The first working day on or after `day` (execution rule "following"). */
export function followingWorkingDay(day: number): number {
  let d = day;
  while (!isWorkingDay(d)) d++;
  return d;
}

/** The last working day on or before `day` (execution rule "preceding"). */
export function precedingWorkingDay(day: number): number {
  let d = day;
  while (!isWorkingDay(d)) d--;
  return d;
}

/** Shops are closed on Sundays and public holidays. */
export function shopsOpen(day: number): boolean {
  return weekday(day) !== 0 && !isHoliday(day);
}

/** Every (year, month) whose days overlap [from, to], in order. */
export function monthsBetween(from: number, to: number): Civil[] {
  const months: Civil[] = [];
  const start = civil(from);
  let { y, m } = start;
  while (dayOf(y, m, 1) <= to) {
    months.push({ y, m, d: 1 });
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return months;
}

/** A day of the month, clamped to its length ("31" means the last day). */
export function dayInMonth(y: number, m: number, d: number): number {
  return dayOf(y, m, Math.min(d, daysInMonth(y, m)));
}

export const monthNamesDe = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** 2025-10 */
export function yearMonth(y: number, m: number): string {
  return `${y}-${pad2(m)}`;
}
