// The admin API's doors and its clock: discovery, the token, strict mode, cross-site calls, JSON writes, and the clock's
// moves (advance, set, freeze, unfreeze, reset) as the XS2A answers see them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestBank, TEST_START, type TestBank } from './testing/test-support';
import { parseDuration, parseInstant } from './admin/clock-routes';
import { send } from './testing/test-kit';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

describe('admin API: discovery and errors', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('offers a discovery document at {base_url}/admin with a link to each control', async () => {
    const res = await send(bank, 'GET', '/admin');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const body = res.body as { controls: Record<string, { href: string }>; authentication: string };
    expect(body.authentication).toBe('none');
    expect(body.controls.clock?.href).toBe('/psd2/admin/clock');
    expect(body.controls.scenarios?.href).toBe('/psd2/admin/scenarios');
    expect(res.body).toMatchObject({
      scenarioHeader: 'X-Sandbox-Scenario',
      magicPsuIds: { slow: {}, maintenance: {} },
    });
    const clock = await send(bank, 'GET', body.controls.clock?.href ?? '');
    expect(clock.status).toBe(200);
  });

  it('answers unknown admin paths and bad bodies with JSON errors and their status', async () => {
    const missing = await send(bank, 'GET', '/admin/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'not_found' } });
    const badJson = await send(bank, 'POST', '/admin/clock/advance', { rawBody: '{', headers: JSON_HEADERS });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toMatchObject({ error: { code: 'invalid_json' } });
    const badDuration = await send(bank, 'POST', '/admin/clock/advance', { body: { by: 'soon' } });
    expect(badDuration.status).toBe(400);
    expect(badDuration.body).toMatchObject({ error: { code: 'invalid_duration' } });
  });

  it('keeps the admin API off /v1: the XS2A surface stays the spec’s', async () => {
    const res = await send(bank, 'GET', '/v1/admin');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] });
  });

  it('refuses writes without a JSON content type (415), so no HTML form can post one', async () => {
    const res = await send(bank, 'POST', '/admin/clock/advance', {
      rawBody: 'by=P1D',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ error: { code: 'json_required' } });
    const plain = await send(bank, 'POST', '/admin/clock/advance', {
      rawBody: '{"by":"P1D"}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect((await send(bank, 'GET', '/admin/clock')).body).toMatchObject({ now: TEST_START });
  });

  it('refuses calls a browser marks as cross-site, before they change anything', async () => {
    const crossSite = await send(bank, 'POST', '/admin/clock/advance', {
      body: { by: 'P1D' },
      headers: { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toMatchObject({ error: { code: 'cross_site' } });
    // A browser that sends only Origin: another host is another origin.
    const foreign = await send(bank, 'POST', '/admin/clock/freeze', {
      body: {},
      headers: { Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((await send(bank, 'GET', '/admin/clock')).body).toMatchObject({ now: TEST_START, frozen: false });
  });
});

describe('admin API: its own origin only', () => {
  // The bank at http://localhost:4318, as `npm start` serves it.
  const BANK = 'http://localhost:4318';
  const FOREIGN: Record<string, string>[] = [
    // Another port of the same host: any local dev server, or a page with an XSS on it.
    { Origin: 'http://localhost:9999' },
    // A name under localhost on the bank's own port: another origin all the same.
    { Origin: 'http://evil.localhost:4318' },
    // Another scheme on the same host and port.
    { Origin: 'https://localhost:4318' },
    // What a browser sends from another port of the same host, with or without Origin.
    { 'Sec-Fetch-Site': 'same-site', Origin: 'http://localhost:9999' },
    { 'Sec-Fetch-Site': 'same-site' },
    { 'Sec-Fetch-Site': 'cross-site' },
    // Opaque and broken origins.
    { Origin: 'null' },
    { Origin: 'not an origin' },
  ];
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  const at = (path: string) => `${BANK}/psd2${path}`;
  const admin = (method: string, path: string, headers: Record<string, string> = {}, body?: object) =>
    send(bank, method, at(path), { headers, ...(body ? { body } : {}) });
  const clock = async () => (await admin('GET', '/admin/clock')).body as { now: string; frozen: boolean };
  const scenarios = async () => ((await admin('GET', '/admin/scenarios')).body as { scenarios: unknown[] }).scenarios;
  const RULE = { operation: 'getBalances', error: 'ACCESS_EXCEEDED' };

  it('refuses reads from another origin (403), the PSU list included', async () => {
    for (const headers of FOREIGN) {
      const label = JSON.stringify(headers);
      for (const path of [
        '/admin/psus',
        '/admin/scenarios',
        '/admin/clock',
        '/admin',
        '/deviating/no-request-id/admin/psus',
      ]) {
        const res = await admin('GET', path, headers);
        expect(res.status, `${label} ${path}`).toBe(403);
        expect(res.body, label).toMatchObject({ error: { code: 'cross_site' } });
        expect(JSON.stringify(res.body), label).not.toContain('alice');
      }
    }
  });

  it('refuses writes from another origin before they change anything: scenarios, the clock, DELETE', async () => {
    expect((await admin('POST', '/admin/scenarios', {}, RULE)).status).toBe(201);
    for (const headers of FOREIGN) {
      const label = JSON.stringify(headers);
      expect((await admin('POST', '/admin/scenarios', headers, RULE)).status, label).toBe(403);
      expect((await admin('POST', '/admin/clock/advance', headers, { by: 'P1D' })).status, label).toBe(403);
      expect((await admin('POST', '/admin/clock/freeze', headers, {})).status, label).toBe(403);
      expect((await admin('DELETE', '/admin/scenarios', headers)).status, label).toBe(403);
      expect((await admin('POST', '/admin/data/reset', headers, {})).status, label).toBe(403);
    }
    expect(await scenarios()).toHaveLength(1);
    expect(await clock()).toMatchObject({ now: TEST_START, frozen: false });
    expect((await admin('DELETE', '/admin/scenarios')).status).toBe(204);
  });

  it('answers its own origin, tools that send no Origin, and what the browser marks same-origin or none', async () => {
    const own: Record<string, string>[] = [
      {},
      { Origin: BANK },
      { Origin: BANK, 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'same-origin' },
      { 'Sec-Fetch-Site': 'none' },
    ];
    for (const headers of own) {
      const label = JSON.stringify(headers);
      const psus = await admin('GET', '/admin/psus', headers);
      expect(psus.status, label).toBe(200);
      expect(JSON.stringify(psus.body), label).toContain('alice');
      expect((await admin('POST', '/admin/scenarios', headers, RULE)).status, label).toBe(201);
      expect((await admin('DELETE', '/admin/scenarios', headers)).status, label).toBe(204);
    }
    const moved = await admin(
      'POST',
      '/admin/clock/advance',
      { Origin: BANK, 'Sec-Fetch-Site': 'same-origin' },
      {
        by: 'PT1H',
      },
    );
    expect(moved.body).toMatchObject({ now: '2026-03-16T10:00:00.000Z' });
    // Behind a proxy that terminates TLS the bank sees http; the browser's own verdict says the page is the bank's.
    const proxied = (headers: Record<string, string>) =>
      send(bank, 'GET', 'http://console.example/psd2/admin/clock', { headers });
    expect((await proxied({ Origin: 'https://console.example', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(200);
    expect((await proxied({ Origin: 'https://console.example' })).status).toBe(403);
    expect((await proxied({ Origin: 'https://console.example', 'Sec-Fetch-Site': 'same-site' })).status).toBe(403);
    expect((await proxied({ Origin: 'https://console.example:8443', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(
      403,
    );
    // A bank on https with the default port: its origin has no port.
    const secure = await send(bank, 'GET', 'https://bank.example/psd2/admin/clock', {
      headers: { Origin: 'https://bank.example' },
    });
    expect(secure.status).toBe(200);
  });

  it('sends no CORS headers on its answers, whoever asks, and no CORS approval to a preflight', async () => {
    for (const headers of [{}, { Origin: BANK }, { Origin: 'http://localhost:9999' }, ...FOREIGN]) {
      const label = JSON.stringify(headers);
      const res = await admin('GET', '/admin/clock', headers);
      expect(res.headers.get('Access-Control-Allow-Origin'), label).toBeNull();
      expect(res.headers.get('Access-Control-Expose-Headers'), label).toBeNull();
    }
    for (const origin of ['http://localhost:9999', 'http://evil.localhost:4318', 'https://evil.example']) {
      for (const path of ['/admin/clock/advance', '/admin/scenarios', '/admin/psus']) {
        const res = await bank.call('OPTIONS', at(path), {
          headers: {
            Origin: origin,
            'Access-Control-Request-Method': 'POST',
            'Access-Control-Request-Headers': 'content-type',
          },
        });
        expect(res.status, `${origin} ${path}`).toBeLessThan(500);
        const cors = [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));
        expect(cors, `${origin} ${path}`).toEqual([]);
      }
    }
  });

  it('sends no CORS headers on admin answers even when the bank allows every origin', async () => {
    const open = await createTestBank({ config: { corsOrigins: ['*'] } });
    try {
      const res = await send(open, 'GET', `${BANK}/psd2/admin/clock`, { headers: { Origin: BANK } });
      expect(res.status).toBe(200);
      expect(res.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const xs2a = await open.call('GET', `${BANK}/psd2/health`, { headers: { Origin: 'https://evil.example' } });
      expect(xs2a.headers.get('Access-Control-Allow-Origin')).toBe('*');
      const foreign = await send(open, 'GET', `${BANK}/psd2/admin/psus`, {
        headers: { Origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    } finally {
      await open.close();
    }
  });
});

describe('admin API: the token and strict mode', () => {
  it('needs the Bearer token when SANDBOX_ADMIN_TOKEN is set (401 without it), and leaves XS2A calls alone', async () => {
    const bank = await createTestBank({ config: { admin: { enabled: null, token: 's3cret-admin-token' } } });
    try {
      const none = await send(bank, 'GET', '/admin');
      expect(none.status).toBe(401);
      expect(none.headers.get('WWW-Authenticate')).toMatch(/^Bearer/);
      expect(none.body).toMatchObject({ error: { code: 'unauthorized' } });
      const wrong = await send(bank, 'POST', '/admin/clock/advance', {
        body: { by: 'P1D' },
        headers: { Authorization: 'Bearer s3cret-admin-tokem' },
      });
      expect(wrong.status).toBe(401);
      const short = await send(bank, 'GET', '/admin', { headers: { Authorization: 'Bearer s3cret' } });
      expect(short.status).toBe(401);
      const right = await send(bank, 'POST', '/admin/clock/advance', {
        body: { by: 'P1D' },
        headers: { Authorization: 'Bearer s3cret-admin-token' },
      });
      expect(right.status).toBe(200);
      expect((right.body as { now: string }).now).toBe('2026-03-17T09:00:00.000Z');
      const discovery = await send(bank, 'GET', '/admin', { headers: { Authorization: 'bearer s3cret-admin-token' } });
      expect(discovery.body).toMatchObject({ authentication: 'bearer' });
      expect((await send(bank, 'GET', '/health')).status).toBe(200);
    } finally {
      await bank.close();
    }
  });

  it('is off in strict mode unless enabled, and then keeps its token', async () => {
    const strict = { trustedCas: [] };
    const off = await createTestBank({ config: { strict } });
    try {
      const res = await send(off, 'GET', '/admin');
      expect(res.status).toBe(404);
      expect((await send(off, 'POST', '/admin/clock/advance', { body: { by: 'P1D' } })).status).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestBank({ config: { strict, admin: { enabled: true, token: 't0ken-of-the-bank' } } });
    try {
      expect((await send(on, 'GET', '/admin')).status).toBe(401);
      const res = await send(on, 'GET', '/admin', { headers: { Authorization: 'Bearer t0ken-of-the-bank' } });
      expect(res.status).toBe(200);
    } finally {
      await on.close();
    }
  });

  it('is off when disabled explicitly', async () => {
    const bank = await createTestBank({ config: { admin: { enabled: false, token: null } } });
    try {
      expect((await send(bank, 'GET', '/admin')).status).toBe(404);
    } finally {
      await bank.close();
    }
  });
});

describe('admin API: the clock', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  const clock = async () => (await send(bank, 'GET', '/admin/clock')).body as Record<string, unknown>;
  const post = (path: string, body: object = {}) => send(bank, 'POST', `/admin/clock/${path}`, { body });

  it('advances by a duration, sets a date, freezes, unfreezes and returns to real time', async () => {
    expect(await clock()).toMatchObject({ now: TEST_START, realTime: true, frozen: false, offsetMs: 0 });
    expect((await post('advance', { by: 'PT1H30M' })).body).toMatchObject({ now: '2026-03-16T10:30:00.000Z' });
    expect((await post('advance', { by: '2d' })).body).toMatchObject({ now: '2026-03-18T10:30:00.000Z' });
    expect((await post('set', { to: '2026-04-01' })).body).toMatchObject({ now: '2026-04-01T00:00:00.000Z' });
    // Real time goes on underneath: a running bank clock moves with it.
    bank.clock.advance(60_000);
    expect(await clock()).toMatchObject({ now: '2026-04-01T00:01:00.000Z', realTime: false, frozen: false });
    expect((await post('freeze')).body).toMatchObject({ now: '2026-04-01T00:01:00.000Z', frozen: true });
    bank.clock.advance(3_600_000);
    expect(await clock()).toMatchObject({ now: '2026-04-01T00:01:00.000Z', frozen: true });
    expect((await post('advance', { by: 'P1D' })).body).toMatchObject({ now: '2026-04-02T00:01:00.000Z' });
    expect((await post('unfreeze')).body).toMatchObject({ now: '2026-04-02T00:01:00.000Z', frozen: false });
    bank.clock.advance(1_000);
    expect(await clock()).toMatchObject({ now: '2026-04-02T00:01:01.000Z' });
    const real = (await post('reset')).body as Record<string, unknown>;
    expect(real).toMatchObject({ realTime: true, frozen: false, offsetMs: 0 });
    expect(real.now).toBe(real.realNow);
  });

  it('advances by exactly the duration asked while real time passes during the request', async () => {
    const ticking = await createTestBank({ tickMs: 1 });
    try {
      const moved = await send(ticking, 'POST', '/admin/clock/advance', { body: { by: 'P1D' } });
      expect(moved.body).toMatchObject({ offsetMs: 86_400_000 });
      await send(ticking, 'POST', '/admin/clock/advance', { body: { by: 'P1D' } });
      expect((await send(ticking, 'GET', '/admin/clock')).body).toMatchObject({ offsetMs: 2 * 86_400_000 });
    } finally {
      await ticking.close();
    }
  });

  it('moves only forward: an earlier date is refused (409) and changes nothing', async () => {
    const before = await clock();
    const res = await post('set', { to: '2020-01-01T00:00:00Z' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'clock_backwards' } });
    expect((await clock()).now).toBe(before.now);
    expect((await post('set', { to: '2026-02-30' })).status).toBe(400);
  });
});

describe('durations and instants', () => {
  it('reads ISO 8601 durations, short forms and milliseconds; refuses the rest', () => {
    expect(parseDuration('PT1H')).toBe(3_600_000);
    expect(parseDuration('P1DT2H')).toBe(93_600_000);
    expect(parseDuration('P1W')).toBe(604_800_000);
    expect(parseDuration('PT0.5S')).toBe(500);
    expect(parseDuration('90m')).toBe(5_400_000);
    expect(parseDuration('250ms')).toBe(250);
    expect(parseDuration(1_000)).toBe(1_000);
    for (const bad of ['P1M', 'P', 'PT', 'P1Y', '-1h', 0, -5, '1.5', null]) expect(parseDuration(bad)).toBeUndefined();
  });

  it('reads dates and zoned date-times only', () => {
    expect(parseInstant('2026-12-01')).toBe(Date.parse('2026-12-01T00:00:00Z'));
    expect(parseInstant('2026-12-01T10:00:00+01:00')).toBe(Date.parse('2026-12-01T09:00:00Z'));
    for (const bad of ['2026-12-01T10:00:00', '2026-13-01', 'tomorrow', 5]) expect(parseInstant(bad)).toBeUndefined();
  });
});
