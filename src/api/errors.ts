// The one error type of the fetch layer. Its plain-language description (./error-words, with the message codes'
// meanings) loads with the first error: the client waits for it before it rejects, so pages describe errors at once.
import type { ProblemJson, TppMessage } from '../xs2a/errors';
import type { MessageCode } from '../xs2a/message-codes';
import type * as ErrorWords from './error-words';

/** A place where a response does not match the 1.3.12 schema of its operation. */
export type Deviation = { path: string; message: string };

/**
 * 'relay': the console server's relay answered for the bank, which it could not reach (X-Relay-Error).
 * 'redirect': the bank answered with a redirect (3xx), which the console never follows: XS2A answers are not redirects,
 * and following one would send the request (with the PSU's data) wherever the bank points.
 */
export type Xs2aErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'invalid-response' | 'relay' | 'redirect';

/**
 * An error body outside 1.3.12's two forms (tppMessages, problem+json with a code): whatever code and text the bank
 * put in it ({ code, message }, an RFC 7807 problem without a code, OAuth's { error, error_description }…), and how
 * the body deviates, in words.
 */
export interface BodyError {
  code?: string;
  text?: string;
  /** How the body deviates from 1.3.12, e.g. `the bank sent "code" and "message" instead of tppMessages.` */
  deviation: string;
}

/**
 * A bank's link that left out the base_url's path prefix (`/v1/…` for a bank at `https://bank.example/psd2`): the
 * URL as the bank gave it, the one under the base_url the console used instead, and the prefix.
 */
export interface PrefixedLink {
  given: string;
  used: string;
  prefix: string;
}

/**
 * How the console's waiting on a read the bank answered 429 ended without an answer: the user cancelled the wait,
 * the tries ran out, or the bank asked for a longer wait than the console makes by itself. `askedMs` is the last wait
 * the bank asked for (undefined: it named none), `tries` how many requests were sent.
 */
export interface RateLimitEnd {
  end: 'cancelled' | 'tries' | 'too-long';
  tries: number;
  askedMs?: number;
  /** The longest the console waits in all, for 'too-long'. */
  budgetMs?: number;
}

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
  /** An error body in neither of 1.3.12's forms, read as far as it can be. */
  bodyError?: BodyError;
  bodyText?: string;
  /** The timeout that ran out, for kind 'timeout'. */
  timeoutMs?: number;
  /** For kind 'relay'. */
  relayError?: RelayFailure;
  /**
   * For kind 'redirect': where the bank pointed, as text (never followed); the relay passes it on as X-Relay-Location.
   * Undefined when the browser hides it (an opaque redirect) or the bank did not say.
   */
  location?: string;
  /** The relay target the request went through, if any. */
  relayTarget?: string;
  /** The answer's headers (names in lower case), for kind 'http'. */
  headers?: Record<string, string>;
  /** Set when the request followed a bank's link under the base_url's prefix (the link as given led nowhere). */
  linkPrefix?: PrefixedLink;
  /** Set when the console waited on a 429 and stopped without an answer. */
  rateLimit?: RateLimitEnd;
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
  /** The code and text of an error body in neither of 1.3.12's forms, and how it deviates. */
  bodyError?: BodyError;
  /** The raw body when it was neither (e.g. an HTML error page). */
  bodyText?: string;
  timeoutMs?: number;
  relayError?: RelayFailure;
  /** For kind 'redirect': where the bank pointed, never followed. */
  location?: string;
  relayTarget?: string;
  /** The answer's headers (names in lower case), for kind 'http'. */
  headers?: Record<string, string>;
  linkPrefix?: PrefixedLink;
  rateLimit?: RateLimitEnd;

  constructor(details: Xs2aErrorDetails) {
    super(undefined, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.status = details.status;
    this.statusText = details.statusText;
    this.requestId = details.requestId;
    this.exchangeId = details.exchangeId;
    this.url = details.url;
    this.tppMessages = details.tppMessages ?? [];
    this.problem = details.problem;
    this.bodyError = details.bodyError;
    this.bodyText = details.bodyText;
    this.timeoutMs = details.timeoutMs;
    this.relayError = details.relayError;
    this.location = details.location;
    this.relayTarget = details.relayTarget;
    this.headers = details.headers;
    this.linkPrefix = details.linkPrefix;
    this.rateLimit = details.rateLimit;
    // Read when asked for, so that it is the full description once the words have loaded. The relay's message already
    // says what failed, in plain words and naming the host.
    Object.defineProperty(this, 'message', {
      configurable: true,
      get: () => {
        if (this.relayError) return this.relayError.message;
        const { title, summary } = describeXs2aError(this);
        return summary ? `${title}: ${summary}` : title;
      },
    });
  }
}

let errorWords: typeof ErrorWords | undefined;
let loadingWords: Promise<void> | undefined;

/**
 * Loads the plain-language description of errors and the meanings of the message codes. They are only needed once a
 * bank has answered with an error, so they stay out of the first load; the client awaits them before it rejects. Tests
 * or pages that build an Xs2aError themselves await this first to see it described in full.
 */
