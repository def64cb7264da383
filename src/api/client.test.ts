import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildHeaders, buildUrl, xs2aRequest } from './client';
import { Xs2aError } from './errors';
import { exchangeLog } from './exchange-log';
import { builtInSandboxProfile, type BankProfile } from './profiles/bank-profile';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function profile(changes: Partial<BankProfile> = {}): BankProfile {
  return { ...builtInSandboxProfile('https://console.example'), ...changes };
}

function json(body: unknown, init: ResponseInit = {}, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': type, 'X-Request-ID': 'echo', ...init.headers },
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  exchangeLog.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function sentRequest(index = 0): { url: string; init: RequestInit; headers: Record<string, string> } {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} times`);
  const init = call[1] ?? {};
  return { url: call[0] as string, init, headers: init.headers as Record<string, string> };
}

describe('buildUrl', () => {
  it.each([
    ['https://bank.example/psd2', '/v1/consents', 'https://bank.example/psd2/v1/consents'],
    ['https://bank.example/psd2/', '/v1/consents', 'https://bank.example/psd2/v1/consents'],
    ['https://bank.example', '/v1/consents', 'https://bank.example/v1/consents'],
    ['https://bank.example/', '/v1/consents', 'https://bank.example/v1/consents'],
    ['http://127.0.0.1:4318/sandbox', '/v1/accounts', 'http://127.0.0.1:4318/sandbox/v1/accounts'],
  ])('appends %s + %s', (baseUrl, path, expected) => {
    expect(buildUrl(baseUrl, { path })).toBe(expected);
  });

  it('resolves a relative href against the origin, keeping the prefix the href already carries', () => {
    expect(buildUrl('https://bank.example/psd2', { href: '/psd2/v1/payments/sepa-credit-transfers/p1/status' })).toBe(
      'https://bank.example/psd2/v1/payments/sepa-credit-transfers/p1/status',
    );
    expect(buildUrl('https://bank.example/psd2/', { href: '/psd2/v1/consents/c1' })).toBe(
      'https://bank.example/psd2/v1/consents/c1',
    );
  });

  it('takes an absolute href as it is', () => {
    expect(buildUrl('https://bank.example/psd2', { href: 'https://auth.bank.example/sca?x=1' })).toBe(
      'https://auth.bank.example/sca?x=1',
    );
  });

  it('adds query parameters, skipping undefined ones', () => {
    const url = buildUrl(
      'https://bank.example/psd2/',
      { path: '/v1/accounts/a1/transactions' },
      {
        bookingStatus: 'booked',
        dateFrom: '2024-01-01',
        dateTo: undefined,
      },
    );
    expect(url).toBe('https://bank.example/psd2/v1/accounts/a1/transactions?bookingStatus=booked&dateFrom=2024-01-01');
  });
});

describe('xs2aRequest', () => {
  it('sends a fresh v4 X-Request-ID, Accept and the PSU headers, and returns the body', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json({ consentStatus: 'valid' })));
    const p = profile({ psuHeaders: { psuId: 'alice', psuIpAddress: '192.168.0.10', psuUserAgent: '' } });
    const first = await xs2aRequest({
      profile: p,
      operationId: 'getConsentStatus',
      method: 'GET',
      path: '/v1/consents/c1/status',
    });
    const second = await xs2aRequest({
      profile: p,
      operationId: 'getConsentStatus',
      method: 'GET',
      path: '/v1/consents/c1/status',
    });
    const { url, headers } = sentRequest(0);
    expect(url).toBe('https://console.example/sandbox/v1/consents/c1/status');
    expect(headers['X-Request-ID']).toMatch(UUID_V4);
    expect(sentRequest(1).headers['X-Request-ID']).toMatch(UUID_V4);
    expect(headers['X-Request-ID']).not.toBe(sentRequest(1).headers['X-Request-ID']);
    expect(headers).toMatchObject({ Accept: 'application/json', 'PSU-ID': 'alice', 'PSU-IP-Address': '192.168.0.10' });
    expect(headers).not.toHaveProperty('PSU-User-Agent');
    expect(headers).not.toHaveProperty('Content-Type');
    expect(first.body).toEqual({ consentStatus: 'valid' });
    expect(first.requestId).toBe(headers['X-Request-ID']);
    expect(first.deviations).toEqual([]);
    expect(second.requestId).not.toBe(first.requestId);
  });

  it('records deviations for a 2xx body that breaks the schema and still returns it', async () => {
    fetchMock.mockResolvedValue(json({ consentStatus: 'maybe' }));
    const result = await xs2aRequest({
      profile: profile(),
      operationId: 'getConsentStatus',
      method: 'GET',
      path: '/v1/consents/c1/status',
    });
    expect(result.body).toEqual({ consentStatus: 'maybe' });
    expect(result.deviations).toHaveLength(1);
    expect(result.deviations[0]?.path).toBe('consentStatus');
  });

  it('throws an Xs2aError with the tppMessages of an error body', async () => {
    fetchMock.mockResolvedValue(
      json({ tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN', text: 'unknown consent' }] }, { status: 403 }),
    );
    const error = await xs2aRequest({
      profile: profile(),
      operationId: 'getConsentStatus',
      method: 'GET',
      path: '/v1/consents/x/status',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Xs2aError);
    expect(error).toMatchObject({ kind: 'http', status: 403, tppMessages: [{ code: 'CONSENT_UNKNOWN' }] });
  });
});

describe('buildHeaders', () => {
  it('sends Consent-ID, the bearer token and lets a per-call header replace the profile one', () => {
    const headers = buildHeaders(profile({ bearerToken: 'tok', psuHeaders: { psuId: 'alice' } }), {
      requestId: 'r',
      hasBody: true,
      consentId: 'c1',
      headers: { 'psu-id': 'bob', 'TPP-Redirect-URI': undefined },
    });
    expect(headers).toEqual({
      'X-Request-ID': 'r',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer tok',
      'Consent-ID': 'c1',
      'psu-id': 'bob',
    });
  });
});
