// One load scenario with autocannon: fixed connections for a fixed time, a fresh X-Request-ID on every request, after an
// unrecorded warm-up so the figures are the server's steady state rather than its JIT compiling.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface Scenario {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
  warmupSeconds: number;
  connections: number;
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
  warmup: Tally | null;
}

function fire({ url, method, headers = {}, body, connections }: Scenario, seconds: number) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method,
        headers,
        ...(body === undefined ? {} : { body }),
        // Every XS2A request needs its own X-Request-ID.
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-request-id': randomUUID() } }),
      },
    ],
  });
}

function tally(result: autocannon.Result): Tally {
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) statusCounts[code] = stats.count ?? 0;
  return { completed: result.requests.total, sent: result.requests.sent, statusCounts };
}

export async function runScenario(scenario: Scenario): Promise<LoadFigures> {
  const warmup = scenario.warmupSeconds > 0 ? tally(await fire(scenario, scenario.warmupSeconds)) : null;
  const result = await fire(scenario, scenario.seconds);
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
    warmup,
  };
}
