// The deviation report of a bank check: the 1.3.12 schema deviations the console recorded in its exchange log
// (sessionStorage `xs2a-console.exchanges.v1`), gathered per test, merged across tests and written as Markdown and JSON.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { operations } from '../../src/xs2a/operations';

/** The exchange log's storage key (src/api/exchange-log.ts); the suite reads it, the console writes it. */
export const EXCHANGES_STORAGE_KEY = 'xs2a-console.exchanges.v1';
/** The name of the test attachment that carries a test's part of the report. */
export const DEVIATIONS_ATTACHMENT = 'xs2a-deviations';

export interface DeviationOccurrence {
  operationId: string;
  method: string;
  url: string;
  status: number;
  /** The JSON path as the console recorded it, e.g. `balances[1].balanceType`; '(status)' for an unexpected status. */
  path: string;
  /** What 1.3.12 expects there, in the console's words. */
  message: string;
  requestId: string;
}

export interface ExchangeCount {
  operationId: string;
  /** The HTTP status, or the way the request ended without one (network, timeout, relay, interrupted…). */
  outcome: string;
  count: number;
}

/** What one test saw: its exchanges with the bank, their deviations, and what its steps found. */
export interface CheckPart {
  test: string;
  status?: string;
  exchanges: ExchangeCount[];
  occurrences: DeviationOccurrence[];
  findings: string[];
}

export interface DeviationFinding {
  operationId: string;
  /** Method and path template of the operation in 1.3.12, e.g. `GET /v1/accounts/{account-id}/balances`. */
  operation: string;
  status: number;
  /** The JSON path with array positions as [*], so one deviation in every entry of a list is one finding. */
  path: string;
  expected: string;
  count: number;
  /** X-Request-IDs of the first occurrences, for the bank's support. */
  requestIds: string[];
  exampleUrl: string;
}

export interface DeviationReport {
  generatedAt: string;
  bank?: string;
  checkFile?: string;
  exchanges: number;
  deviations: number;
  findings: DeviationFinding[];
  exchangeCounts: ExchangeCount[];
  tests: { test: string; status?: string; exchanges: number; deviations: number; findings: string[] }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textOf = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** The request's header, whatever its case. */
function header(headers: unknown, name: string): string | undefined {
  if (!isRecord(headers)) return undefined;
  const wanted = name.toLowerCase();
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === wanted);
  return typeof entry?.[1] === 'string' ? entry[1] : undefined;
}

/**
 * A test's part of the report from the stored exchange log (the parsed JSON array). Entries that do not look like
 * exchanges are skipped: the log is the console's, and the suite must not fail on its shape.
 */
export function partFromExchangeLog(test: string, log: unknown, findings: string[] = [], status?: string): CheckPart {
  const exchanges = new Map<string, ExchangeCount>();
  const occurrences: DeviationOccurrence[] = [];
  for (const entry of Array.isArray(log) ? log : []) {
    if (!isRecord(entry) || typeof entry.operationId !== 'string' || !isRecord(entry.request)) continue;
    const operationId = entry.operationId;
    const response = isRecord(entry.response) ? entry.response : undefined;
    const error = isRecord(entry.error) ? entry.error : undefined;
    const status = typeof response?.status === 'number' ? response.status : undefined;
    const outcome = status !== undefined ? String(status) : textOf(error?.kind, 'no answer');
    const key = `${operationId} ${outcome}`;
    const counted = exchanges.get(key) ?? { operationId, outcome, count: 0 };
    counted.count += 1;
    exchanges.set(key, counted);
    if (status === undefined || !Array.isArray(entry.deviations)) continue;
    for (const deviation of entry.deviations) {
      if (!isRecord(deviation)) continue;
      occurrences.push({
        operationId,
        method: textOf(entry.request.method),
        url: textOf(entry.request.url),
        status,
        path: textOf(deviation.path, '(body)'),
        message: textOf(deviation.message),
        requestId: textOf(entry.requestId) || (header(entry.request.headers, 'X-Request-ID') ?? ''),
      });
    }
  }
  return {
    test,
    ...(status !== undefined && { status }),
    exchanges: [...exchanges.values()],
    occurrences,
    findings,
  };
}

/** `accounts[0].balances[12].amount` → `accounts[*].balances[*].amount`. */
export function normalisedPath(path: string): string {
  return path.replace(/\[\d+\]/g, '[*]');
}

/** `GET /v1/consents/{consentId}/status` for a known operationId; the id itself otherwise. */
export function operationLabel(operationId: string): string {
  const operation = (operations as Record<string, { method: string; path: string } | undefined>)[operationId];
  return operation ? `${operation.method} ${operation.path}` : operationId;
}

const MAX_REQUEST_IDS = 3;

