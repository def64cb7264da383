// The sandbox's middleware, in the order app.ts mounts it: what every request gets (the answer headers with CORS, links, the
// X-Request-ID, security headers, strict mode's client certificate), then on /v1 strict mode's signature and OAuth
// tokens; and the error handler that answers every failure with a 1.3.12 error body.
import { randomUUID } from 'node:crypto';
import type { Context, ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { httpDate, type Clock } from '../clock';
import type { LinkContext } from '../domain/context';
import type { OAuthService } from '../domain/oauth';
import { ANY_ORIGIN, type CorsPolicy } from './cors';
import { BankError } from '../rules/bank-error';
import { isUuid } from './headers';
import { errorResponse, hasAnswerHeaders, jsonAnswer, type Env } from './respond';
import type { StrictChecks } from './strict';

/**
 * The Content-Security-Policy of the bank's pages: they style themselves with one inline <style> element and load
 * nothing else, run no script, and no other page may frame them. form-action stays open on purpose: the approval forms
 * post to the bank, which then redirects the browser to the TPP's redirect URI on another origin, and browsers apply
 * form-action to that redirect too.
 */
const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const EXPOSED = [
  'Location',
  'X-Request-ID',
  'ASPSP-SCA-Approach',
  'ASPSP-Notification-Support',
  'ASPSP-Notification-Content',
  // How long a client is asked to wait after 429 (the rate-limited deviation mode).
  'Retry-After',
  // The bank's time (not CORS-safelisted): a console on another origin learns the bank's today from it.
  'Date',
].join(', ');

/**
 * A request's link context. Only absolute links (the bank's SCA pages) need the origin, so most answers never parse the
 * URL for it. A class rather than an object literal with a getter: V8 builds such a literal's shape anew on every
 * request, which cost the sandbox more than the rest of its middleware together.
 */
class RequestLinks implements LinkContext {
  constructor(
    private readonly url: string,
    readonly prefix: string,
  ) {}

  get origin(): string {
    return new URL(this.url).origin;
  }
}

/**
 * A CORS preflight: the methods and the headers it asks for, to an allowed origin (`*` when every origin is); no CORS
 * header at all to any other, so the browser sends nothing more.
 */
function preflight(c: Context<Env>, allowed: string | undefined, date: string): Response {
  c.header('Date', date);
  c.header('Vary', 'Origin, Access-Control-Request-Headers');
  if (allowed === undefined) return c.body(null, 204);
  c.header('Access-Control-Allow-Origin', allowed);
  c.header('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE, OPTIONS');
  const requested = c.req.header('Access-Control-Request-Headers');
  if (requested) c.header('Access-Control-Allow-Headers', requested);
  c.header('Access-Control-Max-Age', '600');
  return c.body(null, 204);
}

/**
 * The headers every answer starts with: the bank's time as its Date, CORS for an allowed origin (echoed with Vary:
 * Origin, or `*` when every origin is allowed), and nosniff. Each shape is one object literal, so V8 keeps a handful of
 * shapes.
 */
function baseHeaders(allowed: string | undefined, date: string): Record<string, string> {
  if (allowed === undefined) return { Date: date, 'X-Content-Type-Options': 'nosniff' };
  if (allowed === ANY_ORIGIN) {
    return {
      Date: date,
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': EXPOSED,
      'X-Content-Type-Options': 'nosniff',
    };
  }
  return {
    Date: date,
    'Access-Control-Allow-Origin': allowed,
    'Access-Control-Expose-Headers': EXPOSED,
    Vary: 'Origin',
    'X-Content-Type-Options': 'nosniff',
  };
}

/**
 * What every request gets, in one middleware: the link context; the headers every answer carries (the bank's time as
 * Date, CORS for the origins `cors` allows, nosniff, the X-Request-ID, the pages' policy), collected in a plain object
 * on the context; strict mode's client certificate on XS2A calls, and a required UUID X-Request-ID there. XS2A answers
 * are built with the headers (http/respond.ts); any other answer (pages, admin, OAuth) gets them here once the route
 * answered, unless the route set the header itself. The admin API gets no CORS header: only its own origin may use it
 * (admin/http.ts). The Date is the bank's clock, not the machine's, so any client learns the bank's today from any
 * answer; the server sends it as it is (Node adds its own only to answers without one).
 */
export function requestBasics(
  prefix: string,
  strict: StrictChecks | undefined,
  cors: CorsPolicy,
  clock: Clock,
): MiddlewareHandler<Env> {
  const adminPath = `${prefix}/admin`;
  const isAdmin = (path: string) =>
    path.startsWith(adminPath) && (path.length === adminPath.length || path.charCodeAt(adminPath.length) === 47);
  return async (c, next) => {
    const method = c.req.method;
    const path = c.req.path;
    // CORS: `*` on every answer when every origin is allowed; otherwise decided only for a request with an Origin (a
    // call without one, from curl or a server, costs one header lookup). Never on the admin API.
    let allowed: string | undefined;
    if (cors.any) allowed = isAdmin(path) ? undefined : ANY_ORIGIN;
    else {
      const origin = c.req.header('Origin');
      if (origin !== undefined && !isAdmin(path) && cors.allows(origin, c.req.url)) allowed = origin;
    }
    const date = httpDate(clock.now());
    if (method === 'OPTIONS' && c.req.header('Access-Control-Request-Method')) return preflight(c, allowed, date);
    const headers = baseHeaders(allowed, date);
    c.set('answerHeaders', headers);
    c.set('links', new RequestLinks(c.req.url, c.env.linkPrefix ?? prefix));
    // X-Request-ID: required and a UUID on every XS2A call, echoed on every answer.
    const given = c.req.header('X-Request-ID')?.trim();
    if (!path.startsWith('/v1/', prefix.length) || method === 'OPTIONS') {
      // The bank's own pages (and its OAuth server, health): never framed by another page, no script at all.
      headers['Content-Security-Policy'] = PAGE_POLICY;
      headers['X-Frame-Options'] = 'DENY';
      if (given) headers['X-Request-ID'] = given;
    } else {
      headers['X-Request-ID'] = given || randomUUID();
      // Strict mode: the connection's client certificate first (a bank refuses it at the door), then the request.
      const certificateProblem = strict?.clientCertificate(c.env.clientCertificate);
      if (certificateProblem) return errorResponse(c, certificateProblem);
      if (!given || !isUuid(given)) {
        const text = given ? `X-Request-ID must be a UUID, not "${given}".` : 'The X-Request-ID header is required.';
        return errorResponse(c, new BankError('FORMAT_ERROR', text, { status: 400, path: 'X-Request-ID' }));
      }
    }
    await next();
    applyAnswerHeaders(c, headers);
  };
}

/** The answer headers onto an answer that was not built with them, where the route did not set the header itself. */
function applyAnswerHeaders(c: Context<Env>, headers: Record<string, string>) {
  if (hasAnswerHeaders(c.res)) return;
  const target = c.res.headers;
  for (const [name, value] of Object.entries(headers)) if (!target.has(name)) target.set(name, value);
}

/** On /v1: strict mode's request signature, then (OAuth mode) the bearer token the request carries. */
export function signaturesAndTokens(
  strict: StrictChecks | undefined,
  oauth: OAuthService | undefined,
): MiddlewareHandler<Env> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    if (strict) {
      const signatureProblem = await strict.signature(c);
      if (signatureProblem) return errorResponse(c, signatureProblem);
    }
    // Only bearer tokens are this bank's; other schemes are left alone, as the plain sandbox leaves every header.
    const bearer = oauth && /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '')?.[1];
    if (oauth && bearer) {
      const token = await oauth.checkToken(bearer);
      if (token instanceof BankError) return errorResponse(c, token);
      c.set('accessToken', token);
    }
    return next();
  };
}

/** Every failure as a 1.3.12 error body: the bank's own errors, hono's client errors, and 500 for bugs. */
export function answerError(onUnexpectedError?: (error: unknown) => void): ErrorHandler<Env> {
  return (error, c) => {
    if (error instanceof BankError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const text = error.message || 'The request is not valid.';
      return errorResponse(c, new BankError('FORMAT_ERROR', text, { status: error.status }));
    }
    onUnexpectedError?.(error);
    const text = 'The sandbox bank failed to process the request.';
    return jsonAnswer(c, { tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR', text }] }, 500);
  };
}
