// The admin API's doors: whether it is on, its token, the refusal of calls from pages of another origin, JSON on every
// write, and its errors as plain JSON ({"error": {"code", "message"}}) with the status that says what went wrong.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Env } from '../http/respond';
import type { AdminConfig } from './admin-config';

export { adminEnabled, defaultAdminConfig, type AdminConfig } from './admin-config';

/** An admin call that cannot be done: its status, a short code and a sentence for the user. */
export class AdminError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export function adminErrorResponse(c: Context<Env>, error: AdminError): Response {
  c.header('Cache-Control', 'no-store');
  return c.json({ error: { code: error.code, message: error.message } }, error.status);
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The token check in constant time: both sides are hashed first, so neither length nor content leaks by timing. */
export function tokenMatches(expected: string, header: string | undefined): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  if (given === undefined) return false;
  return timingSafeEqual(digest(expected), digest(given));
}

/**
 * Whether a browser says the call comes from a page of another origin: Sec-Fetch-Site where the browser sends it (only
 * `same-origin`, and `none` for what the user typed or bookmarked, are the bank's own), and an Origin other than the
 * bank's own (scheme, host and port: a page on another port of the same host, or under another name of it, is another
 * origin). Tools that send neither (curl, tests, the console's relay) are not browsers' pages.
 *
 * Behind a proxy that terminates TLS the bank sees its own origin as http while the browser's page is https on the same
 * host and port; such a call counts as the bank's own only when the browser itself marks it same-origin.
 */
function foreignOrigin(c: Context<Env>): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  const origin = c.req.header('Origin');
  if (origin === undefined) return false;
  const own = new URL(c.req.url).origin;
  if (origin === own) return false;
  return !(site === 'same-origin' && own.startsWith('http:') && origin === `https:${own.slice('http:'.length)}`);
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What every admin call passes before its route: from the bank's own origin (a page of another origin, another port of
 * the same host included, must neither read the bank's PSUs nor move its clock through the developer's browser; the
 * admin API also sends no CORS headers, so no other page reads its answers), the token when one is set, and JSON on
 * every write that has a body.
 */
export function adminGuard(admin: AdminConfig): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.method === 'OPTIONS') return next();
    if (foreignOrigin(c)) {
      return adminErrorResponse(
        c,
        new AdminError(
          403,
          'cross_site',
          'The admin API answers only pages of its own origin (scheme, host and port) and tools that send no Origin.',
        ),
      );
    }
    if (admin.token !== null && !tokenMatches(admin.token, c.req.header('Authorization'))) {
      c.header('WWW-Authenticate', 'Bearer realm="sandbox-admin"');
      return adminErrorResponse(
        c,
        new AdminError(401, 'unauthorized', 'The admin API needs the token SANDBOX_ADMIN_TOKEN as a Bearer token.'),
      );
    }
    if (WRITES.has(c.req.method) && c.req.method !== 'DELETE') {
      const type = c.req.header('Content-Type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(type)) {
        return adminErrorResponse(
          c,
          new AdminError(415, 'json_required', 'Admin writes take a JSON body: send Content-Type: application/json.'),
        );
      }
    }
    return next();
  };
}

/** A write's JSON body: an object, or {} for an empty body. */
export async function readAdminJson(c: Context<Env>): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AdminError(400, 'invalid_json', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AdminError(400, 'invalid_body', 'The body must be a JSON object.');
  }
  return value as Record<string, unknown>;
}
