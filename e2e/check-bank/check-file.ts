// The check file of `npm run check:bank`: which bank (a console profile), how the PSU authorises, what to read and
// whether to pay. Secrets never stand in it: it names the environment variables that hold them.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import * as z from 'zod';
import { AmountValue, CurrencyCode, Iban } from '../../src/xs2a/common';

/** The approaches of ASPSP-SCA-Approach the suite can play the PSU for. */
export const SCA_APPROACHES = ['EMBEDDED', 'DECOUPLED', 'REDIRECT'] as const;
export type ScaApproach = (typeof SCA_APPROACHES)[number];

export const CONSENT_ACCESS = [
  'dedicated',
  'allPsd2',
  'availableAccounts',
  'availableAccountsWithBalance',
  'bankOffered',
] as const;

export const PAYMENT_PRODUCTS = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
] as const;

/** The relay target id the check uses when the file has a "relay" and its profile names none. */
export const DEFAULT_RELAY_TARGET = 'check-bank';

const envName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
  message: 'must be the name of an environment variable, e.g. BANK_PSU_PASSWORD',
});

/** An absolute http(s) URL without ?query or #fragment, or a path ("/sandbox") on the console under test. */
const baseUrl = z.string().refine(
  (value) => {
    if (value.startsWith('/') && !value.startsWith('//')) return !/[?#\s]/.test(value);
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && !/[?#]/.test(value);
    } catch {
      return false;
    }
  },
  {
    message:
      'must be an http:// or https:// URL without ?query or #fragment (e.g. https://api.bank.example/psd2), or a path such as /sandbox for the sandbox of the console under test',
  },
);

const httpOrigin = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
    } catch {
      return false;
    }
  },
  { message: 'must be an http:// or https:// URL, e.g. https://auth.bank.example' },
);

const text = z.string().trim().min(1, { message: 'must not be empty' });

// The profile as the console exports it. Only what the check relies on is checked here; the console itself judges
// the rest when the suite imports the profile through Settings, as a user would.
const profileSchema = z.looseObject({
  id: z.string().optional(),
  name: text,
  baseUrl,
  psuHeaders: z.looseObject({
    psuIpAddress: text.describe('PSU-IP-Address'),
  }),
  sca: z
    .looseObject({
      redirectPreferred: z.boolean().optional(),
      decoupledPreferred: z.boolean().optional(),
      explicitAuthorisationPreferred: z.boolean().optional(),
    })
    .optional(),
  relayTarget: z.string().optional(),
});

const tlsSchema = z
  .strictObject({
    cert: z.string().optional(),
    key: z.string().optional(),
    ca: z.string().optional(),
    pfx: z.string().optional(),
    passphraseEnv: envName.optional(),
  })
  .superRefine((tls, ctx) => {
    if ((tls.cert === undefined) !== (tls.key === undefined)) {
      ctx.addIssue({ code: 'custom', path: [tls.cert ? 'key' : 'cert'], message: 'cert and key come together' });
    }
    if (tls.pfx !== undefined && tls.cert !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['pfx'], message: 'give either pfx or cert and key, not both' });
    }
    if (tls.passphraseEnv !== undefined && tls.pfx === undefined) {
      ctx.addIssue({ code: 'custom', path: ['passphraseEnv'], message: 'only goes with pfx' });
    }
  });

// One relay target (the relay config's format) without id and baseUrl, which come from the profile.
const relaySchema = z.strictObject({
  timeoutMs: z.number().int().positive().max(600_000).optional(),
  tls: tlsSchema.optional(),
  signing: z.strictObject({ key: text, cert: text }).optional(),
  alsoAllow: z.array(httpOrigin).optional(),
});

const psuSchema = z.strictObject({
  id: text,
  approach: z.enum(SCA_APPROACHES, { message: `must be one of ${SCA_APPROACHES.join(', ')}` }),
  passwordEnv: envName.optional(),
  otpEnv: envName.optional(),
  /** authenticationMethodId or a part of the method's name; default: the first method the bank offers. */
  scaMethod: text.optional(),
  /** How long the suite waits for a person (bank pages, a banking app, an OTP typed by hand). */
  waitForUserSeconds: z.number().int().positive().max(3600).optional(),
});

const ibanSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(Iban);

