// Reads the servers' settings from flags and the environment; the only place besides the entry points that sees them.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { mkdirSync, readFileSync } from 'node:fs';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { parseAllowedHosts, type AllowedHost } from './host-policy';
import { parseDuration } from './sandbox/admin/clock-routes';
import type { AdminConfig } from './sandbox/admin/http';
import { ANY_ORIGIN } from './sandbox/http/cors';
import type { SandboxConfig } from './sandbox/config';
import { DEVIATION_MODES, parseDeviationModes } from './sandbox/deviations/modes';
import type { ScaApproach } from '../src/xs2a';

/** HTTPS for the standalone sandbox (`npm run sandbox`), and with `strict` the checks of a real bank's API gateway. */
export interface TlsOptions {
  certFile: string;
  keyFile: string;
  /** Strict mode: demand a client certificate issued by this CA (and signed requests) on the XS2A routes. */
  clientCaFile: string | undefined;
  strict: boolean;
}

export interface ServerOptions {
  port: number;
  host: string;
  /**
   * Public names the server also answers for (`--allowed-hosts` / `ALLOWED_HOSTS`), besides the loopback names and
   * `host` on its port: every other Host is refused, so a rebound DNS name cannot reach it.
   */
  allowedHosts: AllowedHost[];
  /** `:memory:`, a SQLite file, or a postgres:// URL. */
  database: string;
  sandbox: Partial<SandboxConfig>;
  /** The relay's config file (`--relay-config` / `RELAY_CONFIG`); none: the relay has no targets. */
  relayConfigFile: string | undefined;
  /** HTTPS and strict mode: the standalone sandbox only; undefined serves plain HTTP. */
  tls: TlsOptions | undefined;
  /**
   * Private benches (banks of their own under /bench/<name>, server/sandbox-benches.ts): how many may exist at once
   * (`--benches` / `SANDBOX_BENCHES`, 10 by default; 0 offers none), and how long one may go unused before it is deleted
   * (`--bench-idle` / `SANDBOX_BENCH_IDLE`, a duration such as `7d`, `12h` or `P7D`; 7 days by default; `0` or `never`:
   * benches are kept until deleted), in ms or null. `npm start` only.
   */
  benches: { max: number; idleMs: number | null };
}

export const DEFAULT_MAX_BENCHES = 10;
export const DEFAULT_BENCH_IDLE_MS = 7 * 86_400_000;

