// Request bodies are limited while they are read: a body beyond the limit is refused with 413 after at most the limit's
// worth of chunks, never read to its end. XS2A routes answer with a spec error body, the PSU pages with a plain page,
// the OAuth token endpoint with an OAuth error.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, ErrorBodyNg, PaymentInitiationResponse201 } from '../../src/xs2a';
import { defaultSandboxConfig } from './config';
import { SANDBOX_PASSWORD } from './seed';
import { ORIGIN, createTestBank, type TestBank } from './testing/test-support';
import { browse, consentBody, expectSchema, href, ok, paymentBody, send } from './testing/test-kit';

const CHUNK_BYTES = 16 * 1024;
const SCT = '/v1/payments/sepa-credit-transfers';

/**
 * A chunked body of `chunks` chunks of 16 kB (64 MB by default, far beyond every limit) that counts how many chunks the
 * reader pulled. Each chunk is made when it is pulled, so nothing is read ahead.
 */
function countedBody(chunks = 4096) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) {
          controller.close();
          return;
        }
        pulled += 1;
        controller.enqueue(new Uint8Array(CHUNK_BYTES).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, chunks };
}

/** The chunks a reader may pull before it knows a body is beyond `limit`: the limit's worth and one more. */
const chunksFor = (limit: number) => Math.ceil(limit / CHUNK_BYTES) + 1;

/** A request whose body is a stream (fetch wants `duplex: 'half'` for one, which the DOM types do not know yet). */
function streamed(method: string, url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) {
  const init: RequestInit & { duplex: 'half' } = { method, headers, body, duplex: 'half' };
  return new Request(url.startsWith('http') ? url : `${ORIGIN}${url}`, init);
}

const post = (bank: TestBank, url: string, headers: Record<string, string>, body: ReadableStream<Uint8Array>) =>
  bank.sandbox.fetch(streamed('POST', url, headers, body));

const xs2aHeaders = () => ({
  'X-Request-ID': randomUUID(),
  'PSU-IP-Address': '192.168.8.78',
  'Content-Type': 'application/json',
});
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

describe('XS2A routes: a body beyond maxBodyBytes', () => {
  let bank: TestBank;
  let authPath: string;
  beforeAll(async () => {
    bank = await createTestBank();
    const payment = ok(
      await send(bank, 'POST', SCT, { body: paymentBody(), headers: { 'TPP-Redirect-Preferred': 'false' } }),
      201,
      PaymentInitiationResponse201,
    );
    const started = await send(bank, 'POST', `${href(payment._links.self)}/authorisations`, {
      headers: { 'PSU-ID': 'alice' },
    });
    expect(started.status).toBe(201);
    authPath = href((started.body as { _links: { scaStatus: { href: string } } })._links.scaStatus);
  });
  afterAll(() => bank.close());

  it('is refused with 413 FORMAT_ERROR after the limit’s worth of chunks, never read to its end', async () => {
    const limit = bank.sandbox.config.maxBodyBytes;
    const routes: [string, string][] = [
      ['POST', `/psd2${SCT}`],
      ['POST', '/psd2/v1/consents'],
      ['PUT', authPath],
    ];
    for (const [method, path] of routes) {
      const body = countedBody();
      const headers = xs2aHeaders();
      const res = await bank.sandbox.fetch(streamed(method, path, headers, body.stream));
      expect(body.pulled(), `${method} ${path}: chunks pulled`).toBeLessThanOrEqual(chunksFor(limit));
      expect(res.status, `${method} ${path}`).toBe(413);
      expect(res.headers.get('X-Request-ID')).toBe(headers['X-Request-ID']);
      const error = expectSchema(ErrorBodyNg, await res.json());
      expect(error.tppMessages?.[0]).toMatchObject({ category: 'ERROR', code: 'FORMAT_ERROR' });
      expect(error.tppMessages?.[0]?.text).toMatch(new RegExp(`larger than ${limit} bytes`));
    }
  });

  it('is refused with 413 on its declared Content-Length alone, before a chunk is read', async () => {
    const body = countedBody();
    const res = await post(
      bank,
      `/psd2${SCT}`,
      { ...xs2aHeaders(), 'Content-Length': String(body.chunks * CHUNK_BYTES) },
      body.stream,
    );
    expect(res.status).toBe(413);
    expect(expectSchema(ErrorBodyNg, await res.json()).tppMessages?.[0]?.code).toBe('FORMAT_ERROR');
    expect(body.pulled()).toBe(0);
  });

  it('reads a body that declares both Content-Length and Transfer-Encoding, and refuses it at the limit', async () => {
    const body = countedBody();
    const headers = { ...xs2aHeaders(), 'Content-Length': '10', 'Transfer-Encoding': 'chunked' };
    const res = await post(bank, `/psd2${SCT}`, headers, body.stream);
    expect(body.pulled(), 'chunks pulled').toBeLessThanOrEqual(chunksFor(bank.sandbox.config.maxBodyBytes));
    expect(res.status).toBe(413);
  });

  it('keeps answering bodies within the limit, streamed or not', async () => {
    ok(await send(bank, 'POST', '/v1/consents', { body: consentBody() }), 201, ConsentsResponse201);
    const text = JSON.stringify({ ...paymentBody(), remittanceInformationUnstructured: 'Invoice 4711' });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, 40)));
        controller.enqueue(new TextEncoder().encode(text.slice(40)));
        controller.close();
      },
    });
    const res = await post(bank, `/psd2${SCT}`, xs2aHeaders(), stream);
    expect(res.status).toBe(201);
  });
});

