/**
 * A throwaway PKI for tests: a test CA, a TLS server certificate for the strict sandbox, and TPP certificates (QWAC for
 * mutual TLS, QSealC for request signing), plus a second, untrusted CA and an expired certificate for the failure
 * cases. Everything is made at test time; no key is ever committed.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

export interface Issued {
  certPem: string;
  keyPem: string;
  /** The certificate's serial number in hex, as a Berlin Group keyId names it (SN=…). */
  serialHex: string;
}

export interface TestCa extends Issued {
  commonName: string;
}

export type CertificateUse = 'ca' | 'server' | 'client' | 'seal';

export interface IssueOptions {
  commonName: string;
  use: Exclude<CertificateUse, 'ca'>;
  /** Host names and IP addresses for a server certificate. */
  altNames?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

const DAY_MS = 86_400_000;

function rsaKeyPair(): { publicKey: forge.pki.PublicKey; privateKey: forge.pki.PrivateKey; keyPem: string } {
  // node:crypto makes the key in native code; forge's own generator takes seconds per 2048-bit key.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(keyPem);
  return { privateKey: forgeKey, publicKey: forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e), keyPem };
}

function serial(): string {
  // Positive (top bit clear) and unique enough for a test run.
  const bytes = randomBytes(8);
  bytes[0] = (bytes[0] ?? 0) & 0x7f;
  return bytes.toString('hex');
}

function subject(commonName: string): forge.pki.CertificateField[] {
  return [
    { name: 'countryName', value: 'DE' },
    { name: 'organizationName', value: 'XS2A Console Test' },
    { name: 'commonName', value: commonName },
  ];
}

function extensionsFor(use: CertificateUse, altNames: string[]): object[] {
  if (use === 'ca') {
    return [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ];
  }
  const extensions: object[] = [{ name: 'basicConstraints', cA: false }];
  if (use === 'seal') extensions.push({ name: 'keyUsage', digitalSignature: true, nonRepudiation: true });
  else extensions.push({ name: 'keyUsage', digitalSignature: true, keyEncipherment: true });
  if (use === 'server') extensions.push({ name: 'extKeyUsage', serverAuth: true });
  if (use === 'client') extensions.push({ name: 'extKeyUsage', clientAuth: true });
  if (altNames.length > 0) {
    extensions.push({
      name: 'subjectAltName',
      altNames: altNames.map((name) => (/^[\d.]+$/.test(name) ? { type: 7, ip: name } : { type: 2, value: name })),
    });
  }
  return extensions;
}

function makeCertificate(
  options: { commonName: string; use: CertificateUse; altNames?: string[]; notBefore?: Date; notAfter?: Date },
  issuer: { certPem: string; keyPem: string } | undefined,
): Issued {
  const keys = rsaKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = serial();
  // A minute in the past, so a clock a little behind still accepts it.
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 60_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 30 * DAY_MS);
  cert.setSubject(subject(options.commonName));
  const issuerCert = issuer ? forge.pki.certificateFromPem(issuer.certPem) : cert;
  cert.setIssuer(issuerCert.subject.attributes);
  cert.setExtensions(extensionsFor(options.use, options.altNames ?? []));
  const signingKey = issuer ? forge.pki.privateKeyFromPem(issuer.keyPem) : keys.privateKey;
  cert.sign(signingKey as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem: keys.keyPem, serialHex: cert.serialNumber };
}

export function createTestCa(commonName = 'XS2A Console Test CA'): TestCa {
  return {
    commonName,
    ...makeCertificate({ commonName, use: 'ca', notAfter: new Date(Date.now() + 60 * DAY_MS) }, undefined),
  };
}

export function issueCertificate(ca: TestCa, options: IssueOptions): Issued {
  return makeCertificate(options, ca);
}

