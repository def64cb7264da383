import { describe, expect, it } from 'vitest';
import { verdictForFailure, verdictForSuccess } from './connection-check';

describe('connection check verdict', () => {
  it('calls any XS2A error body an XS2A answer', () => {
    const verdict = verdictForFailure({
      kind: 'http',
      status: 403,
      tppMessages: [{ code: 'CONSENT_UNKNOWN', text: 'unknown' }],
    });
    expect(verdict.outcome).toBe('answered');
    expect(verdict.title).toBe('The bank answered and speaks XS2A');
    expect(verdict.detail).toContain('HTTP 403 CONSENT_UNKNOWN');
  });

  it('gives the relay’s own message when the relay could not reach the bank', () => {
    const message = 'The bank at 127.0.0.1:2 refused the connection: nothing is listening there.';
    const verdict = verdictForFailure({ kind: 'relay', status: 502, tppMessages: [], relayError: { message } });
    expect(verdict).toEqual({
      outcome: 'unreachable',
      title: 'The console’s relay could not reach the bank',
      detail: message,
    });
  });

  it('calls a redirect suspicious, says it was not followed, and names where it pointed when that is known', () => {
    const hidden = verdictForFailure({ kind: 'redirect', tppMessages: [] });
    expect(hidden.outcome).toBe('suspicious');
    expect(hidden.title).toBe('The bank answered with a redirect, which the console does not follow');
    expect(hidden.detail).toMatch(/base_url is probably wrong/);
    const relayed = verdictForFailure({
      kind: 'redirect',
      status: 301,
      location: 'https://bank.example/psd2/',
      tppMessages: [],
    });
    expect(relayed.title).toBe('The bank answered with a redirect (301), which the console does not follow');
    expect(relayed.detail).toContain('It pointed to https://bank.example/psd2/.');
  });

  it('counts a problem+json body as an XS2A answer', () => {
    const verdict = verdictForFailure({
      kind: 'http',
      status: 400,
      tppMessages: [],
      problem: { code: 'FORMAT_ERROR' },
    });
    expect(verdict.outcome).toBe('answered');
  });

  it('suspects the base_url when an HTML page answers', () => {
    const html = '<!DOCTYPE html><html><body>Not found</body></html>';
    for (const kind of ['http', 'invalid-response'] as const) {
      const verdict = verdictForFailure({ kind, status: kind === 'http' ? 404 : 200, tppMessages: [], bodyText: html });
      expect(verdict.outcome).toBe('suspicious');
      expect(verdict.detail).toContain('HTML page');
      expect(verdict.detail).toContain('base_url is probably wrong');
    }
  });

  it('says unreachable or CORS on a network error', () => {
    const verdict = verdictForFailure({ kind: 'network', tppMessages: [] });
    expect(verdict.outcome).toBe('unreachable');
    expect(verdict.detail).toContain('CORS');
  });

  it('hints at a token when a 401 comes without tppMessages', () => {
    const verdict = verdictForFailure({ kind: 'http', status: 401, tppMessages: [], bodyText: '' });
    expect(verdict.outcome).toBe('suspicious');
    expect(verdict.detail).toContain('bearer token');
  });

  it('reports a timeout', () => {
    expect(verdictForFailure({ kind: 'timeout', tppMessages: [] }).title).toBe('The bank did not answer in time');
  });

  it('treats a 200 for a made-up consent as an XS2A answer', () => {
    expect(verdictForSuccess(200).outcome).toBe('answered');
  });
});

describe('connection check verdict on error bodies outside tppMessages', () => {
  it('calls a 403 CONSENT_UNKNOWN in a { code, message } body the answer of a bank that speaks XS2A', () => {
    const verdict = verdictForFailure({
      kind: 'http',
      status: 403,
      tppMessages: [],
      bodyError: { code: 'CONSENT_UNKNOWN', text: 'No such consent' },
      bodyText: '{"code":"CONSENT_UNKNOWN","message":"No such consent"}',
    });
    expect(verdict.outcome).toBe('answered');
    expect(verdict.title).toBe('The bank answered and speaks XS2A');
    expect(verdict.detail).toContain('HTTP 403 CONSENT_UNKNOWN');
    expect(verdict.detail).not.toMatch(/token|certificate/);
  });
});

describe('connection check verdict on a gateway’s page', () => {
  it('says a gateway answered with an HTML page on a 502 or 503, not that the base_url is wrong', () => {
    const verdict = verdictForFailure({
      kind: 'http',
      status: 503,
      tppMessages: [],
      bodyText: '<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body></body></html>',
    });
    expect(verdict).toMatchObject({
      outcome: 'unreachable',
      title: 'The bank’s gateway answered with an HTML page (503)',
    });
    expect(verdict.detail).not.toMatch(/base_url/);
  });

  it('keeps the token hint for an OAuth error code, which is not one of 1.3.12', () => {
    const verdict = verdictForFailure({
      kind: 'http',
      status: 401,
      tppMessages: [],
      bodyError: { code: 'invalid_token', text: 'expired' },
      bodyText: '{"error":"invalid_token","error_description":"expired"}',
    });
    expect(verdict.outcome).toBe('suspicious');
    expect(verdict.detail).toContain('bearer token');
  });
});
