/**
 * The relay: forwards the console's requests to a configured bank and returns the bank's answer unchanged, so the
 * console can reach banks that send no CORS headers. Mounted under /relay on the console's own server.
 *
 * It sends no CORS headers on purpose: it only serves the console's own origin. A relay with open CORS would let any
 * website the user visits send requests to the user's banks through it (and later with the user's certificates).
 * It never logs headers or bodies: they carry tokens and account data.
 *
 * Per target it can present the TPP's QWAC in the TLS handshake (mutual TLS), trust a private bank CA, and sign each
 * request with the TPP's QSealC (Digest, Date, Signature, TPP-Signature-Certificate) over the exact bytes it sends.
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { fetch as undiciFetch, type Agent } from 'undici';
import { misdirectedRequest, type HostPolicy } from '../host-policy';
import { signRequest } from '../signing/xs2a-signature';
import { createBankAgent } from './bank-agent';
import { DEFAULT_RELAY_ANSWER_LIMIT, usesMutualTls, type RelayConfig, type RelayTarget } from './config';

export { DEFAULT_RELAY_ANSWER_LIMIT } from './config';
export const RELAY_PREFIX = '/relay';
export const RELAY_BODY_LIMIT = 1024 * 1024;

export type RelayErrorCode =
  | 'CROSS_SITE'
  | 'FETCH_ONLY'
  | 'URL_WITH_CREDENTIALS'
  | 'TARGET_UNKNOWN'
  | 'TARGET_NOT_ALLOWED'
  | 'BODY_TOO_LARGE'
  | 'TIMEOUT'
  | 'DNS_FAILURE'
  | 'CONNECTION_REFUSED'
  | 'TLS_FAILURE'
  | 'CERTIFICATE_REJECTED'
  | 'SIGNING_FAILED'
  | 'ANSWER_TOO_LARGE'
  | 'BANK_REDIRECT'
  | 'UPSTREAM_FAILURE';

const statusOf: Record<RelayErrorCode, number> = {
  CROSS_SITE: 403,
  FETCH_ONLY: 403,
  URL_WITH_CREDENTIALS: 400,
  TARGET_UNKNOWN: 403,
  TARGET_NOT_ALLOWED: 403,
  BODY_TOO_LARGE: 413,
  TIMEOUT: 504,
  DNS_FAILURE: 502,
  CONNECTION_REFUSED: 502,
  TLS_FAILURE: 502,
  CERTIFICATE_REJECTED: 502,
  SIGNING_FAILED: 500,
  ANSWER_TOO_LARGE: 502,
  BANK_REDIRECT: 502,
  UPSTREAM_FAILURE: 502,
};

function relayError(code: RelayErrorCode, message: string, extraHeaders?: Headers): Response {
  const headers = new Headers(extraHeaders);
  headers.set('Content-Type', 'application/json');
  headers.set('X-Relay-Error', code);
  return new Response(JSON.stringify({ relayError: { code, message } }), { status: statusOf[code], headers });
}

// The statuses a browser's fetch follows (or, under redirect: 'manual', hides behind an opaque answer) even without a
// Location header; the relay never answers with one of them.
const FOLLOWED_REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A bank's redirect, as the relay answers it: 502 BANK_REDIRECT, with the bank's status in X-Relay-Status and its
 * Location in X-Relay-Location, so the console can show what the bank said while the browser follows nothing.
 */
function bankRedirect(upstream: { status: number; statusText: string }, headers: Headers, host: string): Response {
  headers.set('x-relay-status', String(upstream.status));
  const location = headers.get('x-relay-location');
  const where = location ? ` to ${location}` : ' without saying where to';
  return relayError(
    'BANK_REDIRECT',
    `The bank at ${host} answered ${upstream.status}${upstream.statusText ? ` ${upstream.statusText}` : ''}, a redirect${where}; the relay does not follow redirects or pass them on.`,
    headers,
  );
}

