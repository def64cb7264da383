// Where a redirect SCA round trip returns to: a random state sent in the TPP-Redirect-URIs, kept in localStorage for a
// day, looked up by the callback page when the bank sends the browser back.

export const REDIRECT_STORE_KEY = 'xs2a-console.sca-redirects.v1';
/** A PSU who has not come back within a day will not come back; old entries are dropped. */
export const REDIRECT_STATE_TTL_MS = 24 * 60 * 60 * 1000;

export interface RedirectEntry {
  profileId: string;
  /** Console route to return to; unset until the flow knows it (e.g. before the 201 gives the paymentId). */
  returnTo?: string;
  createdAt: number;
}

type Entries = Record<string, RedirectEntry>;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
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

function read(now: number): Entries {
  const raw = storage()?.getItem(REDIRECT_STORE_KEY);
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries: Entries = {};
  for (const [state, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (isEntry(entry) && now - entry.createdAt < REDIRECT_STATE_TTL_MS && entry.createdAt <= now + 60_000) {
      entries[state] = entry;
    }
  }
  return entries;
}

function write(entries: Entries): void {
  const store = storage();
  if (!store) return;
  try {
    if (Object.keys(entries).length === 0) store.removeItem(REDIRECT_STORE_KEY);
    else store.setItem(REDIRECT_STORE_KEY, JSON.stringify(entries));
  } catch {
    // Quota exceeded or storage disabled: the callback page then shows its plain fallback.
  }
}

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
  const entries = read(now);
  const state = randomState();
  entries[state] = { profileId, createdAt: now };
  write(entries);
  return state;
}

/** Sets where the round trip returns to; ignored for unknown or expired states and unsafe paths. */
export function bindRedirectState(state: string, returnTo: string, now = Date.now()): void {
  if (!isSafeReturnTo(returnTo)) return;
  const entries = read(now);
  const entry = entries[state];
  if (!entry) return;
  entries[state] = { ...entry, returnTo };
  write(entries);
}

/** The entry for a state, without removing it. */
export function findRedirectState(state: string, now = Date.now()): RedirectEntry | undefined {
  return read(now)[state];
}

/** Removes a state once its round trip is over (and prunes expired ones). */
export function forgetRedirectState(state: string, now = Date.now()): void {
  const entries = read(now);
  delete entries[state];
  write(entries);
}

/**
 * The first of several candidate states that is known. The bank may append its own query parameters, an OAuth
 * `state` among them, so the callback page tries every value it finds.
 */
export function findFirstRedirectState(
  candidates: readonly string[],
  now = Date.now(),
): { state: string; entry: RedirectEntry } | undefined {
  const entries = read(now);
  for (const state of candidates) {
    const entry = entries[state];
    if (entry) return { state, entry };
  }
  return undefined;
}
