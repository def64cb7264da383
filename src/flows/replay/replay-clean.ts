// An exchange made fit for a file that leaves the console: redacted as the inspector redacts it, then cleared of the
// secrets a bank or a hand-edited request may carry beyond XS2A's own (API keys, passphrases, private keys in PEM),
// and, in presenter mode, masked as every screen masks bank data: account numbers, people's names and addresses.
import { redactExchange, REDACTED, type BankDataDisplay, type Exchange } from '../../api';
import { maskedBodyText } from '../../components/ui';
import { maskBankData, maskPersonalDataInText } from '../../xs2a/masking';
import type { ReplayData } from './replay-data';

/** Header names that carry a key, passphrase, password, PIN or one-time code (beyond the inspector's list). */
const secretHeader = /key|passphrase|password|\bpin\b|\botp\b/i;
/** Member and parameter names that carry one: exact names, and any name saying passphrase, private key or secret. */
const secretMember = /^(?:key|pin|otp|tan|passphrase)$|passphrase|private_?key|api_?key|client_?key|secret|password/i;
/** A private key in PEM, wherever it sits in a text. */
const pemPrivateKey = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
/** Form and query parameters (`name=value`). */
const parameter = /(^|[?&\s])([^=&?#\s]+)=([^&#\s]*)/g;

type Clean = (text: string) => string;

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** Free text without private keys and secret parameters. */
function withoutSecretText(text: string): string {
  return text
    .replace(pemPrivateKey, REDACTED)
    .replace(parameter, (whole, start: string, name: string) =>
      secretMember.test(decoded(name)) ? `${start}${name}=${encodeURIComponent(REDACTED)}` : whole,
    );
}

/** Free text: private keys and secret parameters removed, then (presenter mode) bank data masked. */
function textCleaner(display: BankDataDisplay): Clean {
  return (text) => display.text(withoutSecretText(text));
}

/** A JSON value with every secret member redacted and every text cleared of secrets. */
function withoutSecrets(value: unknown): unknown {
  if (typeof value === 'string') return value === REDACTED ? value : withoutSecretText(value);
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [
        name,
        secretMember.test(name) && item !== null && item !== undefined ? REDACTED : withoutSecrets(item),
      ]),
    );
  }
  return value;
}

/** A JSON value without secrets and, in presenter mode, masked as every screen masks bank data (maskBankData). */
function cleanValue(value: unknown, display: BankDataDisplay): unknown {
  const cleaned = withoutSecrets(value);
  return display.masked ? maskBankData(cleaned) : cleaned;
}

/** A body as text: JSON is cleaned member by member and written again; any other text as free text. */
function cleanBodyText(text: string, clean: Clean, display: BankDataDisplay): string {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return JSON.stringify(cleanValue(JSON.parse(text), display), null, 2);
    } catch {
      // cut short or not JSON after all: cleaned as text
    }
  }
  return clean(text);
}

function cleanHeaders(headers: Record<string, string>, clean: Clean): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, secretHeader.test(name) ? REDACTED : clean(value)]),
  );
}

export interface CleanOptions {
  /** Values known to be secret (the profiles' and the tab's tokens), removed wherever they appear. */
  secrets: readonly (string | undefined)[];
  /** How bank data is shown; presenter mode masks it. */
  display: BankDataDisplay;
}

/** A copy of `raw` with no secret left and, in presenter mode, bank data masked; the original is left as it is. */
export function cleanExchange(raw: Exchange, { secrets, display }: CleanOptions): Exchange {
  const exchange = redactExchange(raw, { secrets });
  const clean = textCleaner(display);
  const { request, response, error } = exchange;
  const requestBody =
    request.body === undefined
      ? undefined
      : typeof request.body === 'string'
        ? cleanBodyText(request.body, clean, display)
        : cleanValue(request.body, display);
  return {
    ...exchange,
    request: {
      ...request,
      url: clean(request.url),
      headers: cleanHeaders(request.headers, clean),
      ...(requestBody !== undefined && { body: requestBody }),
    },
    ...(response && {
      response: {
        ...response,
        headers: cleanHeaders(response.headers, clean),
        body: response.body === undefined ? undefined : cleanValue(response.body, display),
        bodyText: cleanBodyText(response.bodyText, clean, display),
      },
    }),
    ...(error && { error: { ...error, message: clean(error.message) } }),
  };
}

/** A text of the console's own (a title, a step's words) cleaned like the exchanges' texts. */
export function cleanText(text: string, { display }: Pick<CleanOptions, 'display'>): string {
  return textCleaner(display)(text);
}

const BODY_MEMBERS = new Set(['requestBody', 'responseBody']);

function maskedReplayValue(value: unknown, member = ''): unknown {
  if (typeof value === 'string')
    return BODY_MEMBERS.has(member) ? maskedBodyText(value) : maskPersonalDataInText(value);
  if (Array.isArray(value)) return value.map((item) => maskedReplayValue(item, member));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, maskedReplayValue(item, name)]));
  }
  return value;
}

/**
 * A replay saved without masking, as presenter mode shows it: every text masked as free text (account numbers,
 * addresses, people's names) and the bodies member by member. A replay saved masked is shown as it is.
 */
export function maskedReplay(data: ReplayData): ReplayData {
  if (data.masked) return data;
  return { ...(maskedReplayValue(data) as ReplayData), masked: true };
}