/** Merges the parts of several tests: one finding per operation, status, path and expectation, with its count. */
export function mergeParts(
  parts: CheckPart[],
  context: { bank?: string; checkFile?: string; now?: Date } = {},
): DeviationReport {
  const findings = new Map<string, DeviationFinding>();
  const counts = new Map<string, ExchangeCount>();
  for (const part of parts) {
    for (const occurrence of part.occurrences) {
      const path = normalisedPath(occurrence.path);
      const key = JSON.stringify([occurrence.operationId, occurrence.status, path, occurrence.message]);
      const finding = findings.get(key) ?? {
        operationId: occurrence.operationId,
        operation: operationLabel(occurrence.operationId),
        status: occurrence.status,
        path,
        expected: occurrence.message,
        count: 0,
        requestIds: [],
        exampleUrl: occurrence.url,
      };
      finding.count += 1;
      if (
        occurrence.requestId &&
        finding.requestIds.length < MAX_REQUEST_IDS &&
        !finding.requestIds.includes(occurrence.requestId)
      ) {
        finding.requestIds.push(occurrence.requestId);
      }
      findings.set(key, finding);
    }
    for (const exchange of part.exchanges) {
      const key = `${exchange.operationId} ${exchange.outcome}`;
      const counted = counts.get(key) ?? { ...exchange, count: 0 };
      counted.count += exchange.count;
      counts.set(key, counted);
    }
  }
  const sortedFindings = [...findings.values()].sort(
    (a, b) => b.count - a.count || a.operationId.localeCompare(b.operationId) || a.path.localeCompare(b.path),
  );
  const exchangeCounts = [...counts.values()].sort(
    (a, b) => a.operationId.localeCompare(b.operationId) || a.outcome.localeCompare(b.outcome),
  );
  return {
    generatedAt: (context.now ?? new Date()).toISOString(),
    ...(context.bank && { bank: context.bank }),
    ...(context.checkFile && { checkFile: context.checkFile }),
    exchanges: exchangeCounts.reduce((sum, exchange) => sum + exchange.count, 0),
    deviations: sortedFindings.reduce((sum, finding) => sum + finding.count, 0),
    findings: sortedFindings,
    exchangeCounts,
    tests: parts.map((part) => ({
      test: part.test,
      ...(part.status !== undefined && { status: part.status }),
      exchanges: part.exchanges.reduce((sum, exchange) => sum + exchange.count, 0),
      deviations: part.occurrences.length,
      findings: part.findings,
    })),
  };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A table cell: no line breaks, pipes escaped. */
function cell(value: string): string {
  return value.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

export function renderMarkdown(report: DeviationReport): string {
  const lines: string[] = ['# XS2A 1.3.12 schema deviations', ''];
  if (report.bank) lines.push(`- Bank: ${report.bank}`);
  if (report.checkFile) lines.push(`- Check file: ${report.checkFile}`);
  lines.push(`- Run: ${report.generatedAt}`, '');
  if (report.findings.length === 0) {
    lines.push(
      `No schema deviations: every answer the console checked in ${plural(report.exchanges, 'exchange')} matched 1.3.12.`,
    );
  } else {
    lines.push(
      `${plural(report.deviations, 'deviation')} in ${plural(report.findings.length, 'place')}, over ${plural(report.exchanges, 'exchange')} with the bank.`,
      '',
      '| Operation | HTTP status | JSON path | Expected by 1.3.12 | Times | X-Request-ID (first) |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const finding of report.findings) {
      lines.push(
        `| ${cell(`${finding.operationId} (${finding.operation})`)} | ${finding.status} | \`${cell(finding.path)}\` | ${cell(finding.expected)} | ${finding.count} | ${cell(finding.requestIds.join(', '))} |`,
      );
    }
  }
  if (report.exchangeCounts.length > 0) {
    lines.push('', '## Exchanges', '', '| Operation | HTTP status or outcome | Times |', '| --- | --- | --- |');
    for (const exchange of report.exchangeCounts) {
      lines.push(
        `| ${cell(`${exchange.operationId} (${operationLabel(exchange.operationId)})`)} | ${cell(exchange.outcome)} | ${exchange.count} |`,
      );
    }
  }
  if (report.tests.length > 0) {
    lines.push('', '## Tests', '');
    for (const test of report.tests) {
      const status = test.status ? ` (${test.status})` : '';
      lines.push(
        `- **${test.test}**${status}: ${plural(test.exchanges, 'exchange')}, ${plural(test.deviations, 'deviation')}`,
      );
      for (const finding of test.findings) lines.push(`  - ${finding.replace(/\r?\n/g, ' ')}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A few lines for the end of the run. */
export function summaryLines(report: DeviationReport, where?: string): string[] {
  const lines: string[] = [];
  if (report.findings.length === 0) {
    lines.push(
      `Schema deviations (1.3.12): none in ${plural(report.exchanges, 'exchange')} with the bank.${where ? ` Report: ${where}` : ''}`,
    );
    return lines;
  }
  lines.push(
    `Schema deviations (1.3.12): ${report.deviations} in ${plural(report.findings.length, 'place')}, over ${plural(report.exchanges, 'exchange')}:`,
  );
  const shown = report.findings.slice(0, 10);
  for (const finding of shown) {
    lines.push(`  ${finding.operationId} ${finding.status} ${finding.path}: ${finding.expected} (×${finding.count})`);
  }
  if (report.findings.length > shown.length) lines.push(`  … and ${report.findings.length - shown.length} more`);
  if (where) lines.push(`Report: ${where}`);
  return lines;
}

/** Writes deviations.md and deviations.json into `folder`; returns their paths. */
export async function writeDeviationReport(
  folder: string,
  report: DeviationReport,
): Promise<{ markdown: string; json: string }> {
  await mkdir(folder, { recursive: true });
  const markdown = join(folder, 'deviations.md');
  const json = join(folder, 'deviations.json');
  await writeFile(markdown, renderMarkdown(report));
  await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
  return { markdown, json };
}

/** A part as it travels in an attachment or a file; undefined when the text is not one. */
export function parsePart(text: string): CheckPart | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || typeof value.test !== 'string') return undefined;
  if (!Array.isArray(value.exchanges) || !Array.isArray(value.occurrences) || !Array.isArray(value.findings)) {
    return undefined;
  }
  return value as unknown as CheckPart;
}

/** Every part file (`*.json`) in a folder, oldest name first; a missing folder holds none. */
export async function readPartFiles(folder: string): Promise<CheckPart[]> {
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const parts: CheckPart[] = [];
  for (const name of names) {
    const part = parsePart(await readFile(join(folder, name), 'utf8'));
    if (part) parts.push(part);
  }
  return parts;
}
