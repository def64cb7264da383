// The plain-language description of an XS2A error: what went wrong, what each code means, and what to check or do.
// Loaded with the first error (./errors' loadMessageMeanings), with the message codes' meanings, so no page's first load
// carries it.
import { describeMessageCode, isMessageCode } from '../xs2a/message-codes';
import { ownCodeOf, type OwnCode } from './bank-own-codes';
import { hasCode, prefixedLinkNote, redirectTitle, type Xs2aError, type Xs2aErrorDescription } from './errors';
import { askedWait, waitText } from './rate-limit-headers';

function meaningOf(code: string): string | undefined {
  return describeMessageCode(code);
}

/** The full description of an Xs2aError (./errors' describeXs2aError, once this module is loaded). */
export function describeFully(error: Xs2aError): Xs2aErrorDescription {
  return withHowItWasSent(error, describeKind(error));
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype html|html|head|body)[\s>]/i.test(text);
}

const HTML_EXCERPT_LENGTH = 160;

const htmlEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The visible words of a piece of HTML, as plain text on one line. */
function htmlText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[^]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[^]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const codePoint = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isInteger(codePoint) && codePoint > 0 && codePoint <= 0x10ffff
          ? String.fromCodePoint(codePoint)
          : ' ';
      }
      return htmlEntities[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** An HTML error page in brief: its title, then the start of its text ("503 Service Unavailable — The server…"). */
export function htmlPageExcerpt(html: string): string {
  const title = htmlText(/<title\b[^>]*>([^]*?)<\/title\s*>/i.exec(html)?.[1] ?? '');
  const body = htmlText((/<body\b[^>]*>([^]*)$/i.exec(html)?.[1] ?? html).replace(/<head\b[^]*?<\/head\s*>/i, ' '));
  // A page's first heading often repeats its title ("503 Service Unavailable" / "Service Unavailable"): said once.
  const heading = htmlText(/<h1\b[^>]*>([^]*?)<\/h1\s*>/i.exec(html)?.[1] ?? '');
  const repeated = [title, heading].find((part) => part && title.includes(part) && body.startsWith(part));
  const text = [title, repeated ? body.slice(repeated.length).trim() : body].filter(Boolean).join(' — ');
  if (text.length <= HTML_EXCERPT_LENGTH) return text;
  // Cut at a word's end.
  const cut = text.slice(0, HTML_EXCERPT_LENGTH);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length).replace(/[\s,.;:—-]+$/, '')}…`;
}

/** `the relay target "x"` for advice about its configuration; undefined for a request sent directly. */
function relayTargetLabel(error: Xs2aError): string | undefined {
  return error.relayTarget ? `the relay target “${error.relayTarget}”` : undefined;
}

const DIRECT_NO_CERTIFICATE =
  'A browser cannot present the TPP’s certificates to a bank: choose a relay target that has them (tls and signing in the relay config) in the profile’s Relay setting.';

/**
 * What to check or do about a code that points at the TPP's certificates, signature or OAuth token: the relay
 * config's members when the request went through a relay, the console's own ways (Settings, OAuth) otherwise.
 */
function adviceFor(code: string, error: Xs2aError): string | undefined {
  const target = relayTargetLabel(error);
  switch (code) {
    case 'CERTIFICATE_MISSING':
      return target
        ? `The bank wants the TPP’s certificate and did not get it. Check that ${target} has tls.cert and tls.key (or tls.pfx) for mutual TLS, and signing.key and signing.cert if the bank wants signed requests (TPP-Signature-Certificate), in the relay config.`
        : DIRECT_NO_CERTIFICATE;
    case 'CERTIFICATE_INVALID':
    case 'CERTIFICATE_BLOCKED':
    case 'CERTIFICATE_REVOKE':
      return target
        ? `Check the certificates ${target} uses (tls.cert or tls.pfx, and signing.cert, in the relay config): issued by a CA the bank trusts, for this TPP, and not blocked or revoked.`
        : DIRECT_NO_CERTIFICATE;
    case 'CERTIFICATE_EXPIRED':
      return target
        ? `A certificate ${target} sends has expired (tls.cert or tls.pfx, or signing.cert, in the relay config): renew it and point the relay config at the new file.`
        : DIRECT_NO_CERTIFICATE;
    case 'ROLE_INVALID':
      return 'The TPP’s certificate must carry the PSD2 role of this service (PSP_PI for payments, PSP_AI for accounts and consents): ask the certificate’s issuer for one that does.';
    case 'SIGNATURE_MISSING':
      return target
        ? `The bank wants signed requests: give ${target} a signing key and certificate (signing.key and signing.cert in the relay config), so the relay adds Digest, Signature and TPP-Signature-Certificate.`
        : 'The bank wants signed requests, which a browser cannot make with the TPP’s key: choose a relay target with signing (signing.key and signing.cert in the relay config).';
    case 'SIGNATURE_INVALID':
      return target
        ? `Check that signing.key of ${target} belongs to its signing.cert, and that the server’s clock is right (the Date header is signed).`
        : 'Check the signing key and certificate the requests are signed with, and the clock of the machine that signs them.';
    case 'TOKEN_UNKNOWN':
      return 'The bank does not know the token sent as Authorization: Bearer. Get a new token by authorising again at the bank (OAuth), or forget the session token or clear the profile’s bearer token in Settings.';
    case 'TOKEN_EXPIRED':
      return 'Get a new token by authorising again at the bank (OAuth). Settings shows the tokens the console holds for the profile and when they expire.';
    case 'TOKEN_INVALID':
      return 'The bank wants the token it issued for this consent or payment. Authorise it through OAuth to get that token; a token of another consent or payment is refused.';
    default:
      return undefined;
  }
}

/** What to check about the relay's own failures (X-Relay-Error). */
function relayAdvice(error: Xs2aError): string | undefined {
  const target = relayTargetLabel(error) ?? 'the relay target';
  switch (error.relayError?.code) {
    case 'CERTIFICATE_REJECTED':
      return `The relay presents the certificate in tls.cert and tls.key (or tls.pfx) of ${target}: the bank must trust its issuer, and it must be valid today. The relay reads its config when the console’s server starts, so restart it after changing the files.`;
    case 'TLS_FAILURE':
      return `The relay checks the bank’s certificate against tls.ca of ${target} (the public CAs when it has none) and the host name of its baseUrl. The relay reads its config when the console’s server starts, so restart it after changing it.`;
    case 'TARGET_NOT_ALLOWED':
      return `The relay forwards only to the origin of ${target}’s baseUrl and the origins in its alsoAllow list. Add the bank’s other origin (e.g. its OAuth server) to alsoAllow, or check the profile’s base_url.`;
    case 'TARGET_UNKNOWN':
      return 'The console’s server has no such relay target: choose one of its targets in the profile’s Relay setting.';
    default:
      return undefined;
  }
}

/** A bank's redirect, which the console does not follow: the status and location when they could be read. */
function describeRedirect(error: Xs2aError): { title: string; summary: string; advice: string } {
  const title = redirectTitle(error.status);
  const where = error.location
    ? `It pointed to ${error.location}.`
    : error.status === undefined
      ? 'The browser does not show where it pointed.'
      : 'It did not say where to.';
  const target = relayTargetLabel(error);
  return {
    title,
    summary: `${where} An XS2A bank answers API requests itself, so the request was not sent anywhere else.`,
    advice:
      `Check the base_url${target ? ` and the baseUrl of ${target}` : ''}: a bank that redirects its API is often ` +
      'reached with http:// instead of https://, without its path prefix, or through a gateway’s login page. The ' +
      'inspector shows the exchange.',
  };
}

/**
 * 1.3.12's ACCESS_EXCEEDED is the consent's reads for the day used up; a bank that names a wait with it (Retry-After)
 * uses it for a short rate limit, which the day's meaning would misrepresent.
 */
const RATE_LIMIT_MEANING =
  'Too many requests for now: the bank names a time to wait, so this is a limit on how often it is asked, not the consent’s reads for the day used up.';

/** What the bank that answered says of a code of its own (outside 1.3.12), as its admin API named it. */
function ownCode(code: string, error: Xs2aError): OwnCode | undefined {
  if (isMessageCode(code)) return undefined;
  return ownCodeOf(error.url, code);
}

function codeMeaning(code: string, error: Xs2aError): string | undefined {
  const rateLimit = code === 'ACCESS_EXCEEDED' && error.status === 429 && askedWait(error.headers ?? {}, Date.now());
  return rateLimit ? RATE_LIMIT_MEANING : (ownCode(code, error)?.meaning ?? meaningOf(code));
}

function messagesOf(error: Xs2aError): Xs2aErrorDescription['messages'] {
  const line = (code: string, text: string | undefined, path?: string) => {
    const advice = adviceFor(code, error) ?? ownCode(code, error)?.advice;
    const meaning = codeMeaning(code, error);
    return { code, meaning, text, ...(path !== undefined && { path }), ...(advice && { advice }) };
  };
  const messages: Xs2aErrorDescription['messages'] = error.tppMessages.map((message) =>
    line(message.code, message.text, message.path),
  );
  const problem = error.problem;
  if (problem) {
    for (const entry of [problem, ...(problem.additionalErrors ?? [])]) {
      messages.push(line(entry.code, entry.detail ?? entry.title));
    }
  }
  const bodyError = error.bodyError;
  if (bodyError) {
    // The bank's own words first, then how its body departs from 1.3.12.
    if (bodyError.code !== undefined) messages.push(line(bodyError.code, bodyError.text));
    else if (bodyError.text) messages.push({ text: bodyError.text });
    messages.push({ meaning: `The error body deviates from 1.3.12: ${bodyError.deviation}` });
  }
  return messages;
}

const BARE_TEXT_LIMIT = 300;

/**
 * The words of an error body that is neither a JSON object nor an HTML page: a bare JSON string or plain text, cut to
 * a readable length. Undefined for an empty body, JSON of another kind, or markup.
 */
function bareWords(bodyText: string): { text: string; form: string } | undefined {
  const trimmed = bodyText.trim();
  if (!trimmed || /^[[{<]/.test(trimmed)) return undefined;
  let text = trimmed;
  let form = 'plain text';
  if (trimmed.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (typeof parsed !== 'string' || !parsed.trim()) return undefined;
      text = parsed.trim();
      form = 'a bare JSON string';
    } catch {
      // not JSON after all: plain text that starts with a quote
    }
  }
  return { text: text.length > BARE_TEXT_LIMIT ? `${text.slice(0, BARE_TEXT_LIMIT - 1)}…` : text, form };
}

/** What a status without an XS2A error body most likely means. */
function hintForBodilessStatus(status: number): string {
  if (status === 401 || status === 403) {
    return 'The bank may require an access token (the profile’s bearer token) or a TPP certificate.';
  }
  if (status === 404) return 'The path does not exist there: check the base_url, including its prefix (e.g. /psd2).';
  if (status === 405) return 'The bank does not allow this method on this path.';
  if (status === 429) return 'Too many requests: wait a moment before trying again.';
  if (status >= 500) return 'The problem is on the bank’s side; try again later.';
  return '';
}

function describeHttp(
  error: Xs2aError,
  messages: Xs2aErrorDescription['messages'],
): { title: string; summary: string } {
  const status = error.status ?? 0;
  const statusLine = [status, error.statusText].filter(Boolean).join(' ');
  const code = messages[0]?.code;
  const label = code ? `${status} ${code}` : String(status);
  const title =
    status >= 500 ? `The bank could not process the request (${label})` : `The bank refused the request (${label})`;
  if (messages.length > 0) {
    const first = messages[0];
    return { title, summary: first?.text || first?.meaning || '' };
  }
  const bodyText = error.bodyText ?? '';
  if (looksLikeHtml(bodyText)) {
    const excerpt = htmlPageExcerpt(bodyText);
    const says = excerpt ? ` The page says: “${excerpt}”.` : '';
    if (status >= 500) {
      return {
        title: `The bank’s gateway answered with an HTML page (${status})`,
        summary: `${says.trim() || 'The page says nothing more.'} An HTML page is not an XS2A error body: the bank’s gateway or a proxy answered instead of the bank’s API, which may be down or overloaded; try again later.`,
      };
    }
    return {
      title,
      summary: `The answer (${statusLine}) is an HTML page, not an XS2A error body: the base_url may be wrong, or a proxy or gateway answered instead of the bank.${says}`,
    };
  }
  const words = bareWords(bodyText);
  if (words) {
    // The bank's own words first, then how the body departs from 1.3.12.
    return {
      title,
      summary:
        `The bank says: “${words.text}”. Its error body deviates from 1.3.12: ${words.form} instead of a JSON ` +
        `error body with tppMessages. ${hintForBodilessStatus(status)}`.trim(),
    };
  }
  const what = bodyText.trim() ? 'an answer that is not an XS2A error body' : 'no error body';
  return { title, summary: `The bank answered ${statusLine} with ${what}. ${hintForBodilessStatus(status)}`.trim() };
}

/**
 * What the console did on its own before this error (a bank's link followed under the prefix, waits on a 429), and when
 * to try again after an outage.
 */
function withHowItWasSent(error: Xs2aError, description: Xs2aErrorDescription): Xs2aErrorDescription {
  const notes = [
    ...(error.linkPrefix ? [prefixedLinkNote(error.linkPrefix)] : []),
    ...[error.status === 429 ? rateLimitAdvice(error) : outageAdvice(error, description)].filter(
      (note) => note !== undefined,
    ),
  ];
  if (notes.length === 0) return description;
  const advice = [description.advice, ...notes].filter(Boolean).join(' ');
  return { ...description, advice };
}

/** The statuses of a bank that is down or overloaded for now (a gateway's included): worth trying again later. */
const OUTAGE_STATUSES = [502, 503, 504];

/**
 * When to try again after an outage (503 and a gateway's 502 and 504), from any bank: after the wait it asked for
 * (Retry-After), else later and backing off. Without a wait named, a code whose advice the bank gave already says it.
 */
function outageAdvice(error: Xs2aError, description: Xs2aErrorDescription): string | undefined {
  if (error.kind !== 'http' || !OUTAGE_STATUSES.includes(error.status ?? 0)) return undefined;
  const asked = askedWait(error.headers ?? {}, Date.now());
  if (asked) {
    return `The bank is unavailable for now and asked to wait ${waitText(asked.ms)} (${asked.said}): try again once that time has passed, not before.`;
  }
  if (description.messages.some((message) => message.advice)) return undefined;
  return 'The bank is unavailable for now and named no time to wait (no Retry-After): try again later, not at once, waiting a few seconds at first and longer each time it answers so.';
}

/** A 429 that names no wait: back off, unless it is the consent's reads for the day used up (ACCESS_EXCEEDED). */
function unnamedWaitAdvice(error: Xs2aError): string | undefined {
  if (hasCode(error, 'ACCESS_EXCEEDED')) return undefined;
  return 'The bank named no time to wait (no Retry-After): wait a few seconds before sending the request again, and longer each time it answers 429.';
}

/** What the bank asked for in a 429 and what the console did about it, in words; undefined when there is nothing to say. */
function rateLimitAdvice(error: Xs2aError): string | undefined {
  const asked = askedWait(error.headers ?? {}, Date.now());
  const limit = error.rateLimit;
  if (!limit) {
    return asked
      ? `The bank asked to wait ${waitText(asked.ms)} (${asked.said}). The console does not send this request again by itself: send it again once the time has passed.`
      : unnamedWaitAdvice(error);
  }
  const waitAsked = limit.askedMs === undefined ? undefined : waitText(limit.askedMs);
  switch (limit.end) {
    case 'cancelled':
      return `${waitAsked ? `The bank asked to wait ${waitAsked}` : 'The bank asked to slow down without saying for how long'}; the wait was cancelled after ${limit.tries} ${limit.tries === 1 ? 'try' : 'tries'}. Try again when you are ready.`;
    case 'tries':
      return `The console tried ${limit.tries} times, waiting between the tries as the bank asked, and the bank still answered 429. Try again later.`;
    case 'too-long':
      return `The bank asked to wait ${waitAsked ?? 'longer'}, longer than the console waits by itself (${waitText(limit.budgetMs ?? 0)} in all). Try again once the time has passed.`;
  }
}

function describeKind(error: Xs2aError): Xs2aErrorDescription {
  const base = {
    requestId: error.requestId,
    status: error.status,
    ...(error.exchangeId !== '' && { exchangeId: error.exchangeId }),
  };
  const origin = originOf(error.url);
  switch (error.kind) {
    case 'http': {
      const messages = messagesOf(error);
      return { ...base, ...describeHttp(error, messages), messages };
    }
    case 'network':
      return {
        ...base,
        title: 'The bank could not be reached',
        summary:
          `The request to ${origin} got no answer the browser could read. Either the bank is unreachable (check the ` +
          'base_url, the network and that the server is running), or it refused this cross-origin request (CORS): ' +
          `the bank must allow requests from ${consoleOriginLabel()} with the XS2A headers, and expose X-Request-ID.`,
        messages: [],
      };
    case 'timeout':
      return {
        ...base,
        title: 'The bank did not answer in time',
        summary: `No answer from ${origin} within ${Math.round((error.timeoutMs ?? 30_000) / 1000)} s. The bank may be slow or overloaded; try again, or give the profile a longer request timeout in Settings.`,
        messages: [],
      };
    case 'aborted':
      return {
        ...base,
        title: 'The request was cancelled',
        summary: 'It was stopped before the bank answered.',
        messages: [],
      };
    case 'relay': {
      const advice = relayAdvice(error);
      return {
        ...base,
        title: 'The console’s relay could not reach the bank',
        summary: error.relayError?.message ?? `The relay answered ${error.status ?? ''} without saying why.`.trim(),
        messages: [],
        ...(advice && { advice }),
      };
    }
    case 'redirect':
      return { ...base, ...describeRedirect(error), messages: [] };
    case 'invalid-response':
      return {
        ...base,
        title: 'The bank’s answer could not be read',
        summary: `The bank answered ${[error.status, error.statusText].filter(Boolean).join(' ')} but the body is not the JSON this operation returns.`,
        messages: [],
      };
  }
}

function consoleOriginLabel(): string {
  return typeof window !== 'undefined' && window.location?.origin ? window.location.origin : 'the console’s origin';
}
