// The console's server in-process: host names it answers for, the headers of its own pages, and the relay behind it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleServer, type ConsoleServer } from './console-server';
import { createHostPolicy, parseAllowedHosts } from './host-policy';
import { DEFAULT_RELAY_TIMEOUT_MS } from './relay/config';
import { createRelay, type Relay } from './relay/relay';
import { createSandbox } from './sandbox/app';
import { openStore, type Store } from './sandbox/store/db';

const PORT = 4318;
const REBOUND = `rebind.attacker.example:${PORT}`;
const INDEX = '<!doctype html><title>XS2A Console</title><script type="module" src="/assets/app.js"></script>';

let bank: Server;
let bankOrigin: string;
let bankRequests = 0;
let sandboxRequests = 0;
let benchRequests = 0;
let relay: Relay;
let server: ConsoleServer;

beforeAll(async () => {
  bank = createServer((req, res) => {
    bankRequests += 1;
    req.resume();
    res.writeHead(201, { 'Content-Type': 'application/json' });
    res.end('{"consentStatus":"received"}');
  });
  await new Promise<void>((resolve) => bank.listen(0, '127.0.0.1', resolve));
  bankOrigin = `http://127.0.0.1:${(bank.address() as AddressInfo).port}`;

  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log("console");');
  writeFileSync(join(dist, 'assets', 'app.js.br'), brotliCompressSync('console.log("console");'));
  writeFileSync(join(dist, 'assets', 'app.js.gz'), gzipSync('console.log("console");'));

  const hosts = createHostPolicy({
    listenHost: '127.0.0.1',
    port: PORT,
    allowedHosts: parseAllowedHosts('console.example'),
  });
  relay = createRelay(
    { targets: [{ id: 'bank-a', baseUrl: `${bankOrigin}/psd2`, timeoutMs: DEFAULT_RELAY_TIMEOUT_MS, alsoAllow: [] }] },
    { hosts },
  );
  const sandbox = {
    config: { prefix: '/sandbox' },
    fetch: () => {
      sandboxRequests += 1;
      return Response.json({ status: 'UP' });
    },
  };
  const benches = {
    prefix: '/bench',
    fetch: () => {
      benchRequests += 1;
      return Response.json({ status: 'UP' });
    },
  };
  server = createConsoleServer({ dist, sandbox, relay, hosts, benches });
});

afterAll(async () => {
  await relay.close();
  bank.closeAllConnections();
  await new Promise((resolve) => bank.close(resolve));
});

function request(host: string, path: string, init: RequestInit = {}): Promise<Response> {
  return Promise.resolve(server.fetch(new Request(`http://${host}${path}`, init)));
}

