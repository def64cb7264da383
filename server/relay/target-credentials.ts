/**
 * Reads and checks a relay target's TLS client certificate, bank CA and signing key at start, so a bad file stops the
 * server with one line instead of failing the first request. No message ever carries a key or a passphrase.
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createSecureContext } from 'node:tls';
import type { SigningKey } from '../signing/xs2a-signature';

/** The TLS settings of a target as written in the config file (file names relative to the config's folder). */
export interface TlsSettings {
  cert?: string | undefined;
  key?: string | undefined;
  ca?: string | undefined;
  pfx?: string | undefined;
  passphrase?: string | undefined;
  passphraseEnv?: string | undefined;
}

export interface SigningSettings {
  key: string;
  cert: string;
}

/** What the relay's connections to a bank use: a client certificate (PEM or PKCS#12) and the bank's CA. */
export interface RelayTls {
  cert?: Buffer;
  key?: Buffer;
  pfx?: Buffer;
  passphrase?: string;
  /** Replaces the public CAs for this target: the bank's certificate must be issued by one of these. */
  ca?: Buffer;
}

/** A problem with one member of a target's settings, e.g. `tls.pfx cannot be read (…): no such file`. */
export class CredentialProblem extends Error {
  override name = 'CredentialProblem';
}

function readMember(dir: string, member: string, name: string): Buffer {
  const file = resolve(dir, name);
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES'
          ? 'no permission to read it'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (code ?? 'unreadable');
    throw new CredentialProblem(`${member} cannot be read (${file}): ${why}`);
  }
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM file (one or a chain); a problem when it holds none or one that does not parse. */
function certificatesOf(member: string, pem: Buffer): X509Certificate[] {
  const blocks = pem.toString('utf8').match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0)
    throw new CredentialProblem(`${member} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  return blocks.map((block, index) => {
    try {
      return new X509Certificate(block);
    } catch {
      throw new CredentialProblem(
        `${member} holds a certificate that cannot be read (number ${index + 1} in the file)`,
      );
    }
  });
}

function privateKeyOf(
  member: string,
  pem: Buffer,
  passphrase: string | undefined,
  passphraseMember: string | undefined,
): KeyObject {
  try {
    return createPrivateKey(passphrase === undefined ? { key: pem } : { key: pem, passphrase });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ERR_MISSING_PASSPHRASE') {
      throw new CredentialProblem(
        passphraseMember
          ? `${member} is encrypted: set tls.passphrase or tls.passphraseEnv to open it`
          : `${member} is encrypted: the relay reads it only unencrypted (PEM, -----BEGIN PRIVATE KEY-----)`,
      );
    }
    if (passphrase !== undefined && /bad decrypt|decrypt/i.test((error as Error).message)) {
      throw new CredentialProblem(`${member} cannot be opened with ${passphraseMember}: wrong passphrase`);
    }
    throw new CredentialProblem(`${member} is not a private key in PEM (-----BEGIN PRIVATE KEY-----)`);
  }
}

/** A note for the server's start-up output when a certificate is outside its validity now. */
function validityWarning(member: string, certificate: X509Certificate, now: Date): string | undefined {
  if (now > new Date(certificate.validTo)) return `${member} expired on ${certificate.validTo}`;
  if (now < new Date(certificate.validFrom)) return `${member} is valid only from ${certificate.validFrom}`;
  return undefined;
}

export interface Loaded<T> {
  value: T;
  warnings: string[];
}

/** Reads the passphrase from the config or the environment variable it names. */
function passphraseOf(settings: TlsSettings, env: NodeJS.ProcessEnv): string | undefined {
  if (settings.passphraseEnv === undefined) return settings.passphrase;
  const value = env[settings.passphraseEnv];
  if (value === undefined || value === '') {
    throw new CredentialProblem(
      `tls.passphraseEnv names ${settings.passphraseEnv}, which is not set in the server's environment`,
    );
  }
  return value;
}

