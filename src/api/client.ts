// The one place that talks HTTP to a bank: builds the XS2A request, records it for the inspector, reads the answer.
import type * as z from 'zod/mini';
import type * as Operations from '../xs2a/operations';
import type { OperationName, ResponseSchemaOptions } from '../xs2a/operations';
import type { ProblemJson, TppMessage } from '../xs2a/errors';
import { deviationInWords, readAsTyped, withoutNulls } from '../xs2a/readers';
import { recordExchange, updateExchange, type Exchange } from './exchange-log';
import {
  loadMessageMeanings,
  Xs2aError,
  type BodyError,
  type Deviation,
  type PrefixedLink,
  type RelayFailure,
  type Xs2aErrorDetails,
  type Xs2aErrorKind,
} from './errors';
import { followBankLink } from './link-prefix';
import { sessionTokens } from './oauth/session-tokens';
import { DEFAULT_TIMEOUT_SECONDS, profileTimeoutMs, type BankProfile } from './profiles/bank-profile';
import { sendWaitingOnRateLimits } from './rate-limit';
import { noteBankAnswer } from './bank-time';
import type { RedactOptions } from './redact';
import { withoutForeignTokens } from './token-guard';
import { buildHeaders } from './request-headers';
import { buildUrl, parseJsonText, requestUrlFor } from './urls';

export { buildHeaders, profileToken, psuHeaderNames } from './request-headers';
export { buildUrl, originOf, parseJsonText, requestUrlFor, v1Path } from './urls';

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
}

export const DEFAULT_TIMEOUT_MS = DEFAULT_TIMEOUT_SECONDS * 1000;

/** The relay's own failure in an answer marked X-Relay-Error; undefined for a bank's answer. */
export function relayFailureOf(headers: Record<string, string>, body: unknown): RelayFailure | undefined {
  const code = headers['x-relay-error'];
  if (!code) return undefined;
  const relayError = (body as { relayError?: { message?: unknown } } | null | undefined)?.relayError;
  const message =
    typeof relayError?.message === 'string' && relayError.message
      ? relayError.message
      : `The relay could not forward the request (${code}).`;
  return { code, message };
}

/**
 * A bank's redirect in an answer, which the console shows and never follows: an opaque redirect (all a browser gives
 * under `redirect: 'manual'`: no status, no headers), a 3xx the page can read, or the relay's answer for a bank's 3xx
 * (the relay passes the bank's Location on as X-Relay-Location, never as Location). Undefined for any other answer.
 */
export function redirectOf(response: Response): { status?: number; location?: string } | undefined {
  if (response.type === 'opaqueredirect') return {};
  const relayed = response.headers.get('x-relay-location') || undefined;
  // The relay answers a bank's redirect as 502 BANK_REDIRECT, with the bank's status in X-Relay-Status.
  const relayedStatus = Number(response.headers.get('x-relay-status') ?? Number.NaN);
  const status = relayedStatus >= 300 && relayedStatus < 400 ? relayedStatus : response.status;
  const isRedirect = status >= 300 && status < 400;
  if (!isRedirect && relayed === undefined) return undefined;
  const location = relayed ?? (response.headers.get('location') || undefined);
  return { ...(isRedirect && { status }), ...(location !== undefined && { location }) };
}

