// The console's HTTP stub: answers in order, echoes the X-Request-ID, records what was sent, hangs and fails like fetch.
import { describe, expect, it } from 'vitest';
import {
  answerAll,
  answerAsBrowser,
  answerNext,
  ECHOED_REQUEST_ID,
  hang,
  jsonResponse,
  networkError,
  routeTo,
  sent,
  sentCount,
  withType,
} from './http';

const BANK = 'https://bank.example/psd2/v1/consents';

describe('the HTTP stub', () => {
  it('answers queued answers in order, then the standing one', async () => {
    answerAll(jsonResponse({ n: 'always' }));
    answerNext(jsonResponse({ n: 1 }), () => jsonResponse({ n: 2 }));
    const bodies = [];
    for (let i = 0; i < 4; i++) bodies.push(await (await fetch(BANK)).json());
    expect(bodies).toEqual([{ n: 1 }, { n: 2 }, { n: 'always' }, { n: 'always' }]);
  });

  it('echoes the request’s X-Request-ID in place of the placeholder, and keeps any other', async () => {
    answerNext(jsonResponse({}), jsonResponse({}, { headers: { 'X-Request-ID': 'own' } }));
    const echoed = await fetch(BANK, { headers: { 'X-Request-ID': 'r-1' } });
    const own = await fetch(BANK, { headers: { 'X-Request-ID': 'r-2' } });
    expect(echoed.headers.get('X-Request-ID')).toBe('r-1');
    expect(own.headers.get('X-Request-ID')).toBe('own');
    expect(jsonResponse({}).headers.get('X-Request-ID')).toBe(ECHOED_REQUEST_ID);
  });

  it('records each request with its URL, method, headers, redirect mode and parsed body', async () => {
    answerAll(new Response(null, { status: 204 }));
    await fetch(BANK, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PSU-ID': 'alice' },
      body: JSON.stringify({ access: {} }),
      redirect: 'manual',
    });
    await fetch(`${BANK}/c1`, { method: 'PUT', body: 'code=x' });
    expect(sentCount()).toBe(2);
    const first = await sent(0);
    expect(first).toMatchObject({ url: BANK, method: 'POST', redirect: 'manual', body: { access: {} } });
    expect(first.headers.get('psu-id')).toBe('alice');
    expect((await sent(0)).body).toEqual({ access: {} });
    expect((await sent(1)).body).toBe('code=x');
    await expect(sent(2)).rejects.toThrow('2 requests were sent, not 3');
  });

  it('starts each test with no answers and no record', async () => {
    expect(sentCount()).toBe(0);
    await expect(fetch(BANK)).rejects.toThrow();
  });

  it('fails a request as the network does, and hangs one until its signal aborts', async () => {
    answerNext(networkError, hang);
    await expect(fetch(BANK)).rejects.toBeInstanceOf(TypeError);
    const controller = new AbortController();
    const pending = fetch(BANK, { signal: controller.signal });
    controller.abort(new DOMException('took too long', 'TimeoutError'));
    await expect(pending).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it('routes one origin to a fetch handler ahead of the queued answers', async () => {
    answerAll(jsonResponse({ from: 'stub' }));
    routeTo('https://sandbox.test', (request) =>
      Response.json({ from: 'handler', path: new URL(request.url).pathname }),
    );
    expect(await (await fetch('https://sandbox.test/v1/accounts')).json()).toEqual({
      from: 'handler',
      path: '/v1/accounts',
    });
    expect(await (await fetch(BANK)).json()).toEqual({ from: 'stub' });
  });

  it('hands out a response of a kind only a browser makes, as the very object', async () => {
    const made = withType(Response.error(), 'opaqueredirect');
    answerAsBrowser(() => made);
    const response = await fetch(BANK, { redirect: 'manual' });
    expect(response).toBe(made);
    expect(response.type).toBe('opaqueredirect');
  });
});
