// A bank profile: where the console sends its requests and which PSU and TPP headers go with them.
import * as z from 'zod';

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
  /** Sent as `Authorization: Bearer <token>` when set. */
  bearerToken?: string;
  /** The embedded sandbox profile: cannot be deleted. */
  builtIn?: boolean;
}

export const SANDBOX_PROFILE_ID = 'sandbox';

const BASE_URL_MESSAGE =
  'must be an http:// or https:// URL without ?query or #fragment, e.g. https://bank.example/psd2';

function isHttpUrlWithoutQuery(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // `new URL` drops an empty "?" or "#", so look at the text as well.
  return (url.protocol === 'http:' || url.protocol === 'https:') && !/[?#]/.test(value) && url.host !== '';
}

/** An optional text field of a form: empty means "not set". */
const optionalText = z.string().optional();

/** Empty, or a value the check accepts. */
function emptyOr(check: z.ZodType<string>) {
  return z.union([z.literal(''), check]).optional();
}

const ipAddress = z.string().refine((value) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success, {
  message: 'must be an IPv4 or IPv6 address, e.g. 192.168.0.10',
});

const absoluteUri = z.string().refine(
  (value) => {
    try {
      return new URL(value).protocol.length > 1;
    } catch {
      return false;
    }
  },
  { message: 'must be an absolute URI, e.g. https://tpp.example/callback' },
);

export const bankProfileSchema: z.ZodType<BankProfile> = z.object({
  id: z.string().trim().min(1, 'id is required'),
  name: z.string().trim().min(1, 'Name is required'),
  baseUrl: z.string().trim().min(1, 'base_url is required').refine(isHttpUrlWithoutQuery, BASE_URL_MESSAGE),
  psuHeaders: z.object({
    psuId: optionalText,
    psuIdType: optionalText,
    psuCorporateId: optionalText,
    psuCorporateIdType: optionalText,
    psuIpAddress: emptyOr(ipAddress),
    psuIpPort: emptyOr(
      z.string().refine((value) => /^\d{1,5}$/.test(value) && Number(value) <= 65535, {
        message: 'must be a port number from 0 to 65535',
      }),
    ),
    psuUserAgent: optionalText,
    psuGeoLocation: emptyOr(
      z.string().regex(/^GEO:-?\d{1,2}\.\d{6};-?\d{1,3}\.\d{6}$/, 'must look like GEO:52.506931;13.144558'),
    ),
  }),
  sca: z.object({
    redirectPreferred: z.boolean().optional(),
    decoupledPreferred: z.boolean().optional(),
    explicitAuthorisationPreferred: z.boolean().optional(),
  }),
  redirectUri: emptyOr(absoluteUri),
  nokRedirectUri: emptyOr(absoluteUri),
  bearerToken: optionalText,
  builtIn: z.boolean().optional(),
});

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
