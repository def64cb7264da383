// `npm run bench`: the sandbox bank under HTTP load against a bare node:http baseline, its memory and start-up time, and
// the console's first-load JavaScript. Targets are printed as PASS/FAIL and never fail the run; a broken bench does.
//
// Settings from the environment: BENCH_SECONDS (per scenario, default 10), BENCH_WARMUP_SECONDS (default 1),
// BENCH_STARTS (start-ups measured, default 3), BENCH_CONSOLE=0 to leave out the console in Chromium (the sandbox's
// figures only, after rebuilding the server alone), BENCH_CONSOLE=only for the console in Chromium alone,
// BENCH_STARTUP_ONLY=1 for the sandbox's start-up figures alone (and the bare server's start-up they are compared to).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  allChecks,
  BUDGET_ROUTES,
  consoleChecks,
  printChecksAndSummary,
  startupChecks,
  TARGETS,
  type ConsoleFigures,
} from './checks';
import { launchChromium, measurePagesWithResources, measureFirstLoads, printFirstLoads } from './console-load';
import { REQUEST_POOL } from './load';
import { repoRoot } from './processes';
import { checkLine, heading, ms, type Check } from './report';
import {
  consentUsage,
  mbOf,
  measureHttp,
  measureStartups,
  median,
  printMemory,
  type ConsentUsage,
  type HttpFigures,
  type Startups,
} from './sandbox-bench';
import { startBare, startConsole, stop, stopAll } from './servers';
import { measureTransactionsPaint } from './transactions-paint';

const CONNECTIONS = 10;
function numberFromEnv(name: string, fallback: number, { min = 0, integer = false } = {}): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < min || (integer && !Number.isInteger(value))) {
    throw new Error(`${name} must be ${integer ? 'a whole number' : 'a number'} of at least ${min}, not "${raw}".`);
  }
  return value;
}

function readConsoleSetting(raw: string | undefined): Settings['console'] {
  if (raw === undefined || raw === '' || raw === '1') return true;
  if (raw === '0') return false;
  if (raw === 'only') return 'only';
  throw new Error(`BENCH_CONSOLE must be 0, 1 or only, not "${raw}".`);
}

function readStartupOnly(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new Error(`BENCH_STARTUP_ONLY must be 0 or 1, not "${raw}".`);
}

interface Settings {
  seconds: number;
  warmupSeconds: number;
  starts: number;
  /** The console in Chromium measured too, or alone. */
  console: boolean | 'only';
  /** The sandbox's start-up figures alone. */
  startupOnly: boolean;
}

function readSettings(): Settings {
  return {
    seconds: numberFromEnv('BENCH_SECONDS', 10, { min: 1 }),
    warmupSeconds: numberFromEnv('BENCH_WARMUP_SECONDS', 1),
    starts: numberFromEnv('BENCH_STARTS', 3, { min: 1, integer: true }),
    console: readConsoleSetting(process.env.BENCH_CONSOLE),
    startupOnly: readStartupOnly(process.env.BENCH_STARTUP_ONLY),
  };
}

