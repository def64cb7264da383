// The bench's targets, checked against the figures of one run and printed as PASS/FAIL; they never fail the run.
import type { FirstLoad } from './console-load';
import type { LoadFigures } from './load';
import {
  checkLine,
  clientCpuPerRequest,
  cpuPerRequest,
  heading,
  kB,
  mb,
  ms,
  rate,
  ratio,
  table,
  type Check,
} from './report';
import { mbOf, median, type ConsentUsage, type HttpFigures, type Startups } from './sandbox-bench';
import type { TransactionsPaint } from './transactions-paint';

export const TARGETS = {
  accountsShareOfBare: 1 / 3,
  p99Ms: 10,
  rssMb: 200,
  startupMs: 1_000,
  bundleGzipBytes: 150_000,
};

/**
 * Pages whose first-load JavaScript has a budget: every page of the console's navigation, the pages that create a
 * payment or consent, a detail page of each kind (ids the sandbox does not know: the page still shows its heading) and
 * the page a bank's redirect returns to.
 */
export const BUDGET_ROUTES = [
  '/',
  '/payments',
  '/payments/new',
  '/payments/payments/sepa-credit-transfers/no-such-payment',
  '/consents',
  '/consents/new',
  '/consents/no-such-consent',
  '/baskets',
  '/baskets/new',
  '/baskets/no-such-basket',
  '/accounts',
  '/accounts/no-such-account',
  '/accounts/cards',
  '/explore',
  '/explore/createConsent',
  '/inspector',
  '/test-bench',
  '/replay',
  '/settings',
  '/callback/ok',
];

export interface ConsoleFigures {
  firstLoads: FirstLoad[];
  /** A real payment's, consent's and account's pages, with the consent active. */
  withResources: FirstLoad[];
  paint: TransactionsPaint;
}

function httpChecks(http: HttpFigures): Check[] {
  const bareRate = http.bare.requestsPerSecond;
  const reads = [http.counted, http.psuPresent];
  const all = [...reads, http.payments];
  return [
    ...reads.map((s) => ({
      name: `${s.name} rate vs bare node:http`,
      measured: `${rate(s.requestsPerSecond)} = ${ratio(s.requestsPerSecond / bareRate)} of ${rate(bareRate)}`,
      target: `≥ ${ratio(TARGETS.accountsShareOfBare)}`,
      pass: s.requestsPerSecond >= bareRate * TARGETS.accountsShareOfBare,
    })),
    ...all.map((s) => ({
      name: `${s.name} p99`,
      measured: `${s.p99Ms} ms (bare ${http.bare.p99Ms} ms)`,
      target: `< ${TARGETS.p99Ms} ms`,
      pass: s.p99Ms < TARGETS.p99Ms,
    })),
    ...all.map((s) => ({
      name: `${s.name} answers`,
      measured: `${s.errors} errors, ${s.non2xx} non-2xx of ${s.completed}`,
      target: 'all 2xx',
      pass: s.errors === 0 && s.non2xx === 0 && s.completed > 0,
    })),
    {
      name: 'sandbox peak RSS under load',
      measured: `${mb(mbOf(http.memoryKb.peak))} (bare ${mb(mbOf(http.memoryKb.bare))})`,
      target: `< ${TARGETS.rssMb} MB`,
      pass: mbOf(http.memoryKb.peak) < TARGETS.rssMb,
    },
  ];
}

export function startupChecks(startups: Startups, bareStartupMs: number): Check[] {
  return [
    {
      name: 'start-up, fresh data dir',
      measured: `${ms(median(startups.fresh.map((r) => r.toHealthMs)))} median (bare ${ms(bareStartupMs)})`,
      target: `< ${TARGETS.startupMs} ms`,
      pass: median(startups.fresh.map((r) => r.toHealthMs)) < TARGETS.startupMs,
    },
    {
      name: 'start-up, existing data dir',
      measured: `${ms(median(startups.existing.map((r) => r.toHealthMs)))} median`,
      target: `< ${TARGETS.startupMs} ms`,
      pass: median(startups.existing.map((r) => r.toHealthMs)) < TARGETS.startupMs,
    },
  ];
}

function usageCheck(usage: ConsentUsage): Check {
  const extra = usage.usageCount - usage.ok200;
  return {
    name: 'consent usage_count = 200 answers',
    measured: `${usage.usageCount} vs ${usage.ok200}`,
    target: `equal, or above by ≤ ${usage.cutOffInFlight} cut-off reads`,
    pass: extra >= 0 && extra <= usage.cutOffInFlight,
  };
}

export function consoleChecks({ firstLoads, withResources, paint }: ConsoleFigures): Check[] {
  return [
    {
      name: 'transaction rows in the DOM of 10,000 (top, end)',
      measured: `${paint.domRowsTop}, ${paint.domRowsEnd}`,
      target: '≤ 300 each',
      pass: paint.transactions === 10_000 && Math.max(paint.domRowsTop, paint.domRowsEnd) <= 300,
    },
    ...firstLoadChecks([...firstLoads, ...withResources]),
  ];
}

/** Each budgeted page's first-load JavaScript against the budget. */
export function firstLoadChecks(firstLoads: FirstLoad[]): Check[] {
  return firstLoads.map((load) => ({
    name: `first-load JS gzip, ${load.route}`,
    measured: `${kB(load.gzipBytes)}, heading at ${ms(load.headingMs)}`,
    target: `≤ ${kB(TARGETS.bundleGzipBytes)}`,
    pass: load.gzipBytes <= TARGETS.bundleGzipBytes,
  }));
}

export function allChecks(
  startups: Startups,
  http: HttpFigures,
  usage: ConsentUsage,
  consoleFigures: ConsoleFigures | undefined,
): Check[] {
  return [
    ...httpChecks(http),
    ...startupChecks(startups, http.bareStartup.toHealthMs),
    usageCheck(usage),
    ...(consoleFigures ? consoleChecks(consoleFigures) : []),
  ];
}

export function printChecksAndSummary(http: HttpFigures, checks: Check[]): void {
  console.log(heading('Targets (informational)'));
  for (const check of checks) console.log(checkLine(check));
  console.log(heading('Summary'));
  const bareRate = http.bare.requestsPerSecond;
  const bareCpu = http.bare.serverCpuUsPerRequest;
  const row = (s: LoadFigures) => [
    s.name,
    rate(s.requestsPerSecond),
    `${s.p99Ms} ms`,
    `${s.errors} / ${s.non2xx}`,
    ratio(s.requestsPerSecond / bareRate),
    cpuPerRequest(s),
    ratio(bareCpu / s.serverCpuUsPerRequest),
    clientCpuPerRequest(s),
  ];
  const scenarios = [...http.bareRuns, http.bare, http.counted, http.psuPresent, http.payments];
  const header = [
    'scenario',
    'rate',
    'p99',
    'errors / non-2xx',
    'vs bare',
    'server CPU',
    'bare CPU / CPU',
    'client CPU',
  ];
  console.log(table(header, scenarios.map(row)));
  console.log(
    "bare CPU / CPU: the bare server's CPU time per request over the scenario's; on a busy machine, where rates follow " +
      'what other work leaves, it shows the share of bare the server would reach with a core of its own. client CPU: ' +
      "the load generator's CPU time per request; where it exceeds the bare server's, the client sets the bare rate.",
  );
  console.log('');
  console.log(
    table(
      ['figure', 'measured', 'target', 'result'],
      checks.map((c) => [c.name, c.measured, c.target, c.pass ? 'PASS' : 'FAIL']),
    ),
  );
}
