// Strict mode in-process: the XS2A routes demand a trusted, valid TLS client certificate and a request signed over its
// exact bytes; the PSU's pages do not. Certificates come from a test PKI made at test time.
import { randomUUID, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConsentStatusResponse,
  ConsentsResponse201,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
} from '../../src/xs2a';
import { signRequest, type SigningKey } from '../signing/xs2a-signature';
import { writeTestPki, type TestPkiFiles } from '../testing/test-pki';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './seed';
import { ORIGIN, createTestBank, type TestBank } from './testing/test-support';
import { accountOf, browse, fails, href, ok, send } from './testing/test-kit';

const DAY = 86_400_000;
const read = (file: string) => readFileSync(file, 'utf8');

let dir: string;
let pki: TestPkiFiles;
let qwac: X509Certificate;
let seal: SigningKey;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'xs2a-strict-'));
  pki = writeTestPki(dir);
  qwac = new X509Certificate(read(pki.clientCert));
  seal = { keyPem: read(pki.sealKey), certificatePem: read(pki.sealCert) };
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const paymentBody = () => ({
  instructedAmount: { currency: 'EUR', amount: '12.50' },
  debtorAccount: { iban: accountOf('alice').iban },
  creditorName: 'Kaffee Handel GmbH',
  creditorAccount: { iban: 'DE02100100109307118603' },
});

const consentBody = {
  access: { allPsd2: 'allAccounts' },
  recurringIndicator: true,
  validUntil: '2027-01-31',
  frequencyPerDay: 4,
  combinedServiceIndicator: false,
};

/** A strict bank whose calls come, unless they say otherwise, with the TPP's QWAC and signed with its QSealC. */
async function strictBank(config: Parameters<typeof createTestBank>[0] = {}) {
  return createTestBank({
    // The test PKI is valid from now on, so the bank's clock starts now.
    start: new Date().toISOString(),
    config: { strict: { trustedCas: [new X509Certificate(read(pki.caCert))] }, ...config.config },
    defaults: { clientCertificate: qwac, sign: seal },
  });
}

describe('strict mode: the TLS client certificate', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await strictBank();
  });
  afterAll(() => bank.close());

  it('refuses a connection without a client certificate: 401 CERTIFICATE_MISSING, X-Request-ID echoed', async () => {
    const res = await send(bank, 'GET', '/v1/consents/unknown/status', { clientCertificate: null });
    const message = fails(res, 401, 'CERTIFICATE_MISSING');
    expect(message?.text).toMatch(/requires a TLS client certificate/);
  });

  it('refuses a certificate of a CA the bank does not trust: CERTIFICATE_INVALID', async () => {
    const rogue = new X509Certificate(read(pki.rogueClientCert));
    const message = fails(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody(), clientCertificate: rogue }),
      401,
      'CERTIFICATE_INVALID',
    );
    expect(message?.text).toMatch(/not issued by a certificate authority this bank trusts.*Unknown Test CA/);
  });

  it('refuses an expired certificate: CERTIFICATE_EXPIRED', async () => {
    const expired = new X509Certificate(read(pki.expiredClientCert));
    const message = fails(
      await send(bank, 'GET', '/v1/consents/unknown/status', { clientCertificate: expired }),
      401,
      'CERTIFICATE_EXPIRED',
    );
    expect(message?.text).toMatch(/TLS client certificate \(QWAC\) is not valid now/);
  });

  it('judges validity by the sandbox clock: the valid QWAC expires when the clock passes its end', async () => {
    const later = await strictBank();
    try {
      later.clock.advance(31 * DAY);
      fails(await send(later, 'GET', '/v1/consents/unknown/status'), 401, 'CERTIFICATE_EXPIRED');
    } finally {
      await later.close();
    }
  });

  it('checks the certificate before the request itself: a missing X-Request-ID is found only afterwards', async () => {
    const noCert = await bank.call('GET', '/v1/consents/unknown/status', {
      headers: { 'X-Request-ID': undefined },
      clientCertificate: null,
      sign: null,
    });
    fails(noCert, 401, 'CERTIFICATE_MISSING');
    const withCert = await bank.call('GET', '/v1/consents/unknown/status', {
      headers: { 'X-Request-ID': undefined },
      sign: null,
    });
    expect(fails(withCert, 400, 'FORMAT_ERROR')?.path).toBe('X-Request-ID');
  });
});

