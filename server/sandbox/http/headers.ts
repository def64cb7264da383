// Reading and checking the XS2A request headers, and the middleware that checks them before a route's handler.
import { isIP } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { splitMagicPsu } from '../admin/scenario-rules';
import type { ScaPreferences } from '../domain/sca-preferences';
import { isSafeRedirectTarget } from '../rules/redirect-targets';
import { formatError, type Area } from '../rules/bank-error';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
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

export function readScaPreferences(headers: RequestHeaders, { decoupled = true } = {}): ScaPreferences {
  return {
    redirectPreferred: headers.boolean('TPP-Redirect-Preferred'),
    decoupledPreferred: decoupled ? headers.boolean('TPP-Decoupled-Preferred') : undefined,
    explicitPreferred: headers.boolean('TPP-Explicit-Authorisation-Preferred') ?? false,
    redirectUri: headers.uri('TPP-Redirect-URI'),
    nokRedirectUri: headers.uri('TPP-Nok-Redirect-URI'),
  };
}

/** The XS2A area of a path: consents, accounts and card accounts are AIS, funds confirmations PIIS, everything else PIS. */
export const areaOf = (path: string): Area => {
  if (/\/v1\/(consents|accounts|card-accounts)(\/|$)/.test(path)) return 'ais';
  return /\/v1\/funds-confirmations(\/|$)/.test(path) ? 'piis' : 'pis';
};

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
