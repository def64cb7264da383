// Every request of the console to a bank passes here: recorded in the exchange log with its secrets redacted, sent
// through the profile's relay within its timeout, never following a redirect; the bank's Date noted as its time.
import type { Exchange } from './exchange-log';
import { recordExchange, updateExchange } from './exchange-log';
import { loadMessageMeanings, Xs2aError, type RelayFailure, type Xs2aErrorDetails, type Xs2aErrorKind } from './errors';
import { sessionTokens } from './oauth/session-tokens';
import { DEFAULT_TIMEOUT_SECONDS, profileTimeoutMs, type BankProfile } from './profiles/bank-profile';
import { noteBankAnswer } from './bank-time';
import type { RedactOptions } from './redact';
import { withoutForeignTokens } from './token-guard';
import { parseJsonText, requestUrlFor } from './urls';

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
    const durationMs = Date.now() - startedAt;
    const record = () => updateExchange(exchangeId, { durationMs, error: { kind, message: error.message } }, redaction);
    record();
    // The error's message in full once the words that describe errors have loaded (before the client rejects).
    void loadMessageMeanings().then(record);
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
