// Reading and checking the XS2A request headers, and the middleware that checks them before a route's handler.
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import type { ScaApproach } from '../../../src/xs2a';
import { splitMagicPsu } from '../admin/scenario-rules';
import { formatError, type Area } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Host names that always mean this machine: localhost and its subdomains (RFC 6761), 127.0.0.1 and [::1]. */
function isLoopbackHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname) || hostname.endsWith('.localhost');
}

/**
 * Whether the bank may send the PSU's browser to this URL after SCA: https, or http on a loopback host, where a console
 * on the TPP's own machine has no certificate. Any other scheme (javascript:, data:, file:…) would run or open something
 * in the PSU's browser in the bank's name.
 */
export function isSafeRedirectTarget(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

/**
 * A stored TPP redirect URI the PSU's browser may be sent to, or undefined. The headers are checked when given; checking
 * again at the moment of use keeps a row stored before that check (a kept database) from sending the PSU to javascript:.
 */
export function safeRedirectTarget(uri: string | null | undefined): string | undefined {
  if (!uri) return undefined;
  try {
    return isSafeRedirectTarget(new URL(uri)) ? uri : undefined;
  } catch {
    return undefined;
  }
}

export class RequestHeaders {
  constructor(
    private readonly headers: Headers,
    readonly area: Area,
  ) {}

  get(name: string): string | undefined {
    const value = this.headers.get(name);
    return value === null ? undefined : value.trim();
  }

  required(name: string): string {
    const value = this.get(name);
    if (!value) throw formatError(`The ${name} header is required for this request.`, name, this.area);
    return value;
  }

  boolean(name: string): boolean | undefined {
    const value = this.get(name);
    if (value === undefined || value === '') return undefined;
    const lower = value.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    throw formatError(`The ${name} header must be true or false, not "${value}".`, name, this.area);
  }

  /** A URI the bank sends the PSU's browser to (TPP-Redirect-URI, TPP-Nok-Redirect-URI): see isSafeRedirectTarget. */
  uri(name: string): string | undefined {
    const value = this.get(name);
    if (!value) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw formatError(`The ${name} header must be an absolute URI, not "${value}".`, name, this.area);
    }
    if (!isSafeRedirectTarget(url)) {
      throw formatError(
        `The ${name} header must be an https URI, or http on localhost, 127.0.0.1 or [::1], not "${value}".`,
        name,
        this.area,
      );
    }
    return value;
  }

  /** PSU-IP-Address: IPv4 as the spec's format says; validated whenever present. */
  psuIpAddress(required: boolean): string | undefined {
    const value = required ? this.required('PSU-IP-Address') : this.get('PSU-IP-Address');
    if (value === undefined || value === '') return undefined;
    if (isIP(value) !== 4) {
      throw formatError(`PSU-IP-Address must be an IPv4 address, not "${value}".`, 'PSU-IP-Address', this.area);
    }
    return value;
  }

  /** The PSU-ID, without a sandbox scenario it names (`alice~slow` is alice; a bare magic id names no PSU). */
  psuId(): string | undefined {
    const value = this.get('PSU-ID');
    if (!value) return undefined;
    const magic = splitMagicPsu(value);
    return magic ? magic.psuId : value;
  }
}

export interface ScaPreferences {
  redirectPreferred: boolean | undefined;
  decoupledPreferred: boolean | undefined;
  explicitPreferred: boolean;
  redirectUri: string | undefined;
  nokRedirectUri: string | undefined;
}

export function readScaPreferences(headers: RequestHeaders, { decoupled = true } = {}): ScaPreferences {
  return {
    redirectPreferred: headers.boolean('TPP-Redirect-Preferred'),
    decoupledPreferred: decoupled ? headers.boolean('TPP-Decoupled-Preferred') : undefined,
    explicitPreferred: headers.boolean('TPP-Explicit-Authorisation-Preferred') ?? false,
    redirectUri: headers.uri('TPP-Redirect-URI'),
    nokRedirectUri: headers.uri('TPP-Nok-Redirect-URI'),
  };
}

/** The approach the bank picks from the TPP's preferences (TPP-Redirect-Preferred, TPP-Decoupled-Preferred), falling back to its own default. */
export function chooseScaApproach(prefs: ScaPreferences, fallback: ScaApproach): ScaApproach {
  if (prefs.redirectPreferred === true && prefs.decoupledPreferred !== true) return 'REDIRECT';
  if (prefs.decoupledPreferred === true) return 'DECOUPLED';
  if (prefs.redirectPreferred === false) return 'EMBEDDED';
  return fallback;
}

/** The XS2A area of a path: consents and accounts are AIS, everything else PIS. */
export const areaOf = (path: string): Area => (/\/v1\/(consents|accounts)(\/|$)/.test(path) ? 'ais' : 'pis');

/** The request's XS2A headers, read for the area its path belongs to. */
export function headersOf(c: Context): RequestHeaders {
  return new RequestHeaders(c.req.raw.headers, areaOf(c.req.path));
}

/** Middleware: PSU-IP-Address must be an IPv4 address when present; `required`: it must be present. */
export function checkPsuIp(required: boolean): MiddlewareHandler {
  return async (c, next) => {
    headersOf(c).psuIpAddress(required);
    await next();
  };
}

/** Middleware: reads the TPP's SCA preferences (and checks the redirect URIs) into the context's `prefs`. */
export function scaPreferences(options: { decoupled?: boolean } = {}): MiddlewareHandler<{
  Variables: { prefs: ScaPreferences };
}> {
  return async (c, next) => {
    c.set('prefs', readScaPreferences(headersOf(c), options));
    await next();
  };
}