/** A PKCS#12 bundle of a certificate and its key, encrypted with AES-256 (OpenSSL 3 reads it without legacy ciphers). */
export function toPkcs12(issued: Issued, passphrase: string, ca?: TestCa): Buffer {
  const chain = [forge.pki.certificateFromPem(issued.certPem)];
  if (ca) chain.push(forge.pki.certificateFromPem(ca.certPem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(forge.pki.privateKeyFromPem(issued.keyPem), chain, passphrase, {
    algorithm: 'aes256',
  });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The files of a written test PKI, as absolute paths. */
export interface TestPkiFiles {
  dir: string;
  /** The trusted test CA: the strict sandbox accepts TPP certificates it issued; the relay trusts the bank by it. */
  caCert: string;
  /** The strict sandbox's own TLS certificate (localhost, 127.0.0.1), issued by the test CA. */
  serverCert: string;
  serverKey: string;
  /** The TPP's QWAC for mutual TLS, as PEM and as PKCS#12 with `clientP12Passphrase`. */
  clientCert: string;
  clientKey: string;
  clientP12: string;
  clientP12Passphrase: string;
  /** The TPP's QSealC for request signing. */
  sealCert: string;
  sealKey: string;
  /** Issued by another CA the sandbox does not trust. */
  rogueCaCert: string;
  rogueClientCert: string;
  rogueClientKey: string;
  rogueSealCert: string;
  rogueSealKey: string;
  /** Issued by the test CA but no longer valid. */
  expiredClientCert: string;
  expiredClientKey: string;
}

/** Makes the test PKI and writes it to `dir` (created if needed). Keys are written readable by the owner only. */
export function writeTestPki(dir: string): TestPkiFiles {
  mkdirSync(dir, { recursive: true });
  const write = (name: string, content: string | Buffer): string => {
    const file = join(dir, name);
    writeFileSync(file, content, { mode: 0o600 });
    return file;
  };
  const ca = createTestCa();
  const rogueCa = createTestCa('Unknown Test CA');
  const server = issueCertificate(ca, {
    commonName: 'localhost',
    use: 'server',
    altNames: ['localhost', '127.0.0.1'],
  });
  const client = issueCertificate(ca, { commonName: 'XS2A Console Test TPP', use: 'client' });
  const seal = issueCertificate(ca, { commonName: 'XS2A Console Test TPP Seal', use: 'seal' });
  const rogueClient = issueCertificate(rogueCa, { commonName: 'Unknown TPP', use: 'client' });
  const rogueSeal = issueCertificate(rogueCa, { commonName: 'Unknown TPP Seal', use: 'seal' });
  const expired = issueCertificate(ca, {
    commonName: 'XS2A Console Expired TPP',
    use: 'client',
    notBefore: new Date(Date.now() - 40 * DAY_MS),
    notAfter: new Date(Date.now() - 10 * DAY_MS),
  });
  const clientP12Passphrase = randomBytes(12).toString('base64url');
  return {
    dir,
    caCert: write('ca.pem', ca.certPem),
    serverCert: write('server.pem', server.certPem),
    serverKey: write('server-key.pem', server.keyPem),
    clientCert: write('qwac.pem', client.certPem),
    clientKey: write('qwac-key.pem', client.keyPem),
    clientP12: write('qwac.p12', toPkcs12(client, clientP12Passphrase, ca)),
    clientP12Passphrase,
    sealCert: write('qsealc.pem', seal.certPem),
    sealKey: write('qsealc-key.pem', seal.keyPem),
    rogueCaCert: write('rogue-ca.pem', rogueCa.certPem),
    rogueClientCert: write('rogue-qwac.pem', rogueClient.certPem),
    rogueClientKey: write('rogue-qwac-key.pem', rogueClient.keyPem),
    rogueSealCert: write('rogue-qsealc.pem', rogueSeal.certPem),
    rogueSealKey: write('rogue-qsealc-key.pem', rogueSeal.keyPem),
    expiredClientCert: write('expired-qwac.pem', expired.certPem),
    expiredClientKey: write('expired-qwac-key.pem', expired.keyPem),
  };
}
