// The OAuth SCA round trips under way in this tab: what the callback page needs once the bank sends the browser back
// (PKCE verifier, token endpoint, where to return), keyed by the OAuth state, in sessionStorage for a limited time.
import type { AuthorisationScope, OAuthServer } from '../../api';
import { isSafeReturnTo } from './redirect-store';

export const OAUTH_STORE_KEY = 'xs2a-console.oauth-pending.v1';
/** Time for the PSU at the bank's login; a round trip that takes longer starts again. */
export const OAUTH_STATE_TTL_MS = 30 * 60 * 1000;

export interface PendingOAuth {
  profileId: string;
  server: OAuthServer;
  clientId: string;
  redirectUri: string;
  /** `AIS:<consentId>` or `PIS:<paymentId>`. */
  scope: string;
  /** The PKCE code_verifier: a secret of this tab, sent only to the token endpoint. */
  codeVerifier: string;
  /** The payment, cancellation or consent the authorisation is for. */
  resource: AuthorisationScope;
  /** Console route of the payment or consent page. */
  returnTo: string;
  /** The authorisation's scaStatus link, read after the round trip. */
  scaStatusHref?: string;
  createdAt: number;
  expiresAt: number;
}

type Entries = Record<string, PendingOAuth>;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined; // storage disabled by the browser
  }
}

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';

function isServer(value: unknown): value is OAuthServer {
  if (typeof value !== 'object' || value === null) return false;
  const server = value as Record<string, unknown>;
  return isString(server.issuer) && isString(server.authorizationEndpoint) && isString(server.tokenEndpoint);
}

function isResource(value: unknown): value is AuthorisationScope {
  if (typeof value !== 'object' || value === null) return false;
  const resource = value as Record<string, unknown>;
  if (resource.kind === 'consent') return isString(resource.consentId);
  return (
    (resource.kind === 'payment' || resource.kind === 'payment-cancellation') &&
    isString(resource.service) &&
    isString(resource.product) &&
    isString(resource.paymentId)
  );
}

function isPending(value: unknown): value is PendingOAuth {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    isString(entry.profileId) &&
    isServer(entry.server) &&
    isString(entry.clientId) &&
    isString(entry.redirectUri) &&
    isString(entry.scope) &&
    isString(entry.codeVerifier) &&
    isResource(entry.resource) &&
    isString(entry.returnTo) &&
    isSafeReturnTo(entry.returnTo) &&
    (entry.scaStatusHref === undefined || isString(entry.scaStatusHref)) &&
    typeof entry.createdAt === 'number' &&
    typeof entry.expiresAt === 'number'
  );
}

function read(now: number): Entries {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage()?.getItem(OAUTH_STORE_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries: Entries = {};
  for (const [state, entry] of Object.entries(parsed as Record<string, unknown>)) {
    if (isPending(entry) && entry.expiresAt > now && entry.createdAt <= now + 60_000) entries[state] = entry;
  }
  return entries;
}

function write(entries: Entries): void {
  const store = storage();
  if (!store) return;
  try {
    if (Object.keys(entries).length === 0) store.removeItem(OAUTH_STORE_KEY);
    else store.setItem(OAUTH_STORE_KEY, JSON.stringify(entries));
  } catch {
    // Quota exceeded or storage disabled: the callback page then explains that it does not know the round trip.
  }
}

/** Keeps a round trip under its state until the callback page takes it (or it expires). */
export function rememberOAuth(
  state: string,
  entry: Omit<PendingOAuth, 'createdAt' | 'expiresAt'>,
  now = Date.now(),
): void {
  if (!isSafeReturnTo(entry.returnTo)) throw new Error(`Not a console route: ${entry.returnTo}`);
  const entries = read(now);
  entries[state] = { ...entry, createdAt: now, expiresAt: now + OAUTH_STATE_TTL_MS };
  write(entries);
}

/** The round trip of a state, once: it is removed as it is taken, so a code can never be exchanged twice from here. */
export function takeOAuth(state: string, now = Date.now()): PendingOAuth | undefined {
  const entries = read(now);
  const entry = entries[state];
  delete entries[state];
  write(entries); // also prunes expired entries
  return entry;
}

/** The round trip of a state without removing it. */
export function peekOAuth(state: string, now = Date.now()): PendingOAuth | undefined {
  return read(now)[state];
}