/** Measures the code as it is now: the bundles are rebuilt first (the server's alone without the console). */
function rebuild(settings: Settings) {
  const script = settings.console && !settings.startupOnly ? 'build' : 'build:server';
  const build = spawnSync('npm', ['run', '--silent', script], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error(`npm run ${script} failed (exit ${build.status ?? build.signal}).`);
}

/** The built console opened in Chromium: first-load JavaScript per page, and the long transactions table. */
async function measureConsole(): Promise<ConsoleFigures> {
  const { server, origin } = await startConsole();
  const browser = await launchChromium();
  try {
    const firstLoads = await measureFirstLoads(browser, origin, BUDGET_ROUTES);
    const withResources = await measurePagesWithResources(browser, origin);
    const paint = await measureTransactionsPaint(browser, origin);
    printFirstLoads(firstLoads);
    printFirstLoads(withResources, 'A payment, a consent and an account the bank knows (consent active)');
    console.log(heading('Transactions table in Chromium: bob’s business account, every page loaded'));
    console.log(`${paint.transactions} entries in ${paint.pages} pages, loaded in ${ms(paint.loadAllMs)}`);
    console.log(`last page's data in the cache → rows painted: ${ms(paint.dataToPaintMs)}`);
    console.log(`scroll to the end → last row painted:         ${ms(paint.scrollToEndPaintMs)}`);
    console.log(`row elements in the DOM: ${paint.domRowsTop} at the top, ${paint.domRowsEnd} at the end`);
    return { firstLoads, withResources, paint };
  } finally {
    await browser.close();
    await stop(server, 'console server');
  }
}

interface Measured {
  settings: Settings;
  loadAverage: number;
  startups: Startups;
  http: HttpFigures;
  usage: ConsentUsage;
  consoleFigures: ConsoleFigures | undefined;
}

async function writeResults(
  { settings, loadAverage, startups, http, usage, consoleFigures }: Measured,
  checks: Check[],
) {
  const m = http.memoryKb;
  const results = {
    at: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown CPU',
    loadAverageBefore: loadAverage,
    loadAverageAfter: loadavg()[0],
    settings: { ...settings, connections: CONNECTIONS, requestPool: REQUEST_POOL, database: 'SQLite file (libsql)' },
    http: {
      bare: http.bare,
      bareRuns: http.bareRuns,
      accounts: http.counted,
      accountsPsuPresent: http.psuPresent,
      payments: http.payments,
    },
    startupMs: {
      freshMedian: median(startups.fresh.map((r) => r.toHealthMs)),
      existingMedian: median(startups.existing.map((r) => r.toHealthMs)),
      fresh: startups.fresh,
      existing: startups.existing,
      bare: http.bareStartup,
    },
    memoryMb: {
      idle: mbOf(m.idle),
      peakUnderLoad: mbOf(m.peak),
      afterLoad: mbOf(m.afterLoad),
      samples: m.samples,
      vmHwm: mbOf(m.hwm),
      freshStartVmHwm: mbOf(startups.freshPeakKb),
      bareUnderLoad: mbOf(m.bare),
    },
    consentUsage: usage,
    ...(consoleFigures && {
      firstLoads: { routes: consoleFigures.firstLoads, budgetGzipBytes: TARGETS.bundleGzipBytes },
      pagesWithResources: consoleFigures.withResources,
      transactionsPaint: consoleFigures.paint,
    }),
    checks,
  };
  const resultsDir = join(repoRoot, 'bench', 'results');
  await mkdir(resultsDir, { recursive: true });
  await writeFile(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWrote bench/results/latest.json');
}

/** BENCH_CONSOLE=only: the console's figures and checks alone, written to bench/results/console-latest.json. */
async function consoleOnly(settings: Settings, loadAverage: number) {
  try {
    const consoleFigures = await measureConsole();
    const checks = consoleChecks(consoleFigures);
    console.log(heading('Targets (informational)'));
    for (const check of checks) console.log(checkLine(check));
    console.log(`\nload average at the end: ${(loadavg()[0] ?? Number.NaN).toFixed(2)}`);
    const results = {
      at: new Date().toISOString(),
      node: process.version,
      cpus: cpus().length,
      loadAverageBefore: loadAverage,
      loadAverageAfter: loadavg()[0],
      settings,
      firstLoads: { routes: consoleFigures.firstLoads, budgetGzipBytes: TARGETS.bundleGzipBytes },
      pagesWithResources: consoleFigures.withResources,
      transactionsPaint: consoleFigures.paint,
      checks,
    };
    const resultsDir = join(repoRoot, 'bench', 'results');
    await mkdir(resultsDir, { recursive: true });
    await writeFile(join(resultsDir, 'console-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log('\nWrote bench/results/console-latest.json');
  } finally {
    await stopAll();
  }
}

/**
 * BENCH_STARTUP_ONLY=1: the sandbox's fresh and existing start-ups, measured as in the full run, and the bare server's
 * start-up; nothing is written to bench/results.
 */
async function startupOnly(settings: Settings) {
  const workDir = await mkdtemp(join(tmpdir(), 'xs2a-bench-'));
  try {
    const startups = await measureStartups(workDir, settings.starts);
    await stop(startups.sandbox.server, 'sandbox');
    const bare = await startBare('{"status":"UP"}');
    await stop(bare.server, 'bare server');
    console.log(`bare node:http (under tsx) started in ${ms(bare.server.startupMs)}`);
    console.log(heading('Targets (informational)'));
    for (const check of startupChecks(startups, bare.server.startupMs)) console.log(checkLine(check));
    console.log(`\nload average at the end: ${(loadavg()[0] ?? Number.NaN).toFixed(2)}`);
  } finally {
    await stopAll();
    await rm(workDir, { recursive: true, force: true });
  }
}

async function main() {
  const settings = readSettings();
  // Other work on the machine skews every figure; the load average says how quiet it was.
  const loadAverage = loadavg()[0] ?? Number.NaN;
  console.log(
    `XS2A Console bench: Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ` +
      `load average ${loadAverage.toFixed(2)}`,
  );
  if (settings.console !== 'only' && !settings.startupOnly) {
    console.log(
      `HTTP load: ${CONNECTIONS} connections, ${settings.seconds} s per scenario after ${settings.warmupSeconds} s ` +
        `unrecorded warm-up, ${REQUEST_POOL} requests built before each run; the load generator shares this machine`,
    );
  }
  rebuild(settings);
  if (settings.startupOnly) {
    await startupOnly(settings);
    return;
  }
  if (settings.console === 'only') {
    await consoleOnly(settings, loadAverage);
    return;
  }
  const workDir = await mkdtemp(join(tmpdir(), 'xs2a-bench-'));
  try {
    const startups = await measureStartups(workDir, settings.starts);
    const timing = { seconds: settings.seconds, warmupSeconds: settings.warmupSeconds, connections: CONNECTIONS };
    const http = await measureHttp(startups.sandbox, timing);
    printMemory(http, startups.freshPeakKb);
    const usage = consentUsage(startups.dataDir, http);
    const consoleFigures = settings.console ? await measureConsole() : undefined;
    const measured = { settings, loadAverage, startups, http, usage, consoleFigures };
    const checks = allChecks(startups, http, usage, consoleFigures);
    printChecksAndSummary(http, checks);
    console.log(`\nload average at the end: ${(loadavg()[0] ?? Number.NaN).toFixed(2)}`);
    await writeResults(measured, checks);
  } finally {
    await stopAll();
    await rm(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
