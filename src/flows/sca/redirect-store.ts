// Where a redirect SCA round trip returns to: a random state sent in the TPP-Redirect-URIs, kept in localStorage for a
// day, looked up by the callback page when the bank sends the browser back.
import { createKeyedEntries } from '../../api';

export const REDIRECT_STORE_KEY = 'xs2a-console.sca-redirects.v1';
/** A PSU who has not come back within a day will not come back; old entries are dropped. */
export const REDIRECT_STATE_TTL_MS = 24 * 60 * 60 * 1000;

export interface RedirectEntry {
  profileId: string;
  /** Console route to return to; unset until the flow knows it (e.g. before the 201 gives the paymentId). */
  returnTo?: string;
  createdAt: number;
}

function isEntry(value: unknown): value is RedirectEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return (
    typeof e.profileId === 'string' &&
    typeof e.createdAt === 'number' &&
    (e.returnTo === undefined || typeof e.returnTo === 'string')
  );
}

// Entries older than a day are dropped as they are read, and so are entries dated in the future beyond a minute's
// clock skew.
const redirects = createKeyedEntries({
  storageKey: REDIRECT_STORE_KEY,
  area: 'local',
  keep: (entry, now): entry is RedirectEntry =>
    isEntry(entry) && now - entry.createdAt < REDIRECT_STATE_TTL_MS && entry.createdAt <= now + 60_000,
});

/** 128 random bits as hex; getRandomValues works on plain-http origins too, unlike randomUUID. */
function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Only console-internal paths: never another origin (`//host`, `/\host`, `https:`), so the state cannot be abused. */
export function isSafeReturnTo(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/[\r\n\t]/.test(path);
}

export function createRedirectState(profileId: string, now = Date.now()): string {
  const entries = redirects.read(now);
  const state = randomState();
  entries[state] = { profileId, createdAt: now };
  redirects.write(entries);
  return state;
}

/** Sets where the round trip returns to; ignored for unknown or expired states and unsafe paths. */
export function bindRedirectState(state: string, returnTo: string, now = Date.now()): void {
  if (!isSafeReturnTo(returnTo)) return;
  const entries = redirects.read(now);
  const entry = entries[state];
  if (!entry) return;
  entries[state] = { ...entry, returnTo };
  redirects.write(entries);
}

/** The entry for a state, without removing it. */
export function findRedirectState(state: string, now = Date.now()): RedirectEntry | undefined {
  return redirects.read(now)[state];
}

/** Removes a state once its round trip is over (and prunes expired ones). */
export function forgetRedirectState(state: string, now = Date.now()): void {
  const entries = redirects.read(now);
  delete entries[state];
  redirects.write(entries);
}

/**
 * The first of several candidate states that is known. The bank may append its own query parameters, an OAuth
 * `state` among them, so the callback page tries every value it finds.
 */
export function findFirstRedirectState(
  candidates: readonly string[],
  now = Date.now(),
): { state: string; entry: RedirectEntry } | undefined {
  const entries = redirects.read(now);
  for (const state of candidates) {
    const entry = entries[state];
    if (entry) return { state, entry };
  }
  return undefined;
}
