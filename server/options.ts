// Reads the servers' settings from flags and the environment; the only place besides the entry points that sees them.
import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { SandboxConfig } from './sandbox/config';
import type { ScaApproach } from '../src/xs2a';

export interface ServerOptions {
  port: number;
  host: string;
  /** `:memory:`, a SQLite file, or a postgres:// URL. */
  database: string;
  sandbox: Partial<SandboxConfig>;
  /** The relay's config file (`--relay-config` / `RELAY_CONFIG`); none: the relay has no targets. */
  relayConfigFile: string | undefined;
}

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, not "${value}".`);
  return n;
}

export function readServerOptions(argv: string[], env: NodeJS.ProcessEnv, defaultPort: number): ServerOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      prefix: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      'sca-approach': { type: 'string' },
      'relay-config': { type: 'string' },
    },
    strict: true,
  });
  const port = number('PORT', values.port ?? env.PORT, defaultPort);
  const dataDir = values['data-dir'] ?? env.DATA_DIR ?? 'data';
  const databaseUrl = values['database-url'] ?? env.DATABASE_URL;
  let database: string;
  if (databaseUrl) database = databaseUrl;
  else if (dataDir === ':memory:') database = ':memory:';
  else {
    mkdirSync(resolve(dataDir), { recursive: true });
    database = join(resolve(dataDir), 'sandbox.db');
  }
  const approach = (values['sca-approach'] ?? env.SANDBOX_SCA_APPROACH)?.toUpperCase();
  if (approach && !['REDIRECT', 'EMBEDDED', 'DECOUPLED'].includes(approach)) {
    throw new Error(`SANDBOX_SCA_APPROACH must be REDIRECT, EMBEDDED or DECOUPLED, not "${approach}".`);
  }
  const decoupled = env.SANDBOX_DECOUPLED_APPROVE_AFTER_MS;
  const sandbox: Partial<SandboxConfig> = {
    prefix: values.prefix ?? env.SANDBOX_PREFIX ?? '/sandbox',
    settlementDelayMs: number('SANDBOX_SETTLEMENT_DELAY_MS', env.SANDBOX_SETTLEMENT_DELAY_MS, 30_000),
    decoupledAutoApproveMs: decoupled ? number('SANDBOX_DECOUPLED_APPROVE_AFTER_MS', decoupled, 0) : null,
  };
  if (approach) sandbox.defaultScaApproach = approach as ScaApproach;
  const relayConfigFile = values['relay-config'] || env.RELAY_CONFIG || undefined;
  return { port, host: values.host ?? env.HOST ?? '127.0.0.1', database, sandbox, relayConfigFile };
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
