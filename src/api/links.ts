// `_links` as banks send them: 1.3.12 has an object of named links, each `{ "href": "…" }`. Some banks send the href
// as a plain string, others a list of link objects (`[{ "rel": "scaStatus", "href": "…" }]` or
// `[{ "scaStatus": { "href": "…" } }]`). One reader for every place the console follows a bank's link (SCA steps,
// paging, status and download links, the explorer's next actions, exported tests' plans).
import { isRecord } from './browser-records';
import { Xs2aError, type Xs2aErrorDescription } from './errors';

/** A link as the console follows it. */
export interface LinkValue {
  href: string;
}

/** A `_links` value read tolerantly: every link with an href by its name, and how the bank's form deviated. */
export interface LinksReading {
  links: Record<string, LinkValue>;
  /** Links sent as a plain string: followed all the same, and named so the page can say so. */
  stringLinks: string[];
  /** Whether the bank sent the links as a list of link objects instead of one object of named links. */
  listed: boolean;
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

/** Adds the named links of one object to the reading: `{ href }` and plain string members; anything else is left out. */
function addNamed(reading: LinksReading, named: Record<string, unknown>): void {
  for (const [name, member] of Object.entries(named)) {
    const href = linkHref(member);
    if (href === undefined) continue;
    reading.links[name] = { href };
    if (typeof member === 'string' && !reading.stringLinks.includes(name)) reading.stringLinks.push(name);
  }
}

/**
 * Reads `_links`: an object of named links (`{ href }` or plain string members), or a list whose entries are link
 * objects named by `rel` (`{ rel, href }`) or objects of named links. What gives no name or no href is left out.
 */
export function readLinks(value: unknown): LinksReading {
  const reading: LinksReading = { links: {}, stringLinks: [], listed: false };
  if (isRecord(value)) {
    addNamed(reading, value);
  } else if (Array.isArray(value)) {
    reading.listed = true;
    for (const entry of value) {
      if (!isRecord(entry)) continue;
      if (!('rel' in entry) && !('href' in entry)) {
        addNamed(reading, entry);
        continue;
      }
      // A link object: named by its rel; one without a name cannot be followed by name.
      const href = linkHref(entry);
      if (typeof entry.rel === 'string' && entry.rel.trim() !== '' && href !== undefined) {
        reading.links[entry.rel] = { href };
      }
    }
  }
  return reading;
}

/** The href of the link named `name` in a `_links` value of any form readLinks reads; undefined when there is none. */
export function linkOf(links: unknown, name: string): string | undefined {
  return readLinks(links).links[name]?.href;
}

/** "The bank sent scaRedirect and scaStatus as plain strings…": the deviation in words, or undefined when none. */
export function stringLinksNote(stringLinks: readonly string[]): string | undefined {
  if (stringLinks.length === 0) return undefined;
  const names = stringLinks.join(', ');
  return `The bank sent ${stringLinks.length === 1 ? 'the link' : 'the links'} ${names} as plain ${
    stringLinks.length === 1 ? 'string' : 'strings'
  } instead of { "href": … } (1.3.12); the console follows ${stringLinks.length === 1 ? 'it' : 'them'} all the same.`;
}

/**
 * How the bank's links deviated, in words: plain strings (named) and a list of link objects. For an audience
 * (presenter mode) the same without the spec's names or JSON. Undefined when the links were as 1.3.12 has them.
 */
export function linksNote(reading: LinksReading, { forAudience = false } = {}): string | undefined {
  if (forAudience) {
    if (!reading.listed && reading.stringLinks.length === 0) return undefined;
    return `The bank sent its links ${reading.listed ? 'as a list' : 'as bare addresses'}, not in the standard form; the console follows them all the same.`;
  }
  const notes = [
    ...(reading.listed
      ? [
          'The bank sent its links as a list of link objects, not as one object of named links (1.3.12); the console reads each link by its name all the same.',
        ]
      : []),
    ...[stringLinksNote(reading.stringLinks)].filter((note) => note !== undefined),
  ];
  return notes.length > 0 ? notes.join(' ') : undefined;
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
  // A link that lacks the base_url's prefix was tried under the base_url too (link-prefix.ts).
  const own = error.linkPrefix
    ? `This was the bank's own “${bankLink.name}” link (${bankLink.href}): it led nowhere as the bank gave it, nor under the base_url.`
    : `This was the bank's own “${bankLink.name}” link (${bankLink.href}): the link the bank gave led nowhere. The ` +
      'console followed it as sent, so the base_url played no part.';
  // The base_url advice for a 404 is replaced; whatever else the description says (the bank's words) stays.
  const summary = BASE_URL_HINT.test(description.summary)
    ? description.summary.replace(BASE_URL_HINT, own)
    : `${description.summary} ${own}`.trim();
  return { ...description, summary };
}
