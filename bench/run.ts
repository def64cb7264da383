// `npm run bench`: the sandbox bank under HTTP load against a bare node:http baseline, its memory and start-up time, and
// the console's first-load JavaScript. Targets are printed as PASS/FAIL and never fail the run; a broken bench does.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'libsql';
import { launchChromium, measureFirstLoads, type FirstLoad } from './console-load';
import { runScenario, type LoadFigures, type Scenario } from './load';
import { readStatusKb, sampleRss } from './proc-status';
import { freePort, repoRoot, startServer, type ServerProcess } from './processes';
import { checkLine, heading, kB, kbToMb, mb, ms, rate, ratio, scenarioLine, table, type Check } from './report';
import { measureTransactionsPaint, type TransactionsPaint } from './transactions-paint';
import { authorisedConsent, paymentBody, PSU_IP_ADDRESS, Xs2aCaller } from './xs2a-session';

const CONNECTIONS = 10;
const PREFIX = '/sandbox';
/**
 * Pages whose first-load JavaScript is measured. The budget covers the entry and the Payments page; the forms and the
 * AIS pages are printed for comparison (the forms add the 1.3.12 schemas they validate with).
 */
const BUDGET_ROUTES = ['/', '/payments'];
const CONSOLE_ROUTES = [...BUDGET_ROUTES, '/payments/new', '/consents', '/consents/new', '/accounts', '/inspector'];
const TARGETS = { accountsShareOfBare: 1 / 3, p99Ms: 10, rssMb: 200, startupMs: 1_000, bundleGzipBytes: 150_000 };

function numberFromEnv(name: string, fallback: number, { min = 0, integer = false } = {}): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min}, not "${raw}".`);
  }
  return value;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

const mbOf = (kb: number | undefined) => kbToMb(kb ?? Number.NaN);
const count200 = (s: { statusCounts: Record<string, number> } | null) => s?.statusCounts['200'] ?? 0;
const inFlight = (s: { sent: number; completed: number } | null) => (s ? Math.max(0, s.sent - s.completed) : 0);

const running = new Set<ServerProcess>();

async function stop(server: ServerProcess, name: string) {
  running.delete(server);
  const end = await server.stop();
  if (end.killed || end.code !== 0) {
    console.log(
      `note: ${name} did not stop cleanly on SIGTERM (exit ${end.code ?? end.signal}${end.killed ? ', killed' : ''})`,
    );
  }
}

/** The built sandbox entry point (as `npm run sandbox` runs it) on a file-backed SQLite database in `dataDir`. */
async function startSandbox(dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}${PREFIX}`;
  const server = await startServer({
    args: [
      'build/server/sandbox-main.js',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--prefix',
      PREFIX,
      '--data-dir',
      dataDir,
    ],
    env: { DATABASE_URL: '' },
    readyLine: /Sandbox bank ready\. base_url: /,
    probeUrl: `${base}/health`,
  });
  running.add(server);
  return { server, base };
}

async function startBare(body: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const server = await startServer({
    args: ['bench/bare-server.ts'],
    env: { BENCH_PORT: String(port), BENCH_BODY: body },
    readyLine: /Bare server ready/,
    probeUrl: url,
  });
  running.add(server);
  return { server, url };
}

function readUsage(databaseFile: string, consentId: string): { usageCount: number; usageDay: string | null } {
  const db = new Database(databaseFile, { readonly: true });
  try {
    const row = db.prepare('SELECT usage_count, usage_day FROM consents WHERE consent_id = ?').get(consentId) as
      { usage_count: number; usage_day: string | null } | undefined;
    if (!row) throw new Error(`Consent ${consentId} is not in ${databaseFile}.`);
    return { usageCount: Number(row.usage_count), usageDay: row.usage_day };
  } finally {
    db.close();
  }
}

interface Startup {
  toHealthMs: number;
  toReadyLineMs: number;
}

