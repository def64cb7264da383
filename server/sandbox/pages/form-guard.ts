// What keeps the PSU pages' forms from being posted by anyone but the PSU's own browser on the bank's own page:
// - a browser session per page family (the banking app, one redirect authorisation, the OAuth authorize page) in a
//   signed, HttpOnly cookie: a random id, and the PSU once they logged in there;
// - a form token on every state-changing form, an HMAC of the session id and of what the form acts on (synchronizer
//   pattern without server state), which a page of another origin can neither read nor compute;
// - hono's CSRF middleware, comparing the browser's Origin (or Sec-Fetch-Site) with the bank's full origin, port included:
//   SameSite cookies alone do not separate two ports of one host.
// A post that fails either check is answered with a plain 403 page and changes nothing.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getSignedCookie, setSignedCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { html } from 'hono/html';
import { HTTPException } from 'hono/http-exception';
import * as z from 'zod/mini';
import type { Env } from '../http/respond';
import { errorBox, page } from './layout';

/** The name of the form token's hidden field. */
export const TOKEN_FIELD = 'csrf';

/** A browser's session on one family of pages. `psuId` once the PSU logged in; `bound` what the login was for. */
export interface PageSession {
  id: string;
  psuId?: string;
  bound?: string;
}

const newId = () => randomBytes(18).toString('base64url');

/** A session cookie's value: an id of at least 16 characters; a login's members only when they are strings. */
const StoredSession = z.object({
  id: z.string().check(z.minLength(16)),
  psuId: z.catch(z.optional(z.string()), undefined),
  bound: z.catch(z.optional(z.string()), undefined),
});

function parseSession(value: string): PageSession | undefined {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return undefined;
  }
  const parsed = StoredSession.safeParse(json);
  if (!parsed.success) return undefined;
  const { id, psuId, bound } = parsed.data;
  return { id, ...(psuId === undefined ? {} : { psuId }), ...(bound === undefined ? {} : { bound }) };
}

/** The sessions of one family of pages: one cookie name, at a path the caller gives per request. */
export class PageSessions {
  constructor(
    private readonly secret: string,
    private readonly cookie: string,
  ) {}

  /** The browser's session, if it sent a valid one. */
  async read(c: Context<Env>): Promise<PageSession | undefined> {
    const value = await getSignedCookie(c, this.secret, this.cookie);
    return typeof value === 'string' ? parseSession(value) : undefined;
  }

  /** Starts a session: a fresh id (so a session someone planted before the login is never the logged-in one). */
  async start(c: Context<Env>, path: string, login: Omit<PageSession, 'id'> = {}): Promise<PageSession> {
    const session: PageSession = { id: newId(), ...login };
    await setSignedCookie(c, this.cookie, JSON.stringify(session), this.secret, {
      path,
      httpOnly: true,
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
    });
    return session;
  }

  /** The browser's session, started (without a login) when it has none. */
  async ensure(c: Context<Env>, path: string): Promise<PageSession> {
    return (await this.read(c)) ?? this.start(c, path);
  }

  /** The form token of a session for what a form acts on (e.g. one authorisation, one authorization request). */
  token(session: PageSession, purpose: string): string {
    return createHmac('sha256', this.secret).update(`${this.cookie}\n${purpose}\n${session.id}`).digest('base64url');
  }

  /** Whether a posted form carries the token of the browser's session for this purpose. */
  valid(session: PageSession | undefined, purpose: string, given: unknown): boolean {
    if (!session || typeof given !== 'string' || given === '') return false;
    const expected = Buffer.from(this.token(session, purpose));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/** The hidden field that carries a form's token. */
export const tokenField = (token: string) => html`<input type="hidden" name="${TOKEN_FIELD}" value="${token}" />`;

/** The answer to a form post that failed the checks: a plain page, 403, nothing changed. */
export function refusedForm(c: Context<Env>, back?: string) {
  return c.html(
    page(
      'Form not accepted',
      html`<h1>This form was not accepted</h1>
        ${errorBox(
          'The form did not come from this bank’s page in this browser, or the page has expired. Nothing was changed.',
        )}
        ${
          back
            ? html`<p><a href="${back}">Open the page again</a> and repeat what you were doing.</p>`
            : html`<p>Return to the application and start again.</p>`
        }`,
    ),
    403,
  );
}

/**
 * Refuses form posts that a browser marks as coming from another origin (hono's CSRF middleware: Origin, or
 * Sec-Fetch-Site, must say the bank's own full origin, port included). Requests that carry neither header come from
 * no browser (a test, curl) and are left to the form token.
 */
export function sameOriginForms(): MiddlewareHandler<Env> {
  const check = csrf();
  return async (c, next) => {
    if (c.req.header('Origin') === undefined && c.req.header('Sec-Fetch-Site') === undefined) return next();
    try {
      await check(c, next);
    } catch (error) {
      if (error instanceof HTTPException && error.status === 403) return refusedForm(c);
      throw error;
    }
  };
}