const consentSchema = z
  .strictObject({
    enabled: z.boolean().optional(),
    access: z.enum(CONSENT_ACCESS, { message: `must be one of ${CONSENT_ACCESS.join(', ')}` }).optional(),
    /** dedicated: the IBANs for account details, balances and transactions. */
    ibans: z.array(ibanSchema).min(1).optional(),
    recurring: z.boolean().optional(),
    frequencyPerDay: z.number().int().positive().max(100).optional(),
    validDays: z.number().int().positive().max(180).optional(),
    /** Transactions of the last N days are read. */
    transactionsDays: z.number().int().positive().max(730).optional(),
  })
  .superRefine((consent, ctx) => {
    if (consent.access === 'dedicated' && !consent.ibans) {
      ctx.addIssue({ code: 'custom', path: ['ibans'], message: 'a dedicated consent needs at least one IBAN' });
    }
    if (consent.ibans && consent.access && consent.access !== 'dedicated') {
      ctx.addIssue({ code: 'custom', path: ['ibans'], message: `only goes with access "dedicated"` });
    }
  });

const paymentsSchema = z
  .strictObject({
    enabled: z.boolean(),
    service: z.enum(['payments', 'periodic-payments']).optional(),
    product: z.enum(PAYMENT_PRODUCTS, { message: `must be one of ${PAYMENT_PRODUCTS.join(', ')}` }).optional(),
    debtorIban: ibanSchema.optional(),
    creditorIban: ibanSchema.optional(),
    creditorName: text.optional(),
    amount: z.optional(AmountValue),
    currency: z.optional(CurrencyCode),
    remittance: z.string().max(140).optional(),
    /** Standing orders: the first execution is this many days ahead (default 7). */
    startInDays: z.number().int().min(1).max(365).optional(),
    frequency: z.string().optional(),
    /** Cancel the payment at the end (default true). */
    cancel: z.boolean().optional(),
  })
  .superRefine((payments, ctx) => {
    if (!payments.enabled) return;
    for (const key of ['debtorIban', 'creditorIban', 'creditorName', 'amount'] as const) {
      if (payments[key] === undefined) {
        ctx.addIssue({ code: 'custom', path: [key], message: 'is required when payments are enabled' });
      }
    }
  });

const checkFileSchema = z.strictObject({
  $schema: z.string().optional(),
  /** The bank is this project's embedded sandbox: the suite plays the PSU on its pages, with its test credentials. */
  embeddedSandbox: z.boolean().optional(),
  /** Any schema deviation fails the test it was seen in (for a bank that is meant to conform, like the sandbox). */
  failOnDeviations: z.boolean().optional(),
  /** The bank's web pages (redirect, OAuth) carry a certificate of a private CA, as a test bank's may: accept it. */
  ignoreHttpsErrors: z.boolean().optional(),
  bearerTokenEnv: envName.optional(),
  profile: profileSchema,
  relay: relaySchema.optional(),
  psu: psuSchema,
  consent: consentSchema.optional(),
  payments: paymentsSchema.optional(),
});

type CheckFileInput = z.infer<typeof checkFileSchema>;

export interface CheckFile {
  /** Absolute path of the file. */
  file: string;
  embeddedSandbox: boolean;
  failOnDeviations: boolean;
  ignoreHttpsErrors: boolean;
  bearerTokenEnv?: string;
  /** As the console imports it: relayTarget set when the file has a relay; baseUrl may still be a path. */
  profile: CheckFileInput['profile'];
  /** The relay target to configure on the console's server, files made absolute; undefined: no relay. */
  relay?: RelayTargetConfig;
  psu: {
    id: string;
    approach: ScaApproach;
    passwordEnv?: string;
    otpEnv?: string;
    scaMethod?: string;
    waitForUserMs: number;
  };
  consent?: {
    access: (typeof CONSENT_ACCESS)[number];
    ibans: string[];
    recurring: boolean;
    frequencyPerDay: number;
    validDays: number;
    transactionsDays: number;
  };
  payments?: {
    service: 'payments' | 'periodic-payments';
    product: (typeof PAYMENT_PRODUCTS)[number];
    debtorIban: string;
    creditorIban: string;
    creditorName: string;
    amount: string;
    currency: string;
    remittance: string;
    startInDays: number;
    frequency: string;
    cancel: boolean;
  };
}

