// Exchanges for the redaction and inspector tests: an embedded SCA step with secrets everywhere, and a failed request.
import type { Exchange } from './exchange-log';

export const BEARER = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.sig';

export function scaExchange(overrides: Partial<Exchange> = {}): Exchange {
  return {
    id: 'exchange-1',
    flow: 'payment:pay-123',
    operationId: 'updatePaymentPsuData',
    requestId: '3f1c1a2e-5b7d-4e55-9c4b-0a1b2c3d4e5f',
    startedAt: Date.UTC(2026, 0, 15, 9, 30, 0, 250),
    durationMs: 84.6,
    request: {
      method: 'PUT',
      url: 'https://bank.example/psd2/v1/payments/sepa-credit-transfers/pay-123/authorisations/auth-9?lang=en',
      headers: {
        'X-Request-ID': '3f1c1a2e-5b7d-4e55-9c4b-0a1b2c3d4e5f',
        Authorization: `Bearer ${BEARER}`,
        'Content-Type': 'application/json',
        'PSU-ID': 'alice',
        'X-Api-Token': 'api-token-value',
        'PSU-IP-Address': '192.168.0.10',
      },
      body: {
        psuData: { password: 'sandbox', encryptedPassword: 'enc-pass', additionalPassword: 'add-pass' },
        scaAuthenticationData: '123456',
        note: "it's a\nmulti-line note",
      },
    },
    response: {
      status: 200,
      statusText: 'OK',
      headers: {
        'content-type': 'application/json',
        'x-request-id': '3f1c1a2e-5b7d-4e55-9c4b-0a1b2c3d4e5f',
        'set-cookie': 'session=abc123; HttpOnly',
      },
      body: { scaStatus: 'finalised', access_token: 'at-secret', tokens: { refresh_token: 'rt-secret' } },
      bodyText: '{"scaStatus":"finalised","access_token":"at-secret","tokens":{"refresh_token":"rt-secret"}}',
    },
    deviations: [{ path: 'scaStatus', message: 'Invalid option' }],
    ...overrides,
  };
}

export function failedExchange(): Exchange {
  return {
    id: 'exchange-2',
    operationId: 'getConsentStatus',
    requestId: 'b9d5d2a4-8f70-4a3e-9c55-111111111111',
    startedAt: Date.UTC(2026, 0, 15, 9, 31, 0),
    durationMs: 12,
    request: {
      method: 'GET',
      url: 'https://unreachable.example/psd2/v1/consents/x/status',
      headers: { 'X-Request-ID': 'b9d5d2a4-8f70-4a3e-9c55-111111111111' },
    },
    error: { kind: 'network', message: 'Failed to fetch' },
    deviations: [],
  };
}

/** Every secret value in the exchanges above. */
export const secretValues = [
  BEARER,
  'api-token-value',
  'sandbox',
  'enc-pass',
  'add-pass',
  '123456',
  'abc123',
  'at-secret',
  'rt-secret',
];
