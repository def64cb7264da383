// The relay's config file: what is accepted, and the one-line message for what is not.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeTestPki, type TestPkiFiles } from '../testing/test-pki';
import { loadRelayConfig, parseRelayConfig, RelayConfigError, type ParseOptions } from './config';

function messageOf(document: unknown): string {
  try {
    parseRelayConfig(document, 'relay.json');
  } catch (error) {
    expect(error).toBeInstanceOf(RelayConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the config to be refused');
}

describe('relay config', () => {
  it('reads targets, with a default timeout and the folder of the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-config-'));
    const file = join(dir, 'relay.json');
    writeFileSync(
      file,
      JSON.stringify({
        targets: [
          { id: 'bank-a', baseUrl: 'https://api.bank.example/psd2/', timeoutMs: 5000 },
          { id: 'bank-b', baseUrl: 'http://127.0.0.1:9000' },
        ],
      }),
    );
    expect(loadRelayConfig(file)).toEqual({
      dir,
      targets: [
        {
          id: 'bank-a',
          baseUrl: 'https://api.bank.example/psd2',
          timeoutMs: 5000,
          alsoAllow: [],
          maxAnswerBytes: 32 * 1024 * 1024,
        },
        {
          id: 'bank-b',
          baseUrl: 'http://127.0.0.1:9000',
          timeoutMs: 30_000,
          alsoAllow: [],
          maxAnswerBytes: 32 * 1024 * 1024,
        },
      ],
      warnings: [],
    });
  });

  it('takes the largest answer to pass on in MB, for all targets and per target', () => {
    const config = parseRelayConfig(
      {
        maxAnswerMb: 64,
        targets: [
          { id: 'a', baseUrl: 'https://a.example' },
          { id: 'b', baseUrl: 'https://b.example', maxAnswerMb: 0.5 },
        ],
      },
      'relay.json',
    );
    expect(config.targets.map((target) => target.maxAnswerBytes)).toEqual([64 * 1024 * 1024, 512 * 1024]);
    expect(messageOf({ targets: [{ id: 'a', baseUrl: 'https://a.example', maxAnswerMb: 0 }] })).toMatch(
      /targets\[0\]\.maxAnswerMb must be a positive number of megabytes/,
    );
    expect(messageOf({ maxAnswerMb: 4096, targets: [] })).toMatch(/maxAnswerMb must be at most 1024/);
  });

  it('names the field and the problem in one line', () => {
    expect(messageOf({ targets: [{ id: 'bank-a', baseUrl: 'ftp://bank.example' }] })).toBe(
      'Relay config relay.json: targets[0].baseUrl must be an http:// or https:// URL without ?query or #fragment, e.g. https://api.bank.example/psd2',
    );
    expect(messageOf({ targets: [{ id: 'bank a', baseUrl: 'https://bank.example' }] })).toMatch(
      /targets\[0\]\.id must be letters/,
    );
    expect(messageOf({ targets: [{ id: 'a', baseUrl: 'https://bank.example', timeoutMs: -1 }] })).toMatch(
      /targets\[0\]\.timeoutMs must be a positive number/,
    );
    expect(
      messageOf({
        targets: [
          { id: 'a', baseUrl: 'https://a.example' },
          { id: 'a', baseUrl: 'https://b.example' },
        ],
      }),
    ).toMatch(/targets\[1\]\.id "a" is used twice/);
    expect(messageOf({})).toMatch(/^Relay config relay.json: targets /);
    expect(parseRelayConfig({ targets: [] }, 'relay.json').targets).toEqual([]);
  });

  it('refuses unknown keys instead of ignoring them', () => {
    expect(messageOf({ targets: [{ id: 'a', baseUrl: 'https://bank.example', tsl: {} }] })).toMatch(
      /targets\[0\].*tsl/,
    );
    expect(messageOf({ targets: [], proxy: 'x' })).toMatch(/proxy/);
  });

  it('explains a missing file and a file that is not JSON', () => {
    expect(() => loadRelayConfig('/nonexistent/relay.json')).toThrow(
      'Relay config /nonexistent/relay.json cannot be read: no such file.',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'relay-config-')), 'relay.json');
    writeFileSync(file, '{ "targets": [ ');
    expect(() => loadRelayConfig(file)).toThrow(/is not valid JSON/);
  });

  it('does not quote the file in a JSON error, which may hold a passphrase', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'relay-config-')), 'relay.json');
    writeFileSync(file, '{ "targets": [ { "tls": { "passphrase": "s3cret-Pass" } x ] }');
    expect(() => loadRelayConfig(file)).toThrow(/is not valid JSON: .*\(line 1, column \d+\)\.$/);
    writeFileSync(file, '{ "targets": s3cret-Pass }');
    const message = (() => {
      try {
        loadRelayConfig(file);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/is not valid JSON/);
    expect(message).not.toContain('s3cret');
  });
});