describe('PSU pages: a form post beyond the form limit', () => {
  let bank: TestBank;
  let scaRedirect: string;
  beforeAll(async () => {
    bank = await createTestBank();
    const payment = ok(
      await send(bank, 'POST', SCT, {
        body: paymentBody(),
        headers: { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': 'https://tpp.example/callback/ok' },
      }),
      201,
      PaymentInitiationResponse201,
    );
    scaRedirect = href(payment._links.scaRedirect);
  });
  afterAll(() => bank.close());

  it('is a small limit, well below the XS2A one', () => {
    expect(bank.sandbox.config.maxFormBodyBytes).toBe(64 * 1024);
    expect(defaultSandboxConfig.maxFormBodyBytes).toBeLessThan(defaultSandboxConfig.maxBodyBytes);
  });

  it('answers 413 with a plain page after the limit’s worth of chunks, on every form of the pages', async () => {
    const limit = bank.sandbox.config.maxFormBodyBytes;
    for (const path of [`${scaRedirect}/login`, `${scaRedirect}/decision`, '/psd2/app/login', '/psd2/app/decide']) {
      const body = countedBody();
      const res = await post(bank, path, FORM, body.stream);
      expect(body.pulled(), `${path}: chunks pulled`).toBeLessThanOrEqual(chunksFor(limit));
      expect(res.status, path).toBe(413);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page).toMatch(/^<!doctype html>/i);
      expect(page).toContain('role="alert"');
      expect(page).toContain(`${limit / 1024} kB`);
    }
  });

  it('still takes a form within the limit to its page', async () => {
    // What the page then answers is its own business (a redirect, an error, a refused form): only not the limit's 413.
    const near = await browse(bank, '/psd2/app/login', { psuId: 'x'.repeat(60 * 1024), password: 'wrong' });
    expect(near.status).not.toBe(413);
    expect(near.html).not.toContain('too large');
    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect(login.status).not.toBe(413);
  });
});

describe('OAuth pages: a form post beyond the form limit', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ config: { scaRedirect: 'oauth' } });
  });
  afterAll(() => bank.close());

  it('answers the authorize page’s form with a 413 page', async () => {
    const body = countedBody();
    const res = await post(bank, '/psd2/oauth/authorize', FORM, body.stream);
    expect(body.pulled(), 'chunks pulled').toBeLessThanOrEqual(chunksFor(bank.sandbox.config.maxFormBodyBytes));
    expect(res.status).toBe(413);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('role="alert"');
  });

  it('answers the token endpoint with 413 and an OAuth error body', async () => {
    const body = countedBody();
    const res = await post(bank, '/psd2/oauth/token', FORM, body.stream);
    expect(body.pulled(), 'chunks pulled').toBeLessThanOrEqual(chunksFor(bank.sandbox.config.maxFormBodyBytes));
    expect(res.status).toBe(413);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ error: 'invalid_request' });
  });
});