/** The idle limit of benches: a duration (parseDuration's forms), or 0 / never for none. */
function benchIdle(value: string | undefined): number | null {
  if (value === undefined || value === '') return DEFAULT_BENCH_IDLE_MS;
  if (value === '0' || value.toLowerCase() === 'never') return null;
  const ms = parseDuration(value);
  if (ms === undefined) {
    throw new Error(
      `SANDBOX_BENCH_IDLE (--bench-idle) is how long a bench may go unused (7d, 12h, 30m, P7D) or never, not "${value}".`,
    );
  }
  return ms;
}

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not "${value}".`);
  return n;
}

function flag(name: string, value: string | undefined): boolean {
  if (value === undefined || value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (value === '1' || value.toLowerCase() === 'true') return true;
  throw new Error(`${name} must be 1 or 0 (true or false), not "${value}".`);
}

/**
 * `standalone`: the settings of `npm run sandbox`, which also takes HTTPS and strict mode (--strict, --tls-cert,
 * --tls-key, --client-ca); the console's server (`npm start`) stays plain HTTP and refuses those flags.
 */
export function readServerOptions(
  argv: string[],
  env: NodeJS.ProcessEnv,
  defaultPort: number,
  { standalone = false } = {},
): ServerOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-hosts': { type: 'string' },
      prefix: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'sca-approach': { type: 'string' },
      'sca-redirect': { type: 'string' },
      'relay-config': { type: 'string' },
      deviations: { type: 'string' },
      'slow-ms': { type: 'string' },
      admin: { type: 'string' },
      benches: { type: 'string' },
      'bench-idle': { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      ...(standalone
        ? {
            strict: { type: 'boolean' },
            'tls-cert': { type: 'string' },
            'tls-key': { type: 'string' },
            'client-ca': { type: 'string' },
          }
        : {}),
    },
    strict: true,
  }) as { values: Record<string, string | string[] | boolean | undefined> };
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const port = number('PORT', text('port') ?? env.PORT, defaultPort);
  const dataDir = text('data-dir') ?? env.DATA_DIR ?? 'data';
  const databaseUrl = text('database-url') ?? env.DATABASE_URL;
  let database: string;
  if (databaseUrl) database = databaseUrl;
  else if (dataDir === ':memory:') database = ':memory:';
  else {
    mkdirSync(resolve(dataDir), { recursive: true });
    database = join(resolve(dataDir), 'sandbox.db');
  }
  const approach = (text('sca-approach') ?? env.SANDBOX_SCA_APPROACH)?.toUpperCase();
  if (approach && !['REDIRECT', 'EMBEDDED', 'DECOUPLED'].includes(approach)) {
    throw new Error(`SANDBOX_SCA_APPROACH must be REDIRECT, EMBEDDED or DECOUPLED, not "${approach}".`);
  }
  const decoupled = env.SANDBOX_DECOUPLED_APPROVE_AFTER_MS;
  const sandbox: Partial<SandboxConfig> = {
    prefix: text('prefix') ?? env.SANDBOX_PREFIX ?? '/sandbox',
    settlementDelayMs: number('SANDBOX_SETTLEMENT_DELAY_MS', env.SANDBOX_SETTLEMENT_DELAY_MS, 30_000),
    decoupledAutoApproveMs: decoupled ? number('SANDBOX_DECOUPLED_APPROVE_AFTER_MS', decoupled, 0) : null,
  };
  if (approach) sandbox.defaultScaApproach = approach as ScaApproach;
  const scaRedirect = (text('sca-redirect') ?? env.SANDBOX_SCA_REDIRECT)?.toLowerCase();
  if (scaRedirect) {
    if (scaRedirect !== 'page' && scaRedirect !== 'oauth') {
      throw new Error(`SANDBOX_SCA_REDIRECT (--sca-redirect) must be page or oauth, not "${scaRedirect}".`);
    }
    sandbox.scaRedirect = scaRedirect;
  }
  const deviations = text('deviations') ?? env.SANDBOX_DEVIATIONS;
  if (deviations) {
    const { modes, unknown } = parseDeviationModes(deviations, /,/);
    if (unknown.length > 0) {
      throw new Error(
        `SANDBOX_DEVIATIONS (--deviations) has no mode ${unknown.map((u) => `"${u}"`).join(', ')}; the modes are ${DEVIATION_MODES.join(', ')}.`,
      );
    }
    if (modes.length > 0) sandbox.deviations = modes;
  }
  const slowMs = text('slow-ms') ?? env.SANDBOX_SLOW_MS;
  if (slowMs) sandbox.slowMs = number('SANDBOX_SLOW_MS (--slow-ms)', slowMs, 0);
  const relayConfigFile = text('relay-config') || env.RELAY_CONFIG || undefined;
  const tls = standalone ? readTlsOptions(values, env) : undefined;
  const allowedHosts = parseAllowedHosts(text('allowed-hosts') ?? env.ALLOWED_HOSTS);
  const host = text('host') ?? env.HOST ?? '127.0.0.1';
  sandbox.admin = readAdminOptions(text('admin') ?? env.SANDBOX_ADMIN, env.SANDBOX_ADMIN_TOKEN, host);
  const benches = {
    max: Math.floor(number('SANDBOX_BENCHES (--benches)', text('benches') ?? env.SANDBOX_BENCHES, DEFAULT_MAX_BENCHES)),
    idleMs: benchIdle(text('bench-idle') ?? env.SANDBOX_BENCH_IDLE),
  };
  const corsFlags = values['cors-origin'];
  const corsOrigins = parseCorsOrigins(Array.isArray(corsFlags) ? corsFlags.join(',') : env.SANDBOX_CORS_ORIGINS);
  if (corsOrigins.length > 0) sandbox.corsOrigins = corsOrigins;
  return { port, host, allowedHosts, database, sandbox, relayConfigFile, tls, benches };
}

/**
 * The origins of `--cors-origin` (repeatable) or SANDBOX_CORS_ORIGINS, comma-separated: each http or https with a host
 * and an optional port, written as browsers write an Origin header (lower case, punycode, no default port, no trailing
 * slash), or `*` for every origin. A wrong entry throws a one-line Error.
 */
export function parseCorsOrigins(text: string | undefined): string[] {
  const origins: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const entry = part.trim();
    if (entry) origins.push(corsOrigin(entry));
  }
  return origins;
}

function corsOrigin(entry: string): string {
  if (entry === ANY_ORIGIN) return entry;
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new Error(
      `SANDBOX_CORS_ORIGINS (--cors-origin) lists origins (scheme, host and optional port, e.g. https://console.example:8443) or *, separated by commas, not "${entry}".`,
    );
  }
  return url.origin;
}

/**
 * The admin API: `--admin` / `SANDBOX_ADMIN` (1 or 0) turns it on or off; unset, it is on for a sandbox on loopback (off
 * in strict mode, which the sandbox decides), and off on other addresses unless a token protects it. The token comes
 * from the environment only (SANDBOX_ADMIN_TOKEN), never a flag that other users could read in the process list.
 */
