// Reading and checking the XS2A request headers.
import { isIP } from 'node:net';
import type { ScaApproach } from '../../../src/xs2a';
import { formatError, type Area } from './errors';

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

  uri(name: string): string | undefined {
    const value = this.get(name);
    if (!value) return undefined;
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      throw formatError(`The ${name} header must be an absolute URI, not "${value}".`, name, this.area);
    }
    if (!['http:', 'https:'].includes(url.protocol) && !/^[a-z][a-z0-9+.-]*:$/.test(url.protocol)) {
      throw formatError(`The ${name} header has an unusable scheme.`, name, this.area);
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

  psuId(): string | undefined {
    return this.get('PSU-ID') || undefined;
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

/** The approach the bank picks from the TPP's preferences (DIGEST §2.1), falling back to its own default. */
export function chooseScaApproach(prefs: ScaPreferences, fallback: ScaApproach): ScaApproach {
  if (prefs.redirectPreferred === true && prefs.decoupledPreferred !== true) return 'REDIRECT';
  if (prefs.decoupledPreferred === true) return 'DECOUPLED';
  if (prefs.redirectPreferred === false) return 'EMBEDDED';
  return fallback;
}
