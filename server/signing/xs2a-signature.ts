/**
 * Application-level request signatures as XS2A 1.3.12 uses them: a Digest of the body, a Signature header in the
 * draft-cavage HTTP signatures format (keyId "SN=<serial>,CA=<issuer>"), and the signing certificate in
 * TPP-Signature-Certificate. The relay signs with a TPP's QSealC; the strict sandbox verifies.
 */
import { createHash, X509Certificate } from 'node:crypto';
import httpSignature from 'http-signature';

/** Headers always signed, and those signed when the request carries them (Berlin Group implementation guidelines). */
export const ALWAYS_SIGNED = ['digest', 'x-request-id', 'date'] as const;
export const SIGNED_WHEN_PRESENT = ['psu-id', 'psu-corporate-id', 'tpp-redirect-uri'] as const;

export interface SigningKey {
  /** The private key, PEM (PKCS#8 or PKCS#1). */
  keyPem: string;
  /** The certificate of that key (the QSealC), PEM. */
  certificatePem: string;
}

export function digestHeader(body: Uint8Array | undefined): string {
  return `SHA-256=${createHash('sha256')
    .update(body ?? new Uint8Array(0))
    .digest('base64')}`;
}

/** The certificate's DER in base64, as TPP-Signature-Certificate carries it. */
export function certificateHeader(certificatePem: string): string {
  return new X509Certificate(certificatePem).raw.toString('base64');
}

function distinguishedName(multiline: string): string {
  return multiline.split('\n').filter(Boolean).join(',');
}

/** The Berlin Group keyId: the certificate's serial number (hex) and its issuer's distinguished name. */
export function keyIdOf(certificatePem: string): string {
  const certificate = new X509Certificate(certificatePem);
  return `SN=${certificate.serialNumber},CA=${distinguishedName(certificate.issuer)}`;
}

// What signing needs of a certificate, worked out once per certificate rather than on every request.
const certificateFacts = new Map<string, { keyId: string; header: string }>();

function factsOf(certificatePem: string): { keyId: string; header: string } {
  let facts = certificateFacts.get(certificatePem);
  if (!facts) {
    facts = { keyId: keyIdOf(certificatePem), header: certificateHeader(certificatePem) };
    certificateFacts.set(certificatePem, facts);
  }
  return facts;
}

/**
 * Signs a request in place: sets Digest, Date (when absent), Signature and TPP-Signature-Certificate on `headers`.
 * `body` is the exact bytes that will be sent.
 */
export function signRequest(
  request: { method: string; path: string; headers: Headers; body: Uint8Array | undefined },
  key: SigningKey,
  now: Date = new Date(),
): void {
  const { headers } = request;
  headers.set('digest', digestHeader(request.body));
  if (!headers.has('date')) headers.set('date', now.toUTCString());
  const signed = [...ALWAYS_SIGNED, ...SIGNED_WHEN_PRESENT.filter((name) => headers.has(name))];
  // http-signature signs a Node request; this is the part of one it reads and writes.
  // It writes the result as `Authorization: Signature <params>`; that is caught here, so a bearer token stays.
  let written = '';
  const shim = {
    method: request.method.toUpperCase(),
    path: request.path,
    getHeader: (name: string) => headers.get(name) ?? undefined,
    setHeader: (name: string, value: string) => {
      if (name.toLowerCase() === 'authorization') written = value;
      else headers.set(name, value);
    },
  };
  const facts = factsOf(key.certificatePem);
  const done = httpSignature.signRequest(shim as never, {
    key: key.keyPem,
    keyId: facts.keyId,
    headers: signed,
    algorithm: 'rsa-sha256',
  });
  if (!done || !written) throw new Error('The request could not be signed.');
  // XS2A carries the params in the Signature header.
  headers.set('signature', written.replace(/^Signature /, ''));
  headers.set('tpp-signature-certificate', facts.header);
}

export type SignatureErrorCode =
  'SIGNATURE_MISSING' | 'SIGNATURE_INVALID' | 'CERTIFICATE_MISSING' | 'CERTIFICATE_INVALID' | 'CERTIFICATE_EXPIRED';

export interface SignatureProblem {
  code: SignatureErrorCode;
  text: string;
}

export interface VerifyOptions {
  /** CAs whose certificates are accepted as signing certificates. */
  trusted: readonly X509Certificate[];
  now?: Date;
  /** How far the Date header may be from now, in seconds. */
  clockSkewSeconds?: number;
}

function parseCertificateHeader(value: string): X509Certificate | undefined {
  const compact = value.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    return new X509Certificate(Buffer.from(compact, 'base64'));
  } catch {
    return undefined;
  }
}

