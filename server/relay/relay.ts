/**
 * The relay: forwards the console's requests to a configured bank and returns the bank's answer unchanged, so the
 * console can reach banks that send no CORS headers. Mounted under /relay on the console's own server.
 *
 * It sends no CORS headers on purpose: it only serves the console's own origin. A relay with open CORS would let any
 * website the user visits send requests to the user's banks through it (and later with the user's certificates).
 * It never logs headers or bodies: they carry tokens and account data.
 */
import { Hono } from 'hono';
import type { RelayConfig, RelayTarget } from './config';

export const RELAY_PREFIX = '/relay';
export const RELAY_BODY_LIMIT = 1024 * 1024;

export type RelayErrorCode =
  | 'CROSS_SITE'
  | 'TARGET_UNKNOWN'
  | 'TARGET_NOT_ALLOWED'
  | 'BODY_TOO_LARGE'
  | 'TIMEOUT'
  | 'DNS_FAILURE'
  | 'CONNECTION_REFUSED'
  | 'TLS_FAILURE'
  | 'UPSTREAM_FAILURE';

const statusOf: Record<RelayErrorCode, number> = {
  CROSS_SITE: 403,
  TARGET_UNKNOWN: 403,
  TARGET_NOT_ALLOWED: 403,
  BODY_TOO_LARGE: 413,
  TIMEOUT: 504,
  DNS_FAILURE: 502,
  CONNECTION_REFUSED: 502,
  TLS_FAILURE: 502,
  UPSTREAM_FAILURE: 502,
};

function relayError(code: RelayErrorCode, message: string): Response {
  return new Response(JSON.stringify({ relayError: { code, message } }), {
    status: statusOf[code],
    headers: { 'Content-Type': 'application/json', 'X-Relay-Error': code },
  });
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
const NOT_FORWARDED = new Set(['host', 'origin', 'referer', 'cookie', 'content-length', 'accept-encoding']);

function forwardedRequestHeaders(incoming: Headers): Headers {
  const named = connectionTokens(incoming);
  const headers = new Headers();
  for (const [name, value] of incoming) {
    if (HOP_BY_HOP.has(name) || named.has(name) || NOT_FORWARDED.has(name) || name.startsWith('sec-')) continue;
    headers.append(name, value);
  }
  return headers;
}

function returnedResponseHeaders(upstream: Headers): Headers {
  const named = connectionTokens(upstream);
  const headers = new Headers(upstream); // keeps each Set-Cookie apart
  for (const name of [...headers.keys()]) {
    // fetch has decoded the body already, so its encoding and length no longer describe what is sent.
    if (HOP_BY_HOP.has(name) || named.has(name) || name === 'content-encoding' || name === 'content-length') {
      headers.delete(name);
    }
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

function failureResponse(error: unknown, url: URL, timedOut: boolean, target: RelayTarget): Response {
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
  if (tls) {
    return relayError(
      'TLS_FAILURE',
      `The TLS handshake with ${host} failed (${tls}): the relay could not set up a secure connection.`,
    );
  }
  // Without a code, the innermost cause says what fetch refused (e.g. "bad port"); it carries no header or body.
  let cause: unknown = error;
  while (cause instanceof Error && cause.cause instanceof Error) cause = cause.cause;
  const reason = codes[0] ?? (cause instanceof Error && cause !== error ? cause.message : undefined);
  const detail = reason ? ` (${reason})` : '';
  return relayError('UPSTREAM_FAILURE', `The relay could not get an answer from ${host}${detail}.`);
}

/**
 * Whether a request comes from a page of another site. Without CORS such a page cannot read the answers, but it could
 * still make the browser send simple requests (a form POST) through the relay to the user's banks; browsers say where
 * a request comes from in Sec-Fetch-Site and Origin, so those are refused. Tools without a browser send neither.
 */
function fromAnotherSite(request: Request): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  return origin !== null && origin !== new URL(request.url).origin;
}

async function forward(request: Request, targets: Map<string, RelayTarget>, targetId: string): Promise<Response> {
  if (fromAnotherSite(request)) {
    return relayError(
      'CROSS_SITE',
      'The relay serves only the console’s own pages; this request came from another site.',
    );
  }
  const target = targets.get(targetId);
  if (!target) {
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
  const allowed = new URL(target.baseUrl).origin;
  // Only the target's own origin: anything else would make the relay an open proxy.
  if (!url || url.origin !== allowed) {
    const what = url ? url.host : 'no valid url parameter';
    return relayError(
      'TARGET_NOT_ALLOWED',
      `The relay target ${target.id} forwards only to ${allowed}, not to ${what}.`,
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
  const timeout = AbortSignal.timeout(target.timeoutMs);
  try {
    const upstream = await fetch(url, {
      method,
      headers: forwardedRequestHeaders(request.headers),
      body: body && body.byteLength > 0 ? body : undefined,
      redirect: 'manual', // a bank's redirect is its answer, for the console to see
      signal: timeout,
    });
    // Read in full under the same time limit, so a bank that stalls mid-answer times out too.
    const answer = upstream.status === 204 || upstream.status === 304 ? null : await upstream.arrayBuffer();
    return new Response(answer, {
      status: upstream.status,
      statusText: upstream.statusText,
      headers: returnedResponseHeaders(upstream.headers),
    });
  } catch (error) {
    return failureResponse(error, url, timeout.aborted, target);
  }
}

/** The relay's request handler (no listen): `GET /relay` lists the targets, `ALL /relay/:targetId?url=…` forwards. */
export function createRelay(config: Pick<RelayConfig, 'targets'>): { fetch: (request: Request) => Promise<Response> } {
  const targets = new Map(config.targets.map((target) => [target.id, target]));
  const app = new Hono().basePath(RELAY_PREFIX);
  app.get('/', (c) => c.json({ targets: config.targets.map(({ id, baseUrl }) => ({ id, baseUrl })) }));
  app.all('/:targetId', (c) => forward(c.req.raw, targets, c.req.param('targetId')));
  app.notFound(() =>
    relayError('TARGET_UNKNOWN', 'The relay answers only /relay (its targets) and /relay/<target id>?url=<bank URL>.'),
  );
  return { fetch: async (request) => app.fetch(request) };
}
