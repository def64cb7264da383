// Where a request goes (the bank's URL, or the console server's relay for it), the origin a token is bound to, and
// reading an answer's text as JSON: the small part of the client that the first page needs too (the navigation's sandbox
// check), kept apart from the rest.
import { consoleOrigin, type BankProfile } from './profiles/bank-profile';

/** '/v1/' and the given path segments, each percent-encoded. */
export function v1Path(...segments: string[]): string {
  return `/v1/${segments.map(encodeURIComponent).join('/')}`;
}

/**
 * The URL of a request. `path` is appended to the base_url (which may carry a prefix and may end with '/'); an `href`
 * from the bank replaces it: absolute as it is, relative resolved against the base_url (so '/psd2/v1/…' keeps the
 * bank's own prefix). Undefined query values are skipped.
 */
export function buildUrl(
  baseUrl: string,
  target: { path?: string; href?: string },
  query?: Record<string, string | undefined>,
): string {
  let url: URL;
  if (target.href !== undefined) {
    url = new URL(target.href, baseUrl);
  } else {
    const path = target.path ?? '';
    url = new URL(`${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`);
  }
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return url.toString();
}

/**
 * Where the browser sends a request for `url`: the bank itself, or, when the profile names a relay target, the console
 * server's relay, which forwards it to the bank (banks send no CORS headers; later also mutual TLS and signing).
 */
export function requestUrlFor(profile: Pick<BankProfile, 'relayTarget'>, url: string): string {
  const target = profile.relayTarget?.trim();
  if (!target) return url;
  return `${consoleOrigin()}/relay/${encodeURIComponent(target)}?url=${encodeURIComponent(url)}`;
}

/**
 * The origin (scheme://host:port) of an http or https URL, the unit a token is bound to; undefined for anything else.
 *
 * Tokens (a profile's bearer token, its OAuth session tokens, the sandbox's admin token) belong to the origin of the
 * bank they were given for: the origin of the profile's base_url. A profile that goes through the relay sends its
 * requests to the console's own `/relay/<target>?url=<the bank's URL>`, and the relay forwards each only to that URL,
 * on one of its target's origins; so there too the origin that counts is the bank URL's (the base_url's), never the
 * console's. That is what the sending layer compares: the token's origin with the origin of the bank URL a request is
 * for, whether the browser sends it to the bank itself or to the relay.
 */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** A token as the console stores it, with the origin it was given for. */
export interface BoundToken {
  token: string;
  origin: string;
}

/** Whether a stored value is a BoundToken (anything else, e.g. a bare token of an earlier version, is not). */
export function isBoundToken(value: unknown): value is BoundToken {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.token === 'string' && entry.token !== '' && typeof entry.origin === 'string';
}

/** A text's JSON value; undefined when it is empty or not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return text.trim() ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
