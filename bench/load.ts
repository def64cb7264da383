// One load scenario with autocannon: fixed connections for a fixed time, each request with its own X-Request-ID, after an
// unrecorded warm-up so the figures are the server's steady state rather than its JIT compiling.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { readCpuMs } from './proc-status';

export interface Scenario {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  /** The server's process, whose CPU time the recorded run is measured by. */
  serverPid: number;
}

/** Requests of one autocannon run, kept apart for checks that count what the server saw. */
export interface Tally {
  completed: number;
  sent: number;
  /** Answers per status code, e.g. { "200": 51234 }. */
  statusCounts: Record<string, number>;
}

export interface LoadFigures extends Tally {
  name: string;
  /** Mean completed requests per second. */
  requestsPerSecond: number;
  /** autocannon records whole milliseconds. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  durationS: number;
  /** The server's CPU time (user and system) over the recorded run, per answered request, in microseconds. */
  serverCpuUsPerRequest: number;
  /** The load generator's own CPU time per answered request: when it nears the server's, the client sets the pace. */
  clientCpuUsPerRequest: number;
  warmup: Tally | null;
}

/** Requests built before a run, each with its own X-Request-ID, sent in turn on every connection. */
export const REQUEST_POOL = 4_096;

/**
 * Every XS2A request needs an X-Request-ID. Requests are built before the run and sent in turn: autocannon rebuilds a
 * request on every send when it is given a `setupRequest`, which costs the client more than a bare server spends
 * answering, so the baseline would measure the client instead of the server.
 */
function requestPool({ method, headers = {}, body }: Scenario): autocannon.Request[] {
  return Array.from({ length: REQUEST_POOL }, () => ({
    method,
    headers: { ...headers, 'x-request-id': randomUUID() },
    ...(body === undefined ? {} : { body }),
  }));
}

function fire(scenario: Scenario, seconds: number) {
  return autocannon({
    url: scenario.url,
    connections: scenario.connections,
    duration: seconds,
    requests: requestPool(scenario),
  });
}

function tally(result: autocannon.Result): Tally {
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count ?? 0;
  return { completed: result.requests.total, sent: result.requests.sent, statusCounts };
}

export async function runScenario(scenario: Scenario): Promise<LoadFigures> {
  const warmup = scenario.warmupSeconds > 0 ? tally(await fire(scenario, scenario.warmupSeconds)) : null;
  const cpuBefore = readCpuMs(scenario.serverPid);
  const clientBefore = process.cpuUsage();
  const result = await fire(scenario, scenario.seconds);
  const client = process.cpuUsage(clientBefore);
  const cpuMs = (readCpuMs(scenario.serverPid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    ...tally(result),
    errors: result.errors,
    non2xx: result.non2xx,
    durationS: result.duration,
    serverCpuUsPerRequest: (cpuMs * 1000) / result.requests.total,
    clientCpuUsPerRequest: (client.user + client.system) / result.requests.total,
    warmup,
  };
}
