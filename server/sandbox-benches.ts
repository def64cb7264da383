// Private benches: banks of their own under `/bench/<name>`, each with its own database (so its own data, seeded like
// the shared sandbox, its own clock, scenarios and behaviour profile), started, listed, renamed, reset and deleted
// through the shared sandbox's admin API (`{prefix}/admin/benches`, server/sandbox/admin/benches.ts). They are kept like
// the shared bank: a SQLite file each in a `benches` folder beside its file, a PostgreSQL schema each beside its own, or
// in memory when it is. Which benches exist is written in the shared bank's database, so a restarted server (or another
// instance on one PostgreSQL database) opens them again when they are first asked for. At most `max` live at once, and
// one unused for `idleMs` is deleted.
import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Kysely } from 'kysely';
import { createSandbox, type Sandbox } from './sandbox/app';
import { BENCH_NAME, type BenchAdmin, type BenchInfo } from './sandbox/admin/benches';
import { AdminError } from './sandbox/admin/http';
import type { SandboxConfig } from './sandbox/config';
import { isPostgresUrl, openStore, type Store } from './sandbox/store/db';
import type { Database } from './sandbox/store/schema';

export const BENCH_PREFIX = '/bench';

/** Where benches keep their data: opened by name, and removed once closed. */
export interface BenchStorage {
  /** In words, for the server's start-up line. */
  description: string;
  /** Whether a bench's data outlives its open handle (a file or a schema), so an unused bench may be closed. */
  persistent: boolean;
  open(name: string): Promise<Store>;
  destroy(name: string): Promise<void>;
}

/**
 * The benches' storage beside the shared bank's `location`: in memory for `:memory:`; for a SQLite file, one file per
 * bench in a `benches` folder beside it; for PostgreSQL, one schema per bench in the same database, named
 * `<schemaPrefix><name>` with dashes as underscores. A name is checked against BENCH_NAME before it gets here, so it
 * can name no other folder, file or schema.
 */