/** A request to a bank as `sendRecorded` records and sends it. */
export interface RecordedRequest {
  profile: BankProfile;
  /** Inspector grouping, e.g. 'consent:<consentId>'. */
  flow?: string;
  operationId: string;
  /** The X-Request-ID sent; empty for a request that carries none (OAuth). */
  requestId: string;
  /** The request as the exchange log shows it. */
  request: Exchange['request'];
  /** The body as sent. */
  bodyText: string | undefined;
  /** The caller's cancellation. */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Further secrets the request carries (e.g. the sandbox's admin token), redacted like the profile's token. */
  secrets?: readonly string[];
}

/** The exchange a sent request is recorded as; `fail` records an error on it and returns the Xs2aError to throw. */
export interface RecordedExchange {
  exchangeId: string;
  startedAt: number;
  redaction: RedactOptions;
  relayTarget: string | undefined;
  fail: (kind: Xs2aErrorKind, details?: Partial<Xs2aErrorDetails>) => Xs2aError;
}

/**
 * Records a request in the exchange log (the profile's and this tab's tokens redacted) and sends it, through the
 * profile's relay when it has one, within the timeout. Every request of the console to a bank passes here (the admin
 * API's discovery excepted, which makes the same check): an Authorization header carrying a token this tab holds for
 * another origin than the request URL's is taken off first (token-guard.ts), and the log shows the request as sent.
 * Resolves with the answer, its text and its redirect when it is one the page can read; rejects with the recorded
 * Xs2aError when no answer came (aborted, timeout, network) or the browser hid a redirect.
 */
export async function sendRecorded(options: RecordedRequest) {
  const { profile } = options;
  const request = { ...options.request, headers: withoutForeignTokens(options.request.url, options.request.headers) };
  const startedAt = Date.now();
  // The log keeps no secret: the tokens are removed wherever the bank might echo them, not only from Authorization.
  const redaction = {
    secrets: [profile.bearerToken?.trim(), ...sessionTokens.allValues(), ...(options.secrets ?? [])],
  };
  const relayTarget = profile.relayTarget?.trim() || undefined;
  // The log shows the bank's URL; the exchange notes the relay it went through.
  const exchangeId = recordExchange(
    {
      flow: options.flow,
      operationId: options.operationId,
      requestId: options.requestId,
      startedAt,
      request,
      ...(relayTarget && { relayTarget }),
    },
    redaction,
  );
  const timeoutMs = options.timeoutMs ?? profileTimeoutMs(profile);
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const { requestId } = options;
  const { url } = request;
  const fail = (kind: Xs2aErrorKind, details: Partial<Xs2aErrorDetails> = {}) => {
    const error = new Xs2aError({ kind, requestId, exchangeId, url, timeoutMs, relayTarget, ...details });
    updateExchange(
      exchangeId,
      { durationMs: Date.now() - startedAt, error: { kind, message: error.message } },
      redaction,
    );
    return error;
  };
  const exchange: RecordedExchange = { exchangeId, startedAt, redaction, relayTarget, fail };

  let response: Response;
  let text: string;
  try {
    response = await fetch(requestUrlFor(profile, url), {
      method: request.method,
      headers: request.headers,
      body: options.bodyText,
      signal,
      cache: 'no-store',
      // A bank's answer is never a redirect to follow: following one would send the request, with the PSU's data or an
      // OAuth code, to wherever the bank points (another origin, or another relay target).
      redirect: 'manual',
    });
    // The bank's Date tells its time (bank-time.ts); the exchange's timing stays on the browser's clock.
    noteBankAnswer(profile.baseUrl, response.headers, startedAt);
    text = await response.text();
  } catch (cause) {
    if (options.signal?.aborted) throw fail('aborted', { cause });
    throw fail(timeout.aborted ? 'timeout' : 'network', { cause });
  }
  const redirect = redirectOf(response);
  if (redirect && response.type === 'opaqueredirect') throw fail('redirect');
  return { response, text, redirect, exchange };
}

/**
 * Records an answer that is not an XS2A operation's (OAuth, the sandbox's admin API) on its exchange as it came: its
 * status, headers and body, nothing checked against 1.3.12. Returns the headers and the body parsed when it is JSON.
 */
export function recordPlainAnswer(exchange: RecordedExchange, response: Response, text: string) {
  const headers = Object.fromEntries(response.headers.entries());
  const body = parseJsonText(text);
  updateExchange(
    exchange.exchangeId,
    {
      durationMs: Date.now() - exchange.startedAt,
      response: {
        status: response.status,
        statusText: response.statusText,
        headers,
        ...(body !== undefined && { body }),
        bodyText: text,
      },
    },
    exchange.redaction,
  );
  return { headers, body };
}

let operationsModule: Promise<typeof Operations> | undefined;

/** The response schemas weigh more than the rest of the console's first load, so they come when the first answer does. */
function loadOperations(): Promise<typeof Operations> {
  operationsModule ??= import('../xs2a/operations').catch((error: unknown) => {
    operationsModule = undefined; // tried again with the next answer
    throw error;
  });
  return operationsModule;
}

/** `accounts.0.iban` → `accounts[0].iban`; the body itself is '(body)'. */
function readablePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || '(body)';
}

