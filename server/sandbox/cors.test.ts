// Which pages may call the sandbox from a browser: its own origin and loopback origins by default, the origins named
// with --cors-origin / SANDBOX_CORS_ORIGINS, or every origin with `*`. Others get no CORS headers at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBank, ORIGIN, type TestBank } from './testing/test-support';
import { paymentBody, send } from './testing/test-kit';

const SCT = '/v1/payments/sepa-credit-transfers';
const XS2A_HEADERS = 'content-type,x-request-id,psu-ip-address,psu-id,consent-id,tpp-redirect-uri';

const preflight = (bank: TestBank, origin: string, path = SCT) =>
  bank.call('OPTIONS', path, {
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': XS2A_HEADERS,
    },
  });

/** The answer's CORS headers by name (lower case). */
const corsHeaders = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => name.startsWith('access-control-')));

const varies = (headers: Headers) =>
  (headers.get('Vary') ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);

function expectAllowed(headers: Headers, origin: string, label: string) {
  expect(headers.get('Access-Control-Allow-Origin'), label).toBe(origin);
  expect(varies(headers), label).toContain('origin');
}

function expectNoCors(headers: Headers, label: string) {
  expect(corsHeaders(headers), label).toEqual({});
}

const FOREIGN = [
  'https://evil.example',
  'http://evil.example:5173',
  // Names under localhost are not loopback origins: a browser may resolve them elsewhere.
  'http://evil.localhost:5173',
  'http://localhost.evil.example',
  'http://127.0.0.1.evil.example:9000',
  'http://localhost:5173.evil.example',
  'http://127.0.0.2:9000',
  'ftp://localhost:21',
  'null',
  'not an origin',
  '',
];

const LOOPBACK = [
  'http://localhost:5173',
  'http://127.0.0.1:9000',
  'http://[::1]:8080',
  'https://localhost',
  'http://localhost',
  'https://127.0.0.1:8443',
];

describe('CORS by default: the bank’s own origin and loopback origins', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('answers a preflight from another origin without any CORS header', async () => {
    for (const origin of FOREIGN) {
      const res = await preflight(bank, origin);
      expect(res.status, origin).toBeLessThan(500);
      expectNoCors(res.headers, origin);
    }
  });

  it('answers requests from another origin without any CORS header, and still answers them', async () => {
    for (const origin of FOREIGN) {
      const created = await send(bank, 'POST', SCT, { body: paymentBody(), headers: { Origin: origin } });
      expect(created.status, origin).toBe(201);
      expectNoCors(created.headers, origin);
      const failed = await send(bank, 'GET', `${SCT}/pay-unknown`, { headers: { Origin: origin } });
      expect(failed.status, origin).toBe(403);
      expectNoCors(failed.headers, origin);
      const health = await send(bank, 'GET', '/health', { headers: { Origin: origin } });
      expectNoCors(health.headers, origin);
    }
  });

  it('echoes a loopback origin on any port, on preflights and answers, with Vary: Origin', async () => {
    for (const origin of LOOPBACK) {
      const pre = await preflight(bank, origin);
      expect(pre.status, origin).toBeLessThan(300);
      expectAllowed(pre.headers, origin, origin);
      expect(pre.headers.get('Access-Control-Allow-Methods'), origin).toMatch(/POST/);
      expect(pre.headers.get('Access-Control-Allow-Headers'), origin).toBe(XS2A_HEADERS);
      const created = await send(bank, 'POST', SCT, { body: paymentBody(), headers: { Origin: origin } });
      expect(created.status, origin).toBe(201);
      expectAllowed(created.headers, origin, origin);
      expect(created.headers.get('Access-Control-Expose-Headers'), origin).toMatch(/Location/);
      const health = await send(bank, 'GET', '/health', { headers: { Origin: origin } });
      expectAllowed(health.headers, origin, origin);
    }
  });

  it('echoes its own origin, as a page of the console that serves it sends it', async () => {
    const res = await send(bank, 'POST', SCT, { body: paymentBody(), headers: { Origin: ORIGIN } });
    expectAllowed(res.headers, ORIGIN, ORIGIN);
  });

  it('answers calls without an Origin (curl, servers) as before, without CORS headers', async () => {
    const created = await send(bank, 'POST', SCT, { body: paymentBody() });
    expect(created.status).toBe(201);
    expect(created.headers.get('Location')).toBeTruthy();
    expectNoCors(created.headers, 'no Origin');
  });

  it('keeps to the same rule on the deviating bases', async () => {
    const refused = await preflight(bank, 'https://evil.example', `/deviating/slow${SCT}`);
    expectNoCors(refused.headers, 'evil.example');
    const allowed = await preflight(bank, 'http://localhost:5173', `/deviating/slow${SCT}`);
    expectAllowed(allowed.headers, 'http://localhost:5173', 'localhost:5173');
  });
});

describe('CORS with origins named by the option', () => {
  it('allows the named origins besides the loopback ones, and no others', async () => {
    const bank = await createTestBank({ config: { corsOrigins: ['https://console.example'] } });
    try {
      for (const origin of ['https://console.example', 'http://localhost:5173']) {
        expectAllowed((await preflight(bank, origin)).headers, origin, origin);
        const res = await send(bank, 'POST', SCT, { body: paymentBody(), headers: { Origin: origin } });
        expectAllowed(res.headers, origin, origin);
      }
      for (const origin of ['https://evil.example', 'http://console.example', 'https://console.example:8443']) {
        expectNoCors((await preflight(bank, origin)).headers, origin);
        const res = await send(bank, 'POST', SCT, { body: paymentBody(), headers: { Origin: origin } });
        expectNoCors(res.headers, origin);
      }
    } finally {
      await bank.close();
    }
  });

  it('allows every origin with *, as Access-Control-Allow-Origin: *', async () => {
    const bank = await createTestBank({ config: { corsOrigins: ['*'] } });
    try {
      for (const origin of ['https://evil.example', 'http://localhost:5173']) {
        const pre = await preflight(bank, origin);
        expect(pre.headers.get('Access-Control-Allow-Origin'), origin).toBe('*');
        expect(pre.headers.get('Access-Control-Allow-Headers'), origin).toBe(XS2A_HEADERS);
        const res = await send(bank, 'POST', SCT, { body: paymentBody(), headers: { Origin: origin } });
        expect(res.headers.get('Access-Control-Allow-Origin'), origin).toBe('*');
        expect(res.headers.get('Access-Control-Expose-Headers'), origin).toMatch(/Location/);
      }
      const plain = await send(bank, 'POST', SCT, { body: paymentBody() });
      expect(plain.headers.get('Access-Control-Allow-Origin')).toBe('*');
    } finally {
      await bank.close();
    }
  });
});
