// Private benches: banks of their own beside the shared sandbox, started, listed, renamed, reset and deleted through the
// shared sandbox's admin API; isolated from it and from each other (data, clock, scenarios, profile); kept like the
// shared bank (a SQLite file each, a PostgreSQL schema each, or memory) and opened again after a restart; at most so
// many, and deleted once unused for too long.
/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- the admin API's answers are read as raw JSON */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { benchStorage, createBenches, type Benches, type BenchStorage } from './sandbox-benches';
import { createSandbox, type Sandbox } from './sandbox/app';
import { openStore, type Store } from './sandbox/store/db';

const ORIGIN = 'http://127.0.0.1:4318';
const DAY = 86_400_000;
const pgUrl = process.env.TEST_DATABASE_URL;

/** The shared sandbox at /sandbox with benches beside it, as the console's server mounts them. */
interface Server {
  store: Store;
  sandbox: Sandbox;
  benches: Benches;
  /** Real time as the benches see it (use and idle expiry). */
  clock: { now: number };
  call(path: string, method?: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  body: any;
}

async function startServer(
  location: string,
  options: { max?: number; idleMs?: number | null; storage?: BenchStorage; pgSchema?: string; token?: string } = {},
): Promise<Server> {
  const store = await openStore({ location, ...(options.pgSchema ? { pgSchema: options.pgSchema } : {}) });
  const clock = { now: Date.parse('2026-03-16T09:00:00.000Z') };
  const admin = { enabled: true, token: options.token ?? null };
  const benches = createBenches({
    max: options.max ?? 3,
    idleMs: options.idleMs === undefined ? 7 * DAY : options.idleMs,
    config: { settlementDelayMs: 60_000, admin },
    registry: store.db,
    storage: options.storage ?? benchStorage(location),
    now: () => clock.now,
    sweepEveryMs: 0,
  });
  const sandbox = await createSandbox({ store, config: { admin }, benches: benches.admin });
  const call: Server['call'] = async (path, method = 'GET', body, headers = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      init.headers = { 'Content-Type': 'application/json', ...headers };
    }
    const request = new Request(`${ORIGIN}${path}`, init);
    const response = path.startsWith('/bench/') ? await benches.fetch(request) : await sandbox.fetch(request);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    store,
    sandbox,
    benches,
    clock,
    call,
    async close() {
      await benches.close();
      await sandbox.close();
      await store.close();
    },
  };
}

const offsetOf = async (server: Server, base: string) => (await server.call(`${base}/admin/clock`)).body.offsetMs;
const scenariosOf = async (server: Server, base: string) =>
  (await server.call(`${base}/admin/scenarios`)).body.scenarios as { operation: string }[];