// Hop-by-hop headers (RFC 9110 §7.6.1) belong to one connection, not to the message.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Also named hop-by-hop by the message's own Connection header. */
function connectionTokens(headers: Headers): Set<string> {
  return new Set(
    (headers.get('connection') ?? '')
      .split(',')
      .map((token) => token.trim().toLowerCase())
      .filter(Boolean),
  );
}

// The browser's own headers say who the browser is and where it is, not what the bank is asked; Cookie holds the
// console's cookies. Content-Length is recomputed for the body sent, Accept-Encoding left to fetch, which decodes.
// Expect and HTTP2-Settings ask something of the connection to the relay, not of the bank (undici refuses Expect, and
// Transfer-Encoding, Keep-Alive, Upgrade and Connection, which are hop-by-hop above).
const NOT_FORWARDED = new Set([
  'host',
  'origin',
  'referer',
  'cookie',
  'content-length',
  'accept-encoding',
  'expect',
  'http2-settings',
]);

function forwardedRequestHeaders(incoming: Headers): Headers {
  const named = connectionTokens(incoming);
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (HOP_BY_HOP.has(name) || named.has(name) || NOT_FORWARDED.has(name) || name.startsWith('sec-')) continue;
    headers.append(name, value);
  }
  return headers;
}

// A bank's answer arrives on the console's origin, so a header that acts on the origin rather than on the one answer
// would act on the console: cookies, clearing its storage, reporting its network errors to the bank, HSTS and
// alternative services for its host, login status, CORS. Headers meant for a document (a refresh, preloads, a service
// worker's scope) have no use on an answer that is never a document. The relay's own CSP, X-Frame-Options and
// X-Content-Type-Options replace the bank's (set for every relay answer).
const NOT_RETURNED = new Set([
  'set-cookie',
  'set-cookie2',
  'clear-site-data',
  'refresh',
  'link',
  'service-worker-allowed',
  'strict-transport-security',
  'public-key-pins',
  'public-key-pins-report-only',
  'expect-ct',
  'alt-svc',
  'nel',
  'report-to',
  'reporting-endpoints',
  'set-login',
  'accept-ch',
  'critical-ch',
  'origin-agent-cluster',
  'content-security-policy',
  'content-security-policy-report-only',
  'x-frame-options',
  'x-content-type-options',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
  'cross-origin-embedder-policy-report-only',
  'cross-origin-resource-policy',
  'permissions-policy',
  'timing-allow-origin',
  'speculation-rules',
  'supports-loading-mode',
  'no-vary-search',
]);

/**
 * The bank's headers as the console gets them: without hop-by-hop headers, without any header that acts on the
 * console's origin, without anything posing as the relay's own (X-Relay-*), and a redirect's Location moved to
 * X-Relay-Location so neither the browser nor fetch follows it.
 */
function returnedResponseHeaders(upstream: Headers, status: number): Headers {
  const named = connectionTokens(upstream);
  const headers = new Headers(upstream);
  for (const name of [...headers.keys()]) {
    // fetch has decoded the body already, so its encoding and length no longer describe what is sent.
    if (
      HOP_BY_HOP.has(name) ||
      named.has(name) ||
      NOT_RETURNED.has(name) ||
      name.startsWith('access-control-') ||
      name.startsWith('x-relay-') ||
      name === 'content-encoding' ||
      name === 'content-length'
    ) {
      headers.delete(name);
    }
  }
  // A WWW-Authenticate challenge other than a token's (Basic, Digest, Negotiate…) makes the browser ask the user for a
  // password on the console's behalf, and then send it to the console's origin.
  const challenge = headers.get('www-authenticate');
  if (challenge && !/^\s*(bearer|dpop)\b/i.test(challenge)) headers.delete('www-authenticate');
  if (status >= 300 && status < 400) {
    const location = headers.get('location');
    headers.delete('location');
    if (location !== null) headers.set('x-relay-location', location);
  }
  return headers;
}

