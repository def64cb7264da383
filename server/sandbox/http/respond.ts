// Reading request bodies and writing XS2A responses.
import type { X509Certificate } from 'node:crypto';
import type { Context, Input } from 'hono';
import type { BankError, Area } from '../rules/bank-error';
import type { LinkContext } from '../domain/context';
import type { AccessToken } from '../domain/oauth';

/** What the server knows about a request beyond its HTTP message: the TLS client certificate it was sent with. */
export interface RequestContext {
  /** The certificate the client presented in the TLS handshake; null or absent: none (or plain HTTP). */
  clientCertificate?: X509Certificate | null;
  /** Where the request's links lead instead of the prefix: a deviating base (`{prefix}/deviating/<modes>`). */
  linkPrefix?: string;
}

/** What the sandbox's middleware puts on every request's context. */
export type Env = {
  Bindings: RequestContext;
  Variables: {
    links: LinkContext;
    /**
     * The headers every answer carries (CORS, X-Request-ID, nosniff, the pages' policy), filled in by the middleware.
     * Kept as a plain object: answers built with it skip the fetch `Headers` object, which costs more than the rest of
     * writing the answer.
     */
    answerHeaders: Record<string, string>;
    /** The valid OAuth access token the request carries (OAuth mode only). */
    accessToken?: AccessToken;
  };
};

/**
 * The body's exact bytes. Every body was bounded by app.ts's body limit before anything read it, so no limit is checked
 * here (the area and size arguments are accepted for callers that pass them, and not used). Hono keeps what was read,
 * so the route parses the very bytes strict mode verified the signature over.
 */
export async function readRawBody<P extends string, I extends Input>(
  c: Context<Env, P, I>,
  _area?: Area,
  _maxBytes?: number,
): Promise<Uint8Array> {
  return c.req.bytes();
}

/** An answer a route sends as it is: its status, headers and body. */
export interface Answer {
  status: 200 | 201 | 202 | 204;
  headers: Record<string, string>;
  body: object;
}

const plainAnswers = new WeakSet<Response>();

/** Whether the answer was built with the request's answer headers (by `jsonAnswer` or `stepResponse`). */
export const hasAnswerHeaders = (response: Response) => plainAnswers.has(response);

function answer<E extends Env, P extends string, I extends Input>(
  c: Context<E, P, I>,
  body: string | null,
  status: number,
  headers: Record<string, string> | undefined,
  type = 'application/json',
): Response {
  // The request's own object: an answer without headers of its own adds only its Content-Type to it. (An error thrown
  // before the middleware ran has none.)
  const base: Record<string, string> | undefined = c.get('answerHeaders');
  const all = headers || !base ? { ...base, ...headers } : base;
  if (body !== null) all['Content-Type'] = type;
  const response = new Response(body, { status, headers: all });
  plainAnswers.add(response);
  return response;
}

/** A JSON answer with the request's answer headers and `headers` besides. */
export function jsonAnswer<E extends Env, P extends string, I extends Input>(
  c: Context<E, P, I>,
  body: object,
  status = 200,
  headers?: Record<string, string>,
): Response {
  return answer(c, JSON.stringify(body), status, headers);
}

/** A text answer of another type (a pain.001 document, a multipart body) with the request's answer headers. */
export function textAnswer<E extends Env, P extends string, I extends Input>(
  c: Context<E, P, I>,
  body: string,
  type: string,
  status = 200,
): Response {
  return answer(c, body, status, undefined, type);
}

export function stepResponse<E extends Env, P extends string, I extends Input>(
  c: Context<E, P, I>,
  step: Answer,
): Response {
  if (step.status === 204) return answer(c, null, 204, step.headers);
  return jsonAnswer(c, step.body, step.status, step.headers);
}

export function errorResponse<E extends Env, P extends string, I extends Input>(
  c: Context<E, P, I>,
  error: BankError,
): Response {
  return jsonAnswer(c, { tppMessages: error.messages }, error.status);
}
