// The relay in-process: its handler against a small bank on a loopback port.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHostPolicy } from '../host-policy';
import { DEFAULT_RELAY_TIMEOUT_MS, type RelayTarget } from './config';
import { createRelay, RELAY_BODY_LIMIT } from './relay';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let bank: Server;
let bankOrigin: string;
let closedOrigin: string;
let seen: Seen[] = [];

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

beforeAll(async () => {
  bank = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      if (req.url?.startsWith('/psd2/hang')) return; // never answers
      res.writeHead(req.method === 'POST' ? 201 : 200, {
        'Content-Type': 'application/json',
        'X-Request-ID': String(req.headers['x-request-id'] ?? ''),
        Location: '/psd2/v1/payments/sepa-credit-transfers/p1',
        'Set-Cookie': ['a=1', 'b=2'],
        Connection: 'keep-alive',
      });
      res.end(JSON.stringify({ transactionStatus: 'RCVD', path: req.url }));
    });
  });
  bankOrigin = `http://127.0.0.1:${await listen(bank)}`;
  // A port that was open a moment ago and is closed now: nothing listens there.
  const closed = createServer();
  closedOrigin = `http://127.0.0.1:${await listen(closed)}`;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  bank.closeAllConnections();
  await new Promise((resolve) => bank.close(resolve));
});

/** The console's server: http://127.0.0.1:4318. */
const hosts = createHostPolicy({ listenHost: '127.0.0.1', port: 4318 });

function relayWith(...targets: Partial<RelayTarget>[]) {
  return createRelay(
    {
      targets: (targets.length > 0 ? targets : [{}]).map((target) => ({
        id: 'bank-a',
        baseUrl: `${bankOrigin}/psd2`,
        timeoutMs: DEFAULT_RELAY_TIMEOUT_MS,
        alsoAllow: [],
        ...target,
      })),
    },
    { hosts },
  );
}

function relayRequest(targetId: string, url: string, init: RequestInit = {}): Request {
  return new Request(`http://127.0.0.1:4318/relay/${targetId}?url=${encodeURIComponent(url)}`, init);
}

async function relayErrorOf(response: Response) {
  return {
    status: response.status,
    header: response.headers.get('x-relay-error'),
    ...((await response.json()) as object),
  };
}