/** The body, or undefined when it is larger than the limit (read no further than that). */
async function cappedBody(request: Request): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > RELAY_BODY_LIMIT) return undefined;
  if (!request.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > RELAY_BODY_LIMIT) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The bank's answer, or undefined as soon as it passes `limit` bytes: then reading stops and the stream is cancelled,
 * which closes the connection to the bank.
 */
async function cappedAnswer(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  limit: number,
): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

function sizeText(bytes: number): string {
  const mb = bytes / 1024 / 1024;
  return mb >= 1 ? `${Math.round(mb * 10) / 10} MB` : `${Math.round((bytes / 1024) * 10) / 10} kB`;
}

function answerTooLarge(host: string, target: RelayTarget, limit: number, declared?: number): Response {
  return relayError(
    'ANSWER_TOO_LARGE',
    `The bank at ${host} sent an answer ${declared !== undefined ? `of ${sizeText(declared)}, ` : ''}larger than relay target ${target.id} passes on (${sizeText(limit)}); the relay stopped reading it. Ask for less (e.g. a shorter period or smaller pages), or raise maxAnswerMb of the target in the relay config.`,
  );
}

/** The error codes of an error and its causes (undici wraps the socket's error; happy eyeballs aggregates them). */
function causeCodes(error: unknown): string[] {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    const record = value as { code?: unknown; cause?: unknown; errors?: unknown };
    if (typeof record.code === 'string') codes.push(record.code);
    visit(record.cause);
    if (Array.isArray(record.errors)) record.errors.forEach(visit);
  };
  visit(error);
  return codes;
}

const TLS_CODE =
  /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH)/;

// The bank's certificate is not issued by a CA the relay trusts (OpenSSL's verify results as Node names them).
const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

// TLS alerts by which a bank refuses the client certificate it was given, and what each means.
const CLIENT_CERTIFICATE_ALERTS: Record<string, string> = {
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: 'it does not trust the certificate’s issuer',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED: 'it says the certificate has expired',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_REVOKED: 'it says the certificate was revoked',
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: 'it could not accept the certificate',
  ERR_SSL_SSLV3_ALERT_UNSUPPORTED_CERTIFICATE: 'it does not support this kind of certificate',
  ERR_SSL_SSLV3_ALERT_CERTIFICATE_UNKNOWN: 'it could not accept the certificate',
  ERR_SSL_TLSV1_ALERT_ACCESS_DENIED: 'it denies access to this certificate',
  ERR_SSL_TLSV1_ALERT_DECRYPT_ERROR: 'the certificate’s signature in the handshake did not verify',
};
// In TLS 1.3 the bank says "certificate required" when none was sent; in TLS 1.2 it ends with a handshake failure.
const CERTIFICATE_REQUIRED = 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED';
const HANDSHAKE_FAILURE = 'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE';