describe('private benches through the shared sandbox’s admin API', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startServer(':memory:');
  });
  afterEach(() => server.close());

  it('are offered in the discovery document, with a link to each action', async () => {
    const { body } = await server.call('/sandbox/admin');
    expect(body.controls.benches).toMatchObject({
      href: '/sandbox/admin/benches',
      actions: {
        create: { method: 'POST', href: '/sandbox/admin/benches' },
        rename: { method: 'PATCH', href: '/sandbox/admin/benches/{name}' },
        reset: { method: 'POST', href: '/sandbox/admin/benches/{name}/reset' },
        remove: { method: 'DELETE', href: '/sandbox/admin/benches/{name}' },
      },
    });
    // A bench manages no benches of its own.
    await server.call('/sandbox/admin/benches', 'POST', { name: 'qa' });
    expect((await server.call('/bench/qa/admin')).body.controls.benches).toBeUndefined();
  });

  it('start a bank of its own at its own base_url, listed with its name and label', async () => {
    const created = await server.call('/sandbox/admin/benches', 'POST', { name: 'qa-alice', label: 'Alice’s bench' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: 'qa-alice',
      label: 'Alice’s bench',
      href: '/bench/qa-alice',
      adminHref: '/bench/qa-alice/admin',
      createdAt: '2026-03-16T09:00:00.000Z',
      lastUsedAt: '2026-03-16T09:00:00.000Z',
      expiresAt: '2026-03-23T09:00:00.000Z',
    });
    // Seeded like the shared bank, with its links under its own prefix.
    expect((await server.call('/bench/qa-alice/health')).body).toMatchObject({ status: 'UP' });
    const psus = (await server.call('/bench/qa-alice/admin/psus')).body.psus as { psuId: string }[];
    const shared = (await server.call('/sandbox/admin/psus')).body.psus as { psuId: string }[];
    expect(psus.map((p) => p.psuId)).toEqual(shared.map((p) => p.psuId));
    expect((await server.call('/bench/qa-alice/admin')).body.controls.clock.href).toBe('/bench/qa-alice/admin/clock');
    // A label alone gives a name made of it.
    server.clock.now += 60_000;
    const named = await server.call('/sandbox/admin/benches', 'POST', { label: 'Demo for Bank X!' });
    expect(named.body).toMatchObject({ name: 'demo-for-bank-x', label: 'Demo for Bank X!' });
    const list = await server.call('/sandbox/admin/benches');
    expect(list.body).toMatchObject({
      benches: [{ name: 'qa-alice' }, { name: 'demo-for-bank-x' }],
      limits: { max: 3, idleMs: 7 * DAY },
    });
    expect((await server.call('/sandbox/admin/benches/qa-alice')).body).toMatchObject({ label: 'Alice’s bench' });
  });

  it('keep their clock and scenarios apart from the shared bank and from each other, both ways', async () => {
    await server.call('/sandbox/admin/benches', 'POST', { name: 'one' });
    await server.call('/sandbox/admin/benches', 'POST', { name: 'two' });
    // A clock move and a scenario on one bench touch nothing else.
    await server.call('/bench/one/admin/clock/advance', 'POST', { by: 'P2D' });
    const scenario = { operation: 'getAccountList', error: 'SERVICE_UNAVAILABLE', count: 1 };
    expect((await server.call('/bench/one/admin/scenarios', 'POST', scenario)).status).toBe(201);
    expect(await offsetOf(server, '/bench/one')).toBe(2 * DAY);
    expect(await offsetOf(server, '/bench/two')).toBe(0);
    expect(await offsetOf(server, '/sandbox')).toBe(0);
    expect(await scenariosOf(server, '/bench/two')).toEqual([]);
    expect(await scenariosOf(server, '/sandbox')).toEqual([]);
    // And the shared bank's move and scenario stay its own.
    await server.call('/sandbox/admin/clock/advance', 'POST', { by: 'PT5H' });
    await server.call('/sandbox/admin/scenarios', 'POST', { operation: 'getBalances', error: 'ACCESS_EXCEEDED' });
    expect(await offsetOf(server, '/bench/one')).toBe(2 * DAY);
    expect(await offsetOf(server, '/bench/two')).toBe(0);
    expect((await scenariosOf(server, '/bench/one')).map((s) => s.operation)).toEqual(['getAccountList']);
    expect(await scenariosOf(server, '/bench/two')).toEqual([]);
    // Its Date header is its own bank's time.
    const benchDate = Date.parse((await server.call('/bench/one/health')).headers.get('Date') ?? '');
    const sharedDate = Date.parse((await server.call('/sandbox/health')).headers.get('Date') ?? '');
    expect(benchDate - sharedDate).toBeGreaterThan(DAY);
  });

  it('are renamed, reset to a fresh bank and deleted', async () => {
    await server.call('/sandbox/admin/benches', 'POST', { name: 'qa' });
    await server.call('/bench/qa/admin/clock/advance', 'POST', { by: 'P1D' });
    await server.call('/bench/qa/admin/profile', 'PUT', { name: 'embedded-bank' });
    await server.call('/bench/qa/admin/scenarios', 'POST', { operation: '*', delayMs: 10 });

    const renamed = await server.call('/sandbox/admin/benches/qa', 'PATCH', { label: 'Release 4.2 checks' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'qa', label: 'Release 4.2 checks', href: '/bench/qa' },
    });

    const reset = await server.call('/sandbox/admin/benches/qa/reset', 'POST', {});
    expect(reset).toMatchObject({ status: 200, body: { name: 'qa', label: 'Release 4.2 checks' } });
    expect(await offsetOf(server, '/bench/qa')).toBe(0);
    expect(await scenariosOf(server, '/bench/qa')).toEqual([]);
    expect((await server.call('/bench/qa/admin/profile')).body.name).toBe('standard');

    const deleted = await server.call('/sandbox/admin/benches/qa', 'DELETE');
    expect(deleted.status).toBe(204);
    const gone = await server.call('/bench/qa/health');
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] });
    expect(gone.body.tppMessages[0].text).toMatch(/No bench named qa exists/);
    expect((await server.call('/sandbox/admin/benches')).body.benches).toEqual([]);
  });

  it('answer bad names, unknown benches, a taken name and too many benches with their own status, never 500', async () => {
    const refused = async (path: string, method: string, body: unknown, status: number, code: string) => {
      const answer = await server.call(path, method, body);
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.body.error.code).toBe(code);
      expect(answer.body.error.message).toEqual(expect.any(String));
    };
    for (const name of ['UPPER', '../etc', 'a/b', '-dash', '', 'x'.repeat(57), 'a.b', 'é']) {
      await refused('/sandbox/admin/benches', 'POST', { name }, 400, 'invalid_body');
    }
    await refused('/sandbox/admin/benches', 'POST', { label: '' }, 400, 'invalid_body');
    await refused('/sandbox/admin/benches', 'POST', { label: 'x'.repeat(65) }, 400, 'invalid_body');
    await refused('/sandbox/admin/benches', 'POST', { label: 'a\u0000b' }, 400, 'invalid_body');
    await refused('/sandbox/admin/benches', 'POST', { name: 'ok', colour: 'red' }, 400, 'invalid_body');
    await refused('/sandbox/admin/benches', 'POST', [], 400, 'invalid_body');
    for (const [method, path] of [
      ['GET', '/sandbox/admin/benches/nobody'],
      ['PATCH', '/sandbox/admin/benches/nobody'],
      ['POST', '/sandbox/admin/benches/nobody/reset'],
      ['DELETE', '/sandbox/admin/benches/nobody'],
      ['GET', '/sandbox/admin/benches/..%2F..%2Fetc'],
      ['DELETE', '/sandbox/admin/benches/UPPER'],
    ] as const) {
      await refused(
        path,
        method,
        method === 'PATCH' ? { label: 'x' } : method === 'POST' ? {} : undefined,
        404,
        'bench_unknown',
      );
    }
    await server.call('/sandbox/admin/benches', 'POST', { name: 'a' });
    await refused('/sandbox/admin/benches', 'POST', { name: 'a' }, 409, 'bench_exists');
    await refused('/sandbox/admin/benches/a', 'PATCH', { label: '  ' }, 400, 'invalid_body');
    await server.call('/sandbox/admin/benches', 'POST', { name: 'b' });
    await server.call('/sandbox/admin/benches', 'POST', { name: 'c' });
    await refused('/sandbox/admin/benches', 'POST', { name: 'd' }, 409, 'too_many_benches');
    // Deleting one makes room again.
    await server.call('/sandbox/admin/benches/a', 'DELETE');
    expect((await server.call('/sandbox/admin/benches', 'POST', { name: 'd' })).status).toBe(201);
    // Paths under /bench that name no bench answer a 1.3.12 error body.
    for (const path of ['/bench/', '/bench/UPPER/health', '/bench/a.b/health', `/bench/${'x'.repeat(70)}/health`]) {
      const answer = await server.call(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] });
    }
  });

  it('are managed only from the sandbox’s own origin, with its token and JSON, like every admin control', async () => {
    const guarded = await startServer(':memory:', { token: 'a-token-of-sixteen-chars' });
    try {
      const bearer = { Authorization: 'Bearer a-token-of-sixteen-chars' };
      expect((await guarded.call('/sandbox/admin/benches')).status).toBe(401);
      expect((await guarded.call('/sandbox/admin/benches', 'POST', { name: 'x' })).status).toBe(401);
      const foreign = { ...bearer, Origin: 'http://127.0.0.1:5173', 'Sec-Fetch-Site': 'same-site' };
      const crossSite = await guarded.call('/sandbox/admin/benches', 'POST', { name: 'x' }, foreign);
      expect(crossSite.status).toBe(403);
      expect(crossSite.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const notJson = await guarded.sandbox.fetch(
        new Request(`${ORIGIN}/sandbox/admin/benches`, { method: 'POST', headers: bearer, body: 'name=x' }),
      );
      expect(notJson.status).toBe(415);
      expect((await guarded.call('/sandbox/admin/benches')).status).toBe(401);
      expect((await guarded.call('/sandbox/admin/benches', 'GET', undefined, bearer)).body.benches).toEqual([]);
      // The bench's own admin API asks for the same token.
      expect((await guarded.call('/sandbox/admin/benches', 'POST', { name: 'x' }, bearer)).status).toBe(201);
      expect((await guarded.call('/bench/x/admin/clock')).status).toBe(401);
      expect((await guarded.call('/bench/x/admin/clock', 'GET', undefined, bearer)).status).toBe(200);
      const own = await guarded.call('/bench/x/admin/clock', 'GET', undefined, {
        ...bearer,
        Origin: ORIGIN,
        'Sec-Fetch-Site': 'same-origin',
      });
      expect(own.status).toBe(200);
      expect(own.headers.get('Access-Control-Allow-Origin')).toBeNull();
      const other = await guarded.call('/bench/x/admin/clock', 'GET', undefined, {
        ...bearer,
        Origin: 'http://localhost:4318',
      });
      expect(other.status).toBe(403);
    } finally {
      await guarded.close();
    }
  });

  it('are deleted once unused for longer than the idle limit; one in use stays', async () => {
    await server.call('/sandbox/admin/benches', 'POST', { name: 'used' });
    await server.call('/sandbox/admin/benches', 'POST', { name: 'forgotten' });
    server.clock.now += 6 * DAY;
    await server.call('/bench/used/health');
    server.clock.now += 2 * DAY;
    await server.benches.sweep();
    expect((await server.call('/sandbox/admin/benches')).body.benches).toMatchObject([
      { name: 'used', lastUsedAt: '2026-03-22T09:00:00.000Z', expiresAt: '2026-03-29T09:00:00.000Z' },
    ]);
    expect((await server.call('/bench/forgotten/health')).status).toBe(404);
  });
});

