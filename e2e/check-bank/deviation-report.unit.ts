// The bank check's deviation report: a test's part from the console's stored exchange log, the merge across tests,
// and the Markdown, JSON and summary written from it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  mergeParts,
  normalisedPath,
  operationLabel,
  parsePart,
  partFromExchangeLog,
  readPartFiles,
  renderMarkdown,
  summaryLines,
  writeDeviationReport,
  type CheckPart,
} from './deviation-report';

let sequence = 0;

/** An exchange as the console stores it in sessionStorage (src/api/exchange-log.ts). */
function exchange(
  operationId: string,
  status: number | undefined,
  deviations: { path: string; message: string }[] = [],
) {
  sequence += 1;
  return {
    id: `exchange-${sequence}`,
    operationId,
    requestId: `req-${sequence}`,
    startedAt: 1_700_000_000_000,
    request: { method: 'GET', url: `https://bank.example/psd2/v1/accounts/a${sequence}/balances`, headers: {} },
    ...(status === undefined
      ? { error: { kind: 'network', message: 'Failed to fetch' } }
      : { response: { status, statusText: '', headers: {}, bodyText: '{}' } }),
    deviations,
  };
}

const missingType = { path: 'balances[0].balanceType', message: 'Invalid option: expected one of "closingBooked"|…' };

describe('a test’s part from the exchange log', () => {
  it('counts exchanges per operation and outcome and keeps every deviation with its request', () => {
    const log = [
      exchange('getBalances', 200, [missingType, { ...missingType, path: 'balances[1].balanceType' }]),
      exchange('getBalances', 200),
      exchange('getConsentStatus', 403),
      exchange('getAccountList', undefined),
      { not: 'an exchange' },
      42,
    ];
    const part = partFromExchangeLog('account information', log, ['Consent created.'], 'passed');
    expect(part.test).toBe('account information');
    expect(part.status).toBe('passed');
    expect(part.findings).toEqual(['Consent created.']);
    expect(part.exchanges).toEqual([
      { operationId: 'getBalances', outcome: '200', count: 2 },
      { operationId: 'getConsentStatus', outcome: '403', count: 1 },
      { operationId: 'getAccountList', outcome: 'network', count: 1 },
    ]);
    expect(part.occurrences).toHaveLength(2);
    expect(part.occurrences[0]).toMatchObject({
      operationId: 'getBalances',
      method: 'GET',
      status: 200,
      path: 'balances[0].balanceType',
      message: missingType.message,
    });
    expect(part.occurrences[0]?.requestId).toMatch(/^req-\d+$/);
  });

  it('a log that is not a list gives an empty part', () => {
    expect(partFromExchangeLog('t', null)).toEqual({ test: 't', exchanges: [], occurrences: [], findings: [] });
  });
});

