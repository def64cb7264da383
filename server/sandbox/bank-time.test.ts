// The bank tells its time: every answer's Date header is the bank's clock, not the machine's, so any client learns the
// bank's today from any answer; and the admin clock's answers say what each move did, durations in words.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationInWords } from './admin/clock-routes';
import { createTestBank, ORIGIN, type TestBank } from './testing/test-support';
import { accountOf } from './testing/test-kit';

describe('the Date header tells the bank’s time', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
    await bank.call('POST', '/admin/clock/advance', { body: { by: 'P30D' } });
  });
  afterAll(() => bank.close());
  const bankDate = async () =>
    new Date(Date.parse(((await bank.call('GET', '/admin/clock')).body as { now: string }).now)).toUTCString();

  it('on XS2A answers, their errors, the admin API, the PSU pages, health and preflights', async () => {
    const expected = await bankDate();
    expect(expected).toContain('15 Apr 2026');
    const answers = [
      await bank.call('POST', '/v1/consents', {
        body: {
          access: { allPsd2: 'allAccounts' },
          recurringIndicator: true,
          validUntil: '2026-12-31',
          frequencyPerDay: 4,
          combinedServiceIndicator: false,
        },
      }),
      await bank.call('GET', `/v1/accounts/${accountOf('alice').resourceId}`, { headers: { 'Consent-ID': 'nope' } }),
      await bank.call('GET', '/v1/no-such-thing'),
      await bank.call('GET', '/admin/clock'),
      await bank.call('GET', '/health'),
      await bank.call('GET', '/deviating/amounts-as-numbers/v1/accounts', { headers: { 'Consent-ID': 'nope' } }),
    ];
    for (const res of answers) expect(res.headers.get('Date')).toBe(expected);
    const page = await bank.sandbox.fetch(new Request(`${ORIGIN}/psd2/app`));
    expect(page.headers.get('Date')).toBe(expected);
    const preflight = await bank.sandbox.fetch(
      new Request(`${ORIGIN}/psd2/v1/consents`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
      }),
    );
    expect(preflight.headers.get('Date')).toBe(expected);
  });

  it('follows the clock: it runs with real time, stands still when frozen, jumps with a move', async () => {
    bank.clock.advance(61_000);
    expect((await bank.call('GET', '/health')).headers.get('Date')).toBe(await bankDate());
    await bank.call('POST', '/admin/clock/freeze', { body: {} });
    const frozen = await bankDate();
    bank.clock.advance(3_600_000);
    expect((await bank.call('GET', '/health')).headers.get('Date')).toBe(frozen);
    await bank.call('POST', '/admin/clock/advance', { body: { by: 'P1D' } });
    expect((await bank.call('GET', '/health')).headers.get('Date')).toBe(await bankDate());
    await bank.call('POST', '/admin/clock/unfreeze', { body: {} });
  });

  it('reaches the client over HTTP: the server sends the bank’s Date, not its own', async () => {
    const server = serve({ fetch: (request) => bank.sandbox.fetch(request), port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/psd2/health`);
      expect(res.headers.get('Date')).toBe(await bankDate());
      expect(res.headers.get('Date')).not.toBe(new Date().toUTCString());
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('the admin clock says what it did', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  const post = async (path: string, body: object = {}) =>
    (await bank.call('POST', `/admin/clock/${path}`, { body })).body as Record<string, unknown>;

  it('freezes and unfreezes, and says so', async () => {
    const frozen = await post('freeze');
    expect(frozen).toMatchObject({ action: 'freeze', frozen: true });
    expect(frozen.message).toBe("The bank's clock stands still at 2026-03-16T09:00:00.000Z until it is unfrozen.");
    bank.clock.advance(3_600_000);
    const running = await post('unfreeze');
    expect(running).toMatchObject({ action: 'unfreeze', frozen: false });
    expect(running.message).toBe("The bank's clock runs again from 2026-03-16T09:00:00.000Z, 1 hour behind real time.");
  });

  it('words a move with its duration and what fell due, in the singular for one', async () => {
    const moved = await post('advance', { by: 'PT1H' });
    expect(moved).toMatchObject({ action: 'advance' });
    expect(moved.message).toBe('Moved forward by 1 hour to 2026-03-16T10:00:00.000Z. Nothing fell due.');
    const reset = await post('reset');
    expect(reset.message).toMatch(/^Back to real time/);
  });

  it('words durations in the singular for one of a unit', () => {
    expect(durationInWords(3_600_000)).toBe('1 hour');
    expect(durationInWords(7_200_000)).toBe('2 hours');
    expect(durationInWords(86_400_000 + 60_000)).toBe('1 day 1 minute');
    expect(durationInWords(2 * 86_400_000 + 3 * 3_600_000 + 30 * 60_000)).toBe('2 days 3 hours 30 minutes');
    expect(durationInWords(1_000)).toBe('1 second');
    expect(durationInWords(90_000)).toBe('1 minute 30 seconds');
    expect(durationInWords(250)).toBe('250 milliseconds');
    expect(durationInWords(1)).toBe('1 millisecond');
  });
});
