// Failure injection: admin rules (errors with the spec's status and body, delays, hangs, decoupled SCA aborted by the
// PSU; for N calls or until removed; for one PSU or resource), the X-Sandbox-Scenario header and the magic PSU-IDs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentsResponse201,
  ErrorBodyNg,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  ScaStatusResponse,
} from '../../src/xs2a';
import { createTestBank, ORIGIN, type CallOptions, twoInstancesForTests, type TestBank } from './testing/test-support';
import {
  accountOf,
  authoriseConsentEmbedded,
  expectSchema,
  fails,
  href,
  ok,
  paymentBody,
  send,
  type Res,
} from './testing/test-kit';

const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });
const addRule = (bank: TestBank, body: object) => send(bank, 'POST', '/admin/scenarios', { body });
const balancesPath = (psuId = 'alice') => `/v1/accounts/${accountOf(psuId).resourceId}/balances`;

async function validConsent(bank: TestBank, psuId = 'alice') {
  const body = {
    access: { allPsd2: 'allAccounts' },
    recurringIndicator: true,
    validUntil: '2026-12-31',
    frequencyPerDay: 100,
    combinedServiceIndicator: false,
  };
  const res = await send(bank, 'POST', '/v1/consents', { body, headers: EMBEDDED(psuId) });
  const { consentId } = ok(res, 201, ConsentsResponse201);
  await authoriseConsentEmbedded(bank, consentId, psuId);
  return consentId;
}

/** A call that may answer 5xx (an injected outage), which `send` treats as a bug of the bank. */
const call = (bank: TestBank, method: string, path: string, options: CallOptions) => bank.call(method, path, options);

const initiate = (bank: TestBank, headers: Record<string, string>) =>
  call(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody(), headers });

/** An error answer of a scenario: the spec's error body with the code, and the status asked for. */
function injected(res: Res, status: number, code: string) {
  const message = fails(res, status, code);
  expect(expectSchema(ErrorBodyNg, res.body).tppMessages).toHaveLength(1);
  return message;
}

