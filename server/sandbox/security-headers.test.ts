// Every HTML answer of the sandbox refuses to be framed (CSP frame-ancestors 'none' and X-Frame-Options: DENY), carries a
// Content-Security-Policy that lets its pages' inline style work and no script run, and is never content-sniffed; JSON
// answers are never content-sniffed either.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsentsResponse201, PaymentInitiationResponse201 } from '../../src/xs2a';
import { SANDBOX_PASSWORD } from './seed';
import { ORIGIN, createTestBank, type TestBank } from './testing/test-support';
import { consentBody, href, ok, paymentBody, send } from './testing/test-kit';

const SCT = '/v1/payments/sepa-credit-transfers';

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

interface Answer {
  label: string;
  status: number;
  headers: Headers;
  text: string;
}

async function fetchPage(bank: TestBank, url: string, init: RequestInit = {}, label = url): Promise<Answer> {
  const res = await bank.sandbox.fetch(new Request(url.startsWith('http') ? url : `${ORIGIN}${url}`, init));
  return { label, status: res.status, headers: res.headers, text: await res.text() };
}

const form = (fields: Record<string, string>, cookie?: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
  body: new URLSearchParams(fields).toString(),
});

/** Asserts what every HTML answer carries; the page must also work under its policy. */
function expectFramingRefused(answer: Answer) {
  const { label, headers } = answer;
  expect(headers.get('X-Frame-Options'), label).toBe('DENY');
  expect(headers.get('X-Content-Type-Options'), label).toBe('nosniff');
  const csp = directives(headers.get('Content-Security-Policy'));
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  expect(csp.get('default-src'), label).toEqual(["'none'"]);
  // No script source at all: scripts fall back to default-src 'none'.
  expect(csp.has('script-src'), label).toBe(false);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  if (headers.get('Content-Type')?.startsWith('text/html')) {
    // The pages style themselves with one inline <style> element and load nothing else.
    expect(csp.get('style-src'), label).toEqual(["'unsafe-inline'"]);
    expect(answer.text, label).not.toMatch(/<script|<link|<img|<iframe|style="/i);
  }
}

describe('framing and sniffing headers', () => {
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

  it('sends frame-ancestors none, X-Frame-Options DENY, a strict CSP and nosniff on every page', async () => {
    const answers: Answer[] = [];
    answers.push(await fetchPage(bank, '/psd2/app', {}, 'banking app login'));
    answers.push(await fetchPage(bank, scaRedirect, {}, 'redirect SCA page'));
    answers.push(await fetchPage(bank, '/psd2/sca/auth-unknown', {}, 'unknown SCA link (404 page)'));
    const big = form({ psuId: 'x'.repeat(bank.sandbox.config.maxFormBodyBytes) });
    answers.push(await fetchPage(bank, '/psd2/app/login', big, 'form beyond the limit (413 page)'));
    for (const answer of answers) expectFramingRefused(answer);
    expect(answers.map((a) => `${a.label}: ${a.status}`)).toEqual([
      'banking app login: 200',
      'redirect SCA page: 200',
      'unknown SCA link (404 page): 404',
      'form beyond the limit (413 page): 413',
    ]);
    // Whatever the pages answer a form post with (a redirect, the page again with an error, a refusal), it carries them.
    const posts = [
      await fetchPage(bank, '/psd2/app/login', form({ psuId: 'alice', password: SANDBOX_PASSWORD }), 'app login'),
      await fetchPage(bank, `${scaRedirect}/login`, form({ psuId: 'alice', password: 'wrong' }), 'SCA login'),
      await fetchPage(bank, `${scaRedirect}/decision`, form({ action: 'approve', otp: '000000' }), 'SCA decision'),
    ];
    for (const answer of posts) expectFramingRefused(answer);
  });

  it('sends nosniff on XS2A answers, successes and errors alike', async () => {
    const answers = [
      await send(bank, 'POST', '/v1/consents', { body: consentBody() }),
      await send(bank, 'GET', `${SCT}/pay-unknown`),
      await send(bank, 'GET', '/v1/unknown'),
      await send(bank, 'POST', SCT, { rawBody: '{' }),
    ];
    expect(answers.map((a) => a.status)).toEqual([201, 403, 404, 400]);
    ok(answers[0]!, 201, ConsentsResponse201);
    for (const answer of answers) {
      expect(answer.headers.get('Content-Type')).toMatch(/^application\/json/);
      expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
    }
    const health = await fetchPage(bank, '/psd2/health');
    expect(health.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});

describe('framing headers of the OAuth pages', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank({ config: { scaRedirect: 'oauth' } });
  });
  afterAll(() => bank.close());

  it('refuses framing of the authorize page and sends nosniff on the metadata and token answers', async () => {
    const consent = ok(
      await send(bank, 'POST', '/v1/consents', {
        body: consentBody(),
        headers: { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': 'https://tpp.example/callback/ok' },
      }),
      201,
      ConsentsResponse201,
    );
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: 'xs2a-console',
      redirect_uri: 'https://tpp.example/callback/oauth',
      scope: `AIS:${consent.consentId}`,
      state: randomUUID(),
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const authorize = await fetchPage(bank, `/psd2/oauth/authorize?${query.toString()}`, {}, 'authorize page');
    const invalid = await fetchPage(bank, '/psd2/oauth/authorize', {}, 'authorize page, invalid request');
    expect([authorize.status, invalid.status]).toEqual([200, 400]);
    expectFramingRefused(authorize);
    expectFramingRefused(invalid);
    const metadata = await fetchPage(bank, '/psd2/oauth/.well-known/oauth-authorization-server');
    const token = await fetchPage(bank, '/psd2/oauth/token', form({ grant_type: 'authorization_code' }));
    expect([metadata.status, token.status]).toEqual([200, 400]);
    for (const answer of [metadata, token]) expect(answer.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
