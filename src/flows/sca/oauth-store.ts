// The OAuth SCA round trips under way in this tab: what the callback page needs once the bank sends the browser back
// (PKCE verifier, token endpoint, where to return), keyed by the OAuth state, in sessionStorage for a limited time.
import { createKeyedEntries, type AuthorisationScope, type OAuthServer } from '../../api';
import { isSafeReturnTo } from './redirect-store';

export const OAUTH_STORE_KEY = 'xs2a-console.oauth-pending.v1';
/** Time for the PSU at the bank's login; a round trip that takes longer starts again. */
export const OAUTH_STATE_TTL_MS = 30 * 60 * 1000;

export interface PendingOAuth {
  profileId: string;
  server: OAuthServer;
  clientId: string;
  redirectUri: string;
  /** `AIS:<consentId>`, `PIS:<paymentId>` or `SBS:<basketId>`. */
  scope: string;
  /** The PKCE code_verifier: a secret of this tab, sent only to the token endpoint. */
  codeVerifier: string;
  /** The payment, cancellation or consent the authorisation is for. */
  resource: AuthorisationScope;
  /** Console route of the payment or consent page. */
  returnTo: string;
  /** The authorisation's scaStatus link, read after the round trip. */
  scaStatusHref?: string;
  /**
   * The origin of the profile's base_url when the round trip began: the token is for that bank, and is not kept if the
   * profile points to another one by the time the PSU is back. Absent in round trips begun by an earlier version.
   */
  bankOrigin?: string;
  createdAt: number;
  expiresAt: number;
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
  if (resource.kind === 'basket') return isString(resource.basketId);
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
    (entry.bankOrigin === undefined || isString(entry.bankOrigin)) &&
    typeof entry.createdAt === 'number' &&
    typeof entry.expiresAt === 'number'
  );
}

// Expired entries are dropped as they are read, and so are entries dated in the future beyond a minute's clock skew.
const pending = createKeyedEntries({
  storageKey: OAUTH_STORE_KEY,
  area: 'session',
  keep: (entry, now): entry is PendingOAuth =>
    isPending(entry) && entry.expiresAt > now && entry.createdAt <= now + 60_000,
});

/** Keeps a round trip under its state until the callback page takes it (or it expires). */
export function rememberOAuth(
  state: string,
  entry: Omit<PendingOAuth, 'createdAt' | 'expiresAt'>,
  now = Date.now(),
): void {
  if (!isSafeReturnTo(entry.returnTo)) throw new Error(`Not a console route: ${entry.returnTo}`);
  const entries = pending.read(now);
  entries[state] = { ...entry, createdAt: now, expiresAt: now + OAUTH_STATE_TTL_MS };
  pending.write(entries);
}

/** The round trip of a state, once: it is removed as it is taken, so a code can never be exchanged twice from here. */
export function takeOAuth(state: string, now = Date.now()): PendingOAuth | undefined {
  const entries = pending.read(now);
  const entry = entries[state];
  delete entries[state];
  pending.write(entries); // also prunes expired entries
  return entry;
}

/** The round trip of a state without removing it. */
export function peekOAuth(state: string, now = Date.now()): PendingOAuth | undefined {
  return pending.read(now)[state];
}
