// Consecutive status reads with the same answer fold into one item; a changed answer, another resource, another
// request in between or a read without an answer ends the run.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { collapsePolling } from './polling';

let sequence = 0;
const BASE = 'https://bank.example/psd2/v1';

function read(path: string, status: number, body: unknown, operationId = 'getPaymentInitiationStatus'): Exchange {
  sequence += 1;
  return {
    id: `exchange-${sequence}`,
    operationId,
    requestId: `request-${sequence}`,
    startedAt: sequence * 1000,
    durationMs: 20,
    request: { method: 'GET', url: `${BASE}${path}`, headers: {} },
    response: { status, statusText: '', headers: {}, body, bodyText: JSON.stringify(body) },
    deviations: [],
  };
}

const paymentStatus = (value: string) =>
  read('/payments/sepa-credit-transfers/p-1/status', 200, { transactionStatus: value });
const kinds = (exchanges: Exchange[]) =>
  collapsePolling(exchanges).map((item) =>
    item.kind === 'exchange' ? item.exchange.id : `${item.exchanges.length}×${item.httpStatus} ${item.value ?? '-'}`,
  );

describe('collapsePolling', () => {
  it('folds consecutive reads of one status with the same answer, and keeps the read that changed apart', () => {
    const reads = [...Array.from({ length: 14 }, () => paymentStatus('RCVD')), paymentStatus('ACSC')];
    const items = collapsePolling(reads);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ kind: 'polling', httpStatus: 200, value: 'RCVD', exchanges: reads.slice(0, 14) });
    expect(items[1]).toEqual({ kind: 'exchange', exchange: reads[14] });
  });

  it('folds consent and SCA status reads too, by their own status values', () => {
    const consent = () => read('/consents/c-1/status', 200, { consentStatus: 'received' }, 'getConsentStatus');
    const sca = () => read('/consents/c-1/authorisations/a-1', 200, { scaStatus: 'started' }, 'getConsentScaStatus');
    expect(kinds([consent(), consent(), sca(), sca(), sca()])).toEqual(['2×200 received', '3×200 started']);
  });

  it('folds repeated errors with the same HTTP status, which carry no status value', () => {
    const refused = () => read('/payments/sepa-credit-transfers/p-1/status', 429, { tppMessages: [] });
    expect(kinds([refused(), refused()])).toEqual(['2×429 -']);
  });

  it('keeps apart different HTTP statuses, different resources and reads separated by another request', () => {
    const other = read('/payments/sepa-credit-transfers/p-2/status', 200, { transactionStatus: 'RCVD' });
    const failed = read('/payments/sepa-credit-transfers/p-1/status', 500, { transactionStatus: 'RCVD' });
    const created = { ...read('/payments/sepa-credit-transfers', 201, {}, 'initiatePayment') };
    const a = paymentStatus('RCVD');
    const b = paymentStatus('RCVD');
    expect(kinds([a, other, failed, b])).toEqual([a.id, other.id, failed.id, b.id]);
    const c = paymentStatus('RCVD');
    expect(kinds([a, created, c])).toEqual([a.id, created.id, c.id]);
  });

  it('counts the reads the log folded into an entry, in a run and on its own', () => {
    const first = paymentStatus('RCVD');
    const latest: Exchange = { ...paymentStatus('RCVD'), folded: { count: 12, firstAt: 2000, lastAt: 13000 } };
    expect(collapsePolling([first, latest])).toEqual([
      { kind: 'polling', exchanges: [first, latest], reads: 14, httpStatus: 200, value: 'RCVD' },
    ]);
    const other = read('/payments/sepa-credit-transfers/p-2/status', 200, { transactionStatus: 'RCVD' });
    // Apart from its run's first read (another read in between), the entry is a row that says what it stands for.
    expect(collapsePolling([first, other, latest]).map((item) => item.kind)).toEqual([
      'exchange',
      'exchange',
      'exchange',
    ]);
  });

  it('never folds a single read, other operations, or a read still in flight', () => {
    const single = paymentStatus('RCVD');
    const list = read('/accounts', 200, { accounts: [] }, 'getAccountList');
    const again = read('/accounts', 200, { accounts: [] }, 'getAccountList');
    const inFlight: Exchange = { ...paymentStatus('RCVD'), response: undefined };
    const waiting: Exchange = { ...paymentStatus('RCVD'), response: undefined };
    expect(kinds([single, list, again, inFlight, waiting])).toEqual([
      single.id,
      list.id,
      again.id,
      inFlight.id,
      waiting.id,
    ]);
  });
});