export function loadMessageMeanings(): Promise<void> {
  loadingWords ??= import('./error-words').then(
    (module) => {
      errorWords = module;
    },
    () => {
      loadingWords = undefined; // a failed download is tried again with the next error; until then the brief words
    },
  );
  return loadingWords;
}

/** Whether an error carries a message code, in its tppMessages, its problem+json body or an error body of another form. */
export function hasCode(error: unknown, code: MessageCode): boolean {
  if (!(error instanceof Xs2aError)) return false;
  if (error.tppMessages.some((message) => message.code === code)) return true;
  if (error.bodyError?.code === code) return true;
  const problem = error.problem;
  return (
    problem !== undefined && (problem.code === code || (problem.additionalErrors ?? []).some((e) => e.code === code))
  );
}

export interface Xs2aErrorDescription {
  title: string;
  summary: string;
  /** One per code; `advice` says what to check or do about it, where the console knows. */
  messages: { code?: string; meaning?: string; text?: string; path?: string; advice?: string }[];
  /** What to check or do about an error that has no code of the bank's (e.g. the relay's own failures). */
  advice?: string;
  requestId?: string;
  status?: number;
  /** The exchange log's record of the request, to edit and resend it. */
  exchangeId?: string;
}

/**
 * A step of the OAuth SCA flow that failed on the console's side or at the bank's OAuth server (metadata, state,
 * token endpoint), in plain words. `code` is the OAuth error code when the server gave one (e.g. invalid_grant).
 */
export class OAuthFlowError extends Error {
  override name = 'OAuthFlowError';
  title: string;
  code?: string;
  /** The OAuth server's error_description, as it sent it. */
  description?: string;
  advice?: string;

  constructor(details: { title: string; summary: string; code?: string; description?: string; advice?: string }) {
    super(details.summary);
    this.title = details.title;
    this.code = details.code;
    this.description = details.description;
    this.advice = details.advice;
  }
}

/** The title of a bank's redirect, with its status when the browser let the console read it. */
export function redirectTitle(status: number | undefined): string {
  return status === undefined
    ? 'The bank answered with a redirect, which the console does not follow'
    : `The bank answered with a redirect (${status}), which the console does not follow`;
}

/** Plain-language description for display: a title and one line per tppMessage/problem code with its meaning. */
export function describeXs2aError(error: unknown): Xs2aErrorDescription {
  if (error instanceof OAuthFlowError) {
    return {
      title: error.title,
      summary: error.message,
      messages: error.code ? [{ code: error.code, text: error.description }] : [],
      ...(error.advice && { advice: error.advice }),
    };
  }
  if (!(error instanceof Xs2aError)) {
    const text = error instanceof Error ? error.message : String(error);
    return { title: 'Something went wrong', summary: text, messages: [] };
  }
  if (errorWords) return errorWords.describeFully(error);
  void loadMessageMeanings();
  return briefDescription(error);
}

/** What an error says before the words have loaded (an error built outside the client, shown at once). */
function briefDescription(error: Xs2aError): Xs2aErrorDescription {
  const status = [error.status, error.statusText].filter(Boolean).join(' ');
  return {
    title: status ? `The bank answered ${status}` : 'The request failed',
    summary: error.relayError?.message ?? '',
    messages: error.tppMessages.map(({ code, text, path }) => ({ code, text, path })),
    requestId: error.requestId,
    ...(error.status !== undefined && { status: error.status }),
    ...(error.exchangeId && { exchangeId: error.exchangeId }),
  };
}

/** The path and query of a URL (the origin left out), or the URL itself when it is none. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * "The bank’s link /v1/… left out its prefix /psd2; the console used /psd2/v1/…." For an audience the same without
 * paths.
 */
export function prefixedLinkNote(link: PrefixedLink, { forAudience = false } = {}): string {
  if (forAudience) {
    return 'The bank gave an address without the first part of its own path; the console completed it from the bank’s address.';
  }
  return `The bank’s link ${pathOf(link.given)} left out its prefix ${link.prefix}; the console used ${pathOf(link.used)}.`;
}

/** A copy of an Xs2aError with more details (its message follows them). */
export function withDetails(error: Xs2aError, details: Partial<Xs2aErrorDetails>): Xs2aError {
  return new Xs2aError({
    kind: error.kind,
    requestId: error.requestId,
    exchangeId: error.exchangeId,
    url: error.url,
    status: error.status,
    statusText: error.statusText,
    tppMessages: error.tppMessages,
    problem: error.problem,
    bodyError: error.bodyError,
    bodyText: error.bodyText,
    timeoutMs: error.timeoutMs,
    relayError: error.relayError,
    location: error.location,
    relayTarget: error.relayTarget,
    headers: error.headers,
    linkPrefix: error.linkPrefix,
    rateLimit: error.rateLimit,
    cause: error.cause,
    ...details,
  });
}
