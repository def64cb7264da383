// The sandbox's figures: start-up on a fresh and on an existing data dir, then HTTP load against the bare baseline
// (account reads without and with the PSU present, payments), its memory under that load and the consent's read count.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'libsql';
import { runScenario, type LoadFigures, type Scenario } from './load';
import { readStatusKb, sampleRss } from './proc-status';
import type { ServerProcess } from './processes';
import { heading, kbToMb, mb, ms, ratio, scenarioLine } from './report';
import { startBare, startSandbox, stop, type RunningSandbox } from './servers';
import { authorisedConsent, paymentBody, PSU_IP_ADDRESS, Xs2aCaller } from './xs2a-session';

export interface Startup {
  toHealthMs: number;
  toReadyLineMs: number;
}

export interface Startups {
  fresh: Startup[];
  existing: Startup[];
  /** Highest VmHWM of the fresh (seeding) starts, in kB. */
  freshPeakKb: number;
  /** The data dir the restarts used. */
  dataDir: string;
  /** The last restart, left running for the load. */
  sandbox: RunningSandbox;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

export const mbOf = (kb: number | undefined) => kbToMb(kb ?? Number.NaN);

const startupOf = (server: ServerProcess): Startup => ({
  toHealthMs: server.startupMs,
  toReadyLineMs: server.readyLineMs,
});

const startupLine = (label: string, runs: Startup[]) =>
  `${`${label}:`.padEnd(37)} median ${ms(median(runs.map((r) => r.toHealthMs)))}  (runs ${runs.map((r) => ms(r.toHealthMs)).join(', ')}; ` +
  `ready line after ${runs.map((r) => ms(r.toReadyLineMs)).join(', ')})`;

/** `starts` fresh starts (each seeds a new data dir), then `starts` restarts on the first one; the last stays up. */
export async function measureStartups(workDir: string, starts: number): Promise<Startups> {
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
  const dataDir = join(workDir, 'fresh-0');
  const existing: Startup[] = [];
  let sandbox: RunningSandbox | undefined;
  for (let i = 0; i < starts; i += 1) {
    if (sandbox) await stop(sandbox.server, 'sandbox (restart)');
    sandbox = await startSandbox(dataDir);
    existing.push(startupOf(sandbox.server));
  }
  if (!sandbox) throw new Error('The sandbox did not start.');
  console.log(startupLine('existing data dir', existing));
  return { fresh, existing, freshPeakKb, dataDir, sandbox };
}

export interface HttpFigures {
  consentId: string;
  /** The baseline the scenarios are compared to: the mean of the bare server's two runs. */
  bare: LoadFigures;
  /** The bare server's runs before and after the sandbox's scenarios. */
  bareRuns: [LoadFigures, LoadFigures];
  bareStartup: Startup;
  /** GET /v1/accounts without the PSU present: every read counts against frequencyPerDay. */
  counted: LoadFigures;
  /** GET /v1/accounts with PSU-IP-Address, as the console sends it. */
  psuPresent: LoadFigures;
  payments: LoadFigures;
  memoryKb: {
    idle: number | undefined;
    peak: number | undefined;
    afterLoad: number | undefined;
    samples: number;
    hwm: number | undefined;
    bare: number | undefined;
  };
}

/** The bare server answering the same bytes as GET /v1/accounts, driven by the same requests, in its own process. */
async function measureBare(load: Omit<Scenario, 'name' | 'url' | 'serverPid'>, accountsBody: string, name: string) {
  const bare = await startBare(accountsBody);
  console.log(
    `bare node:http (also under tsx) started in ${ms(bare.server.startupMs)}; ` +
      `answers the same ${accountsBody.length} bytes as GET /v1/accounts`,
  );
  const sampler = sampleRss(bare.server.pid);
  const figures = await runScenario({ ...load, name, url: bare.url, serverPid: bare.server.pid });
  const rss = sampler.stop();
  await stop(bare.server, 'bare server');
  console.log(scenarioLine(figures, figures));
  return { figures, startup: startupOf(bare.server), peakKb: rss.peakKb };
}

/** Two runs of one server as one: rates and CPU times averaged, latencies the worse, counts summed. */
function meanOfRuns(name: string, a: LoadFigures, b: LoadFigures): LoadFigures {
  const mean = (pick: (f: LoadFigures) => number) => (pick(a) + pick(b)) / 2;
  const statusCounts: Record<string, number> = { ...a.statusCounts };
  for (const [code, count] of Object.entries(b.statusCounts)) statusCounts[code] = (statusCounts[code] ?? 0) + count;
  return {
    name,
    requestsPerSecond: mean((f) => f.requestsPerSecond),
    p50Ms: Math.max(a.p50Ms, b.p50Ms),
    p99Ms: Math.max(a.p99Ms, b.p99Ms),
    maxMs: Math.max(a.maxMs, b.maxMs),
    completed: a.completed + b.completed,
    sent: a.sent + b.sent,
    statusCounts,
    errors: a.errors + b.errors,
    non2xx: a.non2xx + b.non2xx,
    durationS: a.durationS + b.durationS,
    serverCpuUsPerRequest: mean((f) => f.serverCpuUsPerRequest),
    clientCpuUsPerRequest: mean((f) => f.clientCpuUsPerRequest),
    warmup: null,
  };
}

/** Authorises a consent, then runs the scenarios against the bare server and the sandbox, and stops the sandbox. */
export async function measureHttp(
  { server, base }: RunningSandbox,
  timing: Pick<Scenario, 'seconds' | 'warmupSeconds' | 'connections'>,
): Promise<HttpFigures> {
  const consent = await authorisedConsent(new Xs2aCaller(base));
  console.log(`consent ${consent.consentId} valid after embedded SCA; debtor ${consent.debtorIban}`);
  const idle = readStatusKb(server.pid, 'VmRSS');

  console.log(heading('HTTP load'));
  const read = { ...timing, method: 'GET', headers: { 'Consent-ID': consent.consentId } } as const;
  const bare = await measureBare(read, consent.accountsBody, 'bare node:http, before');
  const sampler = sampleRss(server.pid);
  const run = async (scenario: Omit<Scenario, 'serverPid'>) => {
    const figures = await runScenario({ ...scenario, serverPid: server.pid });
    console.log(scenarioLine(figures, bare.figures));
    return figures;
  };
  const accountsUrl = `${base}/v1/accounts`;
  // No PSU-IP-Address: every read counts against frequencyPerDay and is written to the database.
  const counted = await run({ ...read, name: 'GET /v1/accounts', url: accountsUrl });
  const psuPresent = await run({
    ...read,
    name: 'GET /v1/accounts, PSU present',
    url: accountsUrl,
    headers: { ...read.headers, 'PSU-IP-Address': PSU_IP_ADDRESS },
  });
  const payments = await run({
    ...timing,
    name: 'POST sepa-credit-transfers',
    url: `${base}/v1/payments/sepa-credit-transfers`,
    method: 'POST',
    headers: { 'PSU-IP-Address': PSU_IP_ADDRESS, 'Content-Type': 'application/json' },
    body: paymentBody(consent.debtorIban),
  });
  await sleep(600);
  const rss = sampler.stop();
  const hwm = server.peakRssKb();
  await stop(server, 'sandbox');
  // The baseline is measured before and after the sandbox's scenarios and the two runs averaged, so a machine that
  // gets faster or slower meanwhile (a shared one does) moves the baseline with the scenarios it is compared to.
  const bareAfter = await measureBare(read, consent.accountsBody, 'bare node:http, after');
  const baseline = meanOfRuns('bare node:http (mean of before and after)', bare.figures, bareAfter.figures);
  console.log(scenarioLine(baseline, baseline));
  for (const s of [counted, psuPresent, payments]) {
    console.log(`${s.name.padEnd(30)} ${ratio(s.requestsPerSecond / baseline.requestsPerSecond)} of that baseline`);
  }
  return {
    consentId: consent.consentId,
    bare: baseline,
    bareRuns: [bare.figures, bareAfter.figures],
    bareStartup: bare.startup,
    counted,
    psuPresent,
    payments,
    memoryKb: {
      idle,
      peak: rss.peakKb,
      afterLoad: rss.lastKb,
      samples: rss.samples,
      hwm,
      bare: Math.max(bare.peakKb ?? 0, bareAfter.peakKb ?? 0) || undefined,
    },
  };
}

export function printMemory(http: HttpFigures, freshPeakKb: number): void {
  const m = http.memoryKb;
  console.log(heading('Sandbox memory: VmRSS of the server process'));
  console.log(`idle after start-up and SCA: ${mb(mbOf(m.idle))}`);
  console.log(
    `peak under load:             ${mb(mbOf(m.peak))} (${m.samples} samples every 200 ms); after load ${mb(mbOf(m.afterLoad))}`,
  );
  console.log(
    `VmHWM at stop:               ${mb(mbOf(m.hwm))}; highest VmHWM of the fresh (seeding) starts ${mb(mbOf(freshPeakKb))}`,
  );
  console.log(`bare node:http under load:   ${mb(mbOf(m.bare))}`);
}

export interface ConsentUsage {
  consentId: string;
  /** 200 answers to the counted reads, warm-up included. */
  ok200: number;
  usageCount: number;
  usageDay: string | null;
  /** Reads autocannon had sent but not seen answered when it stopped. */
  cutOffInFlight: number;
}

const count200 = (s: { statusCounts: Record<string, number> } | null) => s?.statusCounts['200'] ?? 0;
const inFlight = (s: { sent: number; completed: number } | null) => (s ? Math.max(0, s.sent - s.completed) : 0);

/** The consent's read count in the stopped sandbox's database, against the counted reads answered 200. */
export function consentUsage(dataDir: string, http: HttpFigures): ConsentUsage {
  const file = join(dataDir, 'sandbox.db');
  const db = new Database(file, { readonly: true });
  let row: { usage_count: number; usage_day: string | null } | undefined;
  try {
    row = db.prepare('SELECT usage_count, usage_day FROM consents WHERE consent_id = ?').get(http.consentId) as
      typeof row | undefined;
  } finally {
    db.close();
  }
  if (!row) throw new Error(`Consent ${http.consentId} is not in ${file}.`);
  const { counted } = http;
  const usage: ConsentUsage = {
    consentId: http.consentId,
    ok200: count200(counted.warmup) + count200(counted),
    usageCount: Number(row.usage_count),
    usageDay: row.usage_day,
    cutOffInFlight: inFlight(counted.warmup) + inFlight(counted),
  };
  console.log(heading('Consent usage counter'));
  console.log(`200 answers to GET /v1/accounts without the PSU (warm-up included): ${usage.ok200}`);
  console.log(
    `consents.usage_count in the database:                               ${usage.usageCount} (usage_day ${usage.usageDay ?? 'null'})`,
  );
  console.log(
    `difference ${usage.usageCount - usage.ok200}; reads cut off in flight when autocannon stopped: ${usage.cutOffInFlight}`,
  );
  return usage;
}
