// The relay's targets, read from a JSON file named by --relay-config / RELAY_CONFIG and checked once at start.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as z from 'zod/mini';
import '../../src/xs2a/zod-messages';
import type { SigningKey } from '../signing/xs2a-signature';
import { CredentialProblem, loadSigning, loadTls, type RelayTls } from './target-credentials';

export const DEFAULT_RELAY_TIMEOUT_MS = 30_000;
/** The largest bank answer the relay passes on unless the config says otherwise (a page of 10,000 transactions is a few MB). */
export const DEFAULT_RELAY_ANSWER_LIMIT = 32 * 1024 * 1024;
const MAX_ANSWER_MB = 1024;

const maxAnswerMb = z
  .number()
  .check(
    z.positive({ message: 'must be a positive number of megabytes' }),
    z.lte(MAX_ANSWER_MB, { message: `must be at most ${MAX_ANSWER_MB} (megabytes)` }),
  );

const httpUrl = z.string().check(
  z.refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && !/[?#]/.test(value);
      } catch {
        return false;
      }
    },
    { message: 'must be an http:// or https:// URL without ?query or #fragment, e.g. https://api.bank.example/psd2' },
  ),
);

const origin = z.string().check(
  z.refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '' && value === url.origin;
      } catch {
        return false;
      }
    },
    { message: 'must be an origin (scheme, host and port) without a path, e.g. https://auth.bank.example' },
  ),
);

const fileName = z
  .string()
  .check(z.minLength(1, { message: 'must name a file (relative to the config file’s folder)' }));

// cert and key together or a PKCS#12 bundle (pfx); a passphrase opens the bundle or an encrypted key, given in the
// file or, better, in an environment variable the file names; ca alone trusts a private bank CA without a client
// certificate.
const tlsSchema = z
  .strictObject({
    cert: z.optional(fileName),
    key: z.optional(fileName),
    ca: z.optional(fileName),
    pfx: z.optional(fileName),
    passphrase: z.optional(z.string()),
    passphraseEnv: z.optional(
      z.string().check(
        z.regex(/^[A-Za-z_][A-Za-z0-9_]*$/, {
          message: 'must be the name of an environment variable, e.g. QWAC_PASSPHRASE',
        }),
      ),
    ),
  })
  .check(
    z.superRefine((tls, ctx) => {
      if (tls.cert !== undefined && tls.key === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['key'],
          message: 'is missing: tls.cert needs the key that belongs to it',
        });
      }
      if (tls.key !== undefined && tls.cert === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['cert'],
          message: 'is missing: tls.key needs the certificate it belongs to',
        });
      }
      if (tls.pfx !== undefined && (tls.cert !== undefined || tls.key !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pfx'],
          message: 'cannot be combined with cert and key: give one or the other',
        });
      }
      if (tls.passphrase !== undefined && tls.passphraseEnv !== undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['passphraseEnv'],
          message: 'cannot be combined with passphrase: give one',
        });
      }
      if ((tls.passphrase !== undefined || tls.passphraseEnv !== undefined) && !tls.pfx && !tls.key) {
        ctx.addIssue({
          code: 'custom',
          path: [tls.passphrase !== undefined ? 'passphrase' : 'passphraseEnv'],
          message: 'opens tls.pfx or an encrypted tls.key, and neither is given',
        });
      }
    }),
  );

const signingSchema = z.strictObject({ key: fileName, cert: fileName });

// Strict objects: a misspelt key (or a setting of a later version) is an error rather than silently ignored.
const targetSchema = z.strictObject({
  id: z.string().check(
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, {
      message: 'must be letters, digits, ".", "_" or "-", e.g. bank-a',
    }),
  ),
  baseUrl: httpUrl,
  timeoutMs: z.optional(
    z
      .number()
      .check(
        z.int({ message: 'must be a whole number of milliseconds' }),
        z.positive({ message: 'must be a positive number of milliseconds' }),
        z.lte(600_000, { message: 'must be at most 600000 (10 minutes)' }),
      ),
  ),
  tls: z.optional(tlsSchema),
  signing: z.optional(signingSchema),
  alsoAllow: z.optional(z.array(origin)),
  maxAnswerMb: z.optional(maxAnswerMb),
});

const fileSchema = z.strictObject({ maxAnswerMb: z.optional(maxAnswerMb), targets: z.array(targetSchema) }).check(
  z.superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.targets.forEach((target, index) => {
      if (seen.has(target.id)) {
        ctx.addIssue({ code: 'custom', path: ['targets', index, 'id'], message: `"${target.id}" is used twice` });
      }
      seen.add(target.id);
    });
  }),
);