/** One target of the relay config (the contract of server/relay/config.ts), without its baseUrl. */
export interface RelayTargetConfig {
  id: string;
  timeoutMs?: number;
  tls?: { cert?: string; key?: string; ca?: string; pfx?: string; passphraseEnv?: string };
  signing?: { key: string; cert: string };
  alsoAllow?: string[];
}

export type CheckFileResult = { ok: true; check: CheckFile } | { ok: false; problems: string[] };

function pathText(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path)
    out += typeof segment === 'number' ? `[${segment}]` : `${out ? '.' : ''}${String(segment)}`;
  return out || 'check file';
}

/** Secrets a user might be tempted to write into the file, and where they belong instead. */
const secretMembers: { path: string[]; instead: string }[] = [
  { path: ['psu', 'password'], instead: 'psu.passwordEnv' },
  { path: ['psu', 'otp'], instead: 'psu.otpEnv' },
  { path: ['profile', 'bearerToken'], instead: 'bearerTokenEnv' },
  { path: ['relay', 'tls', 'passphrase'], instead: 'relay.tls.passphraseEnv' },
];

function member(document: unknown, path: string[]): unknown {
  let value = document;
  for (const key of path) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function withoutMember(document: unknown, path: string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined || typeof document !== 'object' || document === null || Array.isArray(document)) {
    return document;
  }
  const record = document as Record<string, unknown>;
  if (!(head in record)) return document;
  if (rest.length === 0) {
    const { [head]: _dropped, ...others } = record;
    return others;
  }
  return { ...record, [head]: withoutMember(record[head], rest) };
}

/**
 * Checks a parsed check file: every problem as one plain line (`<member>: <what is wrong>`). `file` gives the folder
 * that relay files are relative to; `env` is where the named secrets must be set.
 */
