// How long a bank asks a client to wait after 429 Too Many Requests, read from the headers banks and their gateways
// send: Retry-After (seconds, or an HTTP date), the IETF RateLimit fields (`RateLimit: limit=10, remaining=0, reset=7`
// or `"default";r=0;t=7`), RateLimit-Reset, and the older X-RateLimit-Reset (seconds, or a Unix time). Pure.

/** A wait the bank asked for: how long, and the header that said so, as the bank wrote it. */
export interface AskedWait {
  ms: number;
  /** e.g. `Retry-After: 7`. */
  said: string;
}

/** Values above this are Unix times (seconds since 1970), not seconds to wait: no limit resets 30 years from now. */
const UNIX_TIME_FROM = 1e9;

const SECONDS = /^\d+(?:\.\d+)?$/;

/**
 * Seconds to wait, or a Unix time in seconds (as some gateways send in X-RateLimit-Reset), which is on the bank's clock:
 * taken against the answer's own Date when it has one, as Retry-After's date is.
 */
function secondsOrUnixTime(value: string, bankNow: number): number | undefined {
  if (!SECONDS.test(value)) return undefined;
  const seconds = Number(value);
  return seconds >= UNIX_TIME_FROM ? Math.max(0, seconds * 1000 - bankNow) : seconds * 1000;
}

/** The bank's time when it answered: the answer's Date, or the client's clock when it has none. */
function answeredAt(headers: Record<string, string>, now: number): number {
  const date = Date.parse(headers.date ?? '');
  return Number.isNaN(date) ? now : date;
}

/** Retry-After: delta-seconds, or an HTTP date taken against the answer's own Date when it has one (clock skew). */
function retryAfter(value: string, headers: Record<string, string>, now: number): number | undefined {
  if (SECONDS.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - answeredAt(headers, now));
}

/** The reset of a `RateLimit` field: `reset=7` (earlier drafts) or `t=7` (later ones), in seconds. */
function rateLimitField(value: string): number | undefined {
  const match = /(?:^|[\s,;])(?:reset|t)\s*=\s*(\d+(?:\.\d+)?)/i.exec(value);
  return match?.[1] === undefined ? undefined : Number(match[1]) * 1000;
}

/**
 * The wait an answer asks for, from the first of its headers that gives one readably; undefined when none does.
 * `headers` has its names in lower case; `now` is the client's clock.
 */
export function askedWait(headers: Record<string, string>, now: number): AskedWait | undefined {
  const readers: [string, string, (value: string) => number | undefined][] = [
    ['retry-after', 'Retry-After', (value) => retryAfter(value, headers, now)],
    ['ratelimit', 'RateLimit', rateLimitField],
    ['ratelimit-reset', 'RateLimit-Reset', (value) => secondsOrUnixTime(value, answeredAt(headers, now))],
    ['x-ratelimit-reset', 'X-RateLimit-Reset', (value) => secondsOrUnixTime(value, answeredAt(headers, now))],
  ];
  for (const [name, shown, read] of readers) {
    const value = headers[name]?.trim();
    if (!value) continue;
    const ms = read(value);
    if (ms !== undefined && Number.isFinite(ms)) return { ms: Math.ceil(ms), said: `${shown}: ${value}` };
  }
  return undefined;
}

/** A wait in words: "7 s", "3 min", "2 h" (rounded up). */
export function waitText(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? `${minutes} min` : `${Math.ceil(minutes / 60)} h`;
}
