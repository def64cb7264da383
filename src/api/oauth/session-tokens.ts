/**
 * OAuth access tokens the console obtained for a bank profile (OAuth SCA), kept in this tab's sessionStorage under
 * `xs2a-console.oauth-tokens.v2` as `{ [profileId]: SessionToken[] }`: never in localStorage, never exported, gone with
 * the tab. Each token carries the origin of the bank it was obtained for (the profile's base_url origin); the client
 * sends one as `Authorization: Bearer` while it is valid, instead of the profile's bearer token, and only to that origin.
 *
 * Tokens an earlier version kept under `xs2a-console.oauth-tokens.v1` (without their origin) are dropped, not bound to
 * the profile's current origin: the profile under their id may since point to another bank. Authorising again gives a
 * new one; they lasted for the tab, and an hour or so, anyway.
 */
import { useSyncExternalStore } from 'react';
import { createListeners, webStorage } from '../web-storage';

export const SESSION_TOKENS_STORAGE_KEY = 'xs2a-console.oauth-tokens.v2';
const LEGACY_STORAGE_KEY = 'xs2a-console.oauth-tokens.v1';

export interface SessionToken {
  /** The OAuth scope it was granted for: `AIS:<consentId>`, `PIS:<paymentId>` or `SBS:<basketId>`. */
  scope: string;
  accessToken: string;
  /** Epoch ms. */
  obtainedAt: number;
  /** Epoch ms; the token is not sent any more from then on. */
  expiresAt: number;
  /** The origin (scheme://host:port) of the profile's base_url when the token was obtained: it is sent there only. */
  origin: string;
}

type Stored = Record<string, SessionToken[]>;

let cache: Stored | undefined;
const listeners = createListeners();

function isToken(value: unknown): value is SessionToken {
  if (typeof value !== 'object' || value === null) return false;
  const token = value as Record<string, unknown>;
  return (
    typeof token.scope === 'string' &&
    typeof token.accessToken === 'string' &&
    token.accessToken !== '' &&
    typeof token.obtainedAt === 'number' &&
    typeof token.expiresAt === 'number' &&
    typeof token.origin === 'string' &&
    token.origin !== ''
  );
}

function read(): Stored {
  if (cache) return cache;
  const stored: Stored = {};
  try {
    webStorage('session')?.removeItem(LEGACY_STORAGE_KEY);
    const parsed: unknown = JSON.parse(webStorage('session')?.getItem(SESSION_TOKENS_STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [profileId, tokens] of Object.entries(parsed)) {
        const valid = Array.isArray(tokens) ? tokens.filter(isToken) : [];
        if (valid.length > 0) stored[profileId] = valid;
      }
    }
  } catch {
    // Corrupt or blocked storage: no session token until the next authorisation.
  }
  cache = stored;
  return stored;
}

function write(next: Stored): void {
  cache = next;
  const store = webStorage('session');
  try {
    if (Object.keys(next).length === 0) store?.removeItem(SESSION_TOKENS_STORAGE_KEY);
    else store?.setItem(SESSION_TOKENS_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Full or blocked storage: the token still works for this page's lifetime.
  }
  listeners.notify();
}

function withProfile(stored: Stored, profileId: string, tokens: SessionToken[]): Stored {
  const { [profileId]: _previous, ...rest } = stored;
  return tokens.length > 0 ? { ...rest, [profileId]: tokens } : rest;
}

const EMPTY: readonly SessionToken[] = Object.freeze([]);

export const sessionTokens = {
  /** Keeps a token for the profile; it replaces an earlier one for the same scope. */
  save(profileId: string, token: SessionToken): void {
    const stored = read();
    const others = (stored[profileId] ?? []).filter((existing) => existing.scope !== token.scope);
    write(withProfile(stored, profileId, [...others, token]));
  },
  /** The profile's tokens, newest last, expired ones included (the settings page shows them as expired). */
  list(profileId: string): readonly SessionToken[] {
    return read()[profileId] ?? EMPTY;
  },
  /**
   * The token to send on a request of the profile to `origin` at `now`: for a request under a consent, that consent's
   * own token when the console holds one; otherwise the newest valid one. Only tokens obtained for that origin count;
   * undefined when none is valid.
   */
  tokenFor(
    profileId: string,
    request: { origin: string | undefined; consentId?: string },
    now = Date.now(),
  ): SessionToken | undefined {
    const valid = (read()[profileId] ?? []).filter(
      (token) => token.expiresAt > now && request.origin !== undefined && token.origin === request.origin,
    );
    if (request.consentId) {
      const own = valid.find((token) => token.scope === `AIS:${request.consentId}`);
      if (own) return own;
    }
    return valid.reduce<SessionToken | undefined>(
      (newest, token) => (!newest || token.obtainedAt >= newest.obtainedAt ? token : newest),
      undefined,
    );
  },
  /** Forgets one token of the profile (by scope), or all of them. */
  forget(profileId: string, scope?: string): void {
    const stored = read();
    const kept = scope === undefined ? [] : (stored[profileId] ?? []).filter((token) => token.scope !== scope);
    write(withProfile(stored, profileId, kept));
  },
  /** Forgets the profile's tokens obtained for another origin than `origin`; the origins they were obtained for. */
  keepOnlyFor(profileId: string, origin: string | undefined): string[] {
    const stored = read();
    const tokens = stored[profileId] ?? [];
    const kept = tokens.filter((token) => token.origin === origin);
    if (kept.length === tokens.length) return [];
    write(withProfile(stored, profileId, kept));
    return [...new Set(tokens.filter((token) => token.origin !== origin).map((token) => token.origin))];
  },
  /** Every token this tab holds, of every profile, for the sending layer's check of where each may go. */
  all(): readonly SessionToken[] {
    return Object.values(read()).flat();
  },
  /** Every token value this tab holds, so the exchange log can scrub them wherever a bank echoes one. */
  allValues(): string[] {
    return Object.values(read()).flatMap((tokens) => tokens.map((token) => token.accessToken));
  },
  subscribe: listeners.subscribe,
  /** Drops the in-memory copy (tests, or after another module wrote the storage). */
  reload(): void {
    cache = undefined;
    listeners.notify();
  },
};

/** The profile's session tokens; re-renders when they change. */
export function useSessionTokens(profileId: string): readonly SessionToken[] {
  const get = () => sessionTokens.list(profileId);
  return useSyncExternalStore(sessionTokens.subscribe, get, get);
}

/** Every profile's session tokens, by profile id; re-renders when they change. */
export function useAllSessionTokens(): Readonly<Record<string, readonly SessionToken[]>> {
  return useSyncExternalStore(sessionTokens.subscribe, read, read);
}