export interface RelayTarget {
  id: string;
  baseUrl: string;
  timeoutMs: number;
  /** Further origins of the same bank the relay forwards to (e.g. its OAuth token endpoint). */
  alsoAllow: string[];
  /** The largest answer the relay passes on (bytes); undefined: DEFAULT_RELAY_ANSWER_LIMIT. */
  maxAnswerBytes?: number;
  /** Mutual TLS and the bank's CA, read from the files at start. */
  tls?: RelayTls;
  /** The QSealC the relay signs requests with (Digest, Signature, TPP-Signature-Certificate). */
  signing?: SigningKey;
}

export interface RelayConfig {
  /** The folder of the config file: certificates and keys are named relative to it. */
  dir: string | undefined;
  targets: RelayTarget[];
  /** Things to mention at start that do not stop the server, such as a certificate that has expired. */
  warnings: string[];
}

export const emptyRelayConfig: RelayConfig = { dir: undefined, targets: [], warnings: [] };

/** Whether the relay presents a client certificate to the target's bank. */
export function usesMutualTls(target: Pick<RelayTarget, 'tls'>): boolean {
  return Boolean(target.tls?.pfx ?? target.tls?.cert);
}

/** A target as the server's start-up line names it, e.g. `strict (mutual TLS, signing)`. */
export function describeRelayTarget(target: RelayTarget): string {
  const features = [usesMutualTls(target) && 'mutual TLS', target.signing && 'signing'].filter(Boolean);
  return features.length > 0 ? `${target.id} (${features.join(', ')})` : target.id;
}

export interface ParseOptions {
  /** Where tls.passphraseEnv is looked up. */
  env?: NodeJS.ProcessEnv;
  now?: Date;
}

/** A config file that cannot be used; its message is one line meant for the user as it is. */
export class RelayConfigError extends Error {
  override name = 'RelayConfigError';
}

function pathText(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path)
    text += typeof segment === 'number' ? `[${segment}]` : `${text ? '.' : ''}${String(segment)}`;
  return text || '(file)';
}

function megabytes(mb: number | undefined): number | undefined {
  return mb === undefined ? undefined : Math.floor(mb * 1024 * 1024);
}

/**
 * The targets of a parsed config document; `file` names it in messages and gives the folder for relative paths.
 * Certificate and key files are read and checked here, once.
 */
export function parseRelayConfig(document: unknown, file: string, options: ParseOptions = {}): RelayConfig {
  const result = fileSchema.safeParse(document);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${pathText(issue.path)} ${issue.message}`);
    throw new RelayConfigError(`Relay config ${file}: ${problems.join('; ')}`);
  }
  const dir = dirname(resolve(file));
  const env = options.env ?? process.env;
  const now = options.now ?? new Date();
  const problems: string[] = [];
  const warnings: string[] = [];
  const targets: RelayTarget[] = [];
  for (const settings of result.data.targets) {
    const target: RelayTarget = {
      id: settings.id,
      baseUrl: settings.baseUrl.replace(/\/+$/, ''),
      timeoutMs: settings.timeoutMs ?? DEFAULT_RELAY_TIMEOUT_MS,
      alsoAllow: [...new Set(settings.alsoAllow ?? [])],
      maxAnswerBytes: megabytes(settings.maxAnswerMb ?? result.data.maxAnswerMb) ?? DEFAULT_RELAY_ANSWER_LIMIT,
    };
    try {
      if (settings.tls) {
        const tls = loadTls(dir, settings.tls, env, now);
        target.tls = tls.value;
        warnings.push(...tls.warnings.map((warning) => `Relay target ${settings.id}: ${warning}.`));
      }
      if (settings.signing) {
        const signing = loadSigning(dir, settings.signing, now);
        target.signing = signing.value;
        warnings.push(...signing.warnings.map((warning) => `Relay target ${settings.id}: ${warning}.`));
      }
    } catch (error) {
      // Only the loader's own messages are shown: another error's text might quote what it was reading.
      problems.push(
        `target ${settings.id}: ${error instanceof CredentialProblem ? error.message : 'its tls or signing files cannot be used'}`,
      );
    }
    targets.push(target);
  }
  if (problems.length > 0) throw new RelayConfigError(`Relay config ${file}: ${problems.join('; ')}.`);
  return { dir, targets, warnings };
}

/** JSON.parse's message without the quoted text it may add (the file can hold a passphrase), plus line and column. */
function jsonProblem(error: unknown, text: string): string {
  const message = (error as Error).message
    .replace(/,\s*(?:\.\.\.)?".*$/s, '')
    .replace(/^(Unexpected token) '.*?'/, '$1');
  const position = /at position (\d+)/.exec(message);
  if (!position) return message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message.replace(/\s*in JSON at position \d+.*$/s, '')} (line ${line}, column ${column})`;
}

export function loadRelayConfig(file: string, options: ParseOptions = {}): RelayConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RelayConfigError(
      `Relay config ${file} cannot be read${code === 'ENOENT' ? ': no such file' : code ? ` (${code})` : ''}.`,
    );
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new RelayConfigError(`Relay config ${file} is not valid JSON: ${jsonProblem(error, text)}.`);
  }
  return parseRelayConfig(document, file, options);
}
