import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildHeaders,
  buildUrl,
  DEFAULT_TIMEOUT_MS,
  sendOperation,
  sendRecorded,
  xs2aRequest,
  type Xs2aRequestOptions,
} from './client';
import { describeXs2aError, hasCode, loadMessageMeanings, Xs2aError } from './errors';
import { exchangeLog } from './exchange-log';
import { sessionTokens } from './oauth/session-tokens';
import { testProfile, UUID_V4 } from './test-kit';
import {
  answerAll,
  answerAsBrowser,
  answerNext,
  ECHOED_REQUEST_ID,
  hang,
  jsonResponse,
  networkError,
  sent,
  withType,
} from '../testing/http';

beforeEach(() => {
  exchangeLog.clear();
});
const statusRead: Xs2aRequestOptions = {
  profile: testProfile(),
  operationId: 'getConsentStatus',
  method: 'GET',
  path: '/v1/consents/c1/status',
};

function failure(options: Partial<Xs2aRequestOptions> = {}): Promise<Xs2aError> {
  return xs2aRequest({ ...statusRead, ...options }).then(
    () => {
      throw new Error('the request succeeded');
    },
    (error: unknown) => {
      if (!(error instanceof Xs2aError)) throw error;
      return error;
    },
  );
}

describe('buildUrl', () => {
  it.each([
    ['https://bank.example/psd2', 'https://bank.example/psd2/v1/consents'],
    ['https://bank.example/psd2/', 'https://bank.example/psd2/v1/consents'],
    ['https://bank.example/psd2//', 'https://bank.example/psd2/v1/consents'],
    ['https://bank.example', 'https://bank.example/v1/consents'],
    ['https://bank.example/', 'https://bank.example/v1/consents'],
    ['http://127.0.0.1:4318/sandbox', 'http://127.0.0.1:4318/sandbox/v1/consents'],
  ])('appends /v1/consents to %s', (baseUrl, expected) => {
    expect(buildUrl(baseUrl, { path: '/v1/consents' })).toBe(expected);
  });

  it('resolves a relative href against the origin, keeping the prefix the href already carries', () => {
    for (const baseUrl of ['https://bank.example/psd2', 'https://bank.example/psd2/']) {
      expect(buildUrl(baseUrl, { href: '/psd2/v1/payments/sepa-credit-transfers/p1/status' })).toBe(
        'https://bank.example/psd2/v1/payments/sepa-credit-transfers/p1/status',
      );
    }
  });

  it('takes an absolute href as it is, even on another host', () => {
    expect(buildUrl('https://bank.example/psd2', { href: 'https://auth.bank.example/v1/consents/c1?x=1' })).toBe(
      'https://auth.bank.example/v1/consents/c1?x=1',
    );
  });

  it('prefers the href over the path', () => {
    expect(buildUrl('https://bank.example/psd2', { path: '/v1/consents', href: '/psd2/v1/accounts' })).toBe(
      'https://bank.example/psd2/v1/accounts',
    );
  });

  it('adds query parameters, encoded, skipping undefined ones', () => {
    const url = buildUrl(
      'https://bank.example/psd2/',
      { path: '/v1/accounts/a1/transactions' },
      { bookingStatus: 'booked', dateFrom: '2024-01-01', dateTo: undefined, note: 'a b&c' },
    );
    expect(url).toBe(
      'https://bank.example/psd2/v1/accounts/a1/transactions?bookingStatus=booked&dateFrom=2024-01-01&note=a+b%26c',
    );
  });
});

