// Test benches: each bench is a bank of its own (clock, preset, data), made on demand, dropped when too many live.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBenches, type Benches } from './sandbox-benches';

const ORIGIN = 'http://127.0.0.1:4318';

let benches: Benches;
beforeAll(() => {
  benches = createBenches({ max: 2, config: { settlementDelayMs: 60_000 } });
});
afterAll(() => benches.close());

async function call(path: string, method = 'GET', body?: unknown) {
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const response = await benches.fetch(new Request(`${ORIGIN}${path}`, init));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const clockOf = async (name: string) => (await call(`/bench/${name}/admin/clock`)).body as { offsetMs: number };
const profileOf = async (name: string) => (await call(`/bench/${name}/admin/profile`)).body.name;

describe('test benches', () => {
  it('makes a bank per name, whose clock and preset are its own', async () => {
    expect((await call('/bench/a/health')).body).toMatchObject({ status: 'UP' });
    await call('/bench/a/admin/clock/advance', 'POST', { by: 'P1D' });
    await call('/bench/a/admin/profile', 'PUT', { name: 'embedded-bank' });
    expect((await clockOf('a')).offsetMs).toBe(86_400_000);
    expect(await profileOf('a')).toBe('embedded-bank');
    expect((await clockOf('b')).offsetMs).toBe(0);
    expect(await profileOf('b')).toBe('standard');
    // Its links and pages live under its own prefix.
    const discovery = (await call('/bench/a/admin')).body as { controls: { clock: { href: string } } };
    expect(discovery.controls.clock.href).toBe('/bench/a/admin/clock');
  });

  it('refuses names that are not a bench’s', async () => {
    for (const path of ['/bench/', '/bench/UPPER/health', '/bench/a.b/health', `/bench/${'x'.repeat(70)}/health`]) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] });
    }
  });

  it('drops the least recently used bench beyond its maximum, which starts afresh when asked for again', async () => {
    await call('/bench/a/admin/clock/advance', 'POST', { by: 'P1D' });
    await call('/bench/b/admin/clock/advance', 'POST', { by: 'P1D' });
    await call('/bench/a/health');
    // c makes three: b, used least recently, goes; a keeps its moved clock.
    await call('/bench/c/health');
    expect((await clockOf('a')).offsetMs).toBe(2 * 86_400_000);
    // b comes back (c, used least recently now, goes) as a fresh bank: its move is gone.
    expect((await clockOf('b')).offsetMs).toBe(0);
    expect((await clockOf('a')).offsetMs).toBe(2 * 86_400_000);
  });

  it('answers a bench’s admin API for pages of the console’s own origin only, without CORS headers', async () => {
    const clock = (headers: Record<string, string>) =>
      benches.fetch(new Request(`${ORIGIN}/bench/d/admin/clock`, { headers }));
    const own = await clock({ Origin: ORIGIN, 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status).toBe(200);
    expect(own.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const calls: Record<string, string>[] = [
      { Origin: 'http://127.0.0.1:5173', 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'http://localhost:4318' },
    ];
    for (const headers of calls) {
      const foreign = await clock(headers);
      expect(foreign.status, JSON.stringify(headers)).toBe(403);
      expect(foreign.headers.get('Access-Control-Allow-Origin')).toBeNull();
    }
  });
});
