// The one entry point that talks HTTP to a bank: builds the XS2A request, sends and records it (send-recorded.ts),
// reads the answer (answer-bodies.ts) and checks it against 1.3.12 (answer-checks.ts, header-checks.ts).
import type * as Operations from '../xs2a/operations';
import type { OperationName, ResponseSchemaOptions } from '../xs2a/operations';
import { withoutNulls } from '../xs2a/readers';
import { answerOf, errorBodyParts } from './answer-bodies';
import { checkAnswer, expectsJson, loadOperations } from './answer-checks';
import { updateExchange } from './exchange-log';
import { loadMessageMeanings, type Deviation, type PrefixedLink } from './errors';
import { ECHO_ONLY, headerDeviations } from './header-checks';
import { followBankLink } from './link-prefix';
import type { BankProfile } from './profiles/bank-profile';
import { sendWaitingOnRateLimits } from './rate-limit';
import { buildHeaders } from './request-headers';
import { relayFailureOf, sendRecorded } from './send-recorded';
import { buildUrl } from './urls';

export { buildHeaders, profileToken, psuHeaderNames } from './request-headers';
export { buildUrl, originOf, parseJsonText, requestUrlFor, v1Path } from './urls';
export {
  DEFAULT_TIMEOUT_MS,
  recordPlainAnswer,
  redirectOf,
  relayFailureOf,
  sendRecorded,
  type RecordedExchange,
  type RecordedRequest,
} from './send-recorded';

/** An operation of 1.3.12: a key of `operations` in src/xs2a/operations.ts. */
export type OperationId = OperationName;

export interface Xs2aResult<T> {
  body: T;
  status: number;
  /** The X-Request-ID this request was sent with. */
  requestId: string;
  /** Response headers, names in lower case. */
  headers: Record<string, string>;
  /** Where the body or headers do not match the operation's 1.3.12 answer; the body is returned all the same. */
  deviations: Deviation[];
  /**
   * Headers of 1.3.12 the browser did not let the console read (a cross-origin bank that does not expose them in
   * Access-Control-Expose-Headers): not checked, so not reported as missing. Undefined when every one could be read.
   */
  uncheckedHeaders?: string[];
  exchangeId: string;
  /** Set when the request followed a bank's link under the base_url's prefix (the link as given led nowhere). */
  linkPrefix?: PrefixedLink;
}

export interface Xs2aRequestOptions {
  profile: BankProfile;
  /** Selects the response schema the body is checked against. */
  operationId: OperationId;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** '/v1/…', appended to profile.baseUrl. */
  path?: string;
  /**
   * Or a `_links` href from the bank: absolute, or relative (resolved against the base_url's origin). Followed as
   * given; when nothing answers there and its path lacks the base_url's prefix, under the base_url (link-prefix.ts).
   */
  href?: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /**
   * Or a body that is no JSON (a pain.001 document, a standing order's multipart body): sent as this text with this
   * Content-Type and recorded as text. No JSON schema applies to it; its writer checks it (a document's well-formedness).
   */
  document?: SentDocument;
  /** Extra headers (TPP-Redirect-URI, PSU-ID…), replacing the profile's; undefined and empty values are skipped. */
  headers?: Record<string, string | undefined>;
  consentId?: string;
  /** Inspector grouping, e.g. 'payment:<paymentId>'. */
  flow?: string;
  signal?: AbortSignal;
  /** Default: the profile's request timeout (30 s when it sets none). */
  timeoutMs?: number;
  /** What picks the response schema where the operation alone does not (payment service, update-PSU-data step). */
  schema?: Omit<ResponseSchemaOptions, 'status'>;
  /** The answer is a document of one of these types (a pain.001 payment's read): see ExactRequestOptions. */
  documentAnswer?: readonly string[];
}

/** A request body that is no JSON, as it is sent. */
export interface SentDocument {
  text: string;
  contentType: string;
}

/**
 * Sends one XS2A request and reads the answer. A 2xx resolves with the body (checked against the operation's 1.3.12
 * schema: deviations are reported, the data is returned all the same); anything else rejects with an Xs2aError. Every
 * outcome is recorded in the exchange log first.
 */