export function benchStorage(location: string, { schemaPrefix = 'bench_' } = {}): BenchStorage {
  const checked = (name: string) => {
    if (!BENCH_NAME.test(name)) throw new Error(`Not a bench name: ${JSON.stringify(name)}`);
    return name;
  };
  if (location === ':memory:') {
    return {
      description: 'in memory',
      persistent: false,
      open: () => openStore({ location: ':memory:' }),
      destroy: () => Promise.resolve(),
    };
  }
  if (isPostgresUrl(location)) {
    const schemaOf = (name: string) => `${schemaPrefix}${checked(name).replaceAll('-', '_')}`;
    return {
      description: `PostgreSQL schemas ${schemaPrefix}<name>`,
      persistent: true,
      open: async (name) => await openStore({ location, pgSchema: schemaOf(name), pgPoolSize: 4 }),
      async destroy(name) {
        const { default: pg } = await import('pg');
        const client = new pg.Client({ connectionString: location });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA IF EXISTS ${schemaOf(name)} CASCADE`);
        } finally {
          await client.end();
        }
      },
    };
  }
  const folder = join(dirname(location), 'benches');
  const fileOf = (name: string) => join(folder, `${checked(name)}.db`);
  return {
    description: `SQLite ${folder}/<name>.db`,
    persistent: true,
    async open(name) {
      const file = fileOf(name);
      mkdirSync(folder, { recursive: true });
      return await openStore({ location: file });
    },
    destroy: (name) =>
      Promise.resolve().then(() => {
        const file = fileOf(name);
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
      }),
  };
}

/** A bench as the shared bank's database records it (sandbox_meta, key `bench:<name>`). */
interface BenchRecord {
  label: string;
  createdAt: string;
  usedAt: string;
  /** Changes when the bench is made afresh (reset): an instance holding the old one opens it again. */
  generation: string;
}

const KEY = 'bench:';

function parseRecord(value: string): BenchRecord | undefined {
  try {
    const parsed = JSON.parse(value) as Partial<BenchRecord>;
    const { label, createdAt, usedAt, generation } = parsed;
    if ([label, createdAt, usedAt, generation].every((part) => typeof part === 'string')) return parsed as BenchRecord;
  } catch {
    // Not a record: left out.
  }
  return undefined;
}

/** The list of benches, in the shared bank's database. */
function benchRegistry(db: Kysely<Database>) {
  return {
    async all(): Promise<Map<string, BenchRecord>> {
      const rows = await db.selectFrom('sandbox_meta').selectAll().where('key', 'like', `${KEY}%`).execute();
      const found = new Map<string, BenchRecord>();
      for (const row of rows) {
        const record = parseRecord(row.value);
        const name = row.key.slice(KEY.length);
        if (record && BENCH_NAME.test(name)) found.set(name, record);
      }
      return found;
    },
    async get(name: string): Promise<BenchRecord | undefined> {
      const row = await db
        .selectFrom('sandbox_meta')
        .select('value')
        .where('key', '=', KEY + name)
        .executeTakeFirst();
      return row ? parseRecord(row.value) : undefined;
    },
    /** Adds a bench; false when one of that name exists already. */
    async add(name: string, record: BenchRecord): Promise<boolean> {
      const result = await db
        .insertInto('sandbox_meta')
        .values({ key: KEY + name, value: JSON.stringify(record) })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async put(name: string, record: BenchRecord): Promise<void> {
      await db
        .updateTable('sandbox_meta')
        .set({ value: JSON.stringify(record) })
        .where('key', '=', KEY + name)
        .execute();
    },
    async remove(name: string): Promise<void> {
      await db
        .deleteFrom('sandbox_meta')
        .where('key', '=', KEY + name)
        .execute();
    },
  };
}

/** An open bench: its bank, and what this instance knows of its use. */
interface OpenBench {
  ready: Promise<{ sandbox: Sandbox; store: Store }>;
  generation: string;
  /** When the record was last read (real time, ms): it is read again at most every RECHECK_MS. */
  checkedAt: number;
  usedAt: number;
  /** The use last written to the record. */
  savedUsedAt: number;
  /** Requests being answered. */
  active: number;
}

/** How often an open bench's record is read again (another instance may have deleted or reset it). */
const RECHECK_MS = 2_000;
/** How often a bench's last use is written down, at most. */
const SAVE_USE_MS = 60_000;
/** An open bench whose data outlives it is closed after this long unused, and opened again when asked for. */
const CLOSE_UNUSED_MS = 10 * 60_000;
/** How long deleting or resetting a bench waits for the requests it is answering. */
const DRAIN_MS = 5_000;

export interface Benches {
  prefix: string;
  /** Answers a request under `/bench/<name>`. */
  fetch(request: Request): Promise<Response>;
  /** What the shared sandbox's admin API does with benches. */
  admin: BenchAdmin;
  /** Deletes the benches unused for longer than the idle limit and closes the open ones unused for a while. */
  sweep(): Promise<void>;
  /** Stops the sweeps and closes every open bench (their data stays). */
  close(): Promise<void>;
}

export interface BenchOptions {
  /** How many benches may exist at once. */
  max: number;
  /** How long a bench may go unused before it is deleted (ms); null: never. */
  idleMs: number | null;
  /** The configuration every bench starts with (the shared sandbox's); each gets its own prefix. */
  config: Partial<SandboxConfig>;
  /** The shared bank's database, which records the benches. */
  registry: Kysely<Database>;
  storage: BenchStorage;
  /** Real time, for use and idle expiry (tests pass their own). */
  now?: () => number;
  /** How often the sweep runs by itself (ms); 0: only when called. One minute unless given. */
  sweepEveryMs?: number;
  onUnexpectedError?: (error: unknown) => void;
}

/** A request under /bench that no bench answers, as a 1.3.12 error body. */
function benchRefusal(text: string, status: 404 | 503 = 404): Response {
  const code = status === 404 ? 'RESOURCE_UNKNOWN' : 'SERVICE_UNAVAILABLE';
  return Response.json(
    { tppMessages: [{ category: 'ERROR', code, text }] },
    { status, headers: { 'Cache-Control': 'no-store' } },
  );
}

const unknownBench = (name: string) =>
  new AdminError(404, 'bench_unknown', `No bench named ${name} exists: start one, or choose one from the list.`);

/** A name for a bench from its label: its letters and digits, lower-case, dashes between. */
function nameFromLabel(label: string): string {
  return label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 48)
    .replace(/-+$/, '');
}

/** The benches this instance has open, one change at a time per bench, and their records in the shared database. */
class Shelf {
  readonly open = new Map<string, OpenBench>();
  /** One change at a time per bench: opening, deleting and resetting it never overlap. */
  readonly turns = new Map<string, Promise<unknown>>();
  readonly registry: ReturnType<typeof benchRegistry>;
  readonly now: () => number;

  constructor(private readonly options: BenchOptions) {
    this.registry = benchRegistry(options.registry);
    this.now = options.now ?? Date.now;
  }

  reportError = (error: unknown) => this.options.onUnexpectedError?.(error);

  inTurn<T>(name: string, work: () => Promise<T>): Promise<T> {
    const before = this.turns.get(name) ?? Promise.resolve();
    const mine = before.then(work, work);
    const settled = mine.catch(() => undefined);
    this.turns.set(name, settled);
    void settled.then(() => this.turns.get(name) === settled && this.turns.delete(name));
    return mine;
  }

  /** Opens a bench's bank over its storage (which seeds it when empty). */
  private openBench(name: string, generation: string, usedAt = this.now()): OpenBench {
    const { storage, config, onUnexpectedError } = this.options;
    const ready = (async () => {
      const store = await storage.open(name);
      try {
        const sandbox = await createSandbox({
          store,
          config: { ...config, prefix: `${BENCH_PREFIX}/${name}`, deviations: [] },
          ...(onUnexpectedError ? { onUnexpectedError } : {}),
        });
        return { sandbox, store };
      } catch (error) {
        await store.close();
        throw error;
      }
    })();
    return { ready, generation, checkedAt: this.now(), usedAt, savedUsedAt: usedAt, active: 0 };
  }

  /** Closes an open bench once the requests it is answering are done (or after DRAIN_MS); its data stays. */
  async shut(name: string, bench: OpenBench): Promise<void> {
    if (this.open.get(name) === bench) this.open.delete(name);
    const until = Date.now() + DRAIN_MS;
    while (bench.active > 0 && Date.now() < until) await new Promise((done) => setTimeout(done, 25));
    const { sandbox, store } = await bench.ready;
    await sandbox.close();
    await store.close();
  }

  async shutOpen(name: string): Promise<void> {
    const bench = this.open.get(name);
    if (bench) await this.shut(name, bench);
  }

  /** Writes down a bench's last use, at most every SAVE_USE_MS. */
  async saveUse(name: string, bench: OpenBench): Promise<void> {
    if (bench.usedAt - bench.savedUsedAt < SAVE_USE_MS) return;
    bench.savedUsedAt = bench.usedAt;
    const record = await this.registry.get(name);
    if (!record || record.generation !== bench.generation) return;
    await this.registry.put(name, { ...record, usedAt: new Date(bench.usedAt).toISOString() });
  }

  /** The open bench of a name, opened when its record says it exists; undefined when it does not. */
  benchFor(name: string): Promise<OpenBench | undefined> {
    const fresh = (bench: OpenBench | undefined) => bench && this.now() - bench.checkedAt < RECHECK_MS;
    const known = this.open.get(name);
    if (known && fresh(known)) return Promise.resolve(known);
    return this.inTurn(name, async () => {
      const current = this.open.get(name);
      if (current && fresh(current)) return current;
      const record = await this.registry.get(name);
      if (current && record?.generation === current.generation) {
        current.checkedAt = this.now();
        return current;
      }
      // Deleted or made afresh by another instance.
      if (current) await this.shut(name, current).catch(this.reportError);
      if (!record) return undefined;
      const bench = this.openBench(name, record.generation, Date.parse(record.usedAt) || 0);
      await bench.ready;
      this.open.set(name, bench);
      return bench;
    });
  }

  /** Makes the bench's data afresh and opens it; its record gets a new generation. */
  async makeFresh(name: string, record: Omit<BenchRecord, 'generation'>): Promise<BenchRecord> {
    await this.options.storage.destroy(name);
    const bench = this.openBench(name, randomBytes(8).toString('hex'));
    await bench.ready;
    this.open.set(name, bench);
    return { ...record, generation: bench.generation };
  }

  async remove(name: string): Promise<void> {
    await this.shutOpen(name);
    await this.registry.remove(name);
    await this.options.storage.destroy(name);
  }

  async recordOf(name: string): Promise<BenchRecord> {
    const record = await this.registry.get(name);
    if (!record) throw unknownBench(name);
    return record;
  }

  infoOf(name: string, record: BenchRecord): BenchInfo {
    const { idleMs } = this.options;
    const usedAt = Math.max(Date.parse(record.usedAt) || 0, this.open.get(name)?.usedAt ?? 0);
    return {
      name,
      label: record.label,
      href: `${BENCH_PREFIX}/${name}`,
      adminHref: `${BENCH_PREFIX}/${name}/admin`,
      createdAt: record.createdAt,
      lastUsedAt: new Date(usedAt).toISOString(),
      expiresAt: idleMs === null ? null : new Date(usedAt + idleMs).toISOString(),
    };
  }

  /** A name not taken yet: made of the label, or `bench` and a random suffix. */
  async freeName(label: string | undefined): Promise<string> {
    const taken = await this.registry.all();
    const base = (label && nameFromLabel(label)) || 'bench';
    if (base !== 'bench' && !taken.has(base)) return base;
    for (;;) {
      const name = `${base}-${randomBytes(3).toString('hex')}`;
      if (!taken.has(name)) return name;
    }
  }

  /** Deletes the benches unused for longer than the idle limit; closes open ones that are gone or long unused. */
  async sweep(): Promise<void> {
    const { idleMs, storage } = this.options;
    const at = this.now();
    const records = await this.registry.all();
    for (const [name, record] of records) {
      const bench = this.open.get(name);
      const usedAt = Math.max(Date.parse(record.usedAt) || 0, bench?.usedAt ?? 0);
      if (idleMs !== null && at - usedAt >= idleMs) {
        await this.inTurn(name, () => this.remove(name)).catch(this.reportError);
      } else if (bench) await this.saveUse(name, bench).catch(this.reportError);
    }
    for (const [name, bench] of [...this.open]) {
      const gone = !records.has(name) && !this.turns.has(name);
      const unused = storage.persistent && bench.active === 0 && at - bench.usedAt >= CLOSE_UNUSED_MS;
      if (gone || unused) await this.inTurn(name, () => this.shut(name, bench)).catch(this.reportError);
    }
  }
}

/** What the admin API's bench routes do, on a shelf. */
function benchAdmin(shelf: Shelf, { max, idleMs }: Pick<BenchOptions, 'max' | 'idleMs'>): BenchAdmin {
  const { registry } = shelf;
  const stamp = () => new Date(shelf.now()).toISOString();
  return {
    limits: { max, idleMs },
    async list() {
      const records = await registry.all();
      return [...records]
        .map(([name, record]) => shelf.infoOf(name, record))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name));
    },
    async get(name) {
      return shelf.infoOf(name, await shelf.recordOf(name));
    },
    async create(input) {
      const name = input.name ?? (await shelf.freeName(input.label));
      return shelf.inTurn(name, async () => {
        const records = await registry.all();
        if (records.has(name)) throw new AdminError(409, 'bench_exists', `A bench named ${name} exists already.`);
        if (records.size >= max) {
          throw new AdminError(
            409,
            'too_many_benches',
            `This server keeps at most ${max} benches, and ${records.size} exist: delete one first (SANDBOX_BENCHES sets the limit).`,
          );
        }
        const record = await shelf.makeFresh(name, { label: input.label ?? name, createdAt: stamp(), usedAt: stamp() });
        if (!(await registry.add(name, record))) {
          await shelf.shutOpen(name);
          throw new AdminError(409, 'bench_exists', `A bench named ${name} exists already.`);
        }
        return shelf.infoOf(name, record);
      });
    },
    async rename(name, label) {
      return shelf.inTurn(name, async () => {
        const record = { ...(await shelf.recordOf(name)), label };
        await registry.put(name, record);
        return shelf.infoOf(name, record);
      });
    },
    async reset(name) {
      return shelf.inTurn(name, async () => {
        const { label, createdAt } = await shelf.recordOf(name);
        await shelf.shutOpen(name);
        const fresh = await shelf.makeFresh(name, { label, createdAt, usedAt: stamp() });
        await registry.put(name, fresh);
        return shelf.infoOf(name, fresh);
      });
    },
    async remove(name) {
      await shelf.inTurn(name, async () => {
        await shelf.recordOf(name);
        await shelf.remove(name);
      });
    },
  };
}

/** Answers a request under /bench: the named bench's bank, or a 1.3.12 error when there is none. */
async function answerBench(shelf: Shelf, request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  const name = path.slice(BENCH_PREFIX.length + 1).split('/')[0] ?? '';
  if (!path.startsWith(`${BENCH_PREFIX}/`) || !BENCH_NAME.test(name)) {
    return benchRefusal(
      `No bench at ${path}: a bench's name has lower-case letters, digits and dashes (${BENCH_PREFIX}/<name>).`,
    );
  }
  let bench: OpenBench | undefined;
  try {
    bench = await shelf.benchFor(name);
  } catch (error) {
    shelf.reportError(error);
    return benchRefusal(`The bench ${name} could not be opened: reset or delete it on the Sandbox page.`, 503);
  }
  if (!bench) {
    return benchRefusal(
      `No bench named ${name} exists on this server: start one on the console's Sandbox page (or POST {base_url}/admin/benches on the shared sandbox).`,
    );
  }
  bench.usedAt = shelf.now();
  bench.active += 1;
  try {
    const { sandbox } = await bench.ready;
    return await sandbox.fetch(request);
  } finally {
    bench.active -= 1;
    void shelf.saveUse(name, bench).catch(shelf.reportError);
  }
}

export function createBenches(options: BenchOptions): Benches {
  const shelf = new Shelf(options);
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= shelf
      .sweep()
      .catch(shelf.reportError)
      .finally(() => (sweeping = undefined));
    return sweeping;
  };
  const sweepEveryMs = options.sweepEveryMs ?? 60_000;
  const timer = sweepEveryMs > 0 ? setInterval(() => void sweep(), sweepEveryMs) : undefined;
  timer?.unref();
  if (timer) void sweep();
  return {
    prefix: BENCH_PREFIX,
    fetch: (request) => answerBench(shelf, request),
    admin: benchAdmin(shelf, options),
    sweep,
    async close() {
      if (timer) clearInterval(timer);
      await sweeping;
      const open = [...shelf.open];
      await Promise.all(open.map(([name, bench]) => shelf.saveUse(name, bench).catch(() => undefined)));
      await Promise.all(open.map(([name, bench]) => shelf.shut(name, bench).catch(() => undefined)));
    },
  };
}