/** Reads a target's TLS files and checks that they can be used: a certificate with its own key, a PKCS#12 that opens. */
export function loadTls(dir: string, settings: TlsSettings, env: NodeJS.ProcessEnv, now: Date): Loaded<RelayTls> {
  const tls: RelayTls = {};
  const warnings: string[] = [];
  const passphrase = passphraseOf(settings, env);
  const passphraseMember = settings.passphraseEnv === undefined ? 'tls.passphrase' : 'tls.passphraseEnv';
  if (settings.ca !== undefined) {
    tls.ca = readMember(dir, 'tls.ca', settings.ca);
    certificatesOf('tls.ca', tls.ca);
  }
  if (settings.cert !== undefined && settings.key !== undefined) {
    tls.cert = readMember(dir, 'tls.cert', settings.cert);
    tls.key = readMember(dir, 'tls.key', settings.key);
    const [certificate] = certificatesOf('tls.cert', tls.cert);
    const key = privateKeyOf('tls.key', tls.key, passphrase, passphraseMember);
    if (certificate && !certificate.checkPrivateKey(key)) {
      throw new CredentialProblem('tls.cert and tls.key do not belong together: the key is not the certificate’s');
    }
    if (certificate) {
      const warning = validityWarning('tls.cert', certificate, now);
      if (warning) warnings.push(warning);
    }
  }
  if (settings.pfx !== undefined) {
    tls.pfx = readMember(dir, 'tls.pfx', settings.pfx);
    try {
      createSecureContext(passphrase === undefined ? { pfx: tls.pfx } : { pfx: tls.pfx, passphrase });
    } catch (error) {
      // OpenSSL's own words ("mac verify failure", "unsupported") carry no secret, but say little; these say more.
      const text = (error as Error).message;
      if (/unsupported/i.test(text)) {
        throw new CredentialProblem(
          'tls.pfx is encrypted with an algorithm OpenSSL 3 no longer enables (such as RC2 from older exports): ' +
            'export it again with AES, e.g. openssl pkcs12 -export -certpbe AES-256-CBC -keypbe AES-256-CBC',
        );
      }
      if (/mac verify|invalid password|bad decrypt/i.test(text)) {
        throw new CredentialProblem(
          passphrase === undefined
            ? 'tls.pfx is protected by a passphrase: set tls.passphrase or tls.passphraseEnv'
            : `tls.pfx cannot be opened with ${passphraseMember}: wrong passphrase`,
        );
      }
      throw new CredentialProblem('tls.pfx is not a PKCS#12 file (.p12/.pfx) with a certificate and its key');
    }
  }
  if (passphrase !== undefined) tls.passphrase = passphrase;
  return { value: tls, warnings };
}

/** Reads a target's signing key and certificate (the QSealC) and checks that they belong together. */
export function loadSigning(dir: string, settings: SigningSettings, now: Date): Loaded<SigningKey> {
  const keyPem = readMember(dir, 'signing.key', settings.key);
  const certificatePem = readMember(dir, 'signing.cert', settings.cert);
  const [certificate] = certificatesOf('signing.cert', certificatePem);
  const key = privateKeyOf('signing.key', keyPem, undefined, undefined);
  if (key.asymmetricKeyType !== 'rsa') {
    throw new CredentialProblem(
      `signing.key is an ${key.asymmetricKeyType?.toUpperCase() ?? 'unknown'} key; the relay signs with rsa-sha256 and needs an RSA key`,
    );
  }
  const warnings: string[] = [];
  // Not a reason to stop: a bank's answer to such signatures (SIGNATURE_INVALID) is worth seeing in a test setup.
  if (certificate && !certificate.checkPrivateKey(key)) {
    warnings.push(
      'signing.key does not belong to signing.cert, so banks will refuse its signatures (SIGNATURE_INVALID)',
    );
  }
  const warning = certificate && validityWarning('signing.cert', certificate, now);
  if (warning) warnings.push(warning);
  return {
    // Only the first certificate is the signer's; TPP-Signature-Certificate carries that one.
    value: {
      keyPem: keyPem.toString('utf8'),
      certificatePem: certificatePem.toString('utf8').match(PEM_CERTIFICATE)?.[0] ?? '',
    },
    warnings,
  };
}