describe('buildHeaders', () => {
  it('sends the profile PSU headers that are set, the bearer token and Consent-ID', () => {
    const profile = testProfile({
      bearerToken: ' tok ',
      psuHeaders: { psuId: 'alice', psuIdType: '', psuIpAddress: '192.168.0.10', psuGeoLocation: '  ' },
    });
    expect(buildHeaders(profile, { requestId: 'r', hasBody: false, consentId: 'c1' })).toEqual({
      'X-Request-ID': 'r',
      Accept: 'application/json',
      'PSU-ID': 'alice',
      'PSU-IP-Address': '192.168.0.10',
      Authorization: 'Bearer tok',
      'Consent-ID': 'c1',
    });
  });

  it('adds Content-Type only with a body, and lets a per-call header replace the profile one whatever its case', () => {
    const headers = buildHeaders(testProfile({ psuHeaders: { psuId: 'alice' } }), {
      requestId: 'r',
      hasBody: true,
      headers: { 'psu-id': 'bob', 'TPP-Redirect-URI': undefined, 'TPP-Nok-Redirect-URI': '' },
    });
    expect(headers).toEqual({
      'X-Request-ID': 'r',
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'psu-id': 'bob',
    });
  });

  it('keeps the profile value when the call has none', () => {
    const headers = buildHeaders(testProfile({ psuHeaders: { psuId: 'alice' } }), {
      requestId: 'r',
      hasBody: false,
      headers: { 'PSU-ID': undefined },
    });
    expect(headers['PSU-ID']).toBe('alice');
  });
});

describe('OAuth session tokens', () => {
  const profile = testProfile({ id: 'bank', bearerToken: 'profile-token' });
  const now = Date.now();
  const save = (scope: string, accessToken: string, obtainedAt: number, expiresAt: number) =>
    sessionTokens.save('bank', { scope, accessToken, obtainedAt, expiresAt, origin: 'https://console.example' });
  afterEach(() => sessionTokens.forget('bank'));

  it('sends the profile’s valid session token instead of its bearer token', () => {
    save('PIS:p-1', 'session-token', now - 1000, now + 60_000);
    expect(buildHeaders(profile, { requestId: 'r', hasBody: false }).Authorization).toBe('Bearer session-token');
    // Another profile keeps its own.
    expect(
      buildHeaders(testProfile({ id: 'other', bearerToken: 'own' }), { requestId: 'r', hasBody: false }).Authorization,
    ).toBe('Bearer own');
  });

  it('sends a consent’s own token with its reads', () => {
    save('AIS:c-1', 'consent-token', now - 2000, now + 60_000);
    save('PIS:p-1', 'payment-token', now - 1000, now + 60_000);
    expect(buildHeaders(profile, { requestId: 'r', hasBody: false, consentId: 'c-1' }).Authorization).toBe(
      'Bearer consent-token',
    );
    expect(buildHeaders(profile, { requestId: 'r', hasBody: false }).Authorization).toBe('Bearer payment-token');
  });

  it('falls back to the profile’s bearer token, or none, once the session token has expired', () => {
    save('AIS:c-1', 'old-token', now - 7_200_000, now - 1);
    expect(buildHeaders(profile, { requestId: 'r', hasBody: false, consentId: 'c-1' }).Authorization).toBe(
      'Bearer profile-token',
    );
    expect(buildHeaders(testProfile({ id: 'bank' }), { requestId: 'r', hasBody: false })).not.toHaveProperty(
      'Authorization',
    );
  });

  it('never lets a session token into the exchange log, even where the bank echoes it', async () => {
    save('AIS:c-1', 'session-token-123', now - 1000, now + 60_000);
    answerNext(jsonResponse({ consentStatus: 'valid', note: 'token session-token-123 seen' }));
    await xs2aRequest({ ...statusRead, profile, consentId: 'c-1' });
    expect((await sent()).headers.get('Authorization')).toBe('Bearer session-token-123');
    expect(JSON.stringify(exchangeLog.list())).not.toContain('session-token-123');
  });
});