const startupOf = (server: ServerProcess): Startup => ({
  toHealthMs: server.startupMs,
  toReadyLineMs: server.readyLineMs,
});
const startupLine = (label: string, runs: Startup[]) =>
  `${`${label}:`.padEnd(37)} median ${ms(median(runs.map((r) => r.toHealthMs)))}  (runs ${runs.map((r) => ms(r.toHealthMs)).join(', ')}; ` +
  `ready line after ${runs.map((r) => ms(r.toReadyLineMs)).join(', ')})`;

/** The built console (`npm start`'s server, in-memory sandbox) opened in Chromium. */
async function measureConsole(): Promise<{ firstLoads: FirstLoad[]; paint: TransactionsPaint }> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await startServer({
    args: ['build/server/main.js'],
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: ':memory:', DATABASE_URL: '' },
    readyLine: /XS2A Console ready/,
    probeUrl: `${origin}/`,
  });
  running.add(server);
  const browser = await launchChromium();
  try {
    const firstLoads = await measureFirstLoads(browser, origin, CONSOLE_ROUTES);
    return { firstLoads, paint: await measureTransactionsPaint(browser, origin) };
  } finally {
    await browser.close();
    await stop(server, 'console server');
  }
}

async function main() {
  const seconds = numberFromEnv('BENCH_SECONDS', 10, { min: 1 });
  const warmupSeconds = numberFromEnv('BENCH_WARMUP_SECONDS', 1);
  const starts = numberFromEnv('BENCH_STARTS', 3, { min: 1, integer: true });
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  // Other work on the machine skews every figure; the load average says how quiet it was.
  const loadAverage = loadavg()[0] ?? Number.NaN;
  console.log(
    `XS2A Console bench: Node ${process.version}, ${cpus().length} × ${cpu}, load average ${loadAverage.toFixed(2)}`,
  );
  console.log(
    `HTTP load: ${CONNECTIONS} connections, ${seconds} s per scenario after ${warmupSeconds} s unrecorded warm-up; ` +
      'the load generator shares this machine',
  );
  // Measure the code as it is now: the console and the server bundles are rebuilt first.
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status ?? build.signal}).`);
  const workDir = await mkdtemp(join(tmpdir(), 'xs2a-bench-'));

  try {
    console.log(heading('Start-up: spawn → first 200 from GET /health'));
    const fresh: Startup[] = [];
    let freshPeakKb = 0;
    for (let i = 0; i < starts; i += 1) {
      const { server } = await startSandbox(join(workDir, `fresh-${i}`));
      fresh.push(startupOf(server));
      freshPeakKb = Math.max(freshPeakKb, server.peakRssKb() ?? 0);
      await stop(server, 'sandbox (fresh start)');
    }
    console.log(startupLine('fresh data dir (seeds the database)', fresh));
    // Restarts on the first seeded data dir; the last one stays up for the load.
    const dataDir = join(workDir, 'fresh-0');
    const existing: Startup[] = [];
    let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
    for (let i = 0; i < starts; i += 1) {
      if (sandbox) await stop(sandbox.server, 'sandbox (restart)');
      sandbox = await startSandbox(dataDir);
      existing.push(startupOf(sandbox.server));
    }
    if (!sandbox) throw new Error('The sandbox did not start.');
    const { server, base } = sandbox;
    console.log(startupLine('existing data dir', existing));

    const consent = await authorisedConsent(new Xs2aCaller(base));
    console.log(`consent ${consent.consentId} valid after embedded SCA; debtor ${consent.debtorIban}`);
    const idleKb = readStatusKb(server.pid, 'VmRSS');

    console.log(heading('HTTP load'));
    const load = { seconds, warmupSeconds, connections: CONNECTIONS } satisfies Partial<Scenario>;
    const bare = await startBare(consent.accountsBody);
    console.log(
      `bare node:http (also under tsx) started in ${ms(bare.server.startupMs)}; ` +
        `answers the same ${consent.accountsBody.length} bytes as GET /v1/accounts`,
    );
    const bareSampler = sampleRss(bare.server.pid);
    const bareFigures = await runScenario({ ...load, name: 'bare node:http', url: bare.url, method: 'GET' });
    const bareRss = bareSampler.stop();
    await stop(bare.server, 'bare server');
    console.log(scenarioLine(bareFigures, bareFigures));

    const sampler = sampleRss(server.pid);
    const accounts = await runScenario({
      ...load,
      name: 'GET /v1/accounts',
      url: `${base}/v1/accounts`,
      method: 'GET',
      // No PSU-IP-Address: every read counts against frequencyPerDay and is written to the database.
      headers: { 'Consent-ID': consent.consentId },
    });
    console.log(scenarioLine(accounts, bareFigures));
    const payments = await runScenario({
      ...load,
      name: 'POST sepa-credit-transfers',
      url: `${base}/v1/payments/sepa-credit-transfers`,
      method: 'POST',
      headers: { 'PSU-IP-Address': PSU_IP_ADDRESS, 'Content-Type': 'application/json' },
      body: paymentBody(consent.debtorIban),
    });
    console.log(scenarioLine(payments, bareFigures));
    await sleep(600);
    const rss = sampler.stop();
    const hwmKb = server.peakRssKb();
    await stop(server, 'sandbox');

    console.log(heading('Sandbox memory: VmRSS of the server process'));
    const peakMb = mbOf(rss.peakKb);
    console.log(`idle after start-up and SCA: ${mb(mbOf(idleKb))}`);
    console.log(
      `peak under load:             ${mb(peakMb)} (${rss.samples} samples every 200 ms); after load ${mb(mbOf(rss.lastKb))}`,
    );
    console.log(
      `VmHWM at stop:               ${mb(mbOf(hwmKb))}; highest VmHWM of the fresh (seeding) starts ${mb(mbOf(freshPeakKb))}`,
    );
    console.log(`bare node:http under load:   ${mb(mbOf(bareRss.peakKb))}`);

    console.log(heading('Consent usage counter'));
    const usage = readUsage(join(dataDir, 'sandbox.db'), consent.consentId);
    const ok200 = count200(accounts.warmup) + count200(accounts);
    const cutOff = inFlight(accounts.warmup) + inFlight(accounts);
    const extra = usage.usageCount - ok200;
    console.log(`200 answers to GET /v1/accounts (warm-up included): ${ok200}`);
    console.log(
      `consents.usage_count in the database:              ${usage.usageCount} (usage_day ${usage.usageDay ?? 'null'})`,
    );
    console.log(`difference ${extra}; reads cut off in flight when autocannon stopped: ${cutOff}`);

    console.log(heading('Console first load in Chromium: JavaScript downloaded, gzip'));
    const { firstLoads, paint } = await measureConsole();
    for (const load of firstLoads) {
      console.log(`${load.route}: ${kB(load.gzipBytes)} gzip in ${load.files.length} scripts`);
      for (const file of load.files) console.log(`  ${file.path}: ${kB(file.bytes)} raw, ${kB(file.gzipBytes)} gzip`);
    }
    console.log(heading('Transactions table in Chromium: bob’s business account, every page loaded'));
    console.log(`${paint.transactions} entries in ${paint.pages} pages, loaded in ${ms(paint.loadAllMs)}`);
    console.log(`last page's data in the cache → rows painted: ${ms(paint.dataToPaintMs)}`);
    console.log(`scroll to the end → last row painted:         ${ms(paint.scrollToEndPaintMs)}`);
    console.log(`row elements in the DOM: ${paint.domRowsTop} at the top, ${paint.domRowsEnd} at the end`);

    const bareRate = bareFigures.requestsPerSecond;
    const freshMedian = median(fresh.map((r) => r.toHealthMs));
    const existingMedian = median(existing.map((r) => r.toHealthMs));
    const checks: Check[] = [
      {
        name: 'accounts rate vs bare node:http',
        measured: `${rate(accounts.requestsPerSecond)} = ${ratio(accounts.requestsPerSecond / bareRate)} of ${rate(bareRate)}`,
        target: `≥ ${ratio(TARGETS.accountsShareOfBare)}`,
        pass: accounts.requestsPerSecond >= bareRate * TARGETS.accountsShareOfBare,
      },
      ...[accounts, payments].map((s) => ({
        name: `${s.name} p99`,
        measured: `${s.p99Ms} ms (bare ${bareFigures.p99Ms} ms)`,
        target: `< ${TARGETS.p99Ms} ms`,
        pass: s.p99Ms < TARGETS.p99Ms,
      })),
      ...[accounts, payments].map((s) => ({
        name: `${s.name} answers`,
        measured: `${s.errors} errors, ${s.non2xx} non-2xx of ${s.completed}`,
        target: 'all 2xx',
        pass: s.errors === 0 && s.non2xx === 0 && s.completed > 0,
      })),
      {
        name: 'sandbox peak RSS under load',
        measured: `${mb(peakMb)} (bare ${mb(mbOf(bareRss.peakKb))})`,
        target: `< ${TARGETS.rssMb} MB`,
        pass: peakMb < TARGETS.rssMb,
      },
      {
        name: 'start-up, fresh data dir',
        measured: `${ms(freshMedian)} median (bare ${ms(bare.server.startupMs)})`,
        target: `< ${TARGETS.startupMs} ms`,
        pass: freshMedian < TARGETS.startupMs,
      },
      {
        name: 'start-up, existing data dir',
        measured: `${ms(existingMedian)} median`,
        target: `< ${TARGETS.startupMs} ms`,
        pass: existingMedian < TARGETS.startupMs,
      },
      {
        name: 'consent usage_count = 200 answers',
        measured: `${usage.usageCount} vs ${ok200}`,
        target: `equal, or above by ≤ ${cutOff} cut-off reads`,
        pass: extra >= 0 && extra <= cutOff,
      },
      {
        name: 'transaction rows in the DOM of 10,000 (top, end)',
        measured: `${paint.domRowsTop}, ${paint.domRowsEnd}`,
        target: '≤ 300 each',
        pass: paint.transactions === 10_000 && Math.max(paint.domRowsTop, paint.domRowsEnd) <= 300,
      },
      ...firstLoads
        .filter((load) => BUDGET_ROUTES.includes(load.route))
        .map((load) => ({
          name: `first-load JS gzip, ${load.route}`,
          measured: kB(load.gzipBytes),
          target: `≤ ${kB(TARGETS.bundleGzipBytes)}`,
          pass: load.gzipBytes <= TARGETS.bundleGzipBytes,
        })),
    ];
    console.log(heading('Targets (informational)'));
    for (const check of checks) console.log(checkLine(check));

    console.log(heading('Summary'));
    const row = (s: LoadFigures) => [
      s.name,
      rate(s.requestsPerSecond),
      `${s.p99Ms} ms`,
      `${s.errors} / ${s.non2xx}`,
      ratio(s.requestsPerSecond / bareRate),
    ];
    console.log(
      table(['scenario', 'rate', 'p99', 'errors / non-2xx', 'vs bare'], [bareFigures, accounts, payments].map(row)),
    );
    console.log('');
    console.log(
      table(
        ['figure', 'measured', 'target', 'result'],
        checks.map((c) => [c.name, c.measured, c.target, c.pass ? 'PASS' : 'FAIL']),
      ),
    );

    const results = {
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpu,
      loadAverageBefore: loadAverage,
      settings: { seconds, warmupSeconds, connections: CONNECTIONS, starts, database: 'SQLite file (libsql)' },
      http: { bare: bareFigures, accounts, payments },
      startupMs: {
        freshMedian,
        existingMedian,
        fresh,
        existing,
        bare: startupOf(bare.server),
      },
      memoryMb: {
        idle: mbOf(idleKb),
        peakUnderLoad: peakMb,
        afterLoad: mbOf(rss.lastKb),
        samples: rss.samples,
        vmHwm: mbOf(hwmKb),
        freshStartVmHwm: mbOf(freshPeakKb),
        bareUnderLoad: mbOf(bareRss.peakKb),
      },
      consentUsage: { consentId: consent.consentId, ok200, ...usage, cutOffInFlight: cutOff },
      firstLoads: { routes: firstLoads, budgetGzipBytes: TARGETS.bundleGzipBytes },
      transactionsPaint: paint,
      checks,
    };
    const resultsDir = join(repoRoot, 'bench', 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('\nWrote bench/results/latest.json');
  } finally {
    for (const leftover of [...running]) await stop(leftover, 'leftover server');
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
