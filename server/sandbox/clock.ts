// The sandbox's notion of time. Everything that changes with time reads it from here, so tests move it instead of sleeping.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(date: Date | string): void;
}

export function createManualClock(start: Date | string): ManualClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = new Date(date).getTime();
    },
  };
}

const DAY_MS = 86_400_000;
let lastDay = Number.NaN;
let lastIsoDate = '';

/**
 * The calendar date (UTC) of an instant, as YYYY-MM-DD. Every request asks for today's date, so the last day's text
 * is kept and only a new day is formatted.
 */
export function isoDate(date: Date): string {
  const day = Math.floor(date.getTime() / DAY_MS);
  if (day !== lastDay) {
    lastIsoDate = date.toISOString().slice(0, 10);
    lastDay = day;
  }
  return lastIsoDate;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

let lastSecond = Number.NaN;
let lastHttpDate = '';

/**
 * An instant as an HTTP date (RFC 9110's IMF-fixdate, whole seconds), for the Date header every answer carries. Answers
 * within one second share the text, so only a new second is formatted.
 */
export function httpDate(date: Date): string {
  const second = Math.floor(date.getTime() / 1000);
  if (second !== lastSecond) {
    lastHttpDate = new Date(second * 1000).toUTCString();
    lastSecond = second;
  }
  return lastHttpDate;
}
