// What the relay never lets a bank or another site do to the console's origin: drive it from a rebound host name, put
// a page, a cookie or a redirect on the console's origin, pass credentials in URLs, or fill the server's memory.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostPolicy, parseAllowedHosts } from '../host-policy';
import { DEFAULT_RELAY_TIMEOUT_MS, type RelayTarget } from './config';
import { createRelay, DEFAULT_RELAY_ANSWER_LIMIT } from './relay';

const CONSOLE = 'http://127.0.0.1:4318';
const LIMIT = 64 * 1024;

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
}

let bank: Server;
let bankOrigin: string;
let seen: Seen[] = [];
/** Resolves when the bank's endless answer loses its connection. */
let endlessClosed: Promise<void>;
let endlessBytes = 0;

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/psd2/v1/consents': (req, res) => {
    res.writeHead(req.method === 'POST' ? 201 : 200, {
      'Content-Type': 'application/json',
      Location: '/psd2/v1/consents/c1',
    });
    res.end(JSON.stringify({ consentStatus: 'received', consentId: 'c1' }));
  },
  '/psd2/page': (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html',
      'Set-Cookie': ['session=bank; Path=/', 'other=1'],
      'Set-Cookie2': 'old=1',
      'Clear-Site-Data': '"storage"',
      Refresh: '0; url=https://evil.example/',
      'Service-Worker-Allowed': '/',
      Link: '</relay/x>; rel=preload; as=script',
      'Content-Security-Policy': "script-src 'unsafe-inline'",
      'X-Frame-Options': 'ALLOWALL',
      'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
      'Alt-Svc': 'h3=":443"',
      NEL: '{"report_to":"bank","max_age":86400}',
      'Report-To': '{"group":"bank","max_age":86400,"endpoints":[{"url":"https://evil.example/r"}]}',
      'Reporting-Endpoints': 'bank="https://evil.example/r"',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Credentials': 'true',
      'Set-Login': 'logged-in',
      'X-Relay-Error': 'TIMEOUT',
      'X-Relay-Location': '/somewhere',
      'X-Request-ID': 'r-1',
      'ASPSP-SCA-Approach': 'REDIRECT',
    });
    res.end('<!doctype html><script>document.cookie = "owned=1"; parent.postMessage("ran", "*")</script>');
  },
  '/psd2/basic-challenge': (_req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Basic realm="bank"' });
    res.end('{}');
  },
  '/psd2/token-challenge': (_req, res) => {
    res.writeHead(401, { 'Content-Type': 'application/json', 'WWW-Authenticate': 'Bearer error="invalid_token"' });
    res.end('{}');
  },
  '/psd2/moved': (_req, res) => {
    res.writeHead(302, { Location: '/relay/other-target?url=https%3A%2F%2Fother.example%2F', 'Content-Length': '0' });
    res.end();
  },
  '/psd2/see-other': (_req, res) => {
    res.writeHead(303, { Location: 'https://evil.example/collect', 'Content-Type': 'application/json' });
    res.end('{}');
  },
  '/psd2/just-under': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }); // chunked, no Content-Length
    res.end(Buffer.alloc(LIMIT, 'a'));
  },
  '/psd2/declared-too-large': (_req, res) => {
    // Says it is one byte too long, then sends nothing: the relay must not wait for it.
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(LIMIT + 1) });
    res.flushHeaders();
  },
  '/psd2/large-head': (_req, res) => {
    // For HEAD, Node sends the headers only.
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(2 * LIMIT) });
    res.end(Buffer.alloc(2 * LIMIT));
  },
  '/psd2/endless': (_req, res) => {
    endlessBytes = 0;
    endlessClosed = new Promise((resolve) => res.on('close', () => resolve()));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    const chunk = Buffer.alloc(16 * 1024, 'x');
    const write = () => {
      while (!res.destroyed) {
        endlessBytes += chunk.byteLength;
        if (!res.write(chunk)) {
          res.once('drain', write);
          return;
        }
      }
    };
    write();
  },
};

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  bank = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
      const route = routes[new URL(req.url ?? '/', 'http://bank').pathname];
      if (route) route(req, res);
      else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  bankOrigin = `http://127.0.0.1:${await listen(bank)}`;
});

afterAll(async () => {
  bank.closeAllConnections();
  await new Promise((resolve) => bank.close(resolve));
});

const hosts = createHostPolicy({
  listenHost: '127.0.0.1',
  port: 4318,
  allowedHosts: parseAllowedHosts('console.example'),
});

function relayWith(target: Partial<RelayTarget> = {}) {
  return createRelay(
    {
      targets: [
        {
          id: 'bank-a',
          baseUrl: `${bankOrigin}/psd2`,
          timeoutMs: DEFAULT_RELAY_TIMEOUT_MS,
          alsoAllow: [],
          maxAnswerBytes: LIMIT,
          ...target,
        },
      ],
    },
    { hosts },
  );
}

