// Test benches: independent sandbox banks made on demand under `/bench/<name>`, each with its own in-memory database,
// so its own clock, scenarios, behaviour profile and data. Tests that run side by side can move a bench's clock or switch
// its preset without touching the main sandbox or each other's bench. Off unless the server is told how many benches may
// live at once (SANDBOX_BENCHES); the least recently used one is dropped beyond that.
import { createSandbox, type Sandbox } from './sandbox/app';
import type { SandboxConfig } from './sandbox/config';
import { openStore, type Store } from './sandbox/store/db';

export const BENCH_PREFIX = '/bench';

/** A bench's name: lower-case letters, digits and dashes, as a test names it (e.g. `preset-oauth-bank`). */
const BENCH_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

interface Bench {
  sandbox: Sandbox;
  store: Store;
}

export interface Benches {
  prefix: string;
  fetch(request: Request): Promise<Response>;
  /** Closes every bench's database. */
  close(): Promise<void>;
}

export interface BenchOptions {
  /** How many benches may live at once. */
  max: number;
  /** The configuration every bench starts with (the main sandbox's); each gets its own prefix. */
  config: Partial<SandboxConfig>;
  onUnexpectedError?: (error: unknown) => void;
}

function notABench(path: string): Response {
  const text = `No bench at ${path}: a bench's name has lower-case letters, digits and dashes (${BENCH_PREFIX}/<name>).`;
  return Response.json(
    { tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN', text }] },
    { status: 404, headers: { 'Cache-Control': 'no-store' } },
  );
}

export function createBenches({ max, config, onUnexpectedError }: BenchOptions): Benches {
  // Insertion order is the order of last use: a bench is moved to the end whenever it is asked for.
  const benches = new Map<string, Promise<Bench>>();

  const open = async (name: string): Promise<Bench> => {
    const store = await openStore({ location: ':memory:' });
    const sandbox = await createSandbox({
      store,
      config: { ...config, prefix: `${BENCH_PREFIX}/${name}`, deviations: [] },
      ...(onUnexpectedError ? { onUnexpectedError } : {}),
    });
    return { sandbox, store };
  };

  /** A bench's scheduler stops before its database closes. */
  const shut = async (bench: Promise<Bench>) => {
    const { sandbox, store } = await bench;
    await sandbox.close();
    await store.close();
  };
  const drop = (bench: Promise<Bench>) => void shut(bench).catch(() => undefined);

  const benchFor = (name: string): Promise<Bench> => {
    let bench = benches.get(name);
    if (bench) benches.delete(name);
    else {
      bench = open(name);
      // A bench that could not be made is not kept: the next request tries again.
      bench.catch(() => benches.get(name) === bench && benches.delete(name));
    }
    benches.set(name, bench);
    for (const [oldest, old] of benches) {
      if (benches.size <= max) break;
      benches.delete(oldest);
      drop(old);
    }
    return bench;
  };

  return {
    prefix: BENCH_PREFIX,
    async fetch(request) {
      const path = new URL(request.url).pathname;
      const name = path.slice(BENCH_PREFIX.length + 1).split('/')[0] ?? '';
      if (!path.startsWith(`${BENCH_PREFIX}/`) || !BENCH_NAME.test(name)) return notABench(path);
      const { sandbox } = await benchFor(name);
      return sandbox.fetch(request);
    },
    async close() {
      const all = [...benches.values()];
      benches.clear();
      await Promise.all(all.map((b) => shut(b).catch(() => undefined)));
    },
  };
}
