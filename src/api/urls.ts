// Where a request goes (the bank's URL, or the console server's relay for it) and reading an answer's text as JSON: the
// small part of the client that the first page needs too (the navigation's sandbox check), kept apart from the rest.
import { consoleOrigin, type BankProfile } from './profiles/bank-profile';

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

/** A text's JSON value; undefined when it is empty or not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return text.trim() ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}