describe('the relay', () => {
  it('lists its targets with id, baseUrl and what they do, nothing else', async () => {
    const response = await relayWith({ timeoutMs: 5000 }).fetch(new Request('http://127.0.0.1:4318/relay'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      targets: [{ id: 'bank-a', baseUrl: `${bankOrigin}/psd2`, mtls: false, signing: false, alsoAllow: [] }],
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('forwards method, headers and body, and returns status, headers and body, without what acts on the console’s origin', async () => {
    seen = [];
    const body = JSON.stringify({ instructedAmount: { currency: 'EUR', amount: '12.50' } });
    const response = await relayWith().fetch(
      relayRequest('bank-a', `${bankOrigin}/psd2/v1/payments/sepa-credit-transfers?withBalance=true&x=a%20b`, {
        method: 'POST',
        body,
        headers: {
          'Content-Type': 'application/json',
          'X-Request-ID': 'req-1',
          'PSU-IP-Address': '192.168.0.10',
          Authorization: 'Bearer t0ken',
          Origin: 'http://127.0.0.1:4318',
          Referer: 'http://127.0.0.1:4318/payments/new',
          Cookie: 'session=console',
          'Sec-Fetch-Site': 'same-origin',
          'Sec-CH-UA': '"Chromium";v="140"',
          Connection: 'keep-alive, X-Hop',
          'X-Hop': 'one connection only',
        },
      }),
    );
    expect(response.status).toBe(201);
    expect(response.headers.get('x-relay-error')).toBeNull();
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.headers.get('location')).toBe('/psd2/v1/payments/sepa-credit-transfers/p1');
    // The bank's cookies would be the console's.
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('connection')).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(await response.json()).toEqual({
      transactionStatus: 'RCVD',
      path: '/psd2/v1/payments/sepa-credit-transfers?withBalance=true&x=a%20b',
    });

    const request = seen[0];
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/psd2/v1/payments/sepa-credit-transfers?withBalance=true&x=a%20b');
    expect(request?.body).toBe(body);
    expect(request?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-request-id': 'req-1',
      'psu-ip-address': '192.168.0.10',
      authorization: 'Bearer t0ken',
      host: new URL(bankOrigin).host,
    });
    for (const name of ['origin', 'referer', 'cookie', 'sec-fetch-site', 'sec-ch-ua', 'x-hop']) {
      expect(request?.headers[name]).toBeUndefined();
    }
  });

  it('forwards a DELETE without a body and a GET with its query string', async () => {
    seen = [];
    const relay = relayWith();
    expect(
      (await relay.fetch(relayRequest('bank-a', `${bankOrigin}/psd2/v1/consents/c1`, { method: 'DELETE' }))).status,
    ).toBe(200);
    expect((await relay.fetch(relayRequest('bank-a', `${bankOrigin}/psd2/v1/accounts?withBalance=true`))).status).toBe(
      200,
    );
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'DELETE /psd2/v1/consents/c1',
      'GET /psd2/v1/accounts?withBalance=true',
    ]);
  });

  it('refuses another host, another port, a missing url and an unknown target, and sends nothing', async () => {
    seen = [];
    const relay = relayWith();
    const port = Number(new URL(bankOrigin).port);
    const otherHost = await relayErrorOf(
      await relay.fetch(relayRequest('bank-a', `http://localhost:${port}/psd2/v1/accounts`)),
    );
    expect(otherHost).toMatchObject({
      status: 403,
      header: 'TARGET_NOT_ALLOWED',
      relayError: { code: 'TARGET_NOT_ALLOWED', message: expect.stringContaining(`localhost:${port}`) as string },
    });
    const otherPort = await relayErrorOf(
      await relay.fetch(relayRequest('bank-a', `http://127.0.0.1:${port + 1}/psd2/v1/accounts`)),
    );
    expect(otherPort).toMatchObject({ status: 403, header: 'TARGET_NOT_ALLOWED' });
    const otherScheme = await relayErrorOf(
      await relay.fetch(relayRequest('bank-a', `https://127.0.0.1:${port}/psd2/v1/accounts`)),
    );
    expect(otherScheme).toMatchObject({ status: 403, header: 'TARGET_NOT_ALLOWED' });
    const noUrl = await relayErrorOf(await relay.fetch(new Request('http://127.0.0.1:4318/relay/bank-a')));
    expect(noUrl).toMatchObject({ status: 403, header: 'TARGET_NOT_ALLOWED' });
    const unknown = await relayErrorOf(await relay.fetch(relayRequest('bank-b', `${bankOrigin}/psd2/v1/accounts`)));
    expect(unknown).toMatchObject({
      status: 403,
      header: 'TARGET_UNKNOWN',
      relayError: { code: 'TARGET_UNKNOWN', message: expect.stringContaining('bank-b') as string },
    });
    expect(seen).toEqual([]);
  });

  it('refuses requests from another site’s pages, and sends nothing', async () => {
    seen = [];
    const relay = relayWith();
    const url = `${bankOrigin}/psd2/v1/accounts`;
    const crossSite = await relayErrorOf(
      await relay.fetch(relayRequest('bank-a', url, { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } })),
    );
    expect(crossSite).toMatchObject({ status: 403, header: 'CROSS_SITE' });
    const otherOrigin = await relayErrorOf(
      await relay.fetch(relayRequest('bank-a', url, { headers: { Origin: 'https://evil.example' } })),
    );
    expect(otherOrigin).toMatchObject({ status: 403, header: 'CROSS_SITE' });
    expect(seen).toEqual([]);
    // The console's own page (same origin) and tools without a browser get through.
    const own = await relay.fetch(
      relayRequest('bank-a', url, { headers: { Origin: 'http://127.0.0.1:4318', 'Sec-Fetch-Site': 'same-origin' } }),
    );
    expect(own.status).toBe(200);
  });

  it('refuses a body over 1 MB with 413', async () => {
    seen = [];
    const response = await relayWith().fetch(
      relayRequest('bank-a', `${bankOrigin}/psd2/v1/consents`, {
        method: 'POST',
        body: 'x'.repeat(RELAY_BODY_LIMIT + 1),
      }),
    );
    expect(await relayErrorOf(response)).toMatchObject({ status: 413, header: 'BODY_TOO_LARGE' });
    expect(seen).toEqual([]);
  });

  it('times out a hanging bank with 504 TIMEOUT', async () => {
    const response = await relayWith({ timeoutMs: 200 }).fetch(relayRequest('bank-a', `${bankOrigin}/psd2/hang`));
    expect(await relayErrorOf(response)).toMatchObject({
      status: 504,
      header: 'TIMEOUT',
      relayError: { code: 'TIMEOUT', message: expect.stringContaining('did not answer within 0.2 s') as string },
    });
  });

  it('answers 502 DNS_FAILURE for a host that does not resolve', async () => {
    const relay = relayWith({ baseUrl: 'http://bank.invalid/psd2' });
    const response = await relay.fetch(relayRequest('bank-a', 'http://bank.invalid/psd2/v1/accounts'));
    expect(await relayErrorOf(response)).toMatchObject({
      status: 502,
      header: 'DNS_FAILURE',
      relayError: { code: 'DNS_FAILURE', message: expect.stringContaining('bank.invalid') as string },
    });
  });

  it('answers 502 CONNECTION_REFUSED for a closed port', async () => {
    const relay = relayWith({ baseUrl: `${closedOrigin}/psd2` });
    const response = await relay.fetch(relayRequest('bank-a', `${closedOrigin}/psd2/v1/accounts`));
    expect(await relayErrorOf(response)).toMatchObject({
      status: 502,
      header: 'CONNECTION_REFUSED',
      relayError: {
        code: 'CONNECTION_REFUSED',
        message: expect.stringContaining(new URL(closedOrigin).host) as string,
      },
    });
  });

  it('answers 502 UPSTREAM_FAILURE with the reason for other failures', async () => {
    // Port 1 is one fetch refuses to call, before any connection.
    const relay = relayWith({ baseUrl: 'http://127.0.0.1:1/psd2' });
    const response = await relay.fetch(relayRequest('bank-a', 'http://127.0.0.1:1/psd2/v1/accounts'));
    expect(await relayErrorOf(response)).toMatchObject({
      status: 502,
      header: 'UPSTREAM_FAILURE',
      relayError: {
        message: expect.stringMatching(/^The relay could not get an answer from 127\.0\.0\.1:1 \(.+\)\.$/) as string,
      },
    });
  });
});