describe('private benches without an idle limit', () => {
  it('are kept however long they go unused', async () => {
    const server = await startServer(':memory:', { idleMs: null });
    try {
      expect((await server.call('/sandbox/admin/benches', 'POST', { name: 'kept' })).body.expiresAt).toBeNull();
      server.clock.now += 400 * DAY;
      await server.benches.sweep();
      expect((await server.call('/bench/kept/health')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('private benches kept in SQLite files beside the shared bank’s', () => {
  const folder = mkdtempSync(join(tmpdir(), 'benches-'));
  const location = join(folder, 'sandbox.db');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it(
    'each have a file of their own, opened again after a restart with their clock and scenarios',
    { timeout: 60_000 },
    async () => {
      const first = await startServer(location);
      await first.call('/sandbox/admin/benches', 'POST', { name: 'kept', label: 'Kept bench' });
      await first.call('/sandbox/admin/benches', 'POST', { name: 'gone' });
      await first.call('/bench/kept/admin/clock/advance', 'POST', { by: 'P3D' });
      await first.call('/bench/kept/admin/scenarios', 'POST', { operation: 'getBalances', error: 'ACCESS_EXCEEDED' });
      await first.call('/sandbox/admin/benches/gone', 'DELETE');
      await first.close();
      expect(readdirSync(join(folder, 'benches')).filter((file) => file.endsWith('.db'))).toEqual(['kept.db']);

      const second = await startServer(location);
      try {
        expect((await second.call('/sandbox/admin/benches')).body.benches).toMatchObject([
          { name: 'kept', label: 'Kept bench', href: '/bench/kept' },
        ]);
        expect(await offsetOf(second, '/bench/kept')).toBe(3 * DAY);
        expect((await scenariosOf(second, '/bench/kept')).map((s) => s.operation)).toEqual(['getBalances']);
        expect(await offsetOf(second, '/sandbox')).toBe(0);
        // Reset makes the file afresh; delete removes it.
        await second.call('/sandbox/admin/benches/kept/reset', 'POST', {});
        expect(await offsetOf(second, '/bench/kept')).toBe(0);
        await second.call('/sandbox/admin/benches/kept', 'DELETE');
        expect(existsSync(join(folder, 'benches', 'kept.db'))).toBe(false);
      } finally {
        await second.close();
      }
    },
  );

  it('never name a file outside their folder', async () => {
    const storage = benchStorage(location);
    for (const name of ['../sandbox', '..', 'a/b', 'a\\b', '/etc/passwd', 'UPPER', '']) {
      await expect(storage.open(name), name).rejects.toThrow(/Not a bench name/);
      await expect(storage.destroy(name), name).rejects.toThrow(/Not a bench name/);
    }
    expect(existsSync(location)).toBe(true);
  });
});

describe.skipIf(!pgUrl)('private benches kept in PostgreSQL schemas', () => {
  const tag = randomUUID().replaceAll('-', '').slice(0, 8);
  const mainSchema = `t${tag}_main`;
  const schemaPrefix = `t${tag}_`;
  const schemas = async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ name: string }>(
        'SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE $1 ORDER BY 1',
        [`${schemaPrefix}%`],
      );
      return rows.map((row) => row.name);
    } finally {
      await client.end();
    }
  };
  afterAll(async () => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      for (const schema of await schemas()) await client.query(`DROP SCHEMA ${schema} CASCADE`);
    } finally {
      await client.end();
    }
  });

  it(
    'each have a schema of their own, opened again after a restart, dropped when deleted',
    { timeout: 60_000 },
    async () => {
      const open = () =>
        startServer(pgUrl ?? '', { pgSchema: mainSchema, storage: benchStorage(pgUrl ?? '', { schemaPrefix }) });
      const first = await open();
      await first.call('/sandbox/admin/benches', 'POST', { name: 'qa-one' });
      await first.call('/sandbox/admin/benches', 'POST', { name: 'qa-two' });
      await first.call('/bench/qa-one/admin/clock/advance', 'POST', { by: 'P1D' });
      await first.call('/bench/qa-one/admin/scenarios', 'POST', { operation: 'getBalances', error: 'ACCESS_EXCEEDED' });
      expect(await offsetOf(first, '/bench/qa-two')).toBe(0);
      await first.close();
      expect(await schemas()).toEqual([`${schemaPrefix}main`, `${schemaPrefix}qa_one`, `${schemaPrefix}qa_two`]);

      const second = await open();
      try {
        expect((await second.call('/sandbox/admin/benches')).body.benches.map((b: { name: string }) => b.name)).toEqual(
          ['qa-one', 'qa-two'],
        );
        expect(await offsetOf(second, '/bench/qa-one')).toBe(DAY);
        expect((await scenariosOf(second, '/bench/qa-one')).map((s) => s.operation)).toEqual(['getBalances']);
        expect(await offsetOf(second, '/sandbox')).toBe(0);
        await second.call('/sandbox/admin/benches/qa-two', 'DELETE');
        expect(await schemas()).toEqual([`${schemaPrefix}main`, `${schemaPrefix}qa_one`]);
      } finally {
        await second.close();
      }
    },
  );

  it('on two instances of one database: a bench one resets or deletes is fresh or gone on the other', async () => {
    const open = () =>
      startServer(pgUrl ?? '', { pgSchema: mainSchema, storage: benchStorage(pgUrl ?? '', { schemaPrefix }) });
    const [a, b] = [await open(), await open()];
    try {
      await a.call('/sandbox/admin/benches', 'POST', { name: 'both' });
      // The other instance opens it from the record, and moves its clock.
      await b.call('/bench/both/admin/clock/advance', 'POST', { by: 'P1D' });
      expect(await offsetOf(b, '/bench/both')).toBe(DAY);
      expect((await b.call('/sandbox/admin/benches')).body.benches.map((x: { name: string }) => x.name)).toContain(
        'both',
      );
      await a.call('/sandbox/admin/benches/both/reset', 'POST', {});
      b.clock.now += 3_000;
      expect(await offsetOf(b, '/bench/both')).toBe(0);
      await a.call('/sandbox/admin/benches/both', 'DELETE');
      b.clock.now += 3_000;
      const gone = await b.call('/bench/both/health');
      expect(gone.status).toBe(404);
      expect(gone.body).toMatchObject({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] });
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
