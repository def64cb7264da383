// The deviation modes: habits of real XS2A banks that the sandbox reproduces on purpose, so TPPs can test how their
// clients read a bank that does not quite follow NextGenPSD2 1.3.12. One table names them; `deviate.ts` applies them.

export const DEVIATION_MODES = [
  'amounts-as-numbers',
  'lowercase-statuses',
  'unknown-statuses',
  'code-message-errors',
  'problem-json-errors',
  'gateway-html-errors',
  'string-links',
  'foreign-host-links',
  'ok-instead-of-created',
  'no-request-id',
  'datetime-dates',
  'extra-fields',
  'download-only-reports',
  'next-links-only',
  'string-challenge',
  'array-links',
  'explicit-nulls',
  'structured-remittance',
  'unprefixed-links',
  'rate-limited',
  'slow',
] as const;

export type DeviationMode = (typeof DEVIATION_MODES)[number];

/** One line per mode: what the bank does in it. */
export const DEVIATION_DESCRIPTIONS: Record<DeviationMode, string> = {
  'amounts-as-numbers': 'Every amount ({currency, amount}) is a JSON number instead of a string.',
  'lowercase-statuses': 'transactionStatus, consentStatus and scaStatus are sent in lower case.',
  'unknown-statuses':
    'Intermediate states carry statuses 1.3.12 does not define (PENDING_BANK, PENDING_PSU, IN_PROGRESS); final ones stay.',
  'code-message-errors': 'Error bodies are {"code", "message"} instead of tppMessages.',
  'problem-json-errors':
    'Error bodies are RFC 7807 problem details {type, title, status, detail} without the XS2A code (application/problem+json).',
  'gateway-html-errors':
    "Every error answer of the XS2A API is an API gateway's HTML page with status 502 Bad Gateway; successful answers are untouched.",
  'string-links': '_links values are plain strings instead of {"href": …}.',
  'foreign-host-links':
    'Links are absolute, on another name of the same server (127.0.0.1 for localhost and the other way round).',
  'ok-instead-of-created': 'Creations (payments, consents, authorisations) answer 200 instead of 201.',
  'no-request-id': 'X-Request-ID is not echoed.',
  'datetime-dates':
    'Dates (bookingDate, valueDate, validUntil, lastActionDate, …) are date-times with a time and a zone.',
  'extra-fields': 'Every object carries fields 1.3.12 does not define.',
  'download-only-reports':
    'Transaction reports are only a _links.download; the download link answers the whole report as a JSON file.',
  'next-links-only': 'Paged transaction reports link only the next page (no first, previous or last).',
  'string-challenge':
    "An embedded SCA challenge's data (challengeData.data) is one string instead of a list of strings; the challenge's text moves there.",
  'array-links': '_links is a list of link objects [{"rel": …, "href": …}] instead of an object of named links.',
  'explicit-nulls':
    'Optional fields the bank has no value for are sent as null instead of left out (ownerName, creditLimitIncluded, psuMessage, …).',
  'structured-remittance':
    'Transactions carry remittanceInformationStructured as an object {reference, referenceType, referenceIssuer} instead of a string.',
  'unprefixed-links':
    "Links and Location leave out the bank's path prefix (/v1/… from the host's root, where nothing answers) instead of pointing under the base_url.",
  'rate-limited':
    'The first GET of each resource (per consent) answers 429 Too Many Requests with Retry-After: 1 and ACCESS_EXCEEDED; the same GET again succeeds. Writes are never limited.',
  slow: 'Every answer is delayed (1.5 s unless configured otherwise).',
};

export const isDeviationMode = (name: string): name is DeviationMode =>
  (DEVIATION_MODES as readonly string[]).includes(name);

/**
 * Reads a list of modes ("a,b" from the start flag and environment, "a+b" from a deviating base's path). Unknown names
 * are reported, not dropped, so a typo does not silently serve a conforming bank.
 */
export function parseDeviationModes(
  list: string,
  separator: RegExp = /[,+]/,
): { modes: DeviationMode[]; unknown: string[] } {
  const modes: DeviationMode[] = [];
  const unknown: string[] = [];
  for (const raw of list.split(separator)) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    if (isDeviationMode(name)) {
      if (!modes.includes(name)) modes.push(name);
    } else unknown.push(raw.trim());
  }
  return { modes, unknown };
}
