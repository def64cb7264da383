// The fetch that OAuth requests to a bank take (metadata, token endpoint): through the profile's relay when it has one,
// recorded in the exchange log with codes, verifiers and tokens redacted, like every XS2A request of the client.
import { recordPlainAnswer, relayFailureOf, sendRecorded } from '../send-recorded';
import { loadMessageMeanings } from '../errors';
import type { TppMessage } from '../../xs2a/errors';
import type { BankProfile } from '../profiles/bank-profile';

export interface OAuthFetchOptions {
  profile: BankProfile;
  /** What the inspector lists the exchange as, e.g. 'oauthMetadata', 'oauthToken'. */
  operationId: string;
  /** Inspector grouping, e.g. 'consent:<consentId>'. */
  flow?: string;
  timeoutMs?: number;
}

export interface OAuthRequestInit {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** A form body (the token request) or text. */
  body?: URLSearchParams | string;
  signal?: AbortSignal;
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function tppMessagesOf(body: unknown): TppMessage[] {
  const list = (body as { tppMessages?: unknown } | null | undefined)?.tppMessages;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (message): message is TppMessage =>
      typeof message === 'object' && message !== null && typeof (message as TppMessage).code === 'string',
  );
}

/**
 * Sends one request to the bank's OAuth server and returns its answer as a Response, whatever the status (the OAuth
 * library judges it). Rejects with an Xs2aError when no answer came (network, timeout) or the relay answered for the
 * bank (kind 'relay').
 */
export async function oauthFetch(url: string, init: OAuthRequestInit, options: OAuthFetchOptions): Promise<Response> {
  const { profile } = options;
  const method = init.method;
  const headers = { ...init.headers };
  const bodyText = init.body === undefined ? undefined : String(init.body);
  const { response, text, redirect, exchange } = await sendRecorded({
    profile,
    flow: options.flow,
    operationId: options.operationId,
    requestId: '',
    request: { method, url, headers, ...(bodyText !== undefined && { body: bodyText }) },
    bodyText,
    signal: init.signal,
    timeoutMs: options.timeoutMs,
  });
  const { relayTarget, fail } = exchange;
  const { headers: responseHeaders, body: parsed } = recordPlainAnswer(exchange, response, text);
  const relayError = relayTarget ? relayFailureOf(responseHeaders, parsed) : undefined;
  const status = { status: response.status, statusText: response.statusText };
  if (redirect) throw fail('redirect', { ...redirect, statusText: redirect.status ? response.statusText : undefined });
  if (relayError) throw fail('relay', { ...status, relayError });
  // A bank refusing before OAuth is even looked at (e.g. CERTIFICATE_MISSING at a token endpoint that demands the
  // TPP's certificate) answers with an XS2A error body: shown like any of the bank's refusals.
  const tppMessages = tppMessagesOf(parsed);
  if (!response.ok && tppMessages.length > 0) {
    await loadMessageMeanings();
    throw fail('http', { ...status, tppMessages });
  }

  return new Response(NULL_BODY_STATUSES.has(response.status) ? null : text, {
    status: response.status,
    statusText: response.statusText,
    headers: responseHeaders,
  });
}
