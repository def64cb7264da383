// A 429 on a read: the client waits as the bank asks (Retry-After, RateLimit-*) or backs off by itself, and tries again,
// within bounds, each try an exchange of its own; writes are never tried again. The waits run on vitest's fake timers,
// so nothing here waits in real time.
import { hashKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { xs2aRequest, type Xs2aRequestOptions } from './client';
import { describeXs2aError, Xs2aError } from './errors';
import { exchangeLog } from './exchange-log';
import { readSignal, readWaits } from './rate-limit';
import { askedWait, waitText } from './rate-limit-headers';
import { testProfile } from './test-kit';
import { answerNext, jsonResponse, sent, sentCount } from '../testing/http';

const tooMany = (headers: Record<string, string> = { 'Retry-After': '1' }, code = 'ACCESS_EXCEEDED') =>
  jsonResponse({ tppMessages: [{ category: 'ERROR', code, text: 'Too many requests' }] }, { status: 429, headers });
const bare429 = (headers: Record<string, string> = {}) => new Response(null, { status: 429, headers });
const valid = () => jsonResponse({ consentStatus: 'valid' });

const statusRead: Xs2aRequestOptions = {
  profile: testProfile(),
  operationId: 'getConsentStatus',
  method: 'GET',
  path: '/v1/consents/c1/status',
};

/** Lets the stub answer (real I/O, not on the fake timers) until the client waits on the bank's 429. */
async function untilWaiting(): Promise<void> {
  const started = performance.now();
  while (readWaits.list().length === 0) {
    if (performance.now() - started > 10_000) throw new Error('the client never started waiting');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Lets the stub answer until the request settles, moving the fake clock through every wait the client starts. */
async function settled<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown; waited: number[] }> {
  let outcome: { value?: T; error?: unknown } | undefined;
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  const waited: number[] = [];
  const started = performance.now();
  while (!outcome) {
    if (performance.now() - started > 10_000) throw new Error('the request never settled');
    const wait = readWaits.list()[0];
    if (wait) {
      waited.push(wait.ms);
      await vi.advanceTimersByTimeAsync(wait.ms);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { ...outcome, waited };
}

beforeEach(() => {
  exchangeLog.clear();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-16T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('askedWait', () => {
  const now = Date.parse('2026-03-16T09:00:00Z');
  it.each([
    [{ 'retry-after': '7' }, 7000, 'Retry-After: 7'],
    [{ 'retry-after': 'Mon, 16 Mar 2026 09:00:12 GMT' }, 12_000, 'Retry-After: Mon, 16 Mar 2026 09:00:12 GMT'],
    // An HTTP date is taken against the answer's own Date, whatever the client's clock says.
    [{ 'retry-after': 'Mon, 16 Mar 2026 10:00:05 GMT', date: 'Mon, 16 Mar 2026 10:00:00 GMT' }, 5000, undefined],
    [{ 'retry-after': 'Mon, 16 Mar 2026 08:00:00 GMT' }, 0, undefined],
    [{ ratelimit: 'limit=10, remaining=0, reset=9' }, 9000, 'RateLimit: limit=10, remaining=0, reset=9'],
    [{ ratelimit: '"default";r=0;t=4' }, 4000, undefined],
    [{ 'ratelimit-reset': '3' }, 3000, 'RateLimit-Reset: 3'],
    [{ 'x-ratelimit-reset': String(now / 1000 + 6) }, 6000, undefined],
    // A Unix time is on the bank's clock: taken against the answer's Date (the bank 5 days ahead of the client).
    [
      { 'x-ratelimit-reset': String((now + 5 * 86_400_000) / 1000 + 8), date: 'Sat, 21 Mar 2026 09:00:00 GMT' },
      8000,
      undefined,
    ],
    [{ 'retry-after': 'soon', 'ratelimit-reset': '2' }, 2000, 'RateLimit-Reset: 2'],
  ])('reads %j as %i ms', (headers: Record<string, string>, ms, said) => {
    expect(askedWait(headers, now)).toMatchObject({ ms, ...(said && { said }) });
  });

  it('reads nothing from headers that name no wait', () => {
    expect(askedWait({}, now)).toBeUndefined();
    expect(askedWait({ 'retry-after': 'later', ratelimit: 'limit=10' }, now)).toBeUndefined();
  });

  it('says a wait in seconds, minutes or hours', () => {
    expect([waitText(900), waitText(7000), waitText(300_000), waitText(7_200_000)]).toEqual([
      '1 s',
      '7 s',
      '5 min',
      '2 h',
    ]);
  });
});

describe('a read the bank answers 429', () => {
  it('waits the seconds Retry-After asks and tries again by itself', async () => {
    answerNext(tooMany(), valid());
    const result = xs2aRequest<{ consentStatus: string }>(statusRead);
    await untilWaiting();
    await vi.advanceTimersByTimeAsync(900);
    expect(sentCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toMatchObject({ body: { consentStatus: 'valid' } });
    expect(sentCount()).toBe(2);
    expect(exchangeLog.list().map((exchange) => exchange.response?.status)).toEqual([429, 200]);
  });

  it('shows each try in the inspector, with a fresh X-Request-ID and why the console tried again', async () => {
    answerNext(tooMany(), valid());
    await settled(xs2aRequest(statusRead));
    const [first, second] = exchangeLog.list();
    expect(first?.triedAgain).toBe(
      'The bank asked to wait 1 s (Retry-After: 1); the console tried again (try 2 of 4).',
    );
    expect(second?.triedAgain).toBeUndefined();
    expect((await sent(0)).headers.get('X-Request-ID')).not.toBe((await sent(1)).headers.get('X-Request-ID'));
  });

  it('follows RateLimit-Reset when there is no Retry-After', async () => {
    answerNext(tooMany({ 'RateLimit-Reset': '3' }), valid());
    const { value, waited } = await settled(xs2aRequest(statusRead));
    expect(value).toBeDefined();
    expect(waited).toEqual([3000]);
  });

  it('backs off by itself (1 s, 2 s, 4 s) when the bank names no wait', async () => {
    answerNext(bare429(), bare429(), bare429(), valid());
    const { value, waited } = await settled(xs2aRequest(statusRead));
    expect(value).toBeDefined();
    expect(waited).toEqual([1000, 2000, 4000]);
    expect(exchangeLog.list()[0]?.triedAgain).toBe(
      'The bank answered 429 without saying how long to wait; the console waited 1 s; the console tried again (try 2 of 4).',
    );
  });

  it('stops after three tries again, with the last 429 and what the console did', async () => {
    answerNext(tooMany(), tooMany(), tooMany(), tooMany(), valid());
    const { error, waited } = await settled(xs2aRequest(statusRead));
    expect(sentCount()).toBe(4);
    expect(waited).toEqual([1000, 1000, 1000]);
    expect(error).toMatchObject({ status: 429, rateLimit: { end: 'tries', tries: 4 } });
    expect(describeXs2aError(error).advice).toContain('The console tried 4 times');
  });

  it('waits at most 30 s in all', async () => {
    answerNext(...Array.from({ length: 4 }, () => tooMany({ 'Retry-After': '12' })));
    const { error, waited } = await settled(xs2aRequest(statusRead));
    expect(waited).toEqual([12_000, 12_000]);
    expect(sentCount()).toBe(3);
    expect(error).toMatchObject({ rateLimit: { end: 'too-long', askedMs: 12_000, budgetMs: 30_000 } });
  });

  it('does not wait when the bank asks for longer than the console waits by itself', async () => {
    answerNext(tooMany({ 'Retry-After': '90' }));
    const { error, waited } = await settled(xs2aRequest(statusRead));
    expect(waited).toEqual([]);
    expect(sentCount()).toBe(1);
    expect(describeXs2aError(error).advice).toBe(
      'The bank asked to wait 90 s, longer than the console waits by itself (30 s in all). Try again once the time has passed.',
    );
  });

  it('fails at once on ACCESS_EXCEEDED without a wait: the consent’s reads for the day are used up', async () => {
    answerNext(tooMany({}));
    const { error, waited } = await settled(xs2aRequest(statusRead));
    expect(waited).toEqual([]);
    expect(sentCount()).toBe(1);
    expect(error).toMatchObject({ status: 429 });
    expect((error as Xs2aError).rateLimit).toBeUndefined();
    expect(describeXs2aError(error).messages[0]?.meaning).toContain('frequencyPerDay');
  });

  it('ends the wait with the bank’s 429 when it is cancelled', async () => {
    answerNext(tooMany({ 'Retry-After': '7' }), valid());
    const result = xs2aRequest(statusRead).catch((error: unknown) => error);
    await untilWaiting();
    const wait = readWaits.list()[0];
    expect(wait).toMatchObject({
      ms: 7000,
      said: 'Retry-After: 7',
      nextTry: 2,
      tries: 4,
      operationId: 'getConsentStatus',
    });
    wait?.cancel();
    const error = await result;
    expect(error).toBeInstanceOf(Xs2aError);
    expect(error).toMatchObject({ status: 429, rateLimit: { end: 'cancelled', tries: 1, askedMs: 7000 } });
    expect(describeXs2aError(error).advice).toBe(
      'The bank asked to wait 7 s; the wait was cancelled after 1 try. Try again when you are ready.',
    );
    // With a wait named, ACCESS_EXCEEDED is a short rate limit, not the consent's reads for the day.
    expect(describeXs2aError(error).messages[0]?.meaning).toContain('not the consent’s reads for the day used up');
    expect(readWaits.list()).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sentCount()).toBe(1);
    expect(exchangeLog.list()[0]?.triedAgain).toBeUndefined();
  });

  it('stops waiting when the caller aborts', async () => {
    const controller = new AbortController();
    answerNext(tooMany({ 'Retry-After': '7' }), valid());
    const result = xs2aRequest({ ...statusRead, signal: controller.signal }).catch((error: unknown) => error);
    await untilWaiting();
    controller.abort();
    expect(await result).toMatchObject({ kind: 'aborted' });
    expect(readWaits.list()).toEqual([]);
    expect(sentCount()).toBe(1);
  });

  it('names the query whose read waits, so its panel shows the countdown', async () => {
    answerNext(tooMany(), valid());
    const queryKey = ['consents', 'c1', 'status'];
    const signal = readSignal({ signal: new AbortController().signal, queryKey });
    const result = xs2aRequest({ ...statusRead, signal });
    await untilWaiting();
    expect(readWaits.list()[0]?.key).toBe(hashKey(queryKey));
    await vi.advanceTimersByTimeAsync(1000);
    await result;
  });
});

describe('a write the bank answers 429', () => {
  it.each([
    ['POST', 'createConsent', '/v1/consents', { access: {} }],
    ['PUT', 'updateConsentsPsuData', '/v1/consents/c1/authorisations/a1', { psuData: { password: 'x' } }],
    ['DELETE', 'deleteConsent', '/v1/consents/c1', undefined],
  ] as const)('%s is never tried again, and the bank’s wait is said', async (method, operationId, path, body) => {
    answerNext(tooMany({ 'Retry-After': '5' }), valid());
    const { error, waited } = await settled(
      xs2aRequest({ profile: testProfile(), operationId, method, path, ...(body && { body }) }),
    );
    expect(waited).toEqual([]);
    expect(sentCount()).toBe(1);
    expect(error).toMatchObject({ status: 429 });
    expect(describeXs2aError(error).advice).toBe(
      'The bank asked to wait 5 s (Retry-After: 5). The console does not send this request again by itself: send it again once the time has passed.',
    );
  });
});