describe('scenario rules of the admin API', () => {
  let bank: TestBank;
  let consentId: string;
  const slept: number[] = [];
  beforeAll(async () => {
    bank = await createTestBank({
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
    consentId = await validConsent(bank);
  });
  afterAll(() => bank.close());
  const balances = () => send(bank, 'GET', balancesPath(), { headers: { 'Consent-ID': consentId } });

  it('answers ACCESS_EXCEEDED (429) for the next 2 balance reads, then reads again; the spent rule is gone', async () => {
    const res = await addRule(bank, { operation: 'getBalances', error: 'ACCESS_EXCEEDED', count: 2 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ operation: 'getBalances', remaining: 2, effect: { kind: 'error' } });
    injected(await balances(), 429, 'ACCESS_EXCEEDED');
    expect((await send(bank, 'GET', '/admin/scenarios')).body).toMatchObject({ scenarios: [{ remaining: 1 }] });
    injected(await balances(), 429, 'ACCESS_EXCEEDED');
    expect((await balances()).status).toBe(200);
    expect((await send(bank, 'GET', '/admin/scenarios')).body).toEqual({ scenarios: [] });
  });

  it('answers CONSENT_EXPIRED on transaction reads until the rule is removed, and leaves other reads alone', async () => {
    const created = (await addRule(bank, { operation: 'getTransactionList', error: 'CONSENT_EXPIRED' })).body as {
      id: string;
    };
    const path = `/v1/accounts/${accountOf('alice').resourceId}/transactions?bookingStatus=booked&dateFrom=2026-01-01`;
    for (let i = 0; i < 3; i++)
      injected(await send(bank, 'GET', path, { headers: { 'Consent-ID': consentId } }), 401, 'CONSENT_EXPIRED');
    expect((await balances()).status).toBe(200);
    expect((await send(bank, 'DELETE', `/admin/scenarios/${created.id}`)).status).toBe(204);
    expect((await send(bank, 'GET', path, { headers: { 'Consent-ID': consentId } })).status).toBe(200);
    expect((await send(bank, 'DELETE', `/admin/scenarios/${created.id}`)).status).toBe(404);
  });

  it('limits a rule to one PSU: named by PSU-ID, or the PSU of the consent the call reads under', async () => {
    const bobConsent = await validConsent(bank, 'bob');
    await addRule(bank, { operation: '*', error: 'SERVICE_UNAVAILABLE', psuId: 'bob' });
    const outage = await initiate(bank, EMBEDDED('bob'));
    injected(outage, 503, 'SERVICE_UNAVAILABLE');
    // The outage says when to come back.
    expect(outage.headers.get('retry-after')).toBe('30');
    expect((await initiate(bank, EMBEDDED('alice'))).status).toBe(201);
    const bobRead = await call(bank, 'GET', balancesPath('bob'), { headers: { 'Consent-ID': bobConsent } });
    injected(bobRead, 503, 'SERVICE_UNAVAILABLE');
    expect((await balances()).status).toBe(200);
    await send(bank, 'DELETE', '/admin/scenarios');
  });

  it('limits a rule to one resource, and takes the status the spec allows for the code', async () => {
    const one = href(ok(await initiate(bank, EMBEDDED('alice')), 201, PaymentInitiationResponse201)._links.self);
    const other = href(ok(await initiate(bank, EMBEDDED('alice')), 201, PaymentInitiationResponse201)._links.self);
    const paymentId = one.split('/').pop();
    await addRule(bank, {
      operation: 'getPaymentInitiationStatus',
      error: 'RESOURCE_UNKNOWN',
      status: 404,
      resourceId: paymentId,
    });
    injected(await send(bank, 'GET', `${one}/status`), 404, 'RESOURCE_UNKNOWN');
    ok(await send(bank, 'GET', `${other}/status`), 200, PaymentInitiationStatusResponse);
    await send(bank, 'DELETE', '/admin/scenarios');
    await addRule(bank, { operation: 'initiatePayment', error: 'PAYMENT_FAILED', count: 1 });
    injected(await initiate(bank, EMBEDDED('alice')), 400, 'PAYMENT_FAILED');
  });

  it('refuses rules the spec does not allow, with the reason', async () => {
    const cases: [object, RegExp][] = [
      [
        { operation: 'initiatePayment', error: 'ACCESS_EXCEEDED' },
        /not an error code 1\.3\.12 pairs with initiatePayment/,
      ],
      [{ operation: 'getBalances', error: 'CONSENT_EXPIRED', status: 404 }, /answered with 401, not 404/],
      [{ operation: 'getBalances', error: 'WARNING' }, /not an error code/],
      [{ operation: 'getBalances', error: 'ACCESS_EXCEEDED', delayMs: 10 }, /exactly one/],
      [{ operation: 'readSomething', hang: true }, /not a 1\.3\.12 operation/],
      [{ operation: 'getBalances', delayMs: 3_600_000 }, /at most/],
      [{ operation: 'getBalances', hang: true, colour: 'red' }, /colour|Unrecognized/],
    ];
    for (const [body, reason] of cases) {
      const res = await addRule(bank, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body as { error: { message: string } }).error.message).toMatch(reason);
    }
    expect((await send(bank, 'GET', '/admin/scenarios')).body).toEqual({ scenarios: [] });
  });

  it('delays answers (a slow bank), which then answer normally', async () => {
    await addRule(bank, { operation: 'getBalances', delayMs: 4_000, count: 1 });
    slept.length = 0;
    expect((await balances()).status).toBe(200);
    expect(slept).toEqual([4_000]);
    expect((await balances()).status).toBe(200);
    expect(slept).toEqual([4_000]);
  });

  it('hangs a call until its client gives up', async () => {
    await addRule(bank, { operation: 'getConsentStatus', hang: true, count: 1 });
    const client = new AbortController();
    const request = new Request(`${ORIGIN}/psd2/v1/consents/${consentId}/status`, {
      headers: { 'X-Request-ID': randomUUID(), 'PSU-IP-Address': '192.168.8.78' },
      signal: client.signal,
    });
    let settled = false;
    const answer = bank.sandbox.fetch(request).then((res) => {
      settled = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    client.abort();
    expect((await answer).status).toBe(503);
  });

  it('has the PSU abort a decoupled SCA the call starts: scaStatus failed, the payment RJCT', async () => {
    await addRule(bank, { operation: 'initiatePayment', decoupledAbort: true, count: 1 });
    const res = await initiate(bank, { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice' });
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('DECOUPLED');
    const body = ok(res, 201, PaymentInitiationResponse201);
    const sca = ok(await send(bank, 'GET', href(body._links.scaStatus)), 200, ScaStatusResponse);
    expect(sca.scaStatus).toBe('failed');
    const status = ok(
      await send(bank, 'GET', `${href(body._links.self)}/status`),
      200,
      PaymentInitiationStatusResponse,
    );
    expect(status.transactionStatus).toBe('RJCT');
  });
});

describe('scenarios without the admin API: the X-Sandbox-Scenario header and magic PSU-IDs', () => {
  let bank: TestBank;
  let consentId: string;
  const slept: number[] = [];
  beforeAll(async () => {
    bank = await createTestBank({
      config: { admin: { enabled: false, token: null } },
      sleep: (ms) => {
        slept.push(ms);
        return Promise.resolve();
      },
    });
    consentId = await validConsent(bank);
  });
  afterAll(() => bank.close());

  it('plays the header’s scenario on that one call, even with the admin API off', async () => {
    const headers = { 'Consent-ID': consentId, 'X-Sandbox-Scenario': 'error=ACCESS_EXCEEDED' };
    injected(await send(bank, 'GET', balancesPath(), { headers }), 429, 'ACCESS_EXCEEDED');
    expect((await send(bank, 'GET', balancesPath(), { headers: { 'Consent-ID': consentId } })).status).toBe(200);
    const status = { 'Consent-ID': consentId, 'X-Sandbox-Scenario': 'error=SERVICE_UNAVAILABLE;status=503' };
    injected(await call(bank, 'GET', balancesPath(), { headers: status }), 503, 'SERVICE_UNAVAILABLE');
    slept.length = 0;
    const slow = { 'Consent-ID': consentId, 'X-Sandbox-Scenario': 'delay=2500' };
    expect((await send(bank, 'GET', balancesPath(), { headers: slow })).status).toBe(200);
    expect(slept).toEqual([2_500]);
  });

  it('refuses a header it cannot read, or a code the spec does not pair with the operation (400 FORMAT_ERROR)', async () => {
    for (const value of ['explode', 'error=NOPE', 'error=PAYMENT_FAILED', 'error=CONSENT_EXPIRED;status=500']) {
      const headers = { 'Consent-ID': consentId, 'X-Sandbox-Scenario': value };
      const message = fails(await send(bank, 'GET', balancesPath(), { headers }), 400, 'FORMAT_ERROR');
      expect(message?.path).toBe('X-Sandbox-Scenario');
    }
  });

  it('answers magic PSU-IDs: maintenance 503, blocked 403, and alice~slow is alice after a delay', async () => {
    injected(await initiate(bank, EMBEDDED('maintenance')), 503, 'SERVICE_UNAVAILABLE');
    injected(await initiate(bank, EMBEDDED('blocked')), 403, 'SERVICE_BLOCKED');
    slept.length = 0;
    const res = await initiate(bank, EMBEDDED('alice~slow'));
    expect(slept).toEqual([bank.sandbox.config.slowMs]);
    const body = ok(res, 201, PaymentInitiationResponse201);
    // The PSU is alice: her embedded authorisation started implicitly.
    expect(body._links.startAuthorisationWithPsuAuthentication ?? body._links.updatePsuAuthentication).toBeDefined();
    const read = await send(bank, 'GET', `${href(body._links.self)}`);
    expect(read.status).toBe(200);
  });

  it('aborts the decoupled SCA of alice~sca-abort, and hangs the call of timeout', async () => {
    const res = await initiate(bank, { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice~sca-abort' });
    const body = ok(res, 201, PaymentInitiationResponse201);
    expect(ok(await send(bank, 'GET', href(body._links.scaStatus)), 200, ScaStatusResponse).scaStatus).toBe('failed');
    const client = new AbortController();
    const request = new Request(`${ORIGIN}/psd2/v1/consents/${consentId}/status`, {
      headers: { 'X-Request-ID': randomUUID(), 'PSU-ID': 'timeout' },
      signal: client.signal,
    });
    let settled = false;
    const answer = bank.sandbox.fetch(request).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(settled).toBe(false);
    client.abort();
    await answer;
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('PostgreSQL: a rule for N calls counts the calls of every instance', () => {
  const banks = twoInstancesForTests(pgUrl);

  it('answers the error exactly 3 times over both instances', async () => {
    const { a, b } = banks;
    const consentId = await validConsent(a);
    await addRule(a, { operation: 'getBalances', error: 'ACCESS_EXCEEDED', count: 3 });
    const read = (bank: TestBank) => send(bank, 'GET', balancesPath(), { headers: { 'Consent-ID': consentId } });
    const answers = await Promise.all([a, b, a, b, a, b].map(read));
    expect(answers.filter((r) => r.status === 429)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect((await send(b, 'GET', '/admin/scenarios')).body).toEqual({ scenarios: [] });
  });
});
