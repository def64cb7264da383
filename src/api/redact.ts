// Removes secrets (tokens, passwords, OTPs, cookies) from exchanges before the log keeps them, and from what the
// inspector shows, copies and exports.
import type { Exchange } from './exchange-types';

export const REDACTED = '[redacted]';

/** Authorization, and any header whose name says token, secret or cookie. */
export function isSecretHeader(name: string): boolean {
  return /authorization|token|secret|cookie/i.test(name);
}

/** Body members that carry a secret: psuData passwords, the OTP, OAuth tokens and client secrets. */
const secretMembers = new Set(
  [
    'password',
    'encryptedPassword',
    'additionalPassword',
    'additionalEncryptedPassword',
    'scaAuthenticationData',
    'access_token',
    'refresh_token',
    'id_token',
    'client_secret',
    'code_verifier',
  ].map((name) => name.toLowerCase()),
);

export function isSecretMember(name: string): boolean {
  return secretMembers.has(name.toLowerCase());
}

/**
 * Form and query parameters that carry a secret: the secret members, and the OAuth authorisation `code` (in a token
 * request's form body or a callback URL). A JSON member named `code` is a message code, not a secret, so it stays.
 */
const secretParameters = new Set([...secretMembers, 'code']);

export function isSecretParameter(name: string): boolean {
  return secretParameters.has(name.toLowerCase()) || /password/i.test(name);
}

export interface RedactOptions {
  /** Values known to be secret (e.g. the profiles' bearer tokens), removed wherever they appear. */
  secrets?: readonly (string | undefined)[];
}

/** Secrets shorter than this are not scrubbed as substrings: they would blank out ordinary text. */
const MIN_SECRET_LENGTH = 4;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function scrubber(options: RedactOptions): (text: string) => string {
  const secrets = [...new Set(options.secrets ?? [])].filter(
    (secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH,
  );
  if (secrets.length === 0) return (text) => text;
  // Longest first, so a secret that contains another is removed whole.
  const pattern = new RegExp(
    secrets
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|'),
    'g',
  );
  return (text) => text.replace(pattern, REDACTED);
}

export function redactHeaders(headers: Record<string, string>, options: RedactOptions = {}): Record<string, string> {
  const scrub = scrubber(options);
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, isSecretHeader(name) ? REDACTED : scrub(value)]),
  );
}

function redactValue(value: unknown, scrub: (text: string) => string): unknown {
  if (typeof value === 'string') return scrub(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, scrub));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, member]) => [
        name,
        isSecretMember(name) && member !== null && member !== undefined ? REDACTED : redactValue(member, scrub),
      ]),
    );
  }
  return value;
}

/** A copy of a parsed body with secret members replaced; a string body is treated as body text. */
export function redactBody(body: unknown, options: RedactOptions = {}): unknown {
  if (typeof body === 'string') return redactBodyText(body, options);
  return redactValue(body, scrubber(options));
}

const memberNames = [...secretMembers].map(escapeRegExp).join('|');
// "password": "…", "password":{…}, and form-encoded password=…; matched case-insensitively.
const jsonMember = new RegExp(`("(?:${memberNames})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|\\{[^{}]*\\}|[^,}\\]\\s]+)`, 'gi');
const parameterNames = [...secretParameters].map(escapeRegExp).join('|');
const formMember = new RegExp(`(^|[?&])((?:${parameterNames})=)[^&#\\s]*`, 'gi');

/** A raw body: parsed and redacted when it is JSON; otherwise secret members are blanked in the text. */
export function redactBodyText(text: string, options: RedactOptions = {}): string {
  const scrub = scrubber(options);
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      return JSON.stringify(redactValue(parsed, scrub));
    } catch {
      // Not valid JSON after all: fall through to the textual replacement.
    }
  }
  return scrub(text.replace(jsonMember, `$1"${REDACTED}"`).replace(formMember, `$1$2${REDACTED}`));
}

/** Query parameters that carry secrets (e.g. ?access_token=, ?code=) are blanked too. */
export function redactUrl(url: string, options: RedactOptions = {}): string {
  const scrub = scrubber(options);
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return scrub(url);
  const query = url.slice(queryStart).replace(/([?&])([^=&#]*)=([^&#]*)/g, (whole, separator: string, name: string) => {
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // keep it as it is
    }
    return isSecretHeader(decoded) || isSecretParameter(decoded)
      ? `${separator}${name}=${encodeURIComponent(REDACTED)}`
      : whole;
  });
  return scrub(url.slice(0, queryStart) + query);
}

/** The parts of an exchange that can carry a secret; an update to an exchange may hold only some of them. */
type ExchangeParts = Partial<Pick<Exchange, 'request' | 'response' | 'error'>>;

/** A copy of an exchange, or of the parts of one, with every secret replaced; the original is left as it is. */
export function redactExchange<T extends ExchangeParts>(exchange: T, options: RedactOptions = {}): T {
  const scrub = scrubber(options);
  const { request, response, error } = exchange;
  return {
    ...exchange,
    ...(request && {
      request: {
        ...request,
        url: redactUrl(request.url, options),
        headers: redactHeaders(request.headers, options),
        ...(request.body !== undefined && { body: redactBody(request.body, options) }),
      },
    }),
    ...(response && {
      response: {
        ...response,
        headers: redactHeaders(response.headers, options),
        ...(response.body !== undefined && { body: redactBody(response.body, options) }),
        bodyText: redactBodyText(response.bodyText, options),
      },
    }),
    ...(error && { error: { ...error, message: scrub(error.message) } }),
  };
}