function relayRequest(path: string, init: RequestInit = {}, consoleOrigin = CONSOLE): Request {
  return new Request(`${consoleOrigin}/relay/bank-a?url=${encodeURIComponent(`${bankOrigin}${path}`)}`, init);
}

async function relayErrorOf(response: Response) {
  return {
    status: response.status,
    header: response.headers.get('x-relay-error'),
    ...((await response.json()) as object),
  };
}

describe('the relay and host names', () => {
  it('does not answer a rebound host name, even when the page claims to be of the same origin', async () => {
    seen = [];
    const rebound = 'http://rebind.attacker.example:4318';
    const response = await relayWith().fetch(
      relayRequest(
        '/psd2/v1/consents',
        {
          method: 'POST',
          body: '{}',
          headers: {
            'Content-Type': 'application/json',
            Origin: rebound,
            'Sec-Fetch-Site': 'same-origin',
            'Sec-Fetch-Mode': 'cors',
            'Sec-Fetch-Dest': 'empty',
          },
        },
        rebound,
      ),
    );
    expect(response.status).toBe(421);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(seen).toEqual([]);
  });

  it('refuses a page whose Origin is not one of the console’s hosts, whatever Host says', async () => {
    seen = [];
    const response = await relayWith().fetch(
      relayRequest('/psd2/v1/consents', {
        method: 'POST',
        headers: { Origin: 'http://rebind.attacker.example:4318', 'Sec-Fetch-Site': 'same-origin' },
      }),
    );
    expect(await relayErrorOf(response)).toMatchObject({ status: 403, header: 'CROSS_SITE' });
    expect(seen).toEqual([]);
  });

  it('serves the console’s loopback names on its port and the names listed as allowed', async () => {
    const relay = relayWith();
    for (const origin of [
      'http://127.0.0.1:4318',
      'http://localhost:4318',
      'http://[::1]:4318',
      'http://console.example',
    ]) {
      const response = await relay.fetch(
        relayRequest(
          '/psd2/v1/consents',
          { headers: { Origin: origin, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'empty' } },
          origin,
        ),
      );
      expect(response.status, origin).toBe(200);
    }
    const otherPort = await relay.fetch(relayRequest('/psd2/v1/consents', {}, 'http://localhost:4319'));
    expect(otherPort.status).toBe(421);
  });
});

