// Reading request bodies and writing XS2A responses.
import type { Context, Input } from 'hono';
import { BankError, formatError, type Area } from './errors';
import type { LinkContext } from '../domain/context';
import type { ScaStep } from '../domain/sca';

/** What the sandbox's middleware puts on every request's context. */
export type Env = { Variables: { links: LinkContext } };

/** Parses a JSON request body; `optional` allows an empty body (start authorisation, update PSU identification). */
export async function readJson(c: Context, area: Area, maxBytes: number, optional = false): Promise<unknown> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > maxBytes) throw formatError(`The request body is larger than ${maxBytes} bytes.`, undefined, area);
  const text = await c.req.text();
  if (text.length > maxBytes) throw formatError(`The request body is larger than ${maxBytes} bytes.`, undefined, area);
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
