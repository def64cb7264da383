// One HTTP stub for the console's tests: an MSW server that every console test file runs with (vitest.setup.ts starts
// it and fails a test on any request no handler answers), helpers that answer like a bank, and a record of what was sent.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { vi, type MockInstance } from 'vitest';

/** An answer: a Response, or a function of the request that makes one (or never settles). */
export type Answer = Response | ((request: Request) => Response | Promise<Response>);

/** A request as the console sent it. Header names are case-insensitive, as on the wire. */
export interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  redirect: RequestRedirect;
  /** The body parsed as JSON when it is JSON, its text otherwise, undefined when there is none. */
  body: unknown;
}

/** The X-Request-ID of `jsonResponse` answers, which the stub replaces with the one the request was sent with. */
export const ECHOED_REQUEST_ID = '00000000-0000-4000-8000-000000000000';

/** A JSON answer as a bank sends it, echoing an X-Request-ID (the request's, when the stub answers with it). */
export function jsonResponse(body: unknown, init: ResponseInit = {}, contentType = 'application/json'): Response {
  const headers = new Headers(init.headers);
  if (!headers.has('Content-Type')) headers.set('Content-Type', contentType);
  if (!headers.has('X-Request-ID')) headers.set('X-Request-ID', ECHOED_REQUEST_ID);
  return new Response(JSON.stringify(body), { status: 200, ...init, headers });
}

/** What fetch gives when the network fails: it rejects with a TypeError. */
export const networkError = (): Response => HttpResponse.error();

/** An answer that never comes: the request ends only when its signal aborts, as a real fetch does. */
export const hang = (): Promise<Response> => new Promise<Response>(() => undefined);

const sentRequests: Request[] = [];
const queued: Answer[] = [];
let standing: Answer | undefined;

async function answerWith(answer: Answer, request: Request): Promise<Response> {
  const response = typeof answer === 'function' ? await answer(request) : answer.clone();
  const sent = request.headers.get('X-Request-ID');
  if (sent && response.headers.get('X-Request-ID') === ECHOED_REQUEST_ID) response.headers.set('X-Request-ID', sent);
  return response;
}

/**
 * The stub. Its one lasting handler answers what no test's own handler (`server.use`) answered: the next queued answer,
 * then the standing one, and otherwise nothing, which fails the test as an unhandled request.
 */
export const server = setupServer(
  http.all('*', ({ request }) => {
    const answer = queued.shift() ?? standing;
    return answer ? answerWith(answer, request) : undefined;
  }),
);

server.events.on('request:start', ({ request }) => {
  sentRequests.push(request.clone());
});

/** Answers every request from now on (after the queued ones) with this. */
export function answerAll(answer: Answer): void {
  standing = answer;
}

/** Answers the next requests, one each, in this order; later ones get `answerAll`'s answer. */
export function answerNext(...answers: Answer[]): void {
  queued.push(...answers);
}

/** Answers the requests to one origin with a fetch handler, such as an in-process server's. */
export function routeTo(origin: string, handler: (request: Request) => Response | Promise<Response>): void {
  server.use(http.all(`${origin}/*`, ({ request }) => handler(request)));
}

let browserOnly: MockInstance<typeof fetch> | undefined;

/**
 * Answers every request with a Response of a kind only a browser hands out (`type` "cors" or "opaqueredirect"), which
 * no stub in Node can send through fetch: fetch itself is replaced for the test and resolves with the very object made.
 */
export function answerAsBrowser(make: () => Response): void {
  browserOnly ??= vi.spyOn(globalThis, 'fetch');
  browserOnly.mockImplementation(() => Promise.resolve(make()));
}

/** Makes `response` look as a browser's fetch hands it out: `type` is read-only on a real Response. */
export function withType(response: Response, type: ResponseType): Response {
  Object.defineProperty(response, 'type', { value: type });
  return response;
}

/** How many requests were sent since the test began. */
export function sentCount(): number {
  return sentRequests.length;
}

/** The n-th request sent since the test began. */
export async function sent(index = 0): Promise<SentRequest> {
  const request = sentRequests[index];
  if (!request) throw new Error(`${sentRequests.length} requests were sent, not ${index + 1}`);
  const text = await request.clone().text();
  let body: unknown = text === '' ? undefined : text;
  try {
    if (text !== '') body = JSON.parse(text) as unknown;
  } catch {
    // not JSON: the text itself
  }
  return { url: request.url, method: request.method, headers: request.headers, redirect: request.redirect, body };
}

/** Forgets every answer and the record of requests: each test starts with a stub that answers nothing. */
export function resetHttp(): void {
  server.resetHandlers();
  sentRequests.length = 0;
  queued.length = 0;
  standing = undefined;
  browserOnly?.mockRestore();
  browserOnly = undefined;
}

/** The sandbox admin API's discovery document for a bank at `base` (its path prefix, e.g. '/sandbox'). */
export function adminDiscoveryDocument(base = '/sandbox') {
  const at = (path: string) => `${base}/admin${path}`;
  const action = (method: string, path: string) => ({ method, href: at(path) });
  return {
    name: 'XS2A Console sandbox bank: admin API',
    version: 1,
    authentication: 'none',
    controls: {
      clock: {
        href: at('/clock'),
        actions: Object.fromEntries(
          ['advance', 'set', 'freeze', 'unfreeze', 'reset'].map((name) => [name, action('POST', `/clock/${name}`)]),
        ),
      },
      scenarios: {
        href: at('/scenarios'),
        actions: {
          list: action('GET', '/scenarios'),
          catalogue: action('GET', '/scenarios/catalogue'),
          add: action('POST', '/scenarios'),
          remove: action('DELETE', '/scenarios/{id}'),
        },
      },
      profiles: { href: at('/profiles'), actions: { switch: action('PUT', '/profile') } },
      data: {
        href: at('/psus'),
        actions: {
          psus: action('GET', '/psus'),
          reset: action('POST', '/data/reset'),
          snapshots: action('GET', '/snapshots'),
          saveSnapshot: action('POST', '/snapshots'),
          restoreSnapshot: action('POST', '/snapshots/{name}/restore'),
        },
      },
    },
  };
}

/** An admin API error as the sandbox sends it: `{"error": {"code", "message"}}` with its status. */
export function adminErrorResponse(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, message } }, { status });
}

/** Answers the sandbox admin API's discovery (`GET …/admin`) as a bank without it does (404), for tests of other pages. */
export function noSandboxAdmin(): void {
  server.use(http.get('*/admin', () => jsonResponse({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] }, { status: 404 })));
}
