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
  app.all(RELAY_PREFIX, (c) => relay.fetch(c.req.raw));
  app.all(`${RELAY_PREFIX}/*`, (c) => relay.fetch(c.req.raw));
  app.use('*', consolePageHeaders);
  app.use('/*', serveStatic({ root: dist }));
  // Client-side routes of the console all answer with its index page.
  app.get('*', serveStatic({ root: dist, path: 'index.html' }));
  return { fetch: (request) => app.fetch(request) };
}
