// `_links` as banks send them: 1.3.12 has `{ "href": "…" }` for every link, some banks send the href as a plain string.
// One reader for every place the console follows a bank's link (SCA steps, paging, status and download links).
import { Xs2aError, type Xs2aErrorDescription } from './errors';

/** A link as the console follows it. */
export interface LinkValue {
  href: string;
}

/** A `_links` object read tolerantly: every link with an href, and the names of links that were not `{ href }`. */
export interface LinksReading {
  links: Record<string, LinkValue>;
  /** Links sent as a plain string: followed all the same, and named so the page can say so. */
  stringLinks: string[];
}

/** The href of one link, whether the bank sent `{ href }` or the plain string; undefined when there is none. */
export function linkHref(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() !== '' ? value : undefined;
  if (typeof value === 'object' && value !== null && 'href' in value) {
    const { href } = value;
    return typeof href === 'string' && href.trim() !== '' ? href : undefined;
  }
  return undefined;
}

/** Reads a `_links` object: `{ href }` and plain string members become links; anything else is left out. */
export function readLinks(value: unknown): LinksReading {
  const links: Record<string, LinkValue> = {};
  const stringLinks: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { links, stringLinks };
  for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
    const href = linkHref(member);
    if (href === undefined) continue;
    links[name] = { href };
    if (typeof member === 'string') stringLinks.push(name);
  }
  return { links, stringLinks };
}

/** "The bank sent scaRedirect and scaStatus as plain strings…": the deviation in words, or undefined when none. */
export function stringLinksNote(stringLinks: readonly string[]): string | undefined {
  if (stringLinks.length === 0) return undefined;
  const names = stringLinks.join(', ');
  return `The bank sent ${stringLinks.length === 1 ? 'the link' : 'the links'} ${names} as plain ${
    stringLinks.length === 1 ? 'string' : 'strings'
  } instead of { "href": … } (1.3.12); the console follows ${stringLinks.length === 1 ? 'it' : 'them'} all the same.`;
}

/** The advice describeXs2aError gives for a 404 without an XS2A error body, which does not apply to a bank's link. */
const BASE_URL_HINT = /The path does not exist there: check the base_url[^.]*?\([^)]*\)\./;

/**
 * A 404 without an error body on a link the bank gave is the bank's link leading nowhere: the console did not build
 * that URL from the base_url, so advice about the base_url would mislead.
 */
export function bankLinkDescription(
  description: Xs2aErrorDescription,
  error: unknown,
  bankLink: { name: string; href: string } | undefined,
): Xs2aErrorDescription {
  if (!bankLink || !(error instanceof Xs2aError) || error.status !== 404 || description.messages.length > 0) {
    return description;
  }
  const own =
    `This was the bank's own “${bankLink.name}” link (${bankLink.href}): the link the bank gave led nowhere. The ` +
    'console followed it as sent, so the base_url played no part.';
  // The base_url advice for a 404 is replaced; whatever else the description says (the bank's words) stays.
  const summary = BASE_URL_HINT.test(description.summary)
    ? description.summary.replace(BASE_URL_HINT, own)
    : `${description.summary} ${own}`.trim();
  return { ...description, summary };
}
