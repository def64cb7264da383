// The bank's time, which is not the browser's: a sandbox's clock can be moved, frozen or set, and a real bank's machine
// may be off. The console learns it per base_url from the `Date` header of the bank's answers (client.ts hands each one
// here) and, for the embedded sandbox, from its admin clock. What the console compares with bank data (days left of a
// consent, the default period of transactions, today in forms, the day reads are counted on) reads it here; exchange
// timings stay on the browser's clock.
//
// The bank's calendar day is the UTC date of the bank's time: the sandbox dates bookings, validUntil and read budgets
// so (server/sandbox/clock.ts, isoDate), and an HTTP Date is in GMT.
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { BankProfile } from './profiles/bank-profile';
import { createListeners, webStorage } from './web-storage';

export type BankTimeSource = 'date-header' | 'sandbox-clock';

/** One reading of the bank's time against the browser's. */
export interface BankTimeReading {
  /** The bank's time minus the browser's, in milliseconds. */
  offsetMs: number;
  source: BankTimeSource;
  /** The browser's time when the request that brought the reading was sent and when its answer arrived. */
  sentAt: number;
  readAt: number;
  /** The sandbox said its clock stands still: the bank's time stays where it was read (readAt + offsetMs). */
  frozen?: boolean;
}

/** Where a bank's time is kept: its base_url (two benches on one origin have two clocks). */
type BaseUrl = Pick<BankProfile, 'baseUrl'> | string;

const STORAGE_KEY = 'xs2a-console:bank-time';
/** An HTTP Date has whole seconds; a reading within this of what is kept (beyond the second) is the same time. */
const NOISE_MS = 1_000;
const SECOND_MS = 1_000;
const DAY_MS = 86_400_000;

const keyOf = (base: BaseUrl) => (typeof base === 'string' ? base : base.baseUrl).trim().replace(/\/+$/, '');

const changes = createListeners();
let readings: Map<string, BankTimeReading> | undefined;

function isReading(value: unknown): value is BankTimeReading {
  const r = value as Partial<BankTimeReading> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    [r.offsetMs, r.sentAt, r.readAt].every(Number.isFinite) &&
    (r.source === 'date-header' || r.source === 'sandbox-clock')
  );
}

/** The readings of this tab, from its sessionStorage the first time (they outlive a reload, not the tab). */
function stored(): Map<string, BankTimeReading> {
  if (readings) return readings;
  readings = new Map();
  try {
    const parsed = JSON.parse(webStorage('session')?.getItem(STORAGE_KEY) || '{}') as Record<string, unknown>;
    for (const [key, value] of Object.entries(parsed)) if (isReading(value)) readings.set(key, value);
  } catch {
    // Corrupt or blocked storage: the first answer reads the time again.
  }
  return readings;
}

function keep(key: string, reading: BankTimeReading): void {
  const all = stored();
  all.set(key, reading);
  try {
    webStorage('session')?.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(all)));
  } catch {
    // Full or blocked storage: the reading holds for this page.
  }
  changes.notify();
}

/** The bank's time at a moment of the browser's by a reading; the browser's own time without one. */
export function bankTimeAt(reading: BankTimeReading | undefined, browserMs: number): number {
  if (!reading) return browserMs;
  return reading.frozen ? reading.readAt + reading.offsetMs : browserMs + reading.offsetMs;
}

/**
 * Whether a Date header read over [sentAt, readAt] agrees with what `kept` predicts: the bank wrote it at some moment
 * of that span, its time then within the second the header names (give or take NOISE_MS).
 */
function agrees(kept: BankTimeReading, dateMs: number, sentAt: number, readAt: number): boolean {
  return bankTimeAt(kept, sentAt) <= dateMs + SECOND_MS + NOISE_MS && bankTimeAt(kept, readAt) >= dateMs - NOISE_MS;
}

const HTTP_DATE = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  // The obsolete forms RFC 9110 asks recipients to accept: RFC 850 and asctime.
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/** An HTTP date (RFC 9110) as epoch milliseconds; undefined for anything else. */
export function parseHttpDate(value: string | null | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (!HTTP_DATE.some((form) => form.test(text))) return undefined;
  // asctime names no zone, and is GMT.
  const ms = Date.parse(/GMT$/.test(text) ? text : `${text} GMT`);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Notes the bank's Date header of an answer to a request sent at `sentAt` and answered at `readAt` (the browser's
 * clock). A header that is no HTTP date is ignored; so is one that agrees with the kept reading within its one-second
 * resolution, and one that may have been written before the kept reading was taken (its request was sent before that
 * answer came). Returns whether it is now the kept reading.
 */
