// A bank's link that leaves out the base_url's path prefix: with base_url https://bank.example/psd2 a bank that writes
// its links as `/v1/…` points at the host's root, where its API is not. The console follows every link as the bank
// gave it first; when nothing answers there (404, or no answer at all) and the link's path lacks the prefix, it tries
// the same path under the base_url, and names the deviation on the answer and in the inspector.
import type { Deviation } from './errors';
import { prefixedLinkNote, withDetails, Xs2aError, type PrefixedLink } from './errors';
import { exchangeLog, updateExchange } from './exchange-log';

/**
 * The link under the base_url when its path lacks the base_url's prefix: same origin, the prefix put before its path
 * (query kept). Undefined when the base_url has no prefix, the link is on another origin, or it carries the prefix.
 */
export function underBaseUrl(baseUrl: string, url: string): PrefixedLink | undefined {
  let base: URL;
  let link: URL;
  try {
    base = new URL(baseUrl);
    link = new URL(url);
  } catch {
    return undefined;
  }
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix === '' || link.origin !== base.origin) return undefined;
  if (link.pathname === prefix || link.pathname.startsWith(`${prefix}/`)) return undefined;
  const used = new URL(link.href);
  used.pathname = `${prefix}${link.pathname}`;
  return { given: link.href, used: used.href, prefix };
}

/** Whether nothing answered at a URL: 404, or no answer the browser could read (a host root without CORS). */
export function ledNowhere(error: unknown): error is Xs2aError {
  return error instanceof Xs2aError && ((error.kind === 'http' && error.status === 404) || error.kind === 'network');
}

/** The path and query of a URL. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** What the inspector says of the try at the link as given. */
function triedUnderPrefix(link: PrefixedLink, error: Xs2aError): string {
  const answer = error.kind === 'http' ? `answered ${error.status}` : 'gave no answer';
  return (
    `The bank’s link ${pathOf(link.given)} ${answer}: it leaves out the base_url’s prefix ${link.prefix}, so the ` +
    `console tried ${pathOf(link.used)} next.`
  );
}

/** The result of a request, as far as following a link needs it. */
interface Followed {
  exchangeId: string;
  deviations: Deviation[];
}

/**
 * Sends a request to a bank's link (`url`, resolved as the bank gave it); when nothing answers there and the link lacks
 * the base_url's prefix, sends it again under the base_url. The answer then carries the deviation in words and the
 * link as used (`linkPrefix`); so does the error when that try fails too.
 */
export async function followBankLink<T extends Followed>(
  baseUrl: string,
  url: string,
  send: (url: string) => Promise<T>,
): Promise<T & { linkPrefix?: PrefixedLink }> {
  try {
    return await send(url);
  } catch (error) {
    const link = underBaseUrl(baseUrl, url);
    if (!link || !ledNowhere(error)) throw error;
    updateExchange(error.exchangeId, { triedAgain: triedUnderPrefix(link, error) });
    let result: T;
    try {
      result = await send(link.used);
    } catch (second) {
      throw second instanceof Xs2aError ? withDetails(second, { linkPrefix: link }) : second;
    }
    const deviation: Deviation = { path: 'link', message: prefixedLinkNote(link) };
    const recorded = exchangeLog.get(result.exchangeId)?.deviations ?? [];
    updateExchange(result.exchangeId, { deviations: [...recorded, deviation] });
    return { ...result, deviations: [...result.deviations, deviation], linkPrefix: link };
  }
}