function tlsFailure(code: string, host: string, target: RelayTarget): Response {
  const mtls = usesMutualTls(target);
  const refusal = CLIENT_CERTIFICATE_ALERTS[code];
  if (code === CERTIFICATE_REQUIRED || (code === HANDSHAKE_FAILURE && !mtls)) {
    return relayError(
      'CERTIFICATE_REJECTED',
      mtls
        ? `The bank at ${host} asked for a client certificate and did not take the one of relay target ${target.id} (${code}).`
        : `The bank at ${host} demands a client certificate in the TLS handshake (${code}), and relay target ${target.id} has none: set tls.cert and tls.key, or tls.pfx, to the TPP’s QWAC.`,
    );
  }
  if (refusal) {
    return relayError(
      'CERTIFICATE_REJECTED',
      mtls
        ? `The bank at ${host} refused the client certificate of relay target ${target.id} in the TLS handshake: ${refusal} (${code}).`
        : `The bank at ${host} refused the TLS handshake for want of a client certificate (${code}); relay target ${target.id} has none: set tls.cert and tls.key, or tls.pfx.`,
    );
  }
  if (UNTRUSTED.has(code)) {
    return relayError(
      'TLS_FAILURE',
      target.tls?.ca
        ? `The bank at ${host} shows a TLS certificate that the CA in tls.ca of relay target ${target.id} did not issue (${code}): check that tls.ca holds the CA of the bank’s certificate.`
        : `The bank at ${host} shows a TLS certificate from a certificate authority the relay does not trust (${code}). If the bank uses a private CA, set tls.ca of relay target ${target.id} to that CA’s certificate (PEM).`,
    );
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return relayError(
      'TLS_FAILURE',
      `The bank at ${host} shows a TLS certificate that is not valid now (${code}): it has expired or is not valid yet.`,
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') {
    return relayError(
      'TLS_FAILURE',
      `The bank's TLS certificate is not issued for ${host} (${code}): check the host in relay target ${target.id}'s baseUrl.`,
    );
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return relayError(
      'TLS_FAILURE',
      `${host} did not answer in TLS (${code}): it may speak plain http, so check the scheme of relay target ${target.id}'s baseUrl.`,
    );
  }
  return relayError(
    'TLS_FAILURE',
    `The TLS handshake with ${host} failed (${code}): the relay could not set up a secure connection.`,
  );
}

function failureResponse(
  error: unknown,
  url: URL,
  timedOut: boolean,
  answered: boolean,
  target: RelayTarget,
): Response {
  const host = url.host;
  if (timedOut) {
    return relayError(
      'TIMEOUT',
      `The bank at ${host} did not answer within ${Math.round(target.timeoutMs / 100) / 10} s (the relay's time limit for ${target.id}).`,
    );
  }
  const codes = causeCodes(error);
  if (codes.some((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME')) {
    return relayError(
      'DNS_FAILURE',
      `The relay could not find the host ${url.hostname}: its name does not resolve (DNS).`,
    );
  }
  if (codes.includes('ECONNREFUSED')) {
    return relayError(
      'CONNECTION_REFUSED',
      `The bank at ${host} refused the connection: nothing is listening there, or a firewall turned the relay away.`,
    );
  }
  const tls = codes.find((code) => TLS_CODE.test(code));
  if (tls) return tlsFailure(tls, host, target);
  // Without a code, the innermost cause says what fetch refused (e.g. "bad port"); it carries no header or body.
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  const reason = codes[0] ?? (cause instanceof Error && cause !== error ? cause.message : undefined);
  const detail = reason ? ` (${reason})` : '';
  // A TLS 1.3 bank that refuses a client certificate may just close the connection, without an alert.
  const hint =
    !answered && url.protocol === 'https:' && usesMutualTls(target) && codes.includes('UND_ERR_SOCKET')
      ? ` The bank closed the connection before answering; with mutual TLS that can mean it refused the client certificate of relay target ${target.id}.`
      : '';
  return relayError('UPSTREAM_FAILURE', `The relay could not get an answer from ${host}${detail}.${hint}`);
}

/**
 * Whether a request comes from a page of another site. Without CORS such a page cannot read the answers, but it could
 * still make the browser send simple requests (a form POST) through the relay to the user's banks; browsers say where
 * a request comes from in Sec-Fetch-Site and Origin, so those are refused. Origin is compared with the console's own
 * origins, never with the Host the request was sent to: a page on a rebound name has that name in both. Tools without
 * a browser send neither.
 */
function fromAnotherSite(request: Request, hosts: HostPolicy): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  return origin !== null && !hosts.allowsOrigin(origin);
}

/**
 * Whether the browser would use the answer as something other than data for the console's script: a page or a frame
 * (navigate), or a script, style, worker, object… (any Sec-Fetch-Dest but "empty", which fetch() sends). A bank's
 * answer must never become a document or a script of the console's origin.
 */
function notAFetch(request: Request): boolean {
  const mode = request.headers.get('sec-fetch-mode');
  if (mode === 'navigate' || mode === 'nested-navigate') return true;
  const dest = request.headers.get('sec-fetch-dest');
  return dest !== null && dest !== 'empty';
}

/** Sets Date, Digest, Signature and TPP-Signature-Certificate over the body as it will be sent. */
function sign(headers: Headers, method: string, url: URL, body: Uint8Array | undefined, target: RelayTarget): void {
  if (!target.signing) return;
  // The relay's own signature replaces any the console sent; Date is the relay's clock at signing.
  for (const name of ['digest', 'signature', 'tpp-signature-certificate']) headers.delete(name);
  headers.set('date', new Date().toUTCString());
  // The signature covers X-Request-ID, which every XS2A request carries; a request without one gets one.
  if (!headers.has('x-request-id')) headers.set('x-request-id', randomUUID());
  signRequest({ method, path: `${url.pathname}${url.search}`, headers, body }, target.signing);
}

interface Route {
  target: RelayTarget;
  agent: Agent;
  /** The target's origin and its alsoAllow origins. */
  origins: Set<string>;
}

async function forward(
  request: Request,
  routes: Map<string, Route>,
  targetId: string,
  hosts: HostPolicy,
): Promise<Response> {
  if (fromAnotherSite(request, hosts)) {
    return relayError(
      'CROSS_SITE',
      'The relay serves only the console’s own pages; this request came from another site.',
    );
  }
  if (notAFetch(request)) {
    return relayError(
      'FETCH_ONLY',
      'The relay answers only the console’s own fetch requests: a bank’s answer is never opened as a page, a frame, a script or another resource of the console.',
    );
  }
  const route = routes.get(targetId);
  if (!route) {
    return relayError(
      'TARGET_UNKNOWN',
      `The relay has no target "${targetId}": the server's relay config does not list it.`,
    );
  }
  const requested = new URL(request.url).searchParams.get('url');
  let url: URL | undefined;
  try {
    url = requested ? new URL(requested) : undefined;
  } catch {
    url = undefined;
  }
  const { target, agent, origins } = route;
  // fetch refuses such a URL, and credentials belong in headers, where the console sets them.
  if (url && (url.username !== '' || url.password !== '')) {
    return relayError(
      'URL_WITH_CREDENTIALS',
      `The bank URL has a user name or password before its host (…@${url.host}); the relay does not send credentials in a URL, so nothing was sent. Give credentials in headers instead.`,
    );
  }
  // Only the target's own origins: anything else would make the relay an open proxy.
  if (!url || !origins.has(url.origin)) {
    const what = url ? url.host : 'no valid url parameter';
    return relayError(
      'TARGET_NOT_ALLOWED',
      `The relay target ${target.id} forwards only to ${[...origins].join(', ')}, not to ${what}.`,
    );
  }
  const method = request.method.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : await cappedBody(request);
  if (body === undefined && method !== 'GET' && method !== 'HEAD') {
    return relayError(
      'BODY_TOO_LARGE',
      `The request body is larger than the relay forwards (${RELAY_BODY_LIMIT / 1024 / 1024} MB); nothing was sent to ${url.host}.`,
    );
  }
  const headers = forwardedRequestHeaders(request.headers);
  const sent = body && body.byteLength > 0 ? body : undefined;
  try {
    sign(headers, method, url, sent, target);
  } catch {
    return relayError(
      'SIGNING_FAILED',
      `The relay could not sign the request with relay target ${target.id}'s signing key; nothing was sent to ${url.host}.`,
    );
  }
  const timeout = AbortSignal.timeout(target.timeoutMs);
  let answered = false;
  try {
    // undici's own fetch, so the target's Agent (its certificates) carries the request.
    const upstream = await undiciFetch(url, {
      method,
      headers: [...headers],
      body: sent,
      redirect: 'manual', // a bank's redirect is its answer, for the console to see
      signal: timeout,
      dispatcher: agent,
    });
    answered = true;
    const limit = target.maxAnswerBytes ?? DEFAULT_RELAY_ANSWER_LIMIT;
    // A HEAD answer's Content-Length describes a body that is not sent.
    const declared = method === 'HEAD' ? Number.NaN : Number(upstream.headers.get('content-length') ?? Number.NaN);
    if (declared > limit) {
      await upstream.body?.cancel().catch(() => undefined);
      return answerTooLarge(url.host, target, limit, declared);
    }
    // Read in full under the same time limit, so a bank that stalls mid-answer times out too, and no further than the
    // limit, so a bank cannot fill the server's memory.
    let answer: Uint8Array | null = null;
    if (upstream.status !== 204 && upstream.status !== 304 && upstream.body) {
      const read = await cappedAnswer(upstream.body.getReader(), limit);
      if (read === undefined) return answerTooLarge(url.host, target, limit);
      answer = read;
    }
    const returned = returnedResponseHeaders(upstream.headers, upstream.status);
    if (FOLLOWED_REDIRECTS.has(upstream.status)) {
      for (const name of ['content-type', 'content-length', 'content-encoding']) returned.delete(name);
      return bankRedirect(upstream, returned, url.host);
    }
    return new Response(answer as BodyInit | null, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: returned,
    });
  } catch (error) {
    return failureResponse(error, url, timeout.aborted, answered, target);
  }
}

export interface Relay {
  fetch: (request: Request) => Promise<Response>;
  /** Closes the connections to the banks. */
  close: () => Promise<void>;
}

export interface RelayOptions {
  /**
   * The console's host names: the relay answers only requests sent to one of them (421 otherwise), and forwards only
   * for pages whose Origin is one of them.
   */
  hosts: HostPolicy;
}

/**
 * Headers on every relay answer: whatever a bank sent, it is data for the console's script and never a document of the
 * console's origin (a sandbox with nothing allowed, not framed, not sniffed into another type, not readable by other
 * origins' no-cors requests).
 */
const relayAnswerHeaders = secureHeaders({
  contentSecurityPolicy: { sandbox: [], defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  xContentTypeOptions: true,
  crossOriginResourcePolicy: 'same-origin',
  referrerPolicy: 'no-referrer',
  strictTransportSecurity: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/** The relay's request handler (no listen): `GET /relay` lists the targets, `ALL /relay/:targetId?url=…` forwards. */
export function createRelay(config: Pick<RelayConfig, 'targets'>, { hosts }: RelayOptions): Relay {
  const routes = new Map(
    config.targets.map((target): [string, Route] => [
      target.id,
      {
        target,
        agent: createBankAgent(target),
        origins: new Set([new URL(target.baseUrl).origin, ...target.alsoAllow]),
      },
    ]),
  );
  const app = new Hono().basePath(RELAY_PREFIX);
  // A rebound name is refused before anything else, whatever the server in front checked already.
  app.use(async (c, next) => {
    if (!hosts.allowsRequest(c.req.raw)) return misdirectedRequest();
    await next();
  });
  app.use(relayAnswerHeaders);
  // What a target does, never how: no file names, passphrases or keys.
  app.get('/', (c) =>
    c.json({
      targets: config.targets.map((target) => ({
        id: target.id,
        baseUrl: target.baseUrl,
        mtls: usesMutualTls(target),
        signing: target.signing !== undefined,
        alsoAllow: target.alsoAllow,
      })),
    }),
  );
  app.all('/:targetId', (c) => forward(c.req.raw, routes, c.req.param('targetId'), hosts));
  app.notFound(() =>
    relayError('TARGET_UNKNOWN', 'The relay answers only /relay (its targets) and /relay/<target id>?url=<bank URL>.'),
  );
  return {
    fetch: async (request) => app.fetch(request),
    close: async () => {
      await Promise.all([...routes.values()].map((route) => route.agent.close()));
    },
  };
}