export function noteBankDate(base: BaseUrl, date: string | null | undefined, sentAt: number, readAt: number): boolean {
  const dateMs = parseHttpDate(date);
  if (dateMs === undefined) return false;
  const key = keyOf(base);
  const kept = stored().get(key);
  if (kept && (agrees(kept, dateMs, sentAt, readAt) || sentAt < kept.readAt)) return false;
  // Written at some moment of the request, within its second: the middle of both.
  const offsetMs = Math.round(dateMs + SECOND_MS / 2 - (sentAt + readAt) / 2);
  keep(key, { offsetMs, source: 'date-header', sentAt, readAt });
  return true;
}

/**
 * Notes the Date header of a bank's answer (the fetch layer calls this for every answer). The relay's own answer
 * (X-Relay-Error: it did not reach the bank) carries the console server's time, not the bank's, and is ignored; so is
 * an answer whose Date the browser may not read (a bank on another origin that does not expose it).
 */
export function noteBankAnswer(base: BaseUrl, headers: Headers, sentAt: number, readAt = Date.now()): void {
  if (headers.has('x-relay-error')) return;
  noteBankDate(base, headers.get('date'), sentAt, readAt);
}

/**
 * Notes the sandbox's own clock (`now`, to the millisecond, and whether it stands still) as read by an admin call sent
 * at `sentAt` and answered at `readAt`. It replaces any Date header reading, which has whole seconds only (and the
 * answer to a move still carries the time before the move), but not a later reading of the clock itself.
 */
export function noteSandboxClock(
  base: BaseUrl,
  clock: { now: string; frozen?: boolean },
  sentAt: number,
  readAt = Date.now(),
): boolean {
  const nowMs = Date.parse(clock.now);
  if (Number.isNaN(nowMs)) return false;
  const key = keyOf(base);
  const kept = stored().get(key);
  if (kept?.source === 'sandbox-clock' && kept.sentAt > sentAt) return false;
  const offsetMs = Math.round(nowMs - (sentAt + readAt) / 2);
  keep(key, {
    offsetMs: clock.frozen ? nowMs - readAt : offsetMs,
    source: 'sandbox-clock',
    sentAt,
    readAt,
    ...(clock.frozen === true && { frozen: true }),
  });
  return true;
}

/** The kept reading of a bank's time; undefined before its first answer. */
export function bankTimeReading(base: BaseUrl): BankTimeReading | undefined {
  return stored().get(keyOf(base));
}

/** The bank's time now, as epoch milliseconds: the browser's time until the bank has said otherwise. */
export function bankNow(base: BaseUrl, browserMs = Date.now()): number {
  return bankTimeAt(bankTimeReading(base), browserMs);
}

/** The UTC calendar day of an instant, YYYY-MM-DD: the bank's calendar. */
export function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** YYYY-MM-DD plus (or minus) whole days, in calendar arithmetic. */
export function addDays(day: string, days: number): string {
  return isoDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/** The bank's calendar day now (UTC, as the sandbox dates everything), YYYY-MM-DD. */
export function bankToday(base: BaseUrl, browserMs = Date.now()): string {
  return isoDay(bankNow(base, browserMs));
}

/** Forgets every reading (tests start afresh). */
export function forgetBankTimes(): void {
  readings = new Map();
  webStorage('session')?.removeItem(STORAGE_KEY);
  changes.notify();
}

/** The kept reading of the profile's bank, following new readings. */
export function useBankTimeReading(base: BaseUrl): BankTimeReading | undefined {
  const key = keyOf(base);
  return useSyncExternalStore(changes.subscribe, () => stored().get(key));
}

/** The browser's time, renewed every `tickMs`. */
function useBrowserNow(tickMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}

/** The bank's time and the browser's now with the reading behind it, renewed every `tickMs` and at every new reading. */
export function useBankClock(base: BaseUrl, tickMs = 30_000) {
  const reading = useBankTimeReading(base);
  const ticked = useBrowserNow(tickMs);
  // A reading newer than the last tick brings the browser's time up to when it was read.
  const browserNow = reading && reading.readAt > ticked ? reading.readAt : ticked;
  return { bankNow: bankTimeAt(reading, browserNow), browserNow, reading };
}

/** The bank's time now, renewed every `tickMs` and at every new reading. */
export function useBankNow(base: BaseUrl, tickMs = 30_000): number {
  return useBankClock(base, tickMs).bankNow;
}

/** The bank's calendar day now (UTC), renewed every minute and at every new reading. */
export function useBankToday(base: BaseUrl): string {
  return isoDay(useBankNow(base, 60_000));
}