describe('relay config: certificates, keys and further origins', () => {
  let pki: TestPkiFiles;
  let dir: string;
  const env: ParseOptions['env'] = {};

  beforeAll(() => {
    pki = writeTestPki(mkdtempSync(join(tmpdir(), 'relay-pki-')));
    dir = pki.dir;
    env.QWAC_PASSPHRASE = pki.clientP12Passphrase;
  });

  /** Parses one target in the PKI's folder, so files are named as a config beside them would name them. */
  function parseTarget(target: object, options: ParseOptions = { env }) {
    return parseRelayConfig(
      { targets: [{ id: 'strict', baseUrl: 'https://127.0.0.1:4320/sandbox', ...target }] },
      join(dir, 'relay.json'),
      options,
    );
  }

  function problemOf(target: object, options: ParseOptions = { env }): string {
    try {
      parseTarget(target, options);
    } catch (error) {
      expect(error).toBeInstanceOf(RelayConfigError);
      const message = (error as Error).message;
      expect(message).not.toContain('\n');
      // Never a secret in a message.
      expect(message).not.toContain(pki.clientP12Passphrase);
      for (const file of [pki.clientKey, pki.sealKey, pki.rogueSealKey]) {
        const line = readFileSync(file, 'utf8').split('\n')[1] ?? '';
        expect(message).not.toContain(line);
      }
      return message;
    }
    throw new Error('expected the config to be refused');
  }

  const name = (file: string) => basename(file);

  it('reads a PEM client certificate, a bank CA, a signing key and further origins', () => {
    const config = parseTarget({
      tls: { cert: name(pki.clientCert), key: name(pki.clientKey), ca: name(pki.caCert) },
      signing: { key: name(pki.sealKey), cert: name(pki.sealCert) },
      alsoAllow: ['https://auth.bank.example', 'http://127.0.0.1:9000'],
    });
    const [target] = config.targets;
    expect(target?.tls?.cert?.toString()).toBe(readFileSync(pki.clientCert, 'utf8'));
    expect(target?.tls?.key?.toString()).toBe(readFileSync(pki.clientKey, 'utf8'));
    expect(target?.tls?.ca?.toString()).toBe(readFileSync(pki.caCert, 'utf8'));
    expect(target?.signing?.keyPem).toBe(readFileSync(pki.sealKey, 'utf8'));
    expect(target?.signing?.certificatePem.trim()).toBe(readFileSync(pki.sealCert, 'utf8').trim());
    expect(target?.alsoAllow).toEqual(['https://auth.bank.example', 'http://127.0.0.1:9000']);
    expect(config.warnings).toEqual([]);
  });

  it('reads a PKCS#12 bundle with its passphrase from the file or from the environment', () => {
    const inline = parseTarget({ tls: { pfx: name(pki.clientP12), passphrase: pki.clientP12Passphrase } });
    expect(inline.targets[0]?.tls?.pfx?.equals(readFileSync(pki.clientP12))).toBe(true);
    expect(inline.targets[0]?.tls?.passphrase).toBe(pki.clientP12Passphrase);
    const fromEnv = parseTarget({ tls: { pfx: name(pki.clientP12), passphraseEnv: 'QWAC_PASSPHRASE', ca: 'ca.pem' } });
    expect(fromEnv.targets[0]?.tls?.passphrase).toBe(pki.clientP12Passphrase);
    // A CA alone: trust a private bank CA, no client certificate.
    expect(parseTarget({ tls: { ca: name(pki.caCert) } }).targets[0]?.tls).toEqual({ ca: readFileSync(pki.caCert) });
  });

  it('resolves files against the config file’s folder, not the working directory', () => {
    const config = loadConfigFile({ targets: [{ id: 't', baseUrl: 'https://b.example', tls: { ca: 'ca.pem' } }] });
    expect(config.targets[0]?.tls?.ca?.toString()).toBe(readFileSync(pki.caCert, 'utf8'));
  });

  function loadConfigFile(document: object) {
    const file = join(dir, 'relay-file.json');
    writeFileSync(file, JSON.stringify(document));
    return loadRelayConfig(file, { env });
  }

  it('refuses settings that do not go together, naming the member', () => {
    expect(problemOf({ tls: { cert: 'qwac.pem' } })).toMatch(/targets\[0\]\.tls\.key is missing/);
    expect(problemOf({ tls: { key: 'qwac-key.pem' } })).toMatch(/targets\[0\]\.tls\.cert is missing/);
    expect(problemOf({ tls: { pfx: 'qwac.p12', cert: 'qwac.pem', key: 'qwac-key.pem' } })).toMatch(
      /tls\.pfx cannot be combined with cert and key/,
    );
    expect(problemOf({ tls: { pfx: 'qwac.p12', passphrase: 'x', passphraseEnv: 'QWAC_PASSPHRASE' } })).toMatch(
      /tls\.passphraseEnv cannot be combined with passphrase/,
    );
    expect(problemOf({ tls: { ca: 'ca.pem', passphrase: 'x' } })).toMatch(/tls\.passphrase opens tls\.pfx/);
    expect(problemOf({ tls: { pfx: 'qwac.p12', passphraseEnv: 'not a name' } })).toMatch(
      /tls\.passphraseEnv must be the name of an environment variable/,
    );
    expect(problemOf({ signing: { key: 'qsealc-key.pem' } })).toMatch(/targets\[0\]\.signing\.cert /);
    expect(problemOf({ tls: { pem: 'qwac.pem' } })).toMatch(/targets\[0\]\.tls.*pem/);
    expect(problemOf({ alsoAllow: ['https://auth.bank.example/token'] })).toMatch(
      /targets\[0\]\.alsoAllow\[0\] must be an origin/,
    );
    expect(problemOf({ alsoAllow: 'https://auth.bank.example' })).toMatch(/targets\[0\]\.alsoAllow /);
  });

  it('stops at start on a file that cannot be read, naming the target, the member and the file', () => {
    expect(problemOf({ tls: { ca: 'missing-ca.pem' } })).toBe(
      `Relay config ${join(dir, 'relay.json')}: target strict: tls.ca cannot be read (${join(dir, 'missing-ca.pem')}): no such file.`,
    );
    expect(problemOf({ signing: { key: 'qsealc-key.pem', cert: '.' } })).toMatch(
      /target strict: signing\.cert cannot be read \(.*\): it is a folder/,
    );
  });

  it('stops at start on a TLS certificate and a key that do not belong together', () => {
    expect(problemOf({ tls: { cert: name(pki.clientCert), key: name(pki.sealKey) } })).toMatch(
      /target strict: tls\.cert and tls\.key do not belong together/,
    );
  });

  it('warns at start about a signing key that is not its certificate’s, and still starts', () => {
    // A deliberate mismatch shows how a bank answers a bad signature; it is not a reason to refuse to start.
    const config = parseTarget({ signing: { key: name(pki.rogueSealKey), cert: name(pki.sealCert) } });
    expect(config.targets[0]?.signing).toBeDefined();
    expect(config.warnings).toEqual([
      'Relay target strict: signing.key does not belong to signing.cert, so banks will refuse its signatures (SIGNATURE_INVALID).',
    ]);
  });

  it('stops at start on a wrong PKCS#12 passphrase, a missing one, and an unset environment variable', () => {
    expect(problemOf({ tls: { pfx: name(pki.clientP12), passphrase: 'not-the-passphrase' } })).toMatch(
      /target strict: tls\.pfx cannot be opened with tls\.passphrase: wrong passphrase/,
    );
    expect(problemOf({ tls: { pfx: name(pki.clientP12) } })).toMatch(
      /tls\.pfx is protected by a passphrase: set tls\.passphrase or tls\.passphraseEnv/,
    );
    expect(problemOf({ tls: { pfx: name(pki.clientP12), passphraseEnv: 'QWAC_PASSPHRASE' } }, { env: {} })).toMatch(
      /target strict: tls\.passphraseEnv names QWAC_PASSPHRASE, which is not set in the server's environment/,
    );
    expect(problemOf({ tls: { pfx: name(pki.clientCert), passphrase: pki.clientP12Passphrase } })).toMatch(
      /tls\.pfx is not a PKCS#12 file/,
    );
  });

  it('stops at start on a signing certificate that is not a certificate, and on keys it cannot use', () => {
    expect(problemOf({ signing: { key: name(pki.sealKey), cert: name(pki.sealKey) } })).toMatch(
      /target strict: signing\.cert holds no PEM certificate/,
    );
    expect(problemOf({ signing: { key: name(pki.sealCert), cert: name(pki.sealCert) } })).toMatch(
      /target strict: signing\.key is not a private key/,
    );
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    writeFileSync(join(dir, 'ec-key.pem'), ec);
    expect(problemOf({ signing: { key: 'ec-key.pem', cert: name(pki.sealCert) } })).toMatch(
      /signing\.key is an EC key; the relay signs with rsa-sha256/,
    );
  });

  it('names every target with a problem in one line', () => {
    const message = (() => {
      try {
        parseRelayConfig(
          {
            targets: [
              { id: 'a', baseUrl: 'https://a.example', tls: { ca: 'nope.pem' } },
              { id: 'b', baseUrl: 'https://b.example', signing: { key: 'qsealc-key.pem', cert: 'nope.pem' } },
            ],
          },
          join(dir, 'relay.json'),
        );
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message).toMatch(/target a: tls\.ca cannot be read .*; target b: signing\.cert cannot be read/);
  });

  it('warns at start about a client certificate that has expired, and still starts', () => {
    const config = parseTarget({ tls: { cert: name(pki.expiredClientCert), key: name(pki.expiredClientKey) } });
    expect(config.warnings).toEqual([expect.stringMatching(/^Relay target strict: tls\.cert expired on /) as string]);
  });
});
