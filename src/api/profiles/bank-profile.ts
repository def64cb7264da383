// A bank profile: where the console sends its requests and which PSU and TPP headers go with them.

export interface BankProfile {
  /** Stable id; 'sandbox' for the built-in one. */
  id: string;
  name: string;
  /** The bank's base_url including its fixed prefix, e.g. https://bank.example/psd2; paths add /v1/…. */
  baseUrl: string;
  /** Sent on every request when set (non-empty). */
  psuHeaders: {
    psuId?: string;
    psuIdType?: string;
    psuCorporateId?: string;
    psuCorporateIdType?: string;
    psuIpAddress?: string;
    psuIpPort?: string;
    psuUserAgent?: string;
    psuGeoLocation?: string;
  };
  /** TPP-Redirect-Preferred, TPP-Decoupled-Preferred, TPP-Explicit-Authorisation-Preferred; undefined = not sent. */
  sca: { redirectPreferred?: boolean; decoupledPreferred?: boolean; explicitAuthorisationPreferred?: boolean };
  /** TPP-Redirect-URI; empty = the console's own `${location.origin}/callback/ok`. */
  redirectUri?: string;
  /** TPP-Nok-Redirect-URI; empty = `${location.origin}/callback/nok`. */
  nokRedirectUri?: string;
  /**
   * Sent as `Authorization: Bearer <token>` when set. Held in this tab's sessionStorage (gone with the tab) unless
   * `rememberToken` is set.
   */
  bearerToken?: string;
  /**
   * The origin (scheme://host:port) of the base_url the bearer token was entered for; the token is sent to that origin
   * only. The profile store sets it: a token without it is never sent, and one whose origin is no longer the base_url's
   * is dropped.
   */
  bearerTokenOrigin?: string;
  /** The user's explicit choice to keep the bearer token in this browser's localStorage, for every tab and restart. */
  rememberToken?: boolean;
  /**
   * The id of a target of the console server's relay (`GET /relay`): requests then go through the relay, which
   * forwards them to the bank. Empty: the browser calls the bank directly.
   */
  relayTarget?: string;
  /** The client_id the console uses at the bank's OAuth server (OAuth SCA); unset: DEFAULT_OAUTH_CLIENT_ID. */
  oauthClientId?: string;
  /**
   * How long the console waits for the bank's answer to each of its requests, in whole seconds
   * (TIMEOUT_SECONDS_MIN…TIMEOUT_SECONDS_MAX); unset: DEFAULT_TIMEOUT_SECONDS.
   */
  timeoutSeconds?: number;
  /** The embedded sandbox profile: cannot be deleted. */
  builtIn?: boolean;
}

export const SANDBOX_PROFILE_ID = 'sandbox';

/** The request timeout of a profile that sets none, and the bounds of one it sets. */
export const DEFAULT_TIMEOUT_SECONDS = 30;
export const TIMEOUT_SECONDS_MIN = 1;
export const TIMEOUT_SECONDS_MAX = 300;

/** How long the console waits for an answer to a request for this profile, in milliseconds. */
export function profileTimeoutMs(profile: Pick<BankProfile, 'timeoutSeconds'>): number {
  return (profile.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
}

/** The OAuth client_id of a profile that sets none. */
export const DEFAULT_OAUTH_CLIENT_ID = 'xs2a-console';

/** Where the bank's OAuth server sends the browser back: the console's own callback page. */
export function oauthRedirectUri(): string {
  return `${consoleOrigin()}/callback/oauth`;
}

/** The embedded sandbox bank, served by the console's own server under /sandbox. */
export function builtInSandboxProfile(origin: string): BankProfile {
  return {
    id: SANDBOX_PROFILE_ID,
    name: 'Embedded sandbox',
    baseUrl: `${origin.replace(/\/+$/, '')}/sandbox`,
    psuHeaders: { psuIpAddress: '192.168.0.10' },
    sca: {},
    builtIn: true,
  };
}

/** The console's origin; a placeholder outside a browser so that modules still load in Node tests. */
export function consoleOrigin(): string {
  return typeof window !== 'undefined' && window.location?.origin ? window.location.origin : 'http://localhost';
}

function withState(uri: string, state: Record<string, string>): string {
  try {
    const url = new URL(uri);
    for (const [name, value] of Object.entries(state)) url.searchParams.set(name, value);
    return url.toString();
  } catch {
    // A URI `new URL` cannot parse (the schema keeps these out) is sent as it is.
    return uri;
  }
}

/**
 * TPP-Redirect-URI / TPP-Nok-Redirect-URI for a flow: the profile's URIs (or the console's callback pages) with the
 * given state appended as query parameters.
 */
export function redirectUrisFor(profile: BankProfile, state: Record<string, string>): { ok: string; nok: string } {
  const origin = consoleOrigin();
  return {
    ok: withState(profile.redirectUri || `${origin}/callback/ok`, state),
    nok: withState(profile.nokRedirectUri || `${origin}/callback/nok`, state),
  };
}