/** Whether a success answer of this operation and status has a JSON body in 1.3.12. */
function expectsJson(operations: (typeof Operations)['operations'], operationId: OperationId, status: number): boolean {
  return status !== 204 && 'response' in operations[operationId];
}

/**
 * The answer checked against its operation's 1.3.12 answer: each deviation, and the body as the console reads it (each
 * member read as its 1.3.12 type where it can be, readAsTyped), with what was made of a member said in its deviation.
 */
function checkAnswer(
  { operations, responseSchemaFor }: typeof Operations,
  operationId: OperationId,
  status: number,
  body: unknown,
  schemaOptions: Xs2aRequestOptions['schema'],
): { deviations: Deviation[]; value: unknown } {
  const deviations: Deviation[] = [];
  const expected: readonly number[] = operations[operationId].successStatus;
  if (!expected.includes(status)) {
    deviations.push({
      path: '(status)',
      message: `1.3.12 answers this operation with ${expected.join(' or ')}, not ${status}`,
    });
  }
  let schema;
  try {
    schema = responseSchemaFor(operationId, { ...schemaOptions, status });
  } catch {
    // getPaymentInformation without its payment service: nothing to check against
    return { deviations, value: body };
  }
  if (!schema) return { deviations, value: body };
  const check = (value: unknown) => schema.safeParse(value).error?.issues ?? [];
  const issues = check(body);
  const read = readAsTyped(body, check, issues);
  issues.forEach((issue, index) => {
    const note = read.notes[index];
    const message = issueMessage(issue, body);
    deviations.push({ path: readablePath(issue.path), message: note ? `${message}: ${note}` : message });
  });
  return { deviations, value: read.value };
}