export async function xs2aRequest<T>(options: Xs2aRequestOptions): Promise<Xs2aResult<T>> {
  const { profile, body, document, method, operationId, signal } = options;
  const hasBody = body !== undefined || document !== undefined;
  const callHeaders = document
    ? {
        'Content-Type': document.contentType,
        ...(options.documentAnswer && { Accept: options.documentAnswer.join(', ') }),
        ...options.headers,
      }
    : options.documentAnswer
      ? { Accept: options.documentAnswer.join(', '), ...options.headers }
      : options.headers;
  // Each try is a request of its own, with a fresh X-Request-ID.
  const sendTo = (url: string) =>
    sendOperation<T>({
      ...options,
      url,
      headers: buildHeaders(profile, {
        requestId: crypto.randomUUID(),
        hasBody,
        consentId: options.consentId,
        headers: callHeaders,
        url,
      }),
      ...(document
        ? { body: document.text, bodyText: document.text }
        : hasBody && { body, bodyText: JSON.stringify(body) }),
    });
  // A read the bank answers 429 waits and is sent again; a write never is.
  const send = (url: string) =>
    method === 'GET' ? sendWaitingOnRateLimits(() => sendTo(url), { operationId, url, signal }) : sendTo(url);
  const url = buildUrl(profile.baseUrl, options, options.query);
  return options.href === undefined ? send(url) : followBankLink(profile.baseUrl, url, send);
}

/** A request of an operation with every part fixed by the caller: the URL, the exact headers, the body's exact text. */
export interface ExactRequestOptions extends Pick<
  Xs2aRequestOptions,
  'profile' | 'operationId' | 'method' | 'flow' | 'signal' | 'timeoutMs' | 'schema'
> {
  /**
   * The success answer is a document of one of these Content-Types (application/xml, multipart/form-data), not JSON:
   * its text is the result's body, its headers are checked, and an answer of another type is a deviation.
   */
  documentAnswer?: readonly string[];
  /** The bank's URL, query included. */
  url: string;
  /** Sent as they are: nothing is added (not even X-Request-ID or the profile's token). */
  headers: Record<string, string>;
  /** The body as the exchange log shows it (parsed JSON, or the text when it does not parse). */
  body?: unknown;
  /** The body's text as sent. */
  bodyText?: string;
}