export function parseCheckFile(
  document: unknown,
  file: string,
  env: Record<string, string | undefined> = process.env,
): CheckFileResult {
  const problems: string[] = [];
  let candidate = document;
  for (const secret of secretMembers) {
    if (member(candidate, secret.path) === undefined) continue;
    problems.push(
      `${secret.path.join('.')}: secrets do not belong in the file; put it in an environment variable and name that in ${secret.instead}`,
    );
    candidate = withoutMember(candidate, secret.path);
  }
  const parsed = checkFileSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const message =
        issue.code === 'unrecognized_keys'
          ? `unknown member${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')}`
          : issue.code === 'invalid_type' && /received undefined$/.test(issue.message)
            ? 'is required'
            : issue.message;
      problems.push(`${pathText(issue.path)}: ${message}`);
    }
    return { ok: false, problems };
  }
  const input = parsed.data;
  const folder = dirname(resolve(file));
  const embeddedSandbox = input.embeddedSandbox ?? false;

  const needEnv = (name: string | undefined, where: string) => {
    if (name !== undefined && !env[name]) problems.push(`${where}: the environment variable ${name} is not set`);
  };
  needEnv(input.psu.passwordEnv, 'psu.passwordEnv');
  needEnv(input.psu.otpEnv, 'psu.otpEnv');
  needEnv(input.bearerTokenEnv, 'bearerTokenEnv');
  needEnv(input.relay?.tls?.passphraseEnv, 'relay.tls.passphraseEnv');
  if (input.psu.approach === 'EMBEDDED' && !embeddedSandbox && input.psu.passwordEnv === undefined) {
    problems.push(
      'psu.passwordEnv: EMBEDDED SCA needs the PSU’s password; name the environment variable that holds it',
    );
  }

  let relay: RelayTargetConfig | undefined;
  if (input.relay) {
    const fileIn = (value: string | undefined, where: string) => {
      if (value === undefined) return undefined;
      const path = isAbsolute(value) ? value : resolve(folder, value);
      if (!existsSync(path)) problems.push(`${where}: no such file ${path}`);
      return path;
    };
    const { tls, signing, ...rest } = input.relay;
    relay = { id: input.profile.relayTarget || DEFAULT_RELAY_TARGET, ...rest };
    if (tls) {
      relay.tls = {};
      for (const key of ['cert', 'key', 'ca', 'pfx'] as const) {
        const path = fileIn(tls[key], `relay.tls.${key}`);
        if (path !== undefined) relay.tls[key] = path;
      }
      if (tls.passphraseEnv) relay.tls.passphraseEnv = tls.passphraseEnv;
    }
    if (signing) {
      relay.signing = {
        key: fileIn(signing.key, 'relay.signing.key') ?? '',
        cert: fileIn(signing.cert, 'relay.signing.cert') ?? '',
      };
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const consentEnabled = input.consent?.enabled ?? true;
  const consentAccess = input.consent?.access ?? (input.consent?.ibans ? 'dedicated' : 'allPsd2');
  const recurring = input.consent?.recurring ?? false;
  const payments = input.payments;
  return {
    ok: true,
    check: {
      file: resolve(file),
      embeddedSandbox,
      failOnDeviations: input.failOnDeviations ?? false,
      ignoreHttpsErrors: input.ignoreHttpsErrors ?? false,
      ...(input.bearerTokenEnv && { bearerTokenEnv: input.bearerTokenEnv }),
      profile: { ...input.profile, ...(relay && { relayTarget: relay.id }) },
      ...(relay && { relay }),
      psu: {
        id: input.psu.id,
        approach: input.psu.approach,
        ...(input.psu.passwordEnv && { passwordEnv: input.psu.passwordEnv }),
        ...(input.psu.otpEnv && { otpEnv: input.psu.otpEnv }),
        ...(input.psu.scaMethod && { scaMethod: input.psu.scaMethod }),
        waitForUserMs: (input.psu.waitForUserSeconds ?? 300) * 1000,
      },
      ...(consentEnabled && {
        consent: {
          access: consentAccess,
          ibans: input.consent?.ibans ?? [],
          recurring,
          frequencyPerDay: input.consent?.frequencyPerDay ?? (recurring ? 4 : 1),
          validDays: input.consent?.validDays ?? 90,
          transactionsDays: input.consent?.transactionsDays ?? 90,
        },
      }),
      ...(payments?.enabled && {
        payments: {
          service: payments.service ?? 'periodic-payments',
          product: payments.product ?? 'sepa-credit-transfers',
          debtorIban: payments.debtorIban ?? '',
          creditorIban: payments.creditorIban ?? '',
          creditorName: payments.creditorName ?? '',
          amount: payments.amount ?? '',
          currency: payments.currency ?? 'EUR',
          remittance: payments.remittance ?? 'XS2A Console bank check',
          startInDays: payments.startInDays ?? 7,
          frequency: payments.frequency ?? 'Monthly',
          cancel: payments.cancel ?? true,
        },
      }),
    },
  };
}

/** Reads and checks a check file; a file that cannot be read or parsed is one problem line. */
export function loadCheckFile(file: string, env: Record<string, string | undefined> = process.env): CheckFileResult {
  let textContent: string;
  try {
    textContent = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, problems: [`${file}: cannot be read${code === 'ENOENT' ? ' (no such file)' : ''}`] };
  }
  let document: unknown;
  try {
    document = JSON.parse(textContent);
  } catch (error) {
    return { ok: false, problems: [`${file}: not valid JSON (${(error as Error).message})`] };
  }
  return parseCheckFile(document, file, env);
}

/** The check file's problems as an Error whose message lists them, one per line. */
export class CheckFileError extends Error {
  override name = 'CheckFileError';
  constructor(file: string, problems: string[]) {
    super(`The check file ${file} cannot be used:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function loadCheckFileOrThrow(file: string, env: Record<string, string | undefined> = process.env): CheckFile {
  const result = loadCheckFile(file, env);
  if (!result.ok) throw new CheckFileError(file, result.problems);
  return result.check;
}

/** The profile's base_url as the console uses it: a path is resolved against the console under test. */
export function resolvedBaseUrl(check: CheckFile, consoleOrigin: string): string {
  return new URL(check.profile.baseUrl, consoleOrigin).toString().replace(/\/+$/, '');
}

/** The relay config the console's server needs for this check (one target), or undefined without a relay. */
export function relayConfigFor(check: CheckFile, consoleOrigin: string): { targets: unknown[] } | undefined {
  if (!check.relay) return undefined;
  const { id, ...settings } = check.relay;
  return { targets: [{ id, baseUrl: resolvedBaseUrl(check, consoleOrigin), ...settings }] };
}

/** The check file the suite runs: CHECK_BANK_FILE, or the committed one for the embedded sandbox. */
export function checkFilePath(env: Record<string, string | undefined> = process.env): string {
  return env.CHECK_BANK_FILE ? resolve(env.CHECK_BANK_FILE) : resolve(import.meta.dirname, 'sandbox.check.json');
}
