// How the benchmark prints: figures with their units, target checks as PASS/FAIL lines, and the closing table.
import type { LoadFigures } from './load';

export interface Check {
  name: string;
  measured: string;
  target: string;
  pass: boolean;
}

/** /proc reports kB of 1024 bytes; figures are printed in MB of 10^6 bytes, like the targets. */
export const kbToMb = (kb: number) => (kb * 1024) / 1e6;

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const mb = (value: number) => `${value.toFixed(1)} MB`;
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
export const rate = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;
export const ratio = (value: number) => `${value.toFixed(2)}×`;

/** The server's CPU time per answered request. */
export const cpuPerRequest = (figures: LoadFigures) => `${Math.round(figures.serverCpuUsPerRequest)} µs CPU/req`;

/** The load generator's CPU time per answered request. */
export const clientCpuPerRequest = (figures: LoadFigures) => `${Math.round(figures.clientCpuUsPerRequest)} µs`;

export function scenarioLine(figures: LoadFigures, baseline: LoadFigures): string {
  const statuses = Object.entries(figures.statusCounts)
    .map(([code, count]) => `${code}: ${count}`)
    .join(', ');
  return [
    figures.name.padEnd(30),
    rate(figures.requestsPerSecond).padStart(13),
    `p50 ${figures.p50Ms} ms`.padStart(10),
    `p99 ${figures.p99Ms} ms`.padStart(11),
    `max ${figures.maxMs} ms`.padStart(12),
    `errors ${figures.errors}`.padStart(10),
    `non-2xx ${figures.non2xx}`.padStart(12),
    `  ${ratio(figures.requestsPerSecond / baseline.requestsPerSecond)} bare`,
    `  ${cpuPerRequest(figures)}`,
    `  (${statuses || 'no answers'})`,
  ].join(' ');
}

export function checkLine(check: Check): string {
  return `${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.measured} (target ${check.target})`;
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function heading(title: string): string {
  return `\n== ${title} ==`;
}
