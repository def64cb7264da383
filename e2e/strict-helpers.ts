/**
 * The e2e suite's strict bank: a second sandbox that demands a client certificate and signed requests, reached only
 * through the console server's relay. Where it runs, its test PKI and the relay targets for it are defined here once,
 * for playwright.config.ts and the specs alike.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeTestPki, type TestPkiFiles } from '../server/testing/test-pki';

/** The console's port in e2e (E2E_PORT lets several suites run side by side). */
export const e2ePort = Number(process.env.E2E_PORT ?? 4319);
// Clear of the console's port and of `npm run sandbox`'s default (4320), which a developer may have running.
export const strictPort = e2ePort + 100;
/** A bank that accepts connections and never answers; the relay spec listens there itself. */
export const hangingBankPort = e2ePort + 200;
/** A bank that answers with redirects, and the bank it points at; e2e/bank-redirect.spec.ts listens there itself. */
export const redirectingBankPort = e2ePort + 300;
export const redirectedToBankPort = e2ePort + 301;
export const strictOrigin = `https://127.0.0.1:${strictPort}`;
export const strictBaseUrl = `${strictOrigin}/sandbox`;

/** Per port, so side-by-side suites keep apart; the same path in Playwright's runner and in its workers. */
export const e2eSetupDir = join(tmpdir(), `xs2a-console-e2e-${e2ePort}`);
const pkiIndex = join(e2eSetupDir, 'pki.json');
export const relayConfigFile = join(e2eSetupDir, 'relay.json');

/** The relay targets that reach the strict bank, each set up for one outcome. */
export const strictTargets = {
  /** Mutual TLS with the TPP's QWAC (PKCS#12), the test CA trusted, requests signed with the QSealC: all is well. */
  ok: 'strict',
  /** Trusts the bank but presents no client certificate: the bank answers CERTIFICATE_MISSING. */
  noCert: 'strict-no-cert',
  /** Signs with a key that is not the QSealC's: the bank answers SIGNATURE_INVALID. */
  badSignature: 'strict-bad-signature',
  /** Does not trust the bank's private CA: the relay's TLS_FAILURE. */
  untrusted: 'strict-untrusted',
} as const;

/** Makes a fresh test PKI for this run (Playwright's runner only) and notes its files for the workers. */
export function makeStrictPki(): TestPkiFiles {
  rmSync(e2eSetupDir, { recursive: true, force: true });
  const pki = writeTestPki(e2eSetupDir);
  writeFileSync(pkiIndex, JSON.stringify(pki), { mode: 0o600 });
  return pki;
}

/** The PKI the runner made for this run. */
export function strictPki(): TestPkiFiles {
  return JSON.parse(readFileSync(pkiIndex, 'utf8')) as TestPkiFiles;
}

/** The relay config's targets for the strict bank; file names are relative to the config, which sits beside them. */
export function strictRelayTargets(pki: TestPkiFiles): object[] {
  const pfx = { pfx: 'qwac.p12', passphrase: pki.clientP12Passphrase };
  const seal = { key: 'qsealc-key.pem', cert: 'qsealc.pem' };
  const base = { baseUrl: strictBaseUrl, timeoutMs: 10_000 };
  return [
    { ...base, id: strictTargets.ok, tls: { ...pfx, ca: 'ca.pem' }, signing: seal },
    { ...base, id: strictTargets.noCert, tls: { ca: 'ca.pem' }, signing: seal },
    {
      ...base,
      id: strictTargets.badSignature,
      tls: { ...pfx, ca: 'ca.pem' },
      signing: { key: 'rogue-qsealc-key.pem', cert: 'qsealc.pem' },
    },
    // PEM rather than the PKCS#12 bundle: Node trusts the CA certificates a bundle carries, the test CA among them.
    { ...base, id: strictTargets.untrusted, tls: { cert: 'qwac.pem', key: 'qwac-key.pem' }, signing: seal },
  ];
}

/** Text that must never reach the browser: the PKCS#12 passphrase and the lines of every private key. */
export function secretsOf(pki: TestPkiFiles): string[] {
  const keyLines = [pki.clientKey, pki.sealKey, pki.rogueSealKey, pki.serverKey]
    .flatMap((file) => readFileSync(file, 'utf8').split(/\r?\n/))
    .filter((line) => line.length > 20 && !line.startsWith('-----'));
  return [pki.clientP12Passphrase, ...keyLines];
}

/** Writes the relay config of the e2e server: the strict bank's targets and `others`. */
export function writeRelayConfig(pki: TestPkiFiles, others: object[]): void {
  writeFileSync(relayConfigFile, JSON.stringify({ targets: [...others, ...strictRelayTargets(pki)] }), { mode: 0o600 });
}