describe('the console’s files', () => {
  const own = `127.0.0.1:${PORT}`;

  it('sends a hashed asset as the build compressed it, brotli first, cached for a year', async () => {
    const br = await request(own, '/assets/app.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('console.log("console");');

    const gz = await request(own, '/assets/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe('console.log("console");');

    const plain = await request(own, '/assets/app.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log("console");');
  });

  it('checks the index page and client routes again on every use, and never caches a missing asset as immutable', async () => {
    for (const path of ['/', '/settings']) {
      const response = await request(own, path);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
    }
    const missing = await request(own, '/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a bank path at the host’s root (a link that left out the sandbox’s prefix) 404, not with the index page', async () => {
    for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
      const response = await request(own, '/v1/consents/c1/status', { method });
      expect(response.status, method).toBe(404);
      expect(await response.text()).not.toBe(INDEX);
    }
  });
});

describe('the console’s server and host names', () => {
  it('mounts the test benches under their prefix, for the names it serves only', async () => {
    benchRequests = 0;
    expect(await (await request(`127.0.0.1:${PORT}`, '/bench/preset-a/health')).json()).toEqual({ status: 'UP' });
    expect(benchRequests).toBe(1);
    expect((await request(REBOUND, '/bench/preset-a/health')).status).toBe(421);
    expect(benchRequests).toBe(1);
  });

  it('answers a rebound host name with a short plain 421, never the console, the sandbox or the relay', async () => {
    bankRequests = 0;
    sandboxRequests = 0;
    const consents = `/relay/bank-a?url=${encodeURIComponent(`${bankOrigin}/psd2/v1/consents`)}`;
    for (const [path, init] of [
      ['/', {}],
      ['/settings', {}],
      ['/assets/app.js', {}],
      ['/sandbox/health', {}],
      ['/relay', {}],
      [
        consents,
        {
          method: 'POST',
          body: '{}',
          headers: { Origin: `http://${REBOUND}`, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'empty' },
        },
      ],
    ] as const) {
      const response = await request(REBOUND, path, init);
      expect(response.status, path).toBe(421);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await response.text();
      expect(text).toMatch(/^Misdirected request/);
      expect(text).not.toContain('XS2A Console');
    }
    expect(bankRequests).toBe(0);
    expect(sandboxRequests).toBe(0);
  });

  it('serves its loopback names on its port and the names listed in ALLOWED_HOSTS', async () => {
    for (const host of [`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`, 'console.example']) {
      const response = await request(host, '/');
      expect(response.status, host).toBe(200);
      expect(await response.text()).toBe(INDEX);
    }
    expect((await request(`localhost:${PORT + 1}`, '/')).status).toBe(421);
  });

  it('lets the console’s own page use the relay', async () => {
    bankRequests = 0;
    const response = await request(
      `127.0.0.1:${PORT}`,
      `/relay/bank-a?url=${encodeURIComponent(`${bankOrigin}/psd2/v1/consents`)}`,
      {
        method: 'POST',
        body: '{}',
        headers: { Origin: `http://127.0.0.1:${PORT}`, 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Dest': 'empty' },
      },
    );
    expect(response.status).toBe(201);
    expect(bankRequests).toBe(1);
    // The relay's own headers, not the console page's.
    expect(response.headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
  });
});

describe('the headers of the console’s own pages', () => {
  it('forbid framing, sniffing and the Referer, and allow scripts and styles from the console’s origin only', async () => {
    for (const path of ['/', '/payments/new', '/consents', '/callback/oauth?code=c&state=s', '/assets/app.js']) {
      const response = await request(`127.0.0.1:${PORT}`, path);
      expect(response.status, path).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      // Any bank a profile names, over http or https.
      expect(csp).toContain("connect-src 'self' http: https:");
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('leave the sandbox’s own answers to the sandbox', async () => {
    const response = await request(`127.0.0.1:${PORT}`, '/sandbox/health');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});

describe('the sandbox behind the console’s server', () => {
  let store: Store;
  let consoleServer: ConsoleServer;
  beforeAll(async () => {
    store = await openStore({ location: ':memory:' });
    const sandbox = await createSandbox({ store, config: { prefix: '/sandbox' } });
    const hosts = createHostPolicy({ listenHost: '127.0.0.1', port: PORT });
    consoleServer = createConsoleServer({
      dist: tmpdir(),
      sandbox,
      relay: { fetch: () => Promise.resolve(new Response()) },
      hosts,
    });
  });
  afterAll(() => store.close());
  const psus = (headers: Record<string, string>) =>
    Promise.resolve(consoleServer.fetch(new Request(`http://127.0.0.1:${PORT}/sandbox/admin/psus`, { headers })));

  it('answers the admin API to the console’s own pages, and to tools without an Origin', async () => {
    const calls: Record<string, string>[] = [
      { Origin: `http://127.0.0.1:${PORT}`, 'Sec-Fetch-Site': 'same-origin' },
      {},
    ];
    for (const headers of calls) {
      const response = await psus(headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('refuses the admin API to a page on another port or another name of the same host', async () => {
    const calls: Record<string, string>[] = [
      { Origin: 'http://127.0.0.1:5173', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://127.0.0.1:5173' },
      { Origin: `http://localhost:${PORT}`, 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of calls) {
      const response = await psus(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('lets a console on another loopback port call its XS2A API, and no other site', async () => {
    const health = (origin: string) =>
      Promise.resolve(
        consoleServer.fetch(new Request(`http://127.0.0.1:${PORT}/sandbox/health`, { headers: { Origin: origin } })),
      );
    expect((await health('http://localhost:5173')).headers.get('access-control-allow-origin')).toBe(
      'http://localhost:5173',
    );
    expect((await health('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});
