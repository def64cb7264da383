import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSecureContext } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestPki, type TestPkiFiles } from '../testing/test-pki';
import { digestHeader, keyIdOf, signRequest, verifySignedRequest, type SigningKey } from './xs2a-signature';

let pki: TestPkiFiles;
let seal: SigningKey;
let trusted: X509Certificate[];
const read = (file: string) => readFileSync(file, 'utf8');

beforeAll(() => {
  pki = writeTestPki(mkdtempSync(join(tmpdir(), 'xs2a-pki-')));
  seal = { keyPem: read(pki.sealKey), certificatePem: read(pki.sealCert) };
  trusted = [new X509Certificate(read(pki.caCert))];
});
afterAll(() => rmSync(pki.dir, { recursive: true, force: true }));

const body = new TextEncoder().encode('{"instructedAmount":{"currency":"EUR","amount":"12.50"}}');

function signed(key: SigningKey = seal, extra: Record<string, string> = {}) {
  const headers = new Headers({
    'x-request-id': '99391c7e-ad88-49ec-a2ad-99ddcb1f7721',
    'content-type': 'application/json',
    ...extra,
  });
  const request = { method: 'POST', path: '/sandbox/v1/payments/sepa-credit-transfers', headers, body };
  signRequest(request, key);
  return request;
}

describe('XS2A request signatures', () => {
  it('signs digest, x-request-id and date, names the certificate in keyId, and verifies', () => {
    const request = signed(seal, { 'psu-id': 'alice', 'tpp-redirect-uri': 'https://tpp.example/ok' });
    const signature = request.headers.get('signature') ?? '';
    expect(signature).toMatch(/^keyId="SN=[0-9A-F]+,CA=C=DE,O=XS2A Console Test,CN=XS2A Console Test CA"/);
    expect(signature).toContain('algorithm="rsa-sha256"');
    expect(signature).toContain('headers="digest x-request-id date psu-id tpp-redirect-uri"');
    expect(request.headers.get('digest')).toBe(digestHeader(body));
    expect(request.headers.get('date')).toMatch(/GMT$/);
    expect(request.headers.has('authorization')).toBe(false);
    const withToken = signed(seal, { authorization: 'Bearer token-1' });
    expect(withToken.headers.get('authorization')).toBe('Bearer token-1');
    expect(verifySignedRequest(withToken, { trusted })).toBeUndefined();
    expect(keyIdOf(seal.certificatePem)).toContain('SN=');
    expect(verifySignedRequest(request, { trusted })).toBeUndefined();
  });

  it('refuses a request without a signature, or without its certificate', () => {
    const plain = {
      method: 'GET',
      path: '/v1/accounts',
      headers: new Headers({ 'x-request-id': 'x' }),
      body: undefined,
    };
    expect(verifySignedRequest(plain, { trusted })?.code).toBe('SIGNATURE_MISSING');
    const request = signed();
    request.headers.delete('tpp-signature-certificate');
    expect(verifySignedRequest(request, { trusted })?.code).toBe('CERTIFICATE_MISSING');
  });

  it('refuses a body changed after signing', () => {
    const request = signed();
    const problem = verifySignedRequest(
      { ...request, body: new TextEncoder().encode('{"changed":true}') },
      { trusted },
    );
    expect(problem).toMatchObject({ code: 'SIGNATURE_INVALID', text: expect.stringContaining('Digest') as string });
  });

  it('refuses a signed header changed after signing', () => {
    const request = signed(seal, { 'psu-id': 'alice' });
    request.headers.set('psu-id', 'mallory');
    expect(verifySignedRequest(request, { trusted })?.code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signature made with another key than the certificate names', () => {
    const request = signed({ keyPem: read(pki.rogueSealKey), certificatePem: seal.certificatePem });
    expect(verifySignedRequest(request, { trusted })).toMatchObject({
      code: 'SIGNATURE_INVALID',
      text: expect.stringContaining('does not verify') as string,
    });
  });

  it('refuses a certificate from a CA the bank does not trust, and an expired one', () => {
    const rogue = signed({ keyPem: read(pki.rogueSealKey), certificatePem: read(pki.rogueSealCert) });
    expect(verifySignedRequest(rogue, { trusted })?.code).toBe('CERTIFICATE_INVALID');
    const expired = signed({ keyPem: read(pki.expiredClientKey), certificatePem: read(pki.expiredClientCert) });
    expect(verifySignedRequest(expired, { trusted })?.code).toBe('CERTIFICATE_EXPIRED');
  });

  it('refuses a request whose Date is far from the bank’s clock', () => {
    const request = signed();
    const later = new Date(Date.parse(request.headers.get('date') ?? '') + 3_600_000);
    expect(verifySignedRequest(request, { trusted, now: later })?.code).toBe('SIGNATURE_INVALID');
  });

  it('writes a PKCS#12 bundle Node can load with its passphrase', () => {
    expect(() =>
      createSecureContext({ pfx: readFileSync(pki.clientP12), passphrase: pki.clientP12Passphrase }),
    ).not.toThrow();
    expect(() => createSecureContext({ pfx: readFileSync(pki.clientP12), passphrase: 'wrong' })).toThrow();
  });
});
