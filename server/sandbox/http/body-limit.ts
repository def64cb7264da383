// Request bodies are limited while they are read, by hono's body-limit middleware, before any route or check sees them:
// a body beyond the limit is refused with 413 as soon as the limit is passed (or on its declared Content-Length alone),
// so a client streaming an endless body gets no further than the limit's worth of memory.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import type { SandboxConfig } from '../config';
import { OAUTH_PATH } from '../domain/oauth';
import { errorBox, page } from '../pages/layout';
import { bodyTooLarge } from '../rules/bank-error';
import { errorResponse, type Env } from './respond';

const kB = (bytes: number) => `${Math.floor(bytes / 1024)} kB`;

/**
 * The limits by route: `config.maxBodyBytes` for the XS2A routes (`/v1/…`), answered with a spec error body;
 * `config.maxFormBodyBytes` for everything else (the PSU pages' forms, answered with a plain page, and the OAuth token
 * request, answered with an OAuth error).
 */
export function limitBodies(config: Pick<SandboxConfig, 'prefix' | 'maxBodyBytes' | 'maxFormBodyBytes'>) {
  const xs2aLimit = {
    maxSize: config.maxBodyBytes,
    limit: bodyLimit({
      maxSize: config.maxBodyBytes,
      onError: (c: Context<Env>) => errorResponse(c, bodyTooLarge(config.maxBodyBytes)),
    }),
  };
  const tokenPath = `${config.prefix}${OAUTH_PATH}/token`;
  const formLimit = {
    maxSize: config.maxFormBodyBytes,
    limit: bodyLimit({
      maxSize: config.maxFormBodyBytes,
      onError: (c: Context<Env>) => {
        const text = `The request is larger than this bank accepts (${kB(config.maxFormBodyBytes)}).`;
        if (c.req.path === tokenPath) {
          c.header('Cache-Control', 'no-store');
          return c.json({ error: 'invalid_request', error_description: text }, 413);
        }
        return c.html(
          page(
            'Request too large',
            html`<h1>This request is too large</h1>
              ${errorBox(text)}
              <p>Go back and send the form again.</p>`,
          ),
          413,
        );
      },
    }),
  };
  const middleware: MiddlewareHandler<Env> = async (c, next) => {
    // GET and HEAD carry no body the sandbox would read.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const route = c.req.path.startsWith('/v1/', config.prefix.length) ? xs2aLimit : formLimit;
    // A body within its declared Content-Length (and the HTTP server reads no more than that) is let through on the
    // header alone, as hono's body limit does too; checking it here spares asking for the body stream, which makes the
    // Node server's request build a full Request and read the body the slow way (a third of the POST throughput).
    const declared = c.req.header('Content-Length');
    if (declared !== undefined && !c.req.header('Transfer-Encoding') && Number(declared) <= route.maxSize)
      return next();
    return route.limit(c, next);
  };
  return middleware;
}
