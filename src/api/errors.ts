// The one error type of the fetch layer, and its plain-language description for every page.
import type { ProblemJson, TppMessage } from '../xs2a/errors';
import type * as MessageCodes from '../xs2a/message-codes';
import type { MessageCode } from '../xs2a/message-codes';

/** A place where a response does not match the 1.3.12 schema of its operation. */
export type Deviation = { path: string; message: string };

/** 'relay': the console server's relay answered for the bank, which it could not reach (X-Relay-Error). */
export type Xs2aErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'relay';

/** The relay's own failure: a code (TIMEOUT, DNS_FAILURE, TARGET_NOT_ALLOWED…) and a message naming the host. */
export interface RelayFailure {
  code: string;
  message: string;
}

export interface Xs2aErrorDetails {
  kind: Xs2aErrorKind;
  requestId: string;
  exchangeId: string;
  /** The request's URL. */
  url: string;
  status?: number;
  statusText?: string;
  tppMessages?: TppMessage[];
  problem?: ProblemJson;
  bodyText?: string;
  /** The timeout that ran out, for kind 'timeout'. */
  timeoutMs?: number;
  /** For kind 'relay'. */
  relayError?: RelayFailure;
  /** The relay target the request went through, if any. */
  relayTarget?: string;
  cause?: unknown;
}

export class Xs2aError extends Error {
  override name = 'Xs2aError';
  kind: Xs2aErrorKind;
  status?: number;
  statusText?: string;
  requestId: string;
  exchangeId: string;
  url: string;
  /** From a NextGenPSD2 error body (empty otherwise). */
  tppMessages: TppMessage[];
  /** From an application/problem+json body. */
  problem?: ProblemJson;
  /** The raw body when it was neither (e.g. an HTML error page). */
  bodyText?: string;
  timeoutMs?: number;
  relayError?: RelayFailure;
  relayTarget?: string;

  constructor(details: Xs2aErrorDetails) {
    super('', details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.statusText = details.statusText;
    this.requestId = details.requestId;
    this.exchangeId = details.exchangeId;
    this.url = details.url;
    this.tppMessages = details.tppMessages ?? [];
    this.problem = details.problem;
    this.bodyText = details.bodyText;
    this.timeoutMs = details.timeoutMs;
    this.relayError = details.relayError;
    this.relayTarget = details.relayTarget;
    const { title, summary } = describeXs2aError(this);
    // The relay's message already says what failed, in plain words and naming the host.
    this.message = this.relayError ? this.relayError.message : summary ? `${title}: ${summary}` : title;
  }
}

let messageCodes: typeof MessageCodes | undefined;
let loadingMeanings: Promise<void> | undefined;

/**
 * Loads the plain-language meanings of the message codes. They are only needed once a bank has answered with an error,
 * so they stay out of the first load; the client awaits them before it rejects. Tests or pages that build an Xs2aError
 * themselves await this first to see meanings in describeXs2aError.
 */
export function loadMessageMeanings(): Promise<void> {
  loadingMeanings ??= import('../xs2a/message-codes').then(
    (module) => {
      messageCodes = module;
    },
    () => {
      loadingMeanings = undefined; // a failed download is tried again with the next error; until then no meanings
    },
  );
  return loadingMeanings;
}

function meaningOf(code: string): string | undefined {
  return messageCodes?.describeMessageCode(code);
}

/** Whether an error carries a message code, in its tppMessages or its problem+json body. */
export function hasCode(error: unknown, code: MessageCode): boolean {
  if (!(error instanceof Xs2aError)) return false;
  if (error.tppMessages.some((message) => message.code === code)) return true;
  const problem = error.problem;
  return (
    problem !== undefined && (problem.code === code || (problem.additionalErrors ?? []).some((e) => e.code === code))
  );
}

export interface Xs2aErrorDescription {
  title: string;
  summary: string;
  messages: { code?: string; meaning?: string; text?: string; path?: string }[];
  requestId?: string;
  status?: number;
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

function messagesOf(error: Xs2aError): Xs2aErrorDescription['messages'] {
  const messages: Xs2aErrorDescription['messages'] = error.tppMessages.map((message) => ({
    code: message.code,
    meaning: meaningOf(message.code),
    text: message.text,
    path: message.path,
  }));
  const problem = error.problem;
  if (problem) {
    for (const entry of [problem, ...(problem.additionalErrors ?? [])]) {
      messages.push({ code: entry.code, meaning: meaningOf(entry.code), text: entry.detail ?? entry.title });
    }
  }
  return messages;
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
    return {
      title,
      summary: `The answer (${statusLine}) is an HTML page, not an XS2A error body: the base_url may be wrong, or a proxy or gateway answered instead of the bank.`,
    };
  }
  const what = bodyText.trim() ? 'an answer that is not an XS2A error body' : 'no error body';
  return { title, summary: `The bank answered ${statusLine} with ${what}. ${hintForBodilessStatus(status)}`.trim() };
}

/** Plain-language description for display: a title and one line per tppMessage/problem code with its meaning. */
export function describeXs2aError(error: unknown): Xs2aErrorDescription {
  if (!(error instanceof Xs2aError)) {
    const text = error instanceof Error ? error.message : String(error);
    return { title: 'Something went wrong', summary: text, messages: [] };
  }
  const base = { requestId: error.requestId, status: error.status };
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
        summary: `No answer from ${origin} within ${Math.round((error.timeoutMs ?? 30_000) / 1000)} s. The bank may be slow or overloaded; try again.`,
        messages: [],
      };
    case 'aborted':
      return {
        ...base,
        title: 'The request was cancelled',
        summary: 'It was stopped before the bank answered.',
        messages: [],
      };
    case 'relay':
      return {
        ...base,
        title: 'The console’s relay could not reach the bank',
        summary: error.relayError?.message ?? `The relay answered ${error.status ?? ''} without saying why.`.trim(),
        messages: [],
      };
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
