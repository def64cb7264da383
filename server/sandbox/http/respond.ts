// Reading request bodies and writing XS2A responses.
import type { X509Certificate } from 'node:crypto';
import type { Context, Input } from 'hono';
import { BankError, formatError, type Area } from './errors';
import type { LinkContext } from '../domain/context';
import type { AccessToken } from '../domain/oauth';
import type { ScaStep } from '../domain/sca';

/** What the server knows about a request beyond its HTTP message: the TLS client certificate it was sent with. */
export interface RequestContext {
  /** The certificate the client presented in the TLS handshake; null or absent: none (or plain HTTP). */
  clientCertificate?: X509Certificate | null;
}

/** What the sandbox's middleware puts on every request's context. */
export type Env = {
  Bindings: RequestContext;
  Variables: {
    links: LinkContext;
    /** The body's exact bytes, when strict mode read them to verify the signature before parsing. */
    rawBody?: Uint8Array;
    /** The valid OAuth access token the request carries (OAuth mode only). */
    accessToken?: AccessToken;
  };
};

const tooLarge = (maxBytes: number, area: Area) =>
  formatError(`The request body is larger than ${maxBytes} bytes.`, undefined, area);

/** Reads the body's exact bytes, refusing more than `maxBytes` without reading them all. */
export async function readRawBody<P extends string, I extends Input>(
  c: Context<Env, P, I>,
  area: Area,
  maxBytes: number,
): Promise<Uint8Array> {
  const cached = c.get('rawBody');
  if (cached) return cached;
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes, area);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const stream = c.req.raw.body;
  if (stream) {
    const reader = stream.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes, area);
      }
      chunks.push(value);
    }
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.set('rawBody', body);
  return body;
}

/** Parses a JSON request body; `optional` allows an empty body (start authorisation, update PSU identification). */
export async function readJson(c: Context<Env>, area: Area, maxBytes: number, optional = false): Promise<unknown> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > maxBytes) throw tooLarge(maxBytes, area);
  const raw = c.get('rawBody');
  const text = raw ? new TextDecoder().decode(raw) : await c.req.text();
  if (text.length > maxBytes) throw tooLarge(maxBytes, area);
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