describe('strict mode: request signatures', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await strictBank();
  });
  afterAll(() => bank.close());

  /** A request signed over `signedBody`, then sent with `sentBody` and the headers `tamper` leaves. */
  async function tampered(
    signedBody: string,
    sentBody: string,
    tamper: (headers: Headers) => void = () => undefined,
    signedAt: Date = bank.clock.now(),
  ) {
    const requestId = randomUUID();
    const headers = new Headers({
      'X-Request-ID': requestId,
      'PSU-IP-Address': '192.168.8.78',
      'PSU-ID': 'alice',
      'Content-Type': 'application/json',
    });
    const path = '/psd2/v1/payments/sepa-credit-transfers';
    signRequest({ method: 'POST', path, headers, body: new TextEncoder().encode(signedBody) }, seal, signedAt);
    tamper(headers);
    const response = await bank.sandbox.fetch(
      new Request(`${ORIGIN}${path}`, { method: 'POST', headers, body: sentBody }),
      { clientCertificate: qwac },
    );
    expect(response.headers.get('X-Request-ID')).toBe(requestId);
    return {
      status: response.status,
      body: (await response.json()) as { tppMessages: { code: string; text: string }[] },
    };
  }

  it('accepts signed requests: payment initiation, status read with an empty body', async () => {
    const created = ok(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { body: paymentBody() }),
      201,
      PaymentInitiationResponse201,
    );
    const status = ok(
      await send(bank, 'GET', `${href(created._links.self)}/status`),
      200,
      PaymentInitiationStatusResponse,
    );
    expect(status.transactionStatus).toBe('RCVD');
  });

  it('refuses an unsigned request: SIGNATURE_MISSING', async () => {
    const message = fails(
      await send(bank, 'POST', '/v1/consents', { body: consentBody, sign: null }),
      401,
      'SIGNATURE_MISSING',
    );
    expect(message?.text).toMatch(/Signature header is missing/);
  });

  it('refuses a body changed after signing: SIGNATURE_INVALID (Digest)', async () => {
    const signed = JSON.stringify(paymentBody());
    const sent = signed.replace('12.50', '1250.00');
    const res = await tampered(signed, sent);
    expect(res.status).toBe(401);
    expect(res.body.tppMessages[0]?.code).toBe('SIGNATURE_INVALID');
    expect(res.body.tppMessages[0]?.text).toMatch(/Digest header does not match the request body/);
  });

  it('refuses a signed header changed after signing: SIGNATURE_INVALID', async () => {
    const body = JSON.stringify(paymentBody());
    const res = await tampered(body, body, (headers) => headers.set('PSU-ID', 'bob'));
    expect(res.status).toBe(401);
    expect(res.body.tppMessages[0]?.code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signature without TPP-Signature-Certificate: CERTIFICATE_MISSING', async () => {
    const body = JSON.stringify(paymentBody());
    const res = await tampered(body, body, (headers) => headers.delete('TPP-Signature-Certificate'));
    expect(res.status).toBe(401);
    expect(res.body.tppMessages[0]?.code).toBe('CERTIFICATE_MISSING');
  });

  it('refuses a signing certificate of an untrusted CA: CERTIFICATE_INVALID', async () => {
    const rogue = { keyPem: read(pki.rogueSealKey), certificatePem: read(pki.rogueSealCert) };
    const message = fails(
      await send(bank, 'POST', '/v1/consents', { body: consentBody, sign: rogue }),
      401,
      'CERTIFICATE_INVALID',
    );
    expect(message?.text).toMatch(/signing certificate was not issued/);
  });

  it('refuses a signature whose Date is far from the bank clock: SIGNATURE_INVALID', async () => {
    const body = JSON.stringify(paymentBody());
    const tenMinutesAgo = new Date(bank.clock.now().getTime() - 10 * 60_000);
    const res = await tampered(body, body, undefined, tenMinutesAgo);
    expect(res.status).toBe(401);
    expect(res.body.tppMessages[0]?.code).toBe('SIGNATURE_INVALID');
    expect(res.body.tppMessages[0]?.text).toMatch(/Date header/);
  });

  it('keeps the body size limit: an oversized body is a 413 FORMAT_ERROR, read no further', async () => {
    const small = await strictBank({ config: { maxBodyBytes: 1024 } });
    try {
      const res = await send(small, 'POST', '/v1/consents', {
        body: { ...consentBody, padding: 'x'.repeat(4096) },
      });
      expect(fails(res, 413, 'FORMAT_ERROR')?.text).toMatch(/larger than 1024 bytes/);
    } finally {
      await small.close();
    }
  });

  it('still reports errors of the request itself once it is signed', async () => {
    const res = await send(bank, 'POST', '/v1/consents', { rawBody: '{"access": ' });
    fails(res, 400, 'FORMAT_ERROR');
  });
});