describe('merging the parts of a run', () => {
  const first = partFromExchangeLog('account information', [
    exchange('getBalances', 200, [missingType, { ...missingType, path: 'balances[3].balanceType' }]),
    exchange('getAccountList', 200),
  ]);
  const second = partFromExchangeLog('payments', [
    exchange('getBalances', 200, [missingType]),
    exchange('initiatePayment', 200, [
      { path: '(status)', message: '1.3.12 answers this operation with 201, not 200' },
    ]),
    exchange('getAccountList', 200),
  ]);
  const report = mergeParts([first, second], {
    bank: 'https://bank.example/psd2',
    checkFile: '/checks/bank.json',
    now: new Date('2026-05-04T10:00:00Z'),
  });

  it('one finding per operation, status, path (array positions as [*]) and expectation, most frequent first', () => {
    expect(report.findings.map((f) => [f.operationId, f.status, f.path, f.count])).toEqual([
      ['getBalances', 200, 'balances[*].balanceType', 3],
      ['initiatePayment', 200, '(status)', 1],
    ]);
    expect(report.findings[0]?.operation).toBe('GET /v1/accounts/{account-id}/balances');
    expect(report.findings[0]?.requestIds).toHaveLength(2);
    expect(report.deviations).toBe(4);
    expect(report.exchanges).toBe(5);
    expect(report.exchangeCounts).toContainEqual({ operationId: 'getAccountList', outcome: '200', count: 2 });
    expect(report.tests.map((t) => [t.test, t.exchanges, t.deviations])).toEqual([
      ['account information', 2, 2],
      ['payments', 3, 2],
    ]);
    expect(report.generatedAt).toBe('2026-05-04T10:00:00.000Z');
  });

  it('keeps at most three distinct X-Request-IDs per finding', () => {
    const many = partFromExchangeLog(
      'many',
      Array.from({ length: 5 }, () => exchange('getBalances', 200, [missingType])),
    );
    expect(mergeParts([many, many]).findings[0]?.requestIds).toHaveLength(3);
    expect(mergeParts([many, many]).findings[0]?.count).toBe(10);
  });

  it('the Markdown lists each finding in a table, with pipes escaped, then the exchanges and the tests', () => {
    const piped = mergeParts([
      partFromExchangeLog(
        't',
        [exchange('getBalances', 200, [{ path: 'x', message: 'one of "a"|"b"' }])],
        ['Found it.'],
      ),
    ]);
    const markdown = renderMarkdown(piped);
    expect(markdown).toContain('1 deviation in 1 place, over 1 exchange with the bank.');
    expect(markdown).toContain(
      '| getBalances (GET /v1/accounts/{account-id}/balances) | 200 | `x` | one of "a"\\|"b" | 1 |',
    );
    expect(markdown).toContain('## Exchanges');
    expect(markdown).toContain('- **t**: 1 exchange, 1 deviation');
    expect(markdown).toContain('  - Found it.');
    expect(renderMarkdown(report)).toContain('- Bank: https://bank.example/psd2');
  });

  it('a run without deviations says so, in the report and in the summary', () => {
    const clean = mergeParts([partFromExchangeLog('t', [exchange('getAccountList', 200)])]);
    expect(renderMarkdown(clean)).toContain(
      'No schema deviations: every answer the console checked in 1 exchange matched 1.3.12.',
    );
    expect(summaryLines(clean, 'check-bank-report/deviations.md')).toEqual([
      'Schema deviations (1.3.12): none in 1 exchange with the bank. Report: check-bank-report/deviations.md',
    ]);
  });

  it('the summary names each finding with its count', () => {
    expect(summaryLines(report, 'r.md')).toEqual([
      'Schema deviations (1.3.12): 4 in 2 places, over 5 exchanges:',
      `  getBalances 200 balances[*].balanceType: ${missingType.message} (×3)`,
      '  initiatePayment 200 (status): 1.3.12 answers this operation with 201, not 200 (×1)',
      'Report: r.md',
    ]);
  });
});

describe('files', () => {
  it('writes deviations.md and deviations.json, and reads parts back from a folder', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'deviation-report-'));
    const part: CheckPart = partFromExchangeLog('t', [exchange('getBalances', 200, [missingType])]);
    writeFileSync(join(folder, 'a.json'), JSON.stringify(part));
    writeFileSync(join(folder, 'b.json'), 'not json');
    writeFileSync(join(folder, 'c.txt'), JSON.stringify(part));
    const parts = await readPartFiles(folder);
    expect(parts).toEqual([part]);
    expect(await readPartFiles(join(folder, 'missing'))).toEqual([]);

    const written = await writeDeviationReport(join(folder, 'report'), mergeParts(parts));
    expect(readFileSync(written.markdown, 'utf8')).toMatch(/^# XS2A 1\.3\.12 schema deviations/);
    expect(JSON.parse(readFileSync(written.json, 'utf8'))).toMatchObject({ deviations: 1, exchanges: 1 });
  });

  it('parsePart refuses what is not a part', () => {
    expect(parsePart('{"test":"t"}')).toBeUndefined();
    expect(parsePart('[]')).toBeUndefined();
  });
});

describe('names', () => {
  it('normalises array positions and labels operations by their 1.3.12 method and path', () => {
    expect(normalisedPath('accounts[0].balances[12].amount')).toBe('accounts[*].balances[*].amount');
    expect(operationLabel('getConsentStatus')).toBe('GET /v1/consents/{consentId}/status');
    expect(operationLabel('somethingElse')).toBe('somethingElse');
  });
});