/** Whether a certificate is valid at `now` and issued by one of the trusted CAs; a problem otherwise. */
export function checkCertificate(
  certificate: X509Certificate,
  trusted: readonly X509Certificate[],
  now: Date,
  what: string,
): SignatureProblem | undefined {
  if (now < new Date(certificate.validFrom) || now > new Date(certificate.validTo)) {
    return {
      code: 'CERTIFICATE_EXPIRED',
      text: `The ${what} is not valid now (valid from ${certificate.validFrom} to ${certificate.validTo}).`,
    };
  }
  const issuer = trusted.find((ca) => certificate.checkIssued(ca) && certificate.verify(ca.publicKey));
  if (!issuer) {
    return {
      code: 'CERTIFICATE_INVALID',
      text: `The ${what} was not issued by a certificate authority this bank trusts (issuer: ${distinguishedName(certificate.issuer)}).`,
    };
  }
  return undefined;
}

function serialOf(keyId: string): string | undefined {
  const match = /(?:^|,)\s*SN=([0-9A-Fa-f]+)/.exec(keyId);
  return match?.[1]?.replace(/^0+/, '').toUpperCase();
}

/**
 * Verifies a request's Digest, Signature and TPP-Signature-Certificate. Returns undefined when they hold, or the
 * 1.3.12 error code and a text saying what is wrong.
 */
export function verifySignedRequest(
  request: { method: string; path: string; headers: Headers; body: Uint8Array | undefined },
  options: VerifyOptions,
): SignatureProblem | undefined {
  const { headers } = request;
  const now = options.now ?? new Date();
  const signature = headers.get('signature');
  if (!signature) {
    return { code: 'SIGNATURE_MISSING', text: 'This bank requires signed requests: the Signature header is missing.' };
  }
  const certificateValue = headers.get('tpp-signature-certificate');
  if (!certificateValue) {
    return {
      code: 'CERTIFICATE_MISSING',
      text: 'The request is signed but carries no TPP-Signature-Certificate to verify the signature with.',
    };
  }
  const certificate = parseCertificateHeader(certificateValue);
  if (!certificate) {
    return {
      code: 'CERTIFICATE_INVALID',
      text: 'TPP-Signature-Certificate is not a base64-encoded X.509 certificate.',
    };
  }
  const certificateProblem = checkCertificate(certificate, options.trusted, now, 'signing certificate');
  if (certificateProblem) return certificateProblem;

  const digest = headers.get('digest');
  if (!digest) return { code: 'SIGNATURE_INVALID', text: 'The request is signed but has no Digest header.' };
  const expected = digestHeader(request.body);
  const sha256 = digest
    .split(',')
    .map((part) => part.trim())
    .find((part) => /^sha-256=/i.test(part));
  if (!sha256 || sha256.slice(8) !== expected.slice(8)) {
    return {
      code: 'SIGNATURE_INVALID',
      text: 'The Digest header does not match the request body (expected a SHA-256 digest of the exact bytes sent).',
    };
  }

  const date = headers.get('date');
  if (date !== null) {
    const skewMs = (options.clockSkewSeconds ?? 300) * 1000;
    const sent = Date.parse(date);
    if (Number.isNaN(sent) || Math.abs(now.getTime() - sent) > skewMs) {
      return {
        code: 'SIGNATURE_INVALID',
        text: `The signed Date header (${date}) is more than ${skewMs / 1000} s from the bank's clock.`,
      };
    }
  }

  const lowerHeaders: Record<string, string> = {};
  for (const [name, value] of headers) lowerHeaders[name] = value;
  const required = [
    'digest',
    'x-request-id',
    ...SIGNED_WHEN_PRESENT.filter((name) => headers.has(name)),
    ...(headers.has('date') ? ['date'] : []),
  ];
  let parsed: ReturnType<typeof httpSignature.parseRequest>;
  try {
    parsed = httpSignature.parseRequest(
      {
        method: request.method.toUpperCase(),
        url: request.path,
        httpVersion: '1.1',
        headers: { ...lowerHeaders, authorization: undefined, signature },
      } as never,
      // The Date check above uses the bank's clock (a test clock in tests); the library's would use the real one.
      { headers: required, clockSkew: Number.MAX_SAFE_INTEGER },
    );
  } catch (error) {
    return { code: 'SIGNATURE_INVALID', text: `The Signature header cannot be used: ${(error as Error).message}.` };
  }
  const keySerial = serialOf(parsed.params.keyId);
  const certificateSerial = certificate.serialNumber.replace(/^0+/, '').toUpperCase();
  if (keySerial !== certificateSerial) {
    return {
      code: 'SIGNATURE_INVALID',
      text: `The Signature's keyId (${parsed.params.keyId}) does not name the serial number of TPP-Signature-Certificate (${certificate.serialNumber}).`,
    };
  }
  const publicKey = certificate.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  let valid = false;
  try {
    valid = httpSignature.verifySignature(parsed, publicKey);
  } catch {
    valid = false;
  }
  if (!valid) {
    return {
      code: 'SIGNATURE_INVALID',
      text: 'The signature does not verify with the key of TPP-Signature-Certificate: the signed headers were changed, or another key signed them.',
    };
  }
  return undefined;
}