describe('strict mode: the PSU pages need no certificate', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await strictBank();
  });
  afterAll(() => bank.close());

  it('runs redirect SCA: signed TPP calls, certificate-free bank pages, payment ACTC', async () => {
    const created = ok(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', {
        body: paymentBody(),
        headers: { 'TPP-Redirect-Preferred': 'true', 'TPP-Redirect-URI': 'https://tpp.example/ok' },
      }),
      201,
      PaymentInitiationResponse201,
    );
    const scaRedirect = href(created._links.scaRedirect);
    expect((await browse(bank, scaRedirect)).status).toBe(200);
    const login = await browse(bank, `${scaRedirect}/login`, { psuId: 'alice', password: SANDBOX_PASSWORD });
    expect(login.status).toBe(303);
    const decision = await browse(bank, `${scaRedirect}/decision`, {
      action: 'approve',
      method: 'sms',
      otp: SANDBOX_OTP,
    });
    expect(decision.location).toBe('https://tpp.example/ok');
    const status = ok(
      await send(bank, 'GET', `${href(created._links.self)}/status`),
      200,
      PaymentInitiationStatusResponse,
    );
    expect(status.transactionStatus).toBe('ACTC');
  });

  it('serves the banking app and the health check without a certificate', async () => {
    expect((await browse(bank, '/psd2/app')).status).toBe(200);
    expect((await browse(bank, '/psd2/health')).status).toBe(200);
  });

  it('creates and reads a consent with signed calls', async () => {
    const created = ok(await send(bank, 'POST', '/v1/consents', { body: consentBody }), 201, ConsentsResponse201);
    const status = ok(await send(bank, 'GET', `/v1/consents/${created.consentId}/status`), 200, ConsentStatusResponse);
    expect(status.consentStatus).toBe('received');
  });
});

describe('strict mode with OAuth SCA', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await strictBank({ config: { scaRedirect: 'oauth' } });
  });
  afterAll(() => bank.close());

  const tokenRequest = (clientCertificate: X509Certificate | null) =>
    bank.sandbox.fetch(
      new Request(`${ORIGIN}/psd2/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=authorization_code',
      }),
      { clientCertificate },
    );

  it('serves the metadata and the authorize page without a certificate', async () => {
    const created = ok(
      await send(bank, 'POST', '/v1/consents', {
        body: consentBody,
        headers: { 'TPP-Redirect-URI': 'https://console.example/callback/ok' },
      }),
      201,
      ConsentsResponse201,
    );
    expect((await browse(bank, href(created._links.scaOAuth))).status).toBe(200);
    const authorize = new URLSearchParams({
      response_type: 'code',
      client_id: 'xs2a-console',
      redirect_uri: 'https://console.example/callback/oauth',
      scope: `AIS:${created.consentId}`,
      state: 's',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const page = await browse(bank, `/psd2/oauth/authorize?${authorize.toString()}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Approve');
  });

  it('demands the client certificate at the token endpoint: 401 invalid_client with the 1.3.12 code', async () => {
    const refused = await tokenRequest(null);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: 'invalid_client',
      tppMessages: [{ category: 'ERROR', code: 'CERTIFICATE_MISSING' }],
    });
    const rogue = await tokenRequest(new X509Certificate(read(pki.rogueClientCert)));
    expect(((await rogue.json()) as { tppMessages: { code: string }[] }).tppMessages[0]?.code).toBe(
      'CERTIFICATE_INVALID',
    );
    // With the QWAC (and no signature: the token endpoint is OAuth, not XS2A) the request itself is judged.
    const judged = await tokenRequest(qwac);
    expect(judged.status).toBe(400);
    expect(await judged.json()).toMatchObject({ error: 'invalid_request' });
  });
});