const onLoopback = (host: string) =>
  host === 'localhost' || host === '::1' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);

function readAdminOptions(setting: string | undefined, token: string | undefined, host: string): AdminConfig {
  const given = setting === undefined || setting === '' ? null : flag('SANDBOX_ADMIN (--admin)', setting);
  const secret = token ? token : null;
  if (secret !== null && secret.length < 16) throw new Error('SANDBOX_ADMIN_TOKEN must be at least 16 characters.');
  const enabled = given ?? (onLoopback(host) || secret !== null ? null : false);
  return { enabled, token: secret };
}

function readTlsOptions(
  values: Record<string, string | string[] | boolean | undefined>,
  env: NodeJS.ProcessEnv,
): TlsOptions | undefined {
  const file = (name: string, envName: string) => {
    const value = values[name];
    return (typeof value === 'string' ? value : env[envName]) || undefined;
  };
  const strict = values.strict === true || flag('SANDBOX_STRICT', env.SANDBOX_STRICT);
  const certFile = file('tls-cert', 'SANDBOX_TLS_CERT');
  const keyFile = file('tls-key', 'SANDBOX_TLS_KEY');
  const clientCaFile = file('client-ca', 'SANDBOX_CLIENT_CA');
  if (strict && (!certFile || !keyFile)) {
    throw new Error(
      "Strict mode serves HTTPS: give the bank's certificate and key with --tls-cert <file> --tls-key <file> (SANDBOX_TLS_CERT, SANDBOX_TLS_KEY).",
    );
  }
  if (strict && !clientCaFile) {
    throw new Error(
      'Strict mode needs --client-ca <file> (SANDBOX_CLIENT_CA): the CA whose TPP certificates the bank accepts.',
    );
  }
  if (!certFile !== !keyFile)
    throw new Error('--tls-cert and --tls-key (SANDBOX_TLS_CERT, SANDBOX_TLS_KEY) go together.');
  if (clientCaFile && !strict) throw new Error('--client-ca (SANDBOX_CLIENT_CA) applies with --strict only.');
  if (!certFile || !keyFile) return undefined;
  return { certFile, keyFile, clientCaFile, strict };
}

/** The files of the TLS options, read and checked; a plain one-line Error says what is wrong with which file. */
export interface TlsMaterial {
  key: Buffer;
  cert: Buffer;
  /** The client CA file as read, and its certificates. */
  clientCa: Buffer | undefined;
  trustedCas: X509Certificate[];
}

export function loadTls(options: TlsOptions): TlsMaterial {
  const read = (file: string, what: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const reason =
        code === 'ENOENT'
          ? 'no such file'
          : code === 'EACCES'
            ? 'permission denied'
            : code === 'EISDIR'
              ? 'it is a folder'
              : (error as Error).message;
      throw new Error(`Cannot read ${what} ${file}: ${reason}.`);
    }
  };
  const cert = read(options.certFile, 'the TLS certificate (--tls-cert)');
  const key = read(options.keyFile, 'the TLS key (--tls-key)');
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(cert);
  } catch {
    throw new Error(`The TLS certificate ${options.certFile} is not a PEM certificate.`);
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey(key);
  } catch {
    throw new Error(`The TLS key ${options.keyFile} is not an unencrypted PEM private key.`);
  }
  if (!certificate.checkPrivateKey(privateKey)) {
    throw new Error(`The TLS key ${options.keyFile} does not belong to the certificate ${options.certFile}.`);
  }
  if (!options.clientCaFile) return { key, cert, clientCa: undefined, trustedCas: [] };
  const clientCa = read(options.clientCaFile, 'the client CA (--client-ca)');
  const blocks = clientCa.toString('utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const trustedCas: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      trustedCas.push(new X509Certificate(block));
    } catch {
      throw new Error(`The client CA file ${options.clientCaFile} holds a certificate that cannot be read.`);
    }
  }
  if (trustedCas.length === 0) {
    throw new Error(`The client CA file ${options.clientCaFile} holds no PEM certificate.`);
  }
  return { key, cert, clientCa, trustedCas };
}

/** Which pages may call the sandbox from a browser, for the start-up line. */
export function describeCors(origins: readonly string[] | undefined): string {
  if (origins?.includes(ANY_ORIGIN)) return 'CORS: every origin';
  const named = origins && origins.length > 0 ? `, ${origins.join(', ')}` : '';
  return `CORS: its own and loopback origins${named}`;
}

/** How the server names its database in its start-up line, without credentials. */
export function describeDatabase(database: string): string {
  if (database === ':memory:') return 'in-memory SQLite (nothing is kept)';
  if (/^postgres(ql)?:\/\//.test(database)) {
    const url = new URL(database);
    return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
  }
  return `SQLite ${database}`;
}
