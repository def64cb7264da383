// The check file of `npm run check:bank`: what a valid one resolves to, and one plain line per problem otherwise.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkFilePath,
  DEFAULT_RELAY_TARGET,
  loadCheckFile,
  parseCheckFile,
  relayConfigFor,
  resolvedBaseUrl,
  type CheckFile,
} from './check-file';

const minimal = {
  profile: { name: 'Bank A', baseUrl: 'https://api.bank.example/psd2', psuHeaders: { psuIpAddress: '192.168.0.10' } },
  psu: { id: 'psu-1', approach: 'REDIRECT' },
};

function problemsOf(document: unknown, env: Record<string, string | undefined> = {}): string[] {
  const result = parseCheckFile(document, '/checks/bank-a.json', env);
  return result.ok ? [] : result.problems;
}

function checkOf(document: unknown, env: Record<string, string | undefined> = {}, file = '/checks/bank-a.json') {
  const result = parseCheckFile(document, file, env);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.check;
}

describe('a valid check file', () => {
  it('the committed sandbox check is valid and runs everything against the console’s own sandbox', () => {
    const result = loadCheckFile(checkFilePath({}), {});
    expect(result.ok).toBe(true);
    const check = (result as { check: CheckFile }).check;
    expect(check.embeddedSandbox).toBe(true);
    expect(check.failOnDeviations).toBe(true);
    expect(check.profile.baseUrl).toBe('/sandbox');
    expect(check.consent?.access).toBe('dedicated');
    expect(check.payments?.service).toBe('periodic-payments');
    expect(resolvedBaseUrl(check, 'http://127.0.0.1:4361')).toBe('http://127.0.0.1:4361/sandbox');
  });

  it('fills the defaults: an allPsd2 one-off consent, no payments, 5 minutes for a person', () => {
    const check = checkOf(minimal);
    expect(check.consent).toEqual({
      access: 'allPsd2',
      ibans: [],
      recurring: false,
      frequencyPerDay: 1,
      validDays: 90,
      transactionsDays: 90,
    });
    expect(check.payments).toBeUndefined();
    expect(check.psu.waitForUserMs).toBe(300_000);
    expect(check.ignoreHttpsErrors).toBe(false);
    expect(check.failOnDeviations).toBe(false);
    expect(check.relay).toBeUndefined();
    expect(check.file).toBe(resolve('/checks/bank-a.json'));
  });

  it('IBANs may be written with spaces; a consent with IBANs is dedicated', () => {
    const check = checkOf({ ...minimal, consent: { ibans: ['de16 9901 0000 0010 0100 01'] } });
    expect(check.consent?.access).toBe('dedicated');
    expect(check.consent?.ibans).toEqual(['DE16990100000010010001']);
  });

  it('"consent": { "enabled": false } and "payments": { "enabled": false } check neither', () => {
    const check = checkOf({ ...minimal, consent: { enabled: false }, payments: { enabled: false } });
    expect(check.consent).toBeUndefined();
    expect(check.payments).toBeUndefined();
  });

  it('a relay: files relative to the check file, the profile routed through its target', () => {
    const folder = mkdtempSync(join(tmpdir(), 'check-file-'));
    for (const name of ['qwac.p12', 'ca.pem', 'seal.pem', 'seal-key.pem']) writeFileSync(join(folder, name), 'x');
    const check = checkOf(
      {
        ...minimal,
        relay: {
          tls: { pfx: 'qwac.p12', passphraseEnv: 'QWAC_PASSPHRASE', ca: 'ca.pem' },
          signing: { key: 'seal-key.pem', cert: 'seal.pem' },
          alsoAllow: ['https://auth.bank.example'],
        },
      },
      { QWAC_PASSPHRASE: 'secret' },
      join(folder, 'bank-a.json'),
    );
    expect(check.profile.relayTarget).toBe(DEFAULT_RELAY_TARGET);
    expect(relayConfigFor(check, 'http://127.0.0.1:4338')).toEqual({
      targets: [
        {
          id: DEFAULT_RELAY_TARGET,
          baseUrl: 'https://api.bank.example/psd2',
          tls: { pfx: join(folder, 'qwac.p12'), ca: join(folder, 'ca.pem'), passphraseEnv: 'QWAC_PASSPHRASE' },
          signing: { key: join(folder, 'seal-key.pem'), cert: join(folder, 'seal.pem') },
          alsoAllow: ['https://auth.bank.example'],
        },
      ],
    });
  });

  it('a relay to the console’s own sandbox gets the sandbox’s absolute URL and the profile’s target id', () => {
    const check = checkOf({
      ...minimal,
      profile: { ...minimal.profile, baseUrl: '/sandbox', relayTarget: 'mine' },
      relay: {},
    });
    expect(relayConfigFor(check, 'http://127.0.0.1:4338')).toEqual({
      targets: [{ id: 'mine', baseUrl: 'http://127.0.0.1:4338/sandbox' }],
    });
  });
});

