/**
 * The console's server as a request handler (no listen): the built console's pages, the sandbox bank under its prefix
 * and the relay under /relay, all on one origin, answered only for the host names the server serves.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { misdirectedRequest, type HostPolicy } from './host-policy';
import { RELAY_PREFIX, type Relay } from './relay/relay';

export interface ConsoleServerOptions {
  /** The console's build folder (index.html and assets/). */
  dist: string;
  /** The sandbox bank, mounted under its prefix; its own pages set their own headers. */
  sandbox: { fetch: (request: Request) => Response | Promise<Response>; config: { prefix: string } };
  relay: Pick<Relay, 'fetch'>;
  hosts: HostPolicy;
  /** Test benches (server/sandbox-benches.ts), mounted under their prefix when the server offers them. */
  benches?: { prefix: string; fetch: (request: Request) => Response | Promise<Response> } | undefined;
}

export interface ConsoleServer {
  fetch: (request: Request) => Response | Promise<Response>;
}

/**
 * The console's pages: scripts and styles only from its own origin (the build has no inline script or style), and
 * requests to any bank (http: and https:, the base_urls a user configures), never framed by another page, no Referer
 * to the bank's pages (OAuth callbacks carry codes in their URLs), no window of another origin keeping a handle on it.
 */
export const consolePageHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'"],
    imgSrc: ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", 'http:', 'https:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  referrerPolicy: 'no-referrer',
  crossOriginOpenerPolicy: 'same-origin',
  crossOriginResourcePolicy: 'same-origin',
  // The server speaks plain HTTP; HSTS for a public name is for the TLS proxy in front of it to decide.
  strictTransportSecurity: false,
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createConsoleServer({ dist, sandbox, relay, hosts, benches }: ConsoleServerOptions): ConsoleServer {
  const app = new Hono();
  // A name the server does not serve (DNS rebinding, a stray proxy) gets a short text, never the app.
  app.use(async (c, next) => {
    if (!hosts.allowsRequest(c.req.raw)) return misdirectedRequest();
    await next();
  });
  const prefix = sandbox.config.prefix;
  if (prefix) {
    app.all(prefix, (c) => sandbox.fetch(c.req.raw));
    app.all(`${prefix}/*`, (c) => sandbox.fetch(c.req.raw));
  }
  if (benches) app.all(`${benches.prefix}/*`, (c) => benches.fetch(c.req.raw));
  // No bank answers at the host's root: a bank path there (the link of a bank that left out its prefix) is not found,
  // never the console's index page.
  if (prefix) app.all('/v1/*', (c) => c.text('Not found', 404));
  app.all(RELAY_PREFIX, (c) => relay.fetch(c.req.raw));
  app.all(`${RELAY_PREFIX}/*`, (c) => relay.fetch(c.req.raw));
  app.use('*', consolePageHeaders);
  // The build's hashed assets never change under their name: cached for a year, sent as the build compressed them
  // (brotli or gzip, by the browser's Accept-Encoding). Anything else is checked again on every use.
  app.use('/*', async (c, next) => {
    await next();
    const asset = c.req.path.startsWith('/assets/') && c.res.status === 200;
    c.res.headers.set('Cache-Control', asset ? IMMUTABLE : 'no-cache');
  });
  app.use('/*', serveStatic({ root: dist, precompressed: true }));
  // A missing asset is missing, not the index page under an asset's name.
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Client-side routes of the console all answer with its index page.
  app.get('*', serveStatic({ root: dist, path: 'index.html', precompressed: true }));
  return { fetch: (request) => app.fetch(request) };
}
