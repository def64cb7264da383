// Reading request bodies and writing XS2A responses.
import type { X509Certificate } from 'node:crypto';
import type { Context, Input } from 'hono';
import { BankError, formatError, type Area } from './errors';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './validation';
import type { LinkContext } from '../domain/context';
import type { AccessToken } from '../domain/oauth';
import type { ScaStep } from '../domain/sca';

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

/**
 * Parses a JSON request body; `optional` allows an empty body (start authorisation, update PSU identification). A body
 * nested deeper than MAX_JSON_DEPTH is refused before it is parsed.
 */
export async function readJson(c: Context<Env>, area: Area, optional = false): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (optional) return {};
    throw formatError('This request needs a JSON body.', undefined, area);
  }
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  if (!/^application\/([a-z0-9.+-]+\+)?json\b/.test(type)) {
    throw new BankError(
      'FORMAT_ERROR',
      `Send the body as Content-Type: application/json${type ? `, not ${type}` : ''}.`,
      {
        status: 415,
      },
    );
  }
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw formatError(`The body is nested deeper than ${MAX_JSON_DEPTH} levels.`, undefined, area);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : '';
    throw formatError(`The body is not valid JSON${detail ? `: ${detail}` : ''}.`, undefined, area);
  }
}

export function stepResponse<P extends string, I extends Input>(c: Context<Env, P, I>, step: ScaStep): Response {
  for (const [name, value] of Object.entries(step.headers)) c.header(name, value);
  if (step.status === 204) return c.body(null, 204);
  return c.json(step.body, step.status as 200);
}

export function errorResponse<P extends string, I extends Input>(c: Context<Env, P, I>, error: BankError): Response {
  return c.json({ tppMessages: error.messages }, error.status as 400);
}
