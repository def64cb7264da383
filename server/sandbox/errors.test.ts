// How the sandbox answers bad requests (spec error bodies with the spec's status, never a 500) and the headers it
// sends on every answer, CORS included.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentsResponse201,
  ErrorBodyNg,
  PaymentInitiationResponse201,
  StartScaprocessResponse,
} from '../../src/xs2a';
import { isUuid } from './http/headers';
import { SANDBOX_PASSWORD } from './seed';
import { createTestBank, type CallOptions, type TestBank } from './testing/test-support';
import { send, expectSchema, ok, fails, accountOf } from './testing/test-kit';

const CREDITOR_IBAN = 'DE02100100109307118603';
const SCT = '/v1/payments/sepa-credit-transfers';

function paymentBody(overrides: Record<string, unknown> = {}) {
  return {
    instructedAmount: { currency: 'EUR', amount: '12.50' },
    debtorAccount: { iban: accountOf('alice').iban },
    creditorName: 'Kaffee Handel GmbH',
    creditorAccount: { iban: CREDITOR_IBAN },
    ...overrides,
  };
}

const consentBody = () => ({
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: '2026-06-30',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
});

// ---- tests ----

describe('bad requests get spec error bodies with the spec’s status', () => {
  let bank: TestBank;
  let paymentSelf: string;
  let authPath: string;
  let consentId: string;
  beforeAll(async () => {
    bank = await createTestBank();
    const payment = ok(
      await send(bank, 'POST', SCT, { body: paymentBody(), headers: { 'TPP-Redirect-Preferred': 'false' } }),
      201,
      PaymentInitiationResponse201,
    );
    paymentSelf = payment._links.self?.href ?? '';
    const started = ok(
      await send(bank, 'POST', `${paymentSelf}/authorisations`, { headers: { 'PSU-ID': 'alice' } }),
      201,
      StartScaprocessResponse,
    );
    authPath = `${paymentSelf}/authorisations/${started.authorisationId}`;
    consentId = ok(
      await send(bank, 'POST', '/v1/consents', { body: consentBody() }),
      201,
      ConsentsResponse201,
    ).consentId;
  });
  afterAll(() => bank.close());

  it('answers malformed JSON with 400 FORMAT_ERROR', async () => {
    fails(await send(bank, 'POST', SCT, { rawBody: '{"instructedAmount": ' }), 400, 'FORMAT_ERROR');
    fails(await send(bank, 'POST', '/v1/consents', { rawBody: "{'access': {}}" }), 400, 'FORMAT_ERROR');
    fails(await send(bank, 'PUT', authPath, { rawBody: '{"psuData":' }), 400, 'FORMAT_ERROR');
    fails(await send(bank, 'POST', SCT, { rawBody: '' }), 400, 'FORMAT_ERROR');
  });

  it('names the offending field for wrong types and shapes', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ instructedAmount: { currency: 'EUR', amount: 12.5 } }, 'instructedAmount.amount'],
      [{ instructedAmount: '12.50 EUR' }, 'instructedAmount'],
      [{ debtorAccount: { iban: 12345 } }, 'debtorAccount.iban'],
      [{ creditorName: undefined }, 'creditorName'],
      [{ creditorName: 'x'.repeat(71) }, 'creditorName'],
      [{ creditorName: '   ' }, 'creditorName'],
      [{ creditorAgent: 'not a bic' }, 'creditorAgent'],
      [{ creditorAddress: { townName: 'Berlin' } }, 'creditorAddress.country'],
      [{ remittanceInformationUnstructured: 'r'.repeat(141) }, 'remittanceInformationUnstructured'],
      [{ endToEndIdentification: 'e'.repeat(36) }, 'endToEndIdentification'],
    ];
    for (const [overrides, path] of cases) {
      const message = fails(await send(bank, 'POST', SCT, { body: paymentBody(overrides) }), 400, 'FORMAT_ERROR');
      expect(message?.path, JSON.stringify(overrides)).toBe(path);
    }
  });

  it('refuses members of the other payment service (periodic fields in a single payment and back)', async () => {
    expect(
      fails(await send(bank, 'POST', SCT, { body: paymentBody({ startDate: '2026-04-01' }) }), 400, 'FORMAT_ERROR')
        ?.path,
    ).toBe('startDate');
    expect(
      fails(await send(bank, 'POST', SCT, { body: paymentBody({ frequency: 'Monthly' }) }), 400, 'FORMAT_ERROR')?.path,
    ).toBe('frequency');
    const periodic = paymentBody({ startDate: '2026-04-01', frequency: 'Monthly', creditorAgentName: 'Bank' });
    expect(
      fails(
        await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', { body: periodic }),
        400,
        'FORMAT_ERROR',
      )?.path,
    ).toBe('creditorAgentName');
    const noFrequency = paymentBody({ startDate: '2026-04-01' });
    expect(
      fails(
        await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', { body: noFrequency }),
        400,
        'FORMAT_ERROR',
      )?.path,
    ).toBe('frequency');
    const dayWithZero = paymentBody({ startDate: '2026-04-01', frequency: 'Monthly', dayOfExecution: '01' }); // the spec's own example
    fails(
      await send(bank, 'POST', '/v1/periodic-payments/sepa-credit-transfers', { body: dayWithZero }),
      400,
      'FORMAT_ERROR',
    );
  });

  it('checks IBANs: checksum, country format and syntax', async () => {
    for (const iban of [
      'DE02100100109307118604',
      'DE0210010010930711860',
      'de02100100109307118603',
      'DE02 1001 0010 9307 1186 03',
    ]) {
      const res = await send(bank, 'POST', SCT, { body: paymentBody({ creditorAccount: { iban } }) });
      expect(fails(res, 400, 'FORMAT_ERROR')?.path, iban).toBe('creditorAccount.iban');
    }
    const res = await send(bank, 'POST', SCT, {
      body: paymentBody({ debtorAccount: { iban: 'DE40100100103307118609' } }),
    });
    expect(fails(res, 400, 'FORMAT_ERROR')?.path).toBe('debtorAccount.iban');
  });

  it('checks amounts: dot decimals, positive, no more decimals than the currency', async () => {
    for (const amount of [
      '12,50',
      '-5',
      '0',
      '0.00',
      '1.234',
      '1e3',
      '',
      '12.5.0',
      ' 12',
      '12.',
      '.5',
      '123456789012345',
    ]) {
      const res = await send(bank, 'POST', SCT, {
        body: paymentBody({ instructedAmount: { currency: 'EUR', amount } }),
      });
      expect(fails(res, 400, 'FORMAT_ERROR')?.path, amount).toBe('instructedAmount.amount');
    }
    for (const amount of ['12', '12.5', '0.01', '99999999999999.99']) {
      const body = paymentBody({ instructedAmount: { currency: 'EUR', amount } });
      expect((await send(bank, 'POST', SCT, { body })).status, amount).toBe(201);
    }
  });

  it('takes SEPA and TARGET2 payments in EUR only', async () => {
    for (const product of ['sepa-credit-transfers', 'instant-sepa-credit-transfers', 'target-2-payments']) {
      const body = paymentBody({ instructedAmount: { currency: 'USD', amount: '10.00' } });
      expect(fails(await send(bank, 'POST', `/v1/payments/${product}`, { body }), 400, 'FORMAT_ERROR')?.path).toBe(
        'instructedAmount.currency',
      );
    }
    const lower = paymentBody({ instructedAmount: { currency: 'eur', amount: '10.00' } });
    expect(fails(await send(bank, 'POST', SCT, { body: lower }), 400, 'FORMAT_ERROR')?.path).toBe(
      'instructedAmount.currency',
    );
  });

  it('requires a UUID X-Request-ID on every call, and still echoes what it got', async () => {
    for (const [method, path] of [
      ['POST', SCT],
      ['GET', paymentSelf],
      ['GET', `/v1/consents/${consentId}`],
      ['GET', '/v1/accounts'],
      ['PUT', authPath],
    ] as const) {
      const body = method === 'GET' ? undefined : {};
      const missing = await bank.call(method, path, {
        headers: { 'X-Request-ID': undefined, 'Consent-ID': consentId },
        body,
      });
      expect(missing.status).toBe(400);
      expect(expectSchema(ErrorBodyNg, missing.body).tppMessages?.[0]).toMatchObject({
        code: 'FORMAT_ERROR',
        path: 'X-Request-ID',
      });
      expect(isUuid(missing.requestId ?? ''), 'a generated X-Request-ID').toBe(true);

      const notUuid = await send(bank, method, path, { headers: { 'X-Request-ID': 'request-1' }, body });
      expect(fails(notUuid, 400, 'FORMAT_ERROR')?.path).toBe('X-Request-ID');
    }
  });

  it('requires a valid IPv4 PSU-IP-Address on POST payment and POST consents', async () => {
    const noIp = { psuPresent: false };
    expect(fails(await send(bank, 'POST', SCT, { ...noIp, body: paymentBody() }), 400, 'FORMAT_ERROR')?.path).toBe(
      'PSU-IP-Address',
    );
    expect(
      fails(await send(bank, 'POST', '/v1/consents', { ...noIp, body: consentBody() }), 400, 'FORMAT_ERROR')?.path,
    ).toBe('PSU-IP-Address');
    for (const ip of ['::1', '300.1.1.1', 'localhost', '192.168.1']) {
      const headers = { 'PSU-IP-Address': ip };
      expect(
        fails(await send(bank, 'POST', SCT, { headers, body: paymentBody() }), 400, 'FORMAT_ERROR')?.path,
        ip,
      ).toBe('PSU-IP-Address');
      fails(await send(bank, 'GET', paymentSelf, { headers }), 400, 'FORMAT_ERROR');
      fails(
        await send(bank, 'GET', '/v1/accounts', { headers: { ...headers, 'Consent-ID': consentId } }),
        400,
        'FORMAT_ERROR',
      );
    }
    // Optional elsewhere.
    expect((await send(bank, 'GET', `${paymentSelf}/status`, noIp)).status).toBe(200);
  });

  it('requires Consent-ID on account reads', async () => {
    expect(fails(await send(bank, 'GET', '/v1/accounts'), 400, 'FORMAT_ERROR')?.path).toBe('Consent-ID');
    fails(await send(bank, 'GET', `/v1/accounts/${accountOf('alice').resourceId}/balances`), 400, 'FORMAT_ERROR');
  });

  it('answers unknown resources: payment 403, account 404, consent 403 in the path and 400 in the header', async () => {
    fails(await send(bank, 'GET', `${SCT}/pay-00000000`), 403, 'RESOURCE_UNKNOWN');
    fails(await send(bank, 'GET', `${SCT}/pay-00000000/authorisations/auth-1`), 403, 'RESOURCE_UNKNOWN');
    fails(
      await send(bank, 'GET', '/v1/accounts/acc-000000', { headers: { 'Consent-ID': consentId } }),
      404,
      'RESOURCE_UNKNOWN',
    );
    fails(await send(bank, 'GET', '/v1/consents/con-000000'), 403, 'CONSENT_UNKNOWN');
    fails(await send(bank, 'GET', '/v1/accounts', { headers: { 'Consent-ID': 'con-000000' } }), 400, 'CONSENT_UNKNOWN');
  });

  it('offers single, periodic and bulk payments with JSON products only', async () => {
    fails(await send(bank, 'GET', '/v1/bulk-payments/sepa-credit-transfers/pay-1'), 403, 'RESOURCE_UNKNOWN');
    fails(
      await send(bank, 'GET', '/v1/bulk-orders/sepa-credit-transfers/pay-1/authorisations'),
      400,
      'SERVICE_INVALID',
    );
    fails(
      await send(bank, 'POST', '/v1/standing-orders/sepa-credit-transfers', { body: paymentBody() }),
      400,
      'SERVICE_INVALID',
    );
    for (const product of ['pain.001-direct-debits', 'pain.008-sepa-direct-debits', 'sepa-direct-debits']) {
      fails(await send(bank, 'POST', `/v1/payments/${product}`, { body: paymentBody() }), 404, 'PRODUCT_UNKNOWN');
      fails(await send(bank, 'GET', `/v1/payments/${product}/pay-1/status`), 404, 'PRODUCT_UNKNOWN');
    }
  });

  it('answers a known path with the wrong method with 405 SERVICE_INVALID, and unknown paths with 404', async () => {
    for (const [method, path] of [
      ['PUT', SCT],
      ['GET', SCT],
      ['PUT', paymentSelf],
      ['POST', `${paymentSelf}/status`],
      ['DELETE', `${paymentSelf}/authorisations`],
      ['DELETE', authPath],
      ['PATCH', `/v1/consents/${consentId}`],
      ['GET', '/v1/consents'],
      ['DELETE', `/v1/consents/${consentId}/status`],
      ['POST', '/v1/accounts'],
      ['POST', `/v1/accounts/${accountOf('alice').resourceId}`],
      ['POST', `/v1/consents/${consentId}`],
      ['DELETE', `/v1/accounts/${accountOf('alice').resourceId}`],
    ] as const) {
      const res = await send(bank, method, path, method === 'GET' || method === 'DELETE' ? {} : { body: {} });
      expect(res.status, `${method} ${path}`).toBe(405);
      fails(res, 405, 'SERVICE_INVALID');
    }
    for (const path of [
      '/v1/unknown',
      '/v1/payments/sepa-credit-transfers/pay-1/status/extra',
      '/v1/accounts/a/b/c/d',
      '/v1/consents/c/authorisations/a/x',
    ]) {
      fails(await send(bank, 'GET', path), 404, 'RESOURCE_UNKNOWN');
    }
  });

  // 1.3.12: X-Request-ID is echoed in every response, errors included; also for a wrong API version.
  it('echoes X-Request-ID on the 404 for a path outside /v1/', async () => {
    const id = randomUUID();
    const res = await bank.call('GET', '/v2/payments/sepa-credit-transfers', { headers: { 'X-Request-ID': id } });
    expect(expectSchema(ErrorBodyNg, res.body).tppMessages?.[0]?.code).toBe('RESOURCE_UNKNOWN');
    expect(res.status).toBe(404);
    expect(res.requestId).toBe(id);
  });

  it('answers a body in another content type with 415', async () => {
    const res = await send(bank, 'POST', SCT, {
      rawBody: JSON.stringify(paymentBody()),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(415);
    expect(expectSchema(ErrorBodyNg, res.body).tppMessages?.length).toBe(1);
    const xml = await send(bank, 'POST', SCT, {
      rawBody: '<Document/>',
      headers: { 'Content-Type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    const form = await send(bank, 'PUT', authPath, {
      rawBody: 'password=sandbox',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const charset = await send(bank, 'POST', SCT, {
      rawBody: JSON.stringify(paymentBody()),
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(201);
  });

  it('refuses an oversized body with 413 FORMAT_ERROR', async () => {
    const big = paymentBody({ padding: 'x'.repeat(bank.sandbox.config.maxBodyBytes + 1) });
    fails(await send(bank, 'POST', SCT, { body: big }), 413, 'FORMAT_ERROR');
    fails(
      await send(bank, 'PUT', authPath, { body: { psuData: { password: 'x'.repeat(300_000) } } }),
      413,
      'FORMAT_ERROR',
    );
  });

  it('checks the TPP preference headers', async () => {
    const post = (headers: Record<string, string>) => send(bank, 'POST', SCT, { body: paymentBody(), headers });
    expect(fails(await post({ 'TPP-Redirect-Preferred': 'yes' }), 400, 'FORMAT_ERROR')?.path).toBe(
      'TPP-Redirect-Preferred',
    );
    expect(fails(await post({ 'TPP-Decoupled-Preferred': '1' }), 400, 'FORMAT_ERROR')?.path).toBe(
      'TPP-Decoupled-Preferred',
    );
    expect(fails(await post({ 'TPP-Redirect-URI': 'not a uri' }), 400, 'FORMAT_ERROR')?.path).toBe('TPP-Redirect-URI');
    expect(fails(await post({ 'TPP-Redirect-Preferred': 'true' }), 400, 'FORMAT_ERROR')?.path).toBe('TPP-Redirect-URI');
    expect(fails(await post({ 'TPP-Rejection-NoFunds-Preferred': 'no' }), 400, 'FORMAT_ERROR')?.path).toBe(
      'TPP-Rejection-NoFunds-Preferred',
    );
    fails(await post({ 'PSU-ID': 'nobody' }), 401, 'PSU_CREDENTIALS_INVALID');
  });

  it('checks start-authorisation and PUT bodies', async () => {
    fails(await send(bank, 'PUT', authPath, { body: { psuData: {} } }), 400, 'FORMAT_ERROR');
    fails(
      await send(bank, 'PUT', authPath, { body: { psuData: { password: 'a' }, scaAuthenticationData: '1' } }),
      400,
      'FORMAT_ERROR',
    );
    fails(await send(bank, 'PUT', authPath, { body: { authenticationMethodId: '' } }), 400, 'FORMAT_ERROR');
    fails(await send(bank, 'PUT', authPath, { body: { scaAuthenticationData: 123456 } }), 400, 'FORMAT_ERROR');
    fails(await send(bank, 'PUT', authPath, { body: [] }), 400, 'FORMAT_ERROR');
    fails(
      await send(bank, 'POST', `${paymentSelf}/authorisations`, { body: { authenticationMethodId: 'sms' } }),
      400,
      'FORMAT_ERROR',
    );
    fails(
      await send(bank, 'PUT', authPath, {
        body: { psuData: { password: SANDBOX_PASSWORD, additionalPassword: 'x' } },
        headers: { 'PSU-ID': 'nobody' },
      }),
      401,
      'PSU_CREDENTIALS_INVALID',
    );
  });

  it('survives a fuzz of malformed bodies, headers and paths: always < 500 with tppMessages', async () => {
    const json = (body: unknown) => ({ rawBody: typeof body === 'string' ? body : JSON.stringify(body) });
    const deep = `${'['.repeat(5_000)}${']'.repeat(5_000)}`;
    const bodies: unknown[] = [
      'null',
      '[]',
      '"a string"',
      '42',
      'true',
      '{}',
      deep,
      '{"a":1}garbage',
      '\u0000',
      '{"__proto__":{"polluted":true},"instructedAmount":{"currency":"EUR","amount":"1"}}',
      { instructedAmount: null },
      { instructedAmount: { currency: null, amount: null } },
      { instructedAmount: { currency: 'EUR', amount: '1'.repeat(10_000) } },
      { debtorAccount: [], creditorAccount: 'x' },
      { ...paymentBody(), debtorAccount: { iban: { $ne: null } } },
      { ...paymentBody(), creditorName: ['<script>'] },
      { ...paymentBody(), creditorAccount: {} },
      { ...paymentBody(), debtorAccount: { bban: '0010010001' } },
      { ...paymentBody(), instructedAmount: { currency: 'EUR', amount: '１２' } },
      { ...paymentBody(), instructedAmount: { currency: 'XYZ', amount: '1' } },
      { ...paymentBody(), startDate: 20260401 },
      { ...paymentBody(), creditorAddress: 'Street 1' },
    ];
    const consentBodies: unknown[] = [
      { access: null },
      { ...consentBody(), access: { accounts: 'all' } },
      { ...consentBody(), access: { accounts: [{}] } },
      { ...consentBody(), access: { accounts: [{ bban: '1' }] } },
      { ...consentBody(), frequencyPerDay: 1.5 },
      { ...consentBody(), frequencyPerDay: -1 },
      { ...consentBody(), validUntil: 'tomorrow' },
      { ...consentBody(), validUntil: '2026-06-31' },
      { ...consentBody(), access: { availableAccounts: 'allAccounts', restrictedTo: 'CACC' } },
      { ...consentBody(), access: { transactions: [], restrictedTo: [1] } },
      '[{}]',
    ];
    const putBodies: unknown[] = [
      { psuData: 'sandbox' },
      { psuData: { password: 5 } },
      { authenticationMethodId: 'x'.repeat(36) },
      { confirmationCode: '' },
      'null',
      '"x"',
    ];
    const cases: { method: string; path: string; options: CallOptions }[] = [
      ...bodies.map((b) => ({ method: 'POST', path: SCT, options: json(b) })),
      ...bodies
        .slice(10)
        .map((b) => ({ method: 'POST', path: '/v1/periodic-payments/target-2-payments', options: json(b) })),
      ...consentBodies.map((b) => ({ method: 'POST', path: '/v1/consents', options: json(b) })),
      ...putBodies.map((b) => ({ method: 'PUT', path: authPath, options: json(b) })),
      // (A JSON null start body counts as "no body" there, so it is left out.)
      ...putBodies
        .filter((b) => b !== 'null')
        .map((b) => ({ method: 'POST', path: `/v1/consents/${consentId}/authorisations`, options: json(b) })),
      { method: 'GET', path: '/v1/accounts', options: { headers: { 'Consent-ID': 'x'.repeat(5_000) } } },
      {
        method: 'GET',
        path: '/v1/accounts',
        options: { headers: { 'Consent-ID': consentId, 'PSU-IP-Address': '1.2.3.4, 5.6.7.8' } },
      },
      { method: 'GET', path: `${SCT}/${'p'.repeat(3_000)}`, options: {} },
      { method: 'GET', path: `${SCT}/%E0%A4%A`, options: {} },
      { method: 'GET', path: `${SCT}/pay-1%00`, options: {} },
      { method: 'GET', path: '/v1/consents/..%2F..%2Faccounts', options: {} },
      {
        method: 'POST',
        path: SCT,
        options: { body: paymentBody(), headers: { 'TPP-Explicit-Authorisation-Preferred': 'maybe' } },
      },
      { method: 'POST', path: SCT, options: { body: paymentBody(), headers: { 'TPP-Nok-Redirect-URI': '::::' } } },
      { method: 'POST', path: SCT, options: { body: paymentBody(), headers: { 'Content-Length': '999999999' } } },
      { method: 'POST', path: SCT, options: { rawBody: '{}', headers: { 'Content-Type': 'application/json-patch' } } },
    ];
    expect(cases.length).toBeGreaterThanOrEqual(50);
    for (const { method, path, options } of cases) {
      const res = await send(bank, method, path, options);
      const label = `${method} ${path.slice(0, 80)} ${JSON.stringify(options).slice(-160)}`;
      expect(res.status, label).toBeGreaterThanOrEqual(400);
      const body = expectSchema(ErrorBodyNg, res.body);
      expect(body.tppMessages?.length, label).toBeGreaterThan(0);
    }
  });
});

describe('response headers and CORS', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  const ORIGIN_HEADER = { Origin: 'http://localhost:5173' };
  /** A comma-separated header as lower-case items. */
  const headerList = (headers: Headers, name: string) =>
    (headers.get(name) ?? '')
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean);

  it('answers a CORS preflight for the XS2A headers', async () => {
    const res = await bank.call('OPTIONS', SCT, {
      headers: {
        ...ORIGIN_HEADER,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-request-id,psu-ip-address,psu-id,consent-id,tpp-redirect-uri',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN_HEADER.Origin);
    const allowed = headerList(res.headers, 'Access-Control-Allow-Headers');
    expect(allowed).toEqual(expect.arrayContaining(['content-type', 'x-request-id', 'psu-ip-address', 'consent-id']));
    const methods = headerList(res.headers, 'Access-Control-Allow-Methods').map((m) => m.toUpperCase());
    expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']));
  });

  it('exposes Location, X-Request-ID, ASPSP-SCA-Approach and the bank’s Date to browser scripts, on successes and errors', async () => {
    const created = await send(bank, 'POST', SCT, { body: paymentBody(), headers: ORIGIN_HEADER });
    expect(created.status).toBe(201);
    const failed = await send(bank, 'GET', `${SCT}/pay-unknown`, { headers: ORIGIN_HEADER });
    expect(failed.status).toBe(403);
    for (const res of [created, failed]) {
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe(ORIGIN_HEADER.Origin);
      const exposed = headerList(res.headers, 'Access-Control-Expose-Headers');
      expect(exposed).toEqual(expect.arrayContaining(['location', 'x-request-id', 'aspsp-sca-approach', 'date']));
    }
  });

  it('sends Location and ASPSP-SCA-Approach on 201s, ASPSP-SCA-Approach on start-authorisation 201s', async () => {
    const payment = await send(bank, 'POST', SCT, {
      body: paymentBody(),
      headers: { 'TPP-Decoupled-Preferred': 'true' },
    });
    const paymentBody201 = ok(payment, 201, PaymentInitiationResponse201);
    expect(payment.headers.get('Location')).toMatch(new RegExp(`${paymentBody201.paymentId}$`));
    expect(payment.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    const consent = await send(bank, 'POST', '/v1/consents', {
      body: consentBody(),
      headers: { 'TPP-Redirect-Preferred': 'false', 'PSU-ID': 'alice' },
    });
    const consentBody201 = ok(consent, 201, ConsentsResponse201);
    expect(consent.headers.get('Location')).toMatch(new RegExp(`/psd2/v1/consents/${consentBody201.consentId}$`));
    expect(consent.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
    const start = await send(bank, 'POST', `/v1/consents/${consentBody201.consentId}/authorisations`, {
      headers: { 'PSU-ID': 'alice' },
    });
    ok(start, 201, StartScaprocessResponse);
    expect(start.headers.get('ASPSP-SCA-Approach')).toBe('EMBEDDED');
  });

  it('sends nothing but X-Request-ID (and CORS) with a 204', async () => {
    const created = ok(await send(bank, 'POST', SCT, { body: paymentBody() }), 201, PaymentInitiationResponse201);
    const res = await send(bank, 'DELETE', created._links.self?.href ?? '');
    expect(res.status).toBe(204);
    expect(res.headers.get('Location')).toBeNull();
    expect(res.headers.get('ASPSP-SCA-Approach')).toBeNull();
    expect(res.headers.get('Content-Type')).toBeNull();
  });
});
