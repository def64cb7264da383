// The admin API's doors: whether it is on, its token, the refusal of calls a browser marks as cross-site, JSON on every
// write, and its errors as plain JSON ({"error": {"code", "message"}}) with the status that says what went wrong.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Env } from '../http/respond';

/** Who may use the admin API. */
export interface AdminConfig {
  /** null: on unless the bank runs in strict mode (then only when enabled explicitly). */
  enabled: boolean | null;
  /** When set, every admin call must carry `Authorization: Bearer <token>`. */
  token: string | null;
}

export const defaultAdminConfig: AdminConfig = { enabled: null, token: null };

export const adminEnabled = (config: { admin: AdminConfig; strict: unknown }) =>
  config.admin.enabled ?? config.strict === null;

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
 * Whether a browser says the call comes from a page of another site: Sec-Fetch-Site where the browser sends it, else
 * an Origin whose host is not the bank's (any port: the console on another port of the same host is the same site).
 */
function crossSite(c: Context<Env>): boolean {
  const site = c.req.header('Sec-Fetch-Site');
  if (site !== undefined) return site === 'cross-site';
  const origin = c.req.header('Origin');
  if (origin === undefined) return false;
  try {
    return new URL(origin).hostname !== new URL(c.req.url).hostname;
  } catch {
    return true;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What every admin call passes before its route: not cross-site (a page of another site must not move the bank's clock
 * through the PSU's browser: browsers mark such calls with Sec-Fetch-Site, and a write's JSON body already needs a
 * CORS preflight), the token when one is set, and JSON on every write that has a body.
 */
export function adminGuard(admin: AdminConfig): MiddlewareHandler<Env> {
  return async (c, next) => {
    c.header('Cache-Control', 'no-store');
    if (c.req.method === 'OPTIONS') return next();
    if (crossSite(c)) {
      return adminErrorResponse(
        c,
        new AdminError(403, 'cross_site', 'The admin API does not answer calls a page of another site makes.'),
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