/** Records and sends a request exactly as given; the X-Request-ID is the one in its headers. */
async function sendExact(options: RawRequestOptions, operationId: string) {
  const { profile, method, url, headers } = options;
  const requestId = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-request-id')?.[1] ?? '';
  const sent = await sendRecorded({
    profile,
    flow: options.flow,
    operationId,
    requestId,
    request: { method, url, headers, body: options.body },
    bodyText: options.bodyText,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  return { ...sent, requestId };
}

/** A request to a path that is no 1.3.12 operation, with every part given (the explorer's raw requests). */
export interface RawRequestOptions extends Omit<ExactRequestOptions, 'operationId' | 'schema' | 'method'> {
  method: string;
}

/**
 * Sends a request the console knows no operation for (a resent exchange of an unknown path) through the same path as
 * every other: recorded in the exchange log, through the profile's relay. Its answer, whatever its status, is recorded
 * as it came and not checked against a schema; rejects like sendOperation when no answer came.
 */
export async function sendRawRequest(
  options: RawRequestOptions & {
    /** What the inspector names the exchange (e.g. the operation of the exchange it was resent from). */
    label: string;
  },
): Promise<{ exchangeId: string; status: number }> {
  const { response, text, exchange } = await withErrorWords(sendExact(options, options.label));
  const { recorded } = answerOf(response, text);
  updateExchange(
    exchange.exchangeId,
    { durationMs: Date.now() - exchange.startedAt, response: recorded },
    exchange.redaction,
  );
  return { exchangeId: exchange.exchangeId, status: response.status };
}

/**
 * Sends a request whose parts are all given (the explorer's edited requests, resent exchanges) through the same path as
 * every other: recorded in the exchange log, through the profile's relay, its answer checked against the operation's
 * 1.3.12 answer. Resolves and rejects like xs2aRequest; the X-Request-ID checked for its echo is the one in `headers`.
 */
export async function sendOperation<T>(options: ExactRequestOptions): Promise<Xs2aResult<T>> {
  return withErrorWords(sendAndCheck<T>(options));
}

/**
 * Rejects as `sending` does, once the words that describe errors have loaded (they stay out of the first load): a page
 * that shows the error describes it in full at once.
 */
async function withErrorWords<T>(sending: Promise<T>): Promise<T> {
  try {
    return await sending;
  } catch (error) {
    await loadMessageMeanings();
    throw error;
  }
}

async function sendAndCheck<T>(options: ExactRequestOptions): Promise<Xs2aResult<T>> {
  const { operationId } = options;
  const { response, text, redirect, exchange, requestId } = await sendExact(options, operationId);
  const { exchangeId, startedAt, redaction, relayTarget, fail } = exchange;
  const { responseHeaders, contentType, parsed, recorded } = answerOf(response, text);
  const durationMs = Date.now() - startedAt;
  const status = { status: response.status, statusText: response.statusText };

  if (redirect) {
    // Through the relay, the bank's own status (X-Relay-Status) is what the inspector shows.
    const own = redirect.status === response.status;
    const shown = own ? recorded : { ...recorded, status: redirect.status ?? response.status, statusText: '' };
    updateExchange(exchangeId, { durationMs, response: shown }, redaction);
    throw fail('redirect', { ...redirect, statusText: own ? response.statusText : undefined });
  }
  if (!response.ok) {
    const relayError = relayTarget ? relayFailureOf(responseHeaders, parsed.body) : undefined;
    // The relay's own answer is not the bank's: its headers are not checked against 1.3.12.
    const echo = relayError
      ? { deviations: [], unchecked: [] }
      : headerDeviations(ECHO_ONLY, response, responseHeaders, requestId, parsed.body);
    updateExchange(
      exchangeId,
      {
        durationMs,
        response: recorded,
        deviations: echo.deviations,
        ...(echo.unchecked.length > 0 && { uncheckedHeaders: echo.unchecked }),
      },
      redaction,
    );
    if (relayError) throw fail('relay', { ...status, relayError });
    const parts = parsed.json ? errorBodyParts(parsed.body, contentType) : {};
    const hasErrorBody = (parts.tppMessages?.length ?? 0) > 0 || parts.problem !== undefined;
    throw fail('http', { ...status, ...parts, headers: responseHeaders, bodyText: hasErrorBody ? undefined : text });
  }

  if (options.documentAnswer) {
    const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
    const typeDeviations: Deviation[] = options.documentAnswer.includes(type)
      ? []
      : [
          {
            path: '(Content-Type)',
            message: `expected ${options.documentAnswer.join(' or ')}, got ${type || 'none'}`,
          },
        ];
    const echo = headerDeviations(ECHO_ONLY, response, responseHeaders, requestId, undefined);
    const deviations = [...typeDeviations, ...echo.deviations];
    updateExchange(exchangeId, { durationMs, response: recorded, deviations }, redaction);
    return { body: text as T, status: response.status, requestId, headers: responseHeaders, deviations, exchangeId };
  }

  let operations: typeof Operations | undefined;
  try {
    operations = await loadOperations();
  } catch {
    // A failed schema download (e.g. a redeployed console) must not hide the bank's answer; it is just not checked.
  }
  const jsonExpected = operations
    ? expectsJson(operations.operations, operationId, response.status)
    : text.trim() !== '';
  if (jsonExpected && !parsed.json) {
    updateExchange(exchangeId, { durationMs, response: recorded }, redaction);
    throw fail('invalid-response', { ...status, bodyText: text });
  }
  const headerCheck = headerDeviations(
    operations ? operations.operations[operationId].responseHeaders : ECHO_ONLY,
    response,
    responseHeaders,
    requestId,
    parsed.body,
  );
  // Null means absent: the body is read and checked without the members the bank sent as null, each one named.
  const read = withoutNulls(parsed.body);
  const checked = operations
    ? checkAnswer(operations, operationId, response.status, read.value, options.schema)
    : {
        deviations: [{ path: '(body)', message: 'not checked: the 1.3.12 schemas could not be loaded' }],
        value: read.value,
      };
  const deviations = [...checked.deviations, ...read.deviations, ...headerCheck.deviations];
  const uncheckedHeaders = headerCheck.unchecked.length > 0 ? headerCheck.unchecked : undefined;
  updateExchange(
    exchangeId,
    { durationMs, response: recorded, deviations, ...(uncheckedHeaders && { uncheckedHeaders }) },
    redaction,
  );
  return {
    body: checked.value as T,
    status: response.status,
    requestId,
    headers: responseHeaders,
    deviations,
    ...(uncheckedHeaders && { uncheckedHeaders }),
    exchangeId,
  };
}