describe('xs2aRequest: success', () => {
  it('sends a fresh v4 X-Request-ID per request and returns body, status, headers and request id', async () => {
    answerAll(() => jsonResponse({ consentStatus: 'valid' }, { headers: { 'ASPSP-Extra': 'x' } }));
    const first = await xs2aRequest(statusRead);
    const second = await xs2aRequest(statusRead);
    const [a, b] = [await sent(0), await sent(1)];
    expect(a.url).toBe('https://console.example/sandbox/v1/consents/c1/status');
    expect(a.method).toBe('GET');
    expect(a.headers.get('X-Request-ID')).toMatch(UUID_V4);
    expect(b.headers.get('X-Request-ID')).toMatch(UUID_V4);
    expect(a.headers.get('X-Request-ID')).not.toBe(b.headers.get('X-Request-ID'));
    expect(a.headers.has('Content-Type')).toBe(false);
    expect(a.body).toBeUndefined();
    expect(first).toMatchObject({ body: { consentStatus: 'valid' }, status: 200, deviations: [] });
    expect(first.requestId).toBe(a.headers.get('X-Request-ID'));
    expect(second.requestId).toBe(b.headers.get('X-Request-ID'));
    expect(first.headers).toMatchObject({ 'content-type': 'application/json', 'aspsp-extra': 'x' });
  });

  it('sends the body as JSON with its Content-Type', async () => {
    answerAll(jsonResponse({ consentStatus: 'received', consentId: 'c9', _links: {} }, { status: 201 }));
    const body = { access: { allPsd2: 'allAccounts' }, recurringIndicator: false };
    await xs2aRequest({
      profile: testProfile(),
      operationId: 'createConsent',
      method: 'POST',
      path: '/v1/consents',
      body,
    });
    const request = await sent();
    expect(request.method).toBe('POST');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toEqual(body);
  });

  it('records deviations for a 2xx body that breaks the schema, with readable paths, and still returns it', async () => {
    const body = { accounts: [{ resourceId: 'a1' }, { currency: 'EUR', _links: { balances: {} } }] };
    answerAll(jsonResponse(body));
    const result = await xs2aRequest({ ...statusRead, operationId: 'getAccountList', path: '/v1/accounts' });
    expect(result.body).toEqual(body);
    expect(result.deviations.map((d) => d.path)).toEqual(['accounts[0].currency', 'accounts[1]._links.balances.href']);
    expect(result.deviations[0]?.message).toBe('missing: 1.3.12 requires this field');
    expect(exchangeLog.get(result.exchangeId)?.deviations).toEqual(result.deviations);
  });

  it('reports a success status the operation does not answer with', async () => {
    answerAll(
      jsonResponse(
        { consentStatus: 'received', consentId: 'c1', _links: {} },
        { headers: { Location: 'https://bank.example/v1/consents/c1' } },
      ),
    );
    const result = await xs2aRequest({
      ...statusRead,
      operationId: 'createConsent',
      method: 'POST',
      path: '/v1/consents',
    });
    expect(result.deviations).toEqual([
      { path: '(status)', message: '1.3.12 answers this operation with 201, not 200' },
    ]);
  });

  it('accepts a 204 without a body', async () => {
    answerAll(new Response(null, { status: 204, headers: { 'X-Request-ID': ECHOED_REQUEST_ID } }));
    const result = await xs2aRequest({
      ...statusRead,
      operationId: 'deleteConsent',
      method: 'DELETE',
      path: '/v1/consents/c1',
    });
    expect(result).toMatchObject({ status: 204, body: undefined, deviations: [] });
  });

  it('checks a payment read against the schema of its payment service', async () => {
    const single = {
      debtorAccount: { iban: 'DE16990100000010010001' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      creditorAccount: { iban: 'DE49990100000020020001' },
      creditorName: 'Bob',
    };
    answerAll(() => jsonResponse(single));
    const read = (paymentService: 'payments' | 'periodic-payments') =>
      xs2aRequest({ ...statusRead, operationId: 'getPaymentInformation', schema: { paymentService } });
    expect((await read('payments')).deviations).toEqual([]);
    const periodic = await read('periodic-payments');
    expect(periodic.deviations.map((d) => d.path).sort()).toEqual(['frequency', 'startDate']);
  });

  it('checks an update of PSU data against the response of its step', async () => {
    answerAll(() => jsonResponse({ scaStatus: 'psuAuthenticated' }));
    const update = (updateKind: 'psuData' | 'empty') =>
      xs2aRequest({ ...statusRead, operationId: 'updateConsentsPsuData', method: 'PUT', schema: { updateKind } });
    expect((await update('psuData')).deviations).toEqual([]);
    // The identification step's response requires _links.
    expect((await update('empty')).deviations.map((d) => d.path)).toEqual(['_links']);
  });
});

describe('xs2aRequest: failures', () => {
  it('rejects with the tppMessages of a NextGenPSD2 error body', async () => {
    const tppMessages = [{ category: 'ERROR', code: 'CONSENT_UNKNOWN', text: 'unknown consent', path: 'consentId' }];
    answerAll(jsonResponse({ tppMessages }, { status: 403, statusText: 'Forbidden' }));
    const error = await failure();
    expect(error).toMatchObject({
      kind: 'http',
      status: 403,
      statusText: 'Forbidden',
      tppMessages,
      bodyText: undefined,
    });
    expect(error.requestId).toBe((await sent()).headers.get('X-Request-ID'));
    expect(error.message).toBe('The bank refused the request (403 CONSENT_UNKNOWN): unknown consent');
  });

  it('rejects with the problem of an application/problem+json body, additionalErrors included', async () => {
    const problem = {
      type: 'https://berlin-group.org/problem-types/format-error',
      title: 'Format error',
      detail: 'instructedAmount.amount is invalid',
      code: 'FORMAT_ERROR',
      additionalErrors: [
        { title: 'Wrong date', detail: 'requestedExecutionDate is in the past', code: 'EXECUTION_DATE_INVALID' },
      ],
    };
    answerAll(jsonResponse(problem, { status: 400 }, 'application/problem+json'));
    const error = await failure();
    expect(error).toMatchObject({ kind: 'http', status: 400, problem, tppMessages: [] });
    expect(error.message).toMatch(
      /^The bank refused the request \(400 FORMAT_ERROR\): instructedAmount\.amount is invalid/,
    );
  });

  it('keeps the text of an HTML error page and says it is one', async () => {
    const html = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
    answerAll(new Response(html, { status: 502, statusText: 'Bad Gateway', headers: { 'Content-Type': 'text/html' } }));
    const error = await failure();
    expect(error).toMatchObject({ kind: 'http', status: 502, bodyText: html, tppMessages: [], problem: undefined });
    expect(error.message).toMatch(
      /^The bank’s gateway answered with an HTML page \(502\): The page says: “502 Bad Gateway”\. An HTML page is not an XS2A error body/,
    );
  });

  it('rejects a 2xx whose body is not JSON as an invalid response', async () => {
    answerAll(new Response('OK', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    const error = await failure();
    expect(error).toMatchObject({ kind: 'invalid-response', status: 200, bodyText: 'OK' });
    expect(exchangeLog.get(error.exchangeId)?.response?.bodyText).toBe('OK');
  });

  it('rejects a 2xx without the body the operation returns', async () => {
    answerAll(new Response('', { status: 200 }));
    expect(await failure()).toMatchObject({ kind: 'invalid-response' });
  });

  it('reads JSON without a JSON content type when it looks like JSON', async () => {
    answerAll(new Response('{"consentStatus":"valid"}', { headers: { 'Content-Type': 'text/plain' } }));
    expect((await xs2aRequest(statusRead)).body).toEqual({ consentStatus: 'valid' });
  });

  it('turns a rejected fetch into a network error that names unreachable and CORS', async () => {
    answerAll(networkError);
    const error = await failure();
    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/unreachable/);
    expect(error.message).toMatch(/CORS/);
    expect(exchangeLog.get(error.exchangeId)?.error).toEqual({ kind: 'network', message: error.message });
  });

  it('gives up after timeoutMs', async () => {
    answerAll(hang);
    const error = await failure({ timeoutMs: 20 });
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 20 });
    expect(exchangeLog.get(error.exchangeId)?.error?.kind).toBe('timeout');
  });

  it('gives up after the profile’s request timeout, not before', async () => {
    answerAll(hang);
    const startedAt = Date.now();
    const error = await failure({ profile: testProfile({ timeoutSeconds: 1 }) });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(950);
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 1000 });
    expect(describeXs2aError(error).summary).toMatch(/within 1 s\./);
  });

  it('sends an exact request within the profile’s request timeout too', async () => {
    answerAll(hang);
    const profile = testProfile({ timeoutSeconds: 1 });
    const url = `${profile.baseUrl}/v1/consents/c1/status`;
    const error = await sendOperation({
      profile,
      operationId: 'getConsentStatus',
      method: 'GET',
      url,
      headers: {},
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 1000 });
  });

  it('waits 30 s for a profile without a request timeout; a request’s own timeoutMs wins over the profile’s', async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    answerAll(hang);
    expect(await failure({ profile: testProfile({ timeoutSeconds: 300 }), timeoutMs: 20 })).toMatchObject({
      kind: 'timeout',
      timeoutMs: 20,
    });
    const controller = new AbortController();
    const pending = failure({ signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', timeoutMs: 30_000 });
  });

  it('stops when the caller aborts', async () => {
    answerAll(hang);
    const controller = new AbortController();
    const pending = failure({ signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted' });
  });

  it('is aborted, not timed out, when the caller aborts before the request starts', async () => {
    answerAll(hang);
    expect(await failure({ signal: AbortSignal.abort() })).toMatchObject({ kind: 'aborted' });
  });
});

describe('xs2aRequest: exchange log', () => {
  it('records the request as it leaves and completes it with the response', async () => {
    let answer: ((response: Response) => void) | undefined;
    answerAll(() => new Promise((resolve) => (answer = resolve)));
    const pending = xs2aRequest({ ...statusRead, flow: 'consent:c1', consentId: 'c1' });
    await vi.waitFor(() => expect(answer).toBeDefined());
    const [inFlight] = exchangeLog.list();
    expect(inFlight).toMatchObject({
      flow: 'consent:c1',
      operationId: 'getConsentStatus',
      request: { method: 'GET', url: 'https://console.example/sandbox/v1/consents/c1/status' },
    });
    expect(inFlight?.durationMs).toBeUndefined();
    expect(inFlight?.response).toBeUndefined();
    expect(inFlight?.request.headers['Consent-ID']).toBe('c1');
    answer?.(jsonResponse({ consentStatus: 'valid' }, { headers: { 'X-Request-ID': 'echoed' } }));
    const result = await pending;
    const done = exchangeLog.get(result.exchangeId);
    expect(done?.requestId).toBe(result.requestId);
    expect(done?.durationMs).toBeGreaterThanOrEqual(0);
    expect(done?.response).toEqual({
      status: 200,
      statusText: '',
      headers: { 'content-type': 'application/json', 'x-request-id': 'echoed' },
      body: { consentStatus: 'valid' },
      bodyText: '{"consentStatus":"valid"}',
    });
  });

  it('records the error response before rejecting', async () => {
    answerAll(jsonResponse({ tppMessages: [] }, { status: 500 }));
    const error = await failure();
    const recorded = exchangeLog.get(error.exchangeId);
    expect(recorded?.response?.status).toBe(500);
    expect(recorded?.error?.kind).toBe('http');
  });
});

describe('xs2aRequest: deviation messages', () => {
  it('says a required field is missing instead of repeating the format it should have', async () => {
    answerAll(jsonResponse({ access: {}, recurringIndicator: true, frequencyPerDay: 4, consentStatus: 'valid' }));
    const result = await xs2aRequest({
      ...statusRead,
      operationId: 'getConsentInformation',
      path: '/v1/consents/c1',
    });
    expect(result.deviations).toContainEqual({ path: 'validUntil', message: 'missing: 1.3.12 requires this field' });
  });

  it('says a required status is missing rather than listing the values it may take', async () => {
    answerAll(jsonResponse({ _links: {} }));
    const result = await xs2aRequest(statusRead);
    expect(result.deviations).toEqual([{ path: 'consentStatus', message: 'missing: 1.3.12 requires this field' }]);
  });

  it('names a date-time sent where 1.3.12 has a date', async () => {
    answerAll(
      jsonResponse({
        access: {},
        recurringIndicator: true,
        validUntil: '2026-12-01T00:00:00Z',
        frequencyPerDay: 4,
        consentStatus: 'valid',
      }),
    );
    const result = await xs2aRequest({
      ...statusRead,
      operationId: 'getConsentInformation',
      path: '/v1/consents/c1',
    });
    expect(result.deviations).toContainEqual({ path: 'validUntil', message: 'a date-time where 1.3.12 has a date' });
  });
});

describe('xs2aRequest: error bodies outside tppMessages', () => {
  const described = async (response: Response) => {
    answerAll(response);
    await loadMessageMeanings();
    const error = await failure();
    return { error, description: describeXs2aError(error) };
  };

  it('shows the code, its meaning and the text of a { code, message } body, then how it deviates', async () => {
    const { error, description } = await described(
      jsonResponse({ code: 'CONSENT_UNKNOWN', message: 'No such consent' }, { status: 403 }),
    );
    expect(hasCode(error, 'CONSENT_UNKNOWN')).toBe(true);
    expect(description.title).toBe('The bank refused the request (403 CONSENT_UNKNOWN)');
    expect(description.messages[0]).toMatchObject({
      code: 'CONSENT_UNKNOWN',
      meaning: expect.stringMatching(/consent/i) as unknown,
      text: 'No such consent',
    });
    expect(description.messages[1]?.meaning).toBe(
      'The error body deviates from 1.3.12: the bank sent "code" and "message" instead of tppMessages.',
    );
    expect(error.message).toBe('The bank refused the request (403 CONSENT_UNKNOWN): No such consent');
  });

  it('shows the title and detail of an RFC 7807 problem that has no code', async () => {
    const { description } = await described(
      jsonResponse(
        { type: 'about:blank', title: 'Forbidden', detail: 'Consent c1 is unknown', status: 403 },
        { status: 403 },
        'application/problem+json',
      ),
    );
    expect(description.title).toBe('The bank refused the request (403)');
    expect(description.messages[0]).toMatchObject({ text: 'Forbidden: Consent c1 is unknown' });
    expect(description.messages[1]?.meaning).toMatch(/deviates from 1\.3\.12: .*problem.* without the "code"/);
  });

  it('shows an OAuth-style { error, error_description } body', async () => {
    const { description } = await described(
      jsonResponse({ error: 'invalid_token', error_description: 'The access token expired' }, { status: 401 }),
    );
    expect(description.title).toBe('The bank refused the request (401 invalid_token)');
    expect(description.messages[0]).toMatchObject({ code: 'invalid_token', text: 'The access token expired' });
    expect(description.messages[1]?.meaning).toMatch(/"error" and "error_description" instead of tppMessages/);
  });

  it('shows the words of a plain-text error body and of a bare JSON string', async () => {
    const plain = await described(
      new Response('Unauthorized: client certificate required', {
        status: 401,
        headers: { 'Content-Type': 'text/plain' },
      }),
    );
    expect(plain.description.summary).toMatch(
      /^The bank says: “Unauthorized: client certificate required”\. Its error body deviates from 1\.3\.12: plain text instead of a JSON error body with tppMessages\./,
    );
    const bare = await described(jsonResponse('Consent expired', { status: 401 }));
    expect(bare.description.summary).toMatch(/^The bank says: “Consent expired”\. .*: a bare JSON string instead of/);
  });

  it('names a gateway’s HTML error page and shows its title and text briefly', async () => {
    const html =
      '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title><style>p{}</style></head>' +
      `<body><h1>Service Temporarily Unavailable</h1><p>${'The server is down for maintenance. '.repeat(20)}</p></body></html>`;
    const { description } = await described(
      new Response(html, { status: 503, statusText: 'Service Unavailable', headers: { 'Content-Type': 'text/html' } }),
    );
    expect(description.title).toBe('The bank’s gateway answered with an HTML page (503)');
    expect(description.summary).toMatch(
      /^The page says: “503 Service Temporarily Unavailable — The server is down for maintenance\. The server/,
    );
    expect(description.summary).toMatch(/ (down|for|maintenance|is|server|The)…”\./);
    expect(description.summary).not.toContain('p{}');
    expect(description.summary.length).toBeLessThan(400);
  });
});

describe('xs2aRequest: response headers', () => {
  const created = {
    transactionStatus: 'RCVD',
    paymentId: 'p1',
    _links: { scaRedirect: { href: 'https://bank.example/sca' } },
  };
  const initiate: Xs2aRequestOptions = {
    profile: testProfile(),
    operationId: 'initiatePayment',
    method: 'POST',
    path: '/v1/payments/sepa-credit-transfers',
    body: {},
  };
  const answer = (headers: Record<string, string>, status = 201, body: unknown = created) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const echoing = (headers: Record<string, string>, status?: number, body?: unknown) =>
    answerAll((request) =>
      answer({ 'X-Request-ID': request.headers.get('X-Request-ID') ?? '', ...headers }, status, body),
    );

  it('finds nothing to report when the answer carries the headers 1.3.12 defines for it', async () => {
    echoing({
      Location: 'https://bank.example/v1/payments/sepa-credit-transfers/p1',
      'ASPSP-SCA-Approach': 'REDIRECT',
    });
    expect((await xs2aRequest(initiate)).deviations).toEqual([]);
  });

  it('reports a missing X-Request-ID echo, a missing Location on 201 and a missing ASPSP-SCA-Approach', async () => {
    answerAll(answer({}));
    const result = await xs2aRequest(initiate);
    expect(result.deviations).toEqual([
      {
        path: 'header X-Request-ID',
        message: expect.stringMatching(/^missing: 1\.3\.12 echoes the request’s X-Request-ID/) as unknown,
      },
      { path: 'header Location', message: expect.stringMatching(/^missing: /) as unknown },
      { path: 'header ASPSP-SCA-Approach', message: expect.stringMatching(/^missing: .*REDIRECT/) as unknown },
    ]);
    expect(exchangeLog.get(result.exchangeId)?.deviations).toEqual(result.deviations);
  });

  it('reports an X-Request-ID that is not the one sent, and an unknown SCA approach', async () => {
    answerAll(
      answer({
        'X-Request-ID': 'b9d5d2a4-8f70-4a3e-9c55-111111111111',
        Location: '/p1',
        'ASPSP-SCA-Approach': 'OAUTH',
      }),
    );
    const result = await xs2aRequest(initiate);
    expect(result.deviations).toEqual([
      {
        path: 'header X-Request-ID',
        message: `b9d5d2a4-8f70-4a3e-9c55-111111111111, not the X-Request-ID the console sent (${result.requestId})`,
      },
      { path: 'header ASPSP-SCA-Approach', message: 'OAUTH is not one of EMBEDDED, DECOUPLED, REDIRECT' },
    ]);
  });

  it('records a missing X-Request-ID echo on an error answer too', async () => {
    answerAll(answer({}, 403, { tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN' }] }));
    const error = await failure();
    expect(exchangeLog.get(error.exchangeId)?.deviations.map((d) => d.path)).toEqual(['header X-Request-ID']);
  });

  it('does not call a header missing that a cross-origin answer does not let the browser read', async () => {
    answerAsBrowser(() => withType(answer({ 'ASPSP-SCA-Approach': 'REDIRECT' }), 'cors'));
    const result = await xs2aRequest(initiate);
    expect(result.deviations).toEqual([]);
    expect(result.uncheckedHeaders).toEqual(['X-Request-ID', 'Location']);
    expect(exchangeLog.get(result.exchangeId)?.uncheckedHeaders).toEqual(['X-Request-ID', 'Location']);
  });

  it('reports a header missing from a cross-origin answer that exposes it', async () => {
    answerAsBrowser(() =>
      withType(
        answer({
          'ASPSP-SCA-Approach': 'REDIRECT',
          'Access-Control-Expose-Headers': 'Location, X-Request-ID, ASPSP-SCA-Approach, Access-Control-Expose-Headers',
        }),
        'cors',
      ),
    );
    const result = await xs2aRequest(initiate);
    expect(result.deviations.map((d) => d.path)).toEqual(['header X-Request-ID', 'header Location']);
    expect(result.uncheckedHeaders).toBeUndefined();
  });
});

describe('sendRecorded', () => {
  const request = {
    profile: testProfile({ bearerToken: 'profile-secret' }),
    operationId: 'oauthToken',
    requestId: '',
    request: { method: 'POST', url: 'https://bank.example/token', headers: {}, body: 'code=profile-secret' },
    bodyText: 'code=profile-secret',
  };

  it('records the request with the profile token redacted and sends the body as given', async () => {
    answerAll(() => new Response('ok', { status: 200 }));
    const { response, text, redirect, exchange } = await sendRecorded(request);
    expect({ status: response.status, text, redirect }).toEqual({ status: 200, text: 'ok', redirect: undefined });
    expect((await sent()).body).toBe('code=profile-secret');
    expect((await sent()).redirect).toBe('manual');
    const recorded = exchangeLog.get(exchange.exchangeId);
    expect(recorded?.operationId).toBe('oauthToken');
    expect(JSON.stringify(recorded?.request)).not.toContain('profile-secret');
  });

  it('rejects with the recorded error when no answer comes in time', async () => {
    answerAll(hang);
    const error = await sendRecorded({ ...request, timeoutMs: 20 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Xs2aError);
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 20, url: 'https://bank.example/token' });
    expect(exchangeLog.get((error as Xs2aError).exchangeId)?.error?.kind).toBe('timeout');
  });
});