/** The value at a zod issue's path, and whether its last member is absent from the object that should hold it. */
function valueAt(body: unknown, path: readonly PropertyKey[]): { value: unknown; absent: boolean } {
  let current: unknown = body;
  for (const [index, segment] of path.entries()) {
    if (typeof current !== 'object' || current === null) return { value: undefined, absent: false };
    const container = current as Record<PropertyKey, unknown>;
    if (index === path.length - 1 && !Array.isArray(container) && !(segment in container)) {
      return { value: undefined, absent: true };
    }
    current = container[segment];
  }
  return { value: current, absent: false };
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/**
 * The deviation in words: a member the schema requires and the bank left out is "missing" (not the format it would
 * have had), a date-time where 1.3.12 has a date is named as such; otherwise zod's own message.
 */
function issueMessage(issue: z.core.$ZodIssue, body: unknown): string {
  const { value, absent } = issue.path.length > 0 ? valueAt(body, issue.path) : { value: body, absent: false };
  // Whatever the schema expected there (a type, one of an enum's values, a union's branch), the member is absent.
  if (absent) return 'missing: 1.3.12 requires this field';
  const inWords = deviationInWords(issue.path, value);
  if (inWords !== undefined) return inWords;
  if (
    issue.code === 'invalid_format' &&
    issue.format === 'date' &&
    typeof value === 'string' &&
    DATE_TIME.test(value)
  ) {
    return 'a date-time where 1.3.12 has a date';
  }
  return issue.message;
}

/** The SCA approach an answer shows by its body, where it shows one: its SCA links or an embedded step. */
function scaApproachShown(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const links = typeof record._links === 'object' && record._links !== null ? record._links : {};
  if ('scaRedirect' in links || 'scaOAuth' in links) return 'REDIRECT';
  if ('challengeData' in record) return 'EMBEDDED';
  if ('chosenScaMethod' in record || 'scaMethods' in record) return 'EMBEDDED or DECOUPLED';
  return undefined;
}

/**
 * Whether the page can tell that a header is absent. Same-origin answers (the relay's, the console's own sandbox) show
 * every header; a cross-origin answer shows only the headers the bank lists in Access-Control-Expose-Headers, so one
 * it does not list may be there all the same.
 */
function headerReadable(response: Response, headers: Record<string, string>, name: string): boolean {
  if (response.type !== 'cors') return true;
  const exposed = (headers['access-control-expose-headers'] ?? '').split(',').map((item) => item.trim().toLowerCase());
  return exposed.includes(name.toLowerCase()) || exposed.includes('*');
}

/**
 * The header deviations of an answer: the X-Request-ID echo (on every answer, errors included), and for a success the
 * headers the operation's 1.3.12 answer requires (Location on 201, ASPSP-SCA-Approach once the approach is fixed) and
 * the values it allows. A header the browser cannot read is listed as unchecked instead of reported missing.
 */
function headerDeviations(
  specs: readonly Operations.ResponseHeaderSpec[],
  response: Response,
  headers: Record<string, string>,
  requestId: string,
  body: unknown,
): { deviations: Deviation[]; unchecked: string[] } {
  const deviations: Deviation[] = [];
  const unchecked: string[] = [];
  for (const spec of specs) {
    const path = `header ${spec.name}`;
    const value = headers[spec.name.toLowerCase()]?.trim();
    if (value === undefined || value === '') {
      const approach = spec.presence === 'when-sca-approach-fixed' ? scaApproachShown(body) : undefined;
      if (spec.presence === 'optional' || (spec.presence === 'when-sca-approach-fixed' && !approach)) continue;
      if (!headerReadable(response, headers, spec.name)) {
        unchecked.push(spec.name);
        continue;
      }
      let message: string;
      if (spec.name === 'X-Request-ID') {
        message = `missing: 1.3.12 echoes the request’s X-Request-ID (${requestId}) in every answer`;
      } else if (spec.name === 'Location') {
        message = 'missing: the answer does not say where the created resource is (1.3.12 has Location here)';
      } else if (approach) {
        message = `missing: the answer shows the SCA approach (${approach}), and 1.3.12 then names it in ASPSP-SCA-Approach`;
      } else {
        message = 'missing: 1.3.12 requires it here';
      }
      deviations.push({ path, message });
      continue;
    }
    if (spec.name === 'X-Request-ID' && value.toLowerCase() !== requestId.toLowerCase()) {
      deviations.push({ path, message: `${value}, not the X-Request-ID the console sent (${requestId})` });
    } else if (spec.values && !spec.values.includes(value)) {
      deviations.push({ path, message: `${value} is not one of ${spec.values.join(', ')}` });
    }
  }
  return { deviations, unchecked };
}

/** The X-Request-ID echo of an answer whose operation's headers are not at hand (an error, or no schemas loaded). */
const ECHO_ONLY: readonly Operations.ResponseHeaderSpec[] = [{ name: 'X-Request-ID', presence: 'required' }];

function isJsonContentType(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type.endsWith('+json');
}

/** The parsed body when the answer is JSON by its content type or its looks; undefined otherwise. */
function parseBody(text: string, contentType: string): { json: boolean; body?: unknown } {
  const trimmed = text.trim();
  if (!trimmed) return { json: false };
  if (!isJsonContentType(contentType) && !/^[[{]/.test(trimmed)) return { json: false };
  try {
    return { json: true, body: JSON.parse(trimmed) as unknown };
  } catch {
    return { json: false };
  }
}

type ErrorBodyParts = { tppMessages?: TppMessage[]; problem?: ProblemJson; bodyError?: BodyError };

/** The first member of `names` that holds a non-empty string: its name and value. */
function firstText(record: Record<string, unknown>, names: readonly string[]): [string, string] | undefined {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim()) return [name, value];
  }
  return undefined;
}

/**
 * An error body in neither of 1.3.12's forms, read as far as it goes: `{ code, message }` (or description, detail…),
 * an RFC 7807 problem without a code (title, detail), OAuth's `{ error, error_description }`, or a lone message.
 */
function bodyErrorOf(record: Record<string, unknown>, isProblem: boolean): BodyError | undefined {
  const code = firstText(record, ['code', 'errorCode', 'error_code']);
  if (code) {
    const text = firstText(record, ['message', 'text', 'description', 'detail', 'title', 'errorMessage']);
    const sent = text ? `"${code[0]}" and "${text[0]}"` : `only "${code[0]}"`;
    return { code: code[1], text: text?.[1], deviation: `the bank sent ${sent} instead of tppMessages.` };
  }
  const oauth = firstText(record, ['error']);
  if (oauth) {
    const description = firstText(record, ['error_description']);
    return {
      code: oauth[1],
      text: description?.[1],
      deviation: `the bank sent "error"${description ? ' and "error_description"' : ''} instead of tppMessages.`,
    };
  }
  const title = firstText(record, ['title']);
  const detail = firstText(record, ['detail']);
  if (isProblem && (title || detail)) {
    return {
      text: [title?.[1], detail?.[1]].filter(Boolean).join(': '),
      deviation: 'the bank sent an RFC 7807 problem (title, detail) without the "code" 1.3.12 requires in it.',
    };
  }
  const message = firstText(record, ['message', 'description', 'detail', 'title']);
  if (message) return { text: message[1], deviation: `the bank sent only "${message[0]}", without tppMessages.` };
  return undefined;
}

function errorBodyParts(body: unknown, contentType: string): ErrorBodyParts {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const record = body as Record<string, unknown>;
  const parts: ErrorBodyParts = {};
  if (Array.isArray(record.tppMessages)) {
    parts.tppMessages = record.tppMessages.filter(
      (message): message is TppMessage =>
        typeof message === 'object' && message !== null && typeof (message as { code?: unknown }).code === 'string',
    );
  }
  const isProblem = contentType.toLowerCase().includes('problem+json') || typeof record.type === 'string';
  if (isProblem && typeof record.code === 'string') parts.problem = record as ProblemJson;
  if ((parts.tppMessages?.length ?? 0) === 0 && parts.problem === undefined) {
    const bodyError = bodyErrorOf(record, isProblem);
    if (bodyError) parts.bodyError = bodyError;
  }
  return parts;
}

/**
 * Sends one XS2A request and reads the answer. A 2xx resolves with the body (checked against the operation's 1.3.12
 * schema: deviations are reported, the data is returned all the same); anything else rejects with an Xs2aError. Every
 * outcome is recorded in the exchange log first.
 */
export async function xs2aRequest<T>(options: Xs2aRequestOptions): Promise<Xs2aResult<T>> {
  const { profile, body, method, operationId, signal } = options;
  const hasBody = body !== undefined;
  // Each try is a request of its own, with a fresh X-Request-ID.
  const sendTo = (url: string) =>
    sendOperation<T>({
      ...options,
      url,
      headers: buildHeaders(profile, {
        requestId: crypto.randomUUID(),
        hasBody,
        consentId: options.consentId,
        headers: options.headers,
        url,
      }),
      ...(hasBody && { body, bodyText: JSON.stringify(body) }),
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
  /** The bank's URL, query included. */
  url: string;
  /** Sent as they are: nothing is added (not even X-Request-ID or the profile's token). */
  headers: Record<string, string>;
  /** The body as the exchange log shows it (parsed JSON, or the text when it does not parse). */
  body?: unknown;
  /** The body's text as sent. */
  bodyText?: string;
}

/** The answer as the exchange log keeps it: header names in lower case, the body parsed when it is JSON. */
function answerOf(response: Response, text: string) {
  // Names in lower case, as browsers give them (not every Headers implementation does).
  const responseHeaders = Object.fromEntries(
    [...response.headers.entries()].map(([name, value]) => [name.toLowerCase(), value]),
  );
  const contentType = responseHeaders['content-type'] ?? '';
  const parsed = parseBody(text, contentType);
  const recorded = {
    status: response.status,
    statusText: response.statusText,
    headers: responseHeaders,
    body: parsed.body,
    bodyText: text,
  };
  return { responseHeaders, contentType, parsed, recorded };
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
  const { response, text, exchange } = await sendExact(options, options.label);
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
    await loadMessageMeanings();
    const parts = parsed.json ? errorBodyParts(parsed.body, contentType) : {};
    const hasErrorBody = (parts.tppMessages?.length ?? 0) > 0 || parts.problem !== undefined;
    throw fail('http', { ...status, ...parts, headers: responseHeaders, bodyText: hasErrorBody ? undefined : text });
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