describe('problems, one plain line each', () => {
  it('refuses secrets in the file and names where they belong', () => {
    expect(
      problemsOf({
        ...minimal,
        profile: { ...minimal.profile, bearerToken: 't' },
        psu: { ...minimal.psu, password: 'p', otp: '1' },
      }),
    ).toEqual([
      'psu.password: secrets do not belong in the file; put it in an environment variable and name that in psu.passwordEnv',
      'psu.otp: secrets do not belong in the file; put it in an environment variable and name that in psu.otpEnv',
      'profile.bearerToken: secrets do not belong in the file; put it in an environment variable and name that in bearerTokenEnv',
    ]);
  });

  it('names missing, misspelt and malformed members by their path', () => {
    const problems = problemsOf({
      profile: { name: ' ', baseUrl: 'bank.example/psd2?x=1', psuHeaders: {} },
      psu: { id: 'p', approach: 'embedded' },
      consnet: {},
      payments: { enabled: true, debtorIban: 'DE00123', amount: '12,50' },
    });
    expect(problems).toEqual([
      'profile.name: must not be empty',
      expect.stringMatching(/^profile\.baseUrl: must be an http:\/\/ or https:\/\/ URL/),
      'profile.psuHeaders.psuIpAddress: is required',
      'psu.approach: must be one of EMBEDDED, DECOUPLED, REDIRECT',
      expect.stringMatching(/^payments\.debtorIban: IBAN/),
      expect.stringMatching(/^payments\.amount: must be a number as a string/),
      'payments.creditorIban: is required when payments are enabled',
      'payments.creditorName: is required when payments are enabled',
      'check file: unknown member "consnet"',
    ]);
    for (const problem of problems) expect(problem).not.toContain('\n');
  });

  it('checks the relay’s TLS members and that its files exist', () => {
    expect(problemsOf({ ...minimal, relay: { tls: { cert: 'qwac.pem', passphraseEnv: 'X' } } })).toEqual([
      'relay.tls.key: cert and key come together',
      'relay.tls.passphraseEnv: only goes with pfx',
    ]);
    expect(problemsOf({ ...minimal, relay: { tls: { ca: 'ca.pem' }, timeoutMs: 5000 } })).toEqual([
      `relay.tls.ca: no such file ${resolve('/checks/ca.pem')}`,
    ]);
    expect(problemsOf({ ...minimal, relay: { tls: { pfx: 'q.p12', passphrase: 'x' } } })[0]).toBe(
      'relay.tls.passphrase: secrets do not belong in the file; put it in an environment variable and name that in relay.tls.passphraseEnv',
    );
  });

  it('named environment variables must be set; EMBEDDED needs the password’s, except on the embedded sandbox', () => {
    expect(problemsOf({ ...minimal, psu: { id: 'p', approach: 'EMBEDDED', otpEnv: 'BANK_OTP' } })).toEqual([
      'psu.otpEnv: the environment variable BANK_OTP is not set',
      'psu.passwordEnv: EMBEDDED SCA needs the PSU’s password; name the environment variable that holds it',
    ]);
    expect(problemsOf({ ...minimal, embeddedSandbox: true, psu: { id: 'alice', approach: 'EMBEDDED' } })).toEqual([]);
    expect(
      problemsOf(
        { ...minimal, psu: { id: 'p', approach: 'EMBEDDED', passwordEnv: 'BANK_PASSWORD' } },
        { BANK_PASSWORD: 'pw' },
      ),
    ).toEqual([]);
  });

  it('a dedicated consent needs IBANs, and IBANs need a dedicated consent', () => {
    expect(problemsOf({ ...minimal, consent: { access: 'dedicated' } })).toEqual([
      'consent.ibans: a dedicated consent needs at least one IBAN',
    ]);
    expect(problemsOf({ ...minimal, consent: { access: 'allPsd2', ibans: ['DE16990100000010010001'] } })).toEqual([
      'consent.ibans: only goes with access "dedicated"',
    ]);
  });

  it('a file that cannot be read or is not JSON is one line', () => {
    const folder = mkdtempSync(join(tmpdir(), 'check-file-'));
    const broken = join(folder, 'broken.json');
    writeFileSync(broken, '{ "profile": ');
    const notJson = loadCheckFile(broken, {});
    expect(notJson.ok).toBe(false);
    expect(!notJson.ok && notJson.problems).toEqual([expect.stringMatching(/broken\.json: not valid JSON/)]);
    const missing = loadCheckFile(join(folder, 'missing.json'), {});
    expect(!missing.ok && missing.problems).toEqual([`${join(folder, 'missing.json')}: cannot be read (no such file)`]);
  });
});
