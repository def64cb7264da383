// The headers every request of a profile carries: its PSU headers, its token for the request's origin, the call's own.
// Apart from the client, so pages that show or prefill headers load without it.
import { sessionTokens } from './oauth/session-tokens';
import type { BankProfile } from './profiles/bank-profile';
import { originOf } from './urls';

/** The header each of a profile's PSU fields is sent as. */
export const psuHeaderNames: Record<keyof BankProfile['psuHeaders'], string> = {
  psuId: 'PSU-ID',
  psuIdType: 'PSU-ID-Type',
  psuCorporateId: 'PSU-Corporate-ID',
  psuCorporateIdType: 'PSU-Corporate-ID-Type',
  psuIpAddress: 'PSU-IP-Address',
  psuIpPort: 'PSU-IP-Port',
  psuUserAgent: 'PSU-User-Agent',
  psuGeoLocation: 'PSU-Geo-Location',
};

/**
 * The bearer token a request of this profile to `url` (by default, to its base_url) carries: a valid OAuth session
 * token of the profile when the console holds one (for the consent, where it is given), otherwise the profile's own
 * bearer token; each only when it was given for the URL's origin (see originOf). Undefined when there is none.
 */
export function profileToken(profile: BankProfile, consentId?: string, url = profile.baseUrl): string | undefined {
  const origin = originOf(url);
  const session = sessionTokens.tokenFor(profile.id, { origin, consentId })?.accessToken;
  if (session) return session;
  const own = profile.bearerToken?.trim();
  return own && origin !== undefined && profile.bearerTokenOrigin === origin ? own : undefined;
}

/**
 * The headers of every request: X-Request-ID, Accept, the profile's PSU headers and token, then the call's own. The
 * token is a valid OAuth session token of the profile when the console holds one (see session-tokens.ts), otherwise
 * the profile's bearer token, for the origin of `url` (by default the base_url's).
 */
export function buildHeaders(
  profile: BankProfile,
  options: {
    requestId: string;
    hasBody: boolean;
    consentId?: string;
    headers?: Record<string, string | undefined>;
    /** Where the request goes; a token goes only to the origin it was given for. */
    url?: string;
  },
): Record<string, string> {
  const headers: Record<string, string> = { 'X-Request-ID': options.requestId, Accept: 'application/json' };
  if (options.hasBody) headers['Content-Type'] = 'application/json';
  for (const [key, name] of Object.entries(psuHeaderNames) as [keyof BankProfile['psuHeaders'], string][]) {
    const value = profile.psuHeaders[key]?.trim();
    if (value) headers[name] = value;
  }
  const token = profileToken(profile, options.consentId, options.url);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.consentId) headers['Consent-ID'] = options.consentId;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === undefined || value === '') continue; // not set for this call: the profile's value stays
    // A per-call header replaces the profile's, whatever its spelling.
    for (const existing of Object.keys(headers)) {
      if (existing.toLowerCase() === name.toLowerCase()) delete headers[existing];
    }
    headers[name] = value;
  }
  return headers;
}