describe('the relay’s answers on the console’s origin', () => {
  it('refuses to be opened as a page, a frame or any resource other than a fetch, and sends nothing', async () => {
    seen = [];
    const relay = relayWith();
    for (const headers of [
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'none' },
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'object', 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Mode': 'same-origin', 'Sec-Fetch-Dest': 'serviceworker', 'Sec-Fetch-Site': 'same-origin' },
    ]) {
      const response = await relay.fetch(relayRequest('/psd2/page', { headers }));
      expect(await relayErrorOf(response), JSON.stringify(headers)).toMatchObject({
        status: 403,
        header: 'FETCH_ONLY',
      });
      expect(response.headers.get('content-security-policy')).toContain('sandbox');
    }
    expect(seen).toEqual([]);
  });

  it('passes a bank’s page on only as inert data: sandboxed, not sniffed, with no header that acts on the console’s origin', async () => {
    const response = await relayWith().fetch(
      relayRequest('/psd2/page', { headers: { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' } }),
    );
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/(^|; )sandbox(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.getSetCookie()).toEqual([]);
    for (const name of [
      'set-cookie',
      'set-cookie2',
      'clear-site-data',
      'refresh',
      'service-worker-allowed',
      'link',
      'strict-transport-security',
      'alt-svc',
      'nel',
      'report-to',
      'reporting-endpoints',
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'set-login',
      'x-relay-error',
      'x-relay-location',
    ]) {
      expect(response.headers.get(name), name).toBeNull();
    }
    // What the console reads of a bank's answer stays.
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(response.headers.get('aspsp-sca-approach')).toBe('REDIRECT');
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(await response.text()).toContain('<script>');
  });

  it('passes a token challenge on, but no password challenge the browser would ask for on the console’s behalf', async () => {
    const relay = relayWith();
    const basic = await relay.fetch(relayRequest('/psd2/basic-challenge'));
    expect(basic.status).toBe(401);
    expect(basic.headers.get('www-authenticate')).toBeNull();
    const bearer = await relay.fetch(relayRequest('/psd2/token-challenge'));
    expect(bearer.status).toBe(401);
    expect(bearer.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('answers a bank’s redirect as BANK_REDIRECT with the bank’s status and Location in X-Relay-*, so nothing follows it', async () => {
    const relay = relayWith();
    const moved = await relay.fetch(relayRequest('/psd2/moved'));
    // Not a 3xx: a browser's fetch under redirect 'manual' hides any 3xx behind an opaque answer, even without Location.
    expect(moved.status).toBe(502);
    expect(moved.headers.get('location')).toBeNull();
    expect(moved.headers.get('x-relay-error')).toBe('BANK_REDIRECT');
    expect(moved.headers.get('x-relay-status')).toBe('302');
    expect(moved.headers.get('x-relay-location')).toBe('/relay/other-target?url=https%3A%2F%2Fother.example%2F');
    expect(((await moved.json()) as { relayError: { message: string } }).relayError.message).toMatch(
      /answered 302.*a redirect to \/relay\/other-target/,
    );
    const seeOther = await relay.fetch(relayRequest('/psd2/see-other', { method: 'POST', body: '{}' }));
    expect(seeOther.status).toBe(502);
    expect(seeOther.headers.get('x-relay-status')).toBe('303');
    expect(seeOther.headers.get('location')).toBeNull();
    expect(seeOther.headers.get('x-relay-location')).toBe('https://evil.example/collect');
    // 201 Created keeps its Location: XS2A names the new resource there.
    const created = await relay.fetch(relayRequest('/psd2/v1/consents', { method: 'POST', body: '{}' }));
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe('/psd2/v1/consents/c1');
    expect(created.headers.get('x-relay-location')).toBeNull();
  });
});

describe('what the relay forwards', () => {
  it('forwards a request that carries Expect: 100-continue, without that header', async () => {
    seen = [];
    const response = await relayWith().fetch(
      relayRequest('/psd2/v1/consents', {
        method: 'POST',
        body: '{"access":{}}',
        headers: {
          'Content-Type': 'application/json',
          Expect: '100-continue',
          'HTTP2-Settings': 'AAMAAABkAARAAAAAAAIAAAAA',
        },
      }),
    );
    expect(response.status).toBe(201);
    expect(seen[0]?.headers.expect).toBeUndefined();
    expect(seen[0]?.headers['http2-settings']).toBeUndefined();
  });

  it('refuses a bank URL with a user name or password with a plain 400, and sends nothing', async () => {
    seen = [];
    const relay = relayWith();
    const port = new URL(bankOrigin).port;
    for (const url of [
      `http://evil@127.0.0.1:${port}/psd2/v1/consents`,
      `http://user:secret-pass@127.0.0.1:${port}/psd2/v1/consents`,
      `http://:pw@127.0.0.1:${port}/psd2/v1/consents`,
    ]) {
      const response = await relay.fetch(
        new Request(`${CONSOLE}/relay/bank-a?url=${encodeURIComponent(url)}`, { method: 'POST', body: '{}' }),
      );
      const error = await relayErrorOf(response);
      expect(error, url).toMatchObject({
        status: 400,
        header: 'URL_WITH_CREDENTIALS',
        relayError: { message: expect.stringContaining('user name or password') as string },
      });
      expect(JSON.stringify(error)).not.toContain('secret-pass');
    }
    expect(seen).toEqual([]);
  });
});

describe('the size of a bank’s answer', () => {
  it('passes an answer just under the limit', async () => {
    const response = await relayWith().fetch(relayRequest('/psd2/just-under'));
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(LIMIT);
  });

  it('refuses at once an answer whose Content-Length is over the limit', async () => {
    const response = await relayWith().fetch(relayRequest('/psd2/declared-too-large'));
    expect(await relayErrorOf(response)).toMatchObject({
      status: 502,
      header: 'ANSWER_TOO_LARGE',
      relayError: { message: expect.stringContaining('maxAnswerMb') as string },
    });
  });

  it('answers a HEAD whose Content-Length names a body over the limit, since none is sent', async () => {
    const response = await relayWith().fetch(relayRequest('/psd2/large-head', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-relay-error')).toBeNull();
  });

  it('ends an endless answer with ANSWER_TOO_LARGE once it passes the limit, and closes the bank’s connection', async () => {
    const response = await relayWith().fetch(relayRequest('/psd2/endless'));
    expect(await relayErrorOf(response)).toMatchObject({ status: 502, header: 'ANSWER_TOO_LARGE' });
    await endlessClosed;
    // It read no further than the limit and what was on its way (socket and stream buffers), not the whole answer.
    expect(endlessBytes).toBeLessThan(LIMIT + 16 * 1024 * 1024);
  });

  it('has a default limit that passes a large page of transactions', () => {
    expect(DEFAULT_RELAY_ANSWER_LIMIT).toBe(32 * 1024 * 1024);
  });
});
