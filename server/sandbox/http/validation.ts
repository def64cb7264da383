// Reading a request's JSON body (size, depth, syntax) and the middleware that parses a route's body before its handler;
// zod's findings become FORMAT_ERROR messages in domain/parse.ts.
import type { Context, MiddlewareHandler } from 'hono';
import { BankError, formatError, type Area } from '../rules/bank-error';
import { areaOf } from './headers';
import type { Env } from './respond';

/**
 * The deepest nesting of objects and arrays a JSON body may have. The 1.3.12 bodies need five levels; a body nested
 * thousands deep would overflow the stack of whatever walks it later (the schemas, JSON.stringify).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests objects and arrays deeper than `maxDepth`, counted over the text itself (brackets outside
 * strings) before it is parsed, so no recursion ever sees a deeper value. Malformed text is left to the parser.
 */
export function nestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c /* \ */) i += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b /* { */ || char === 0x5b /* [ */) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (char === 0x7d /* } */ || char === 0x5d /* ] */) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * Parses a JSON request body; `optional` allows an empty body (start authorisation, update PSU identification). A body
 * nested deeper than MAX_JSON_DEPTH is refused before it is parsed.
 */
export async function readJson<E extends Env>(c: Context<E>, area: Area, optional = false): Promise<unknown> {
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

/** A body parser that reports a problem with a path instead of throwing (the `src/xs2a` parse functions). */
export type SafeParse<T> = (
  body: unknown,
) => { success: true; data: T } | { success: false; error: { path: string; message: string } };

/**
 * Middleware: reads the JSON body (an empty one counts as `{}` when `optional`), parses it, and puts the result on the
 * context's `body`; a body that does not parse is refused with FORMAT_ERROR.
 */
export function validateBody<T>(
  parse: SafeParse<T>,
  { optional = false }: { optional?: boolean } = {},
): MiddlewareHandler<Env & { Variables: { body: T } }> {
  return async (c, next) => {
    const area = areaOf(c.req.path);
    const parsed = parse(await readJson(c, area, optional));
    if (!parsed.success) throw formatError(parsed.error.message, parsed.error.path || undefined, area);
    c.set('body', parsed.data);
    await next();
  };
}

/** A named path parameter of the matched route; a route that names it always has it. */
export function param(c: Context, name: string): string {
  const value = c.req.param(name);
  if (value === undefined) throw formatError(`Missing path parameter ${name}.`);
  return value;
}
