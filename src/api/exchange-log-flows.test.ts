// @vitest-environment happy-dom
// The log keeps flows: unchanged status polling is folded as it is recorded, the cap counts flows and drops whole ones
// (the one quiet for longest first), kept flows stay, the room left is told before anything goes, and all of it
// survives a page load, also from the bare array an older console stored.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ENTRY_CEILING, FLOW_LIMIT, WARN_WITHIN } from './exchange-log-cap';
import type * as ExchangeLogModule from './exchange-log';
import {
  EXCHANGES_STORAGE_KEY,
  exchangeLog,
  persistExchanges,
  recordExchange,
  updateExchange,
  type Exchange,
} from './exchange-log';

const BASE = 'https://bank.example/psd2/v1';
let clock = 0;

interface Sent {
  flow?: string;
  operationId?: string;
  method?: string;
  path: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request recorded and answered as the client does it; returns its id. */
function send(
  { flow, operationId = 'getPaymentInformation', method = 'GET', path, status = 200, body = {}, headers = {} }: Sent,
  log: Pick<typeof ExchangeLogModule, 'recordExchange' | 'updateExchange'> = { recordExchange, updateExchange },
): string {
  clock += 1000;
  const id = log.recordExchange({
    ...(flow && { flow }),
    operationId,
    requestId: `r-${clock}`,
    startedAt: clock,
    request: { method, url: `${BASE}${path}`, headers: {} },
  });
  log.updateExchange(id, {
    durationMs: 20,
    response: { status, statusText: '', headers, body, bodyText: JSON.stringify(body) },
  });
  return id;
}

const paymentStatus = (value: string, extra: Partial<Sent> = {}) =>
  send({
    flow: 'payment:p-1',
    operationId: 'getPaymentInitiationStatus',
    path: '/payments/sepa-credit-transfers/p-1/status',
    body: { transactionStatus: value },
    headers: { 'x-request-id': `r-${clock + 1000}` },
    ...extra,
  });
const scaStatus = (value: string) =>
  send({
    flow: 'payment:p-1',
    operationId: 'getPaymentInitiationScaStatus',
    path: '/payments/sepa-credit-transfers/p-1/authorisations/a-1',
    body: { scaStatus: value },
  });

/** A flow of three exchanges: the payment's initiation, its read and its status read. */
function paymentFlow(n: number): string {
  const flow = `payment:p-${n}`;
  send({ flow, operationId: 'initiatePayment', method: 'POST', path: '/payments/sepa-credit-transfers', status: 201 });
  send({ flow, path: `/payments/sepa-credit-transfers/p-${n}` });
  send({
    flow,
    operationId: 'getPaymentInitiationStatus',
    path: `/payments/sepa-credit-transfers/p-${n}/status`,
    body: { transactionStatus: 'RCVD' },
  });
  return flow;
}

const flows = () => [...new Set(exchangeLog.list().map((exchange) => exchange.flow ?? exchange.id))];
const summary = (exchange: Exchange | undefined) =>
  exchange && `${exchange.operationId} ${exchange.folded ? `+${exchange.folded.count}` : ''}`.trim();

/** The log as the next page load of this tab finds it. */
async function reloaded({ leaving = true } = {}): Promise<typeof ExchangeLogModule> {
  if (leaving) persistExchanges();
  vi.resetModules();
  return import('./exchange-log');
}

beforeEach(() => {
  exchangeLog.clear();
  sessionStorage.clear();
});

describe('status polling folded as it is recorded', () => {
  it('keeps a run’s first read and its latest, and counts the reads in between with their times', () => {
    const ids = Array.from({ length: 14 }, () => paymentStatus('RCVD'));
    const changed = paymentStatus('ACSC');
    const list = exchangeLog.list();
    expect(list.map((exchange) => exchange.id)).toEqual([ids[0], ids[13], changed]);
    const [first, latest] = exchangeLog.list();
    // The reads are sent a second apart: the folded ones are the 2nd to the 13th.
    expect(latest?.folded).toEqual({
      count: 12,
      firstAt: (first?.startedAt ?? 0) + 1000,
      lastAt: (latest?.startedAt ?? 0) - 1000,
    });
    // The latest read's own answer: its headers, not the first one's.
    expect(latest?.response?.headers['x-request-id']).toBe(latest?.requestId);
    expect(exchangeLog.get(ids[0] ?? '')?.folded).toBeUndefined();
  });

  it('folds a payment’s and its authorisation’s status read side by side, each by its own resource', () => {
    for (let n = 0; n < 5; n += 1) {
      paymentStatus('RCVD');
      scaStatus('started');
    }
    expect(exchangeLog.list().map(summary)).toEqual([
      'getPaymentInitiationStatus',
      'getPaymentInitiationScaStatus',
      'getPaymentInitiationStatus +3',
      'getPaymentInitiationScaStatus +3',
    ]);
  });

  it('ends a run at another request of the flow, not at another flow’s', () => {
    paymentStatus('RCVD');
    paymentStatus('RCVD');
    send({ flow: 'consent:c-1', operationId: 'getConsentInformation', path: '/consents/c-1' });
    paymentStatus('RCVD');
    expect(
      exchangeLog
        .list()
        .filter((exchange) => exchange.flow === 'payment:p-1')
        .map(summary),
    ).toEqual(['getPaymentInitiationStatus', 'getPaymentInitiationStatus +1']);
    send({ flow: 'payment:p-1', operationId: 'cancelPayment', method: 'DELETE', path: '/payments/x/p-1', status: 202 });
    paymentStatus('RCVD');
    paymentStatus('RCVD');
    expect(
      exchangeLog
        .list()
        .filter((exchange) => exchange.flow === 'payment:p-1')
        .map(summary),
    ).toEqual([
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus +1',
      'cancelPayment',
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus',
    ]);
  });

  it('keeps every read whose answer changed, a try the console sent again, and reads of other operations', () => {
    paymentStatus('RCVD');
    paymentStatus('RCVD', { status: 429 });
    paymentStatus('RCVD', { status: 429 });
    // The rate limit notes why it sends the read again once the answer is recorded.
    const tried = exchangeLog.list().at(-1)?.id ?? '';
    updateExchange(tried, { triedAgain: 'the bank asked to wait' });
    paymentStatus('RCVD', { status: 429 });
    paymentStatus('RCVD', { status: 429 });
    for (let n = 0; n < 3; n += 1) send({ flow: 'payment:p-1', path: '/payments/sepa-credit-transfers/p-1' });
    expect(exchangeLog.list().map(summary)).toEqual([
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus',
      'getPaymentInformation',
      'getPaymentInformation',
      'getPaymentInformation',
    ]);
    paymentStatus('ACSC');
    paymentStatus('ACSC');
    paymentStatus('ACSC');
    expect(exchangeLog.list().slice(-2).map(summary)).toEqual([
      'getPaymentInitiationStatus',
      'getPaymentInitiationStatus +1',
    ]);
  });

  it('leads from a read folded away to the one it was folded into', () => {
    paymentStatus('RCVD');
    const second = paymentStatus('RCVD');
    paymentStatus('RCVD');
    const fourth = paymentStatus('RCVD');
    expect(exchangeLog.get(second)).toBeUndefined();
    expect(exchangeLog.foldedInto(second)).toBe(fourth);
  });
});

describe('the cap counts flows', () => {
  it(`keeps the latest ${FLOW_LIMIT} flows, dropping whole flows, the one quiet for longest first`, () => {
    for (let n = 0; n < FLOW_LIMIT; n += 1) paymentFlow(n);
    // The first flow is busy again, so the second is the one quiet for longest.
    send({ flow: 'payment:p-0', path: '/payments/sepa-credit-transfers/p-0' });
    expect(exchangeLog.dropped()).toBeUndefined();
    paymentFlow(FLOW_LIMIT);
    expect(flows()).toHaveLength(FLOW_LIMIT);
    expect(flows()).toContain('payment:p-0');
    expect(flows()).not.toContain('payment:p-1');
    expect(exchangeLog.list()).toHaveLength(FLOW_LIMIT * 3 + 1);
    expect(exchangeLog.dropped()).toMatchObject({ flows: 1, exchanges: 3, kept: 0, names: ['Payment p-1'] });
  });

  it('counts each exchange without a flow as a flow of its own, and never drops a request still in flight', () => {
    const waiting = recordExchange({
      operationId: 'getAccountList',
      requestId: 'slow',
      startedAt: 0,
      request: { method: 'GET', url: `${BASE}/accounts`, headers: {} },
    });
    for (let n = 0; n < FLOW_LIMIT + 2; n += 1) send({ operationId: 'getAccountList', path: `/accounts?n=${n}` });
    expect(exchangeLog.get(waiting)).toBeDefined();
    expect(exchangeLog.list()).toHaveLength(FLOW_LIMIT);
    expect(exchangeLog.dropped()).toMatchObject({ flows: 3, exchanges: 3, names: ['GET /v1/accounts'] });
  });

  it(`holds at most ${ENTRY_CEILING} entries: whole flows first, then the oldest entries of the one left`, () => {
    exchangeLog.keep([paymentFlow(0)]);
    for (let n = 0; n < ENTRY_CEILING - 3; n += 1) {
      send({ flow: 'consent:c-1', operationId: 'getTransactionList', path: `/accounts/a/transactions?page=${n}` });
    }
    expect(exchangeLog.list()).toHaveLength(ENTRY_CEILING);
    send({ flow: 'consent:c-1', operationId: 'getTransactionList', path: '/accounts/a/transactions?page=last' });
    // The kept payment goes, as nothing else is left but the flow at work.
    expect(flows()).toEqual(['consent:c-1']);
    expect(exchangeLog.dropped()).toMatchObject({ flows: 1, exchanges: 3, kept: 1, names: ['Payment p-0'] });
    for (let n = 0; n < 5; n += 1) {
      send({ flow: 'consent:c-1', operationId: 'getTransactionList', path: `/accounts/a/transactions?more=${n}` });
    }
    expect(exchangeLog.list()).toHaveLength(ENTRY_CEILING);
    expect(exchangeLog.list()[0]?.request.url).toContain('page=3');
    expect(exchangeLog.dropped()?.names.at(-1)).toBe('Consent c-1 (its oldest exchanges)');
  });
});

describe('kept flows', () => {
  it('are never dropped by the flow cap and do not count against it', () => {
    const kept = paymentFlow(0);
    exchangeLog.keep([kept]);
    for (let n = 1; n <= FLOW_LIMIT + 10; n += 1) paymentFlow(n);
    expect(flows()).toContain(kept);
    expect(flows()).toHaveLength(FLOW_LIMIT + 1);
    expect(exchangeLog.room()).toMatchObject({ flows: FLOW_LIMIT, kept: 1, left: 0 });
    // Let go again: it goes with the next new flow, being the one quiet for longest.
    exchangeLog.keep([kept], false);
    expect(flows()).toContain(kept);
    paymentFlow(FLOW_LIMIT + 11);
    expect(flows()).not.toContain(kept);
  });

  it('keeps the flow of an exchange opened, or the exchange itself when it has none, also once it gets a flow', () => {
    const id = recordExchange({
      operationId: 'initiatePayment',
      requestId: 'r',
      startedAt: 1,
      request: { method: 'POST', url: `${BASE}/payments/sepa-credit-transfers`, headers: {} },
    });
    exchangeLog.keepFlowOf(id);
    expect(exchangeLog.kept()).toEqual(new Set([id]));
    updateExchange(id, { flow: 'payment:p-9' });
    expect(exchangeLog.kept()).toEqual(new Set(['payment:p-9']));
    // A flow the log does not hold is not marked.
    exchangeLog.keep(['payment:nowhere']);
    expect(exchangeLog.kept()).toEqual(new Set(['payment:p-9']));
  });
});

describe('the room left, told before anything is dropped', () => {
  it(`says so once ${WARN_WITHIN} more flows fit or fewer, naming the flows that go next`, () => {
    for (let n = 0; n < FLOW_LIMIT - WARN_WITHIN - 1; n += 1) paymentFlow(n);
    expect(exchangeLog.room()).toMatchObject({ left: WARN_WITHIN + 1, next: [] });
    expect(exchangeLog.room().near).toBeUndefined();
    paymentFlow(FLOW_LIMIT - WARN_WITHIN - 1);
    expect(exchangeLog.room()).toMatchObject({
      near: 'flows',
      left: WARN_WITHIN,
      next: [
        { key: 'payment:p-0', label: 'Payment p-0' },
        { key: 'payment:p-1', label: 'Payment p-1' },
        { key: 'payment:p-2', label: 'Payment p-2' },
      ],
    });
    exchangeLog.keep(['payment:p-0', 'payment:p-1']);
    expect(exchangeLog.room()).toMatchObject({ left: WARN_WITHIN + 2, next: [] });
    for (let n = FLOW_LIMIT - WARN_WITHIN; n < FLOW_LIMIT + 2; n += 1) paymentFlow(n);
    expect(exchangeLog.room()).toMatchObject({ near: 'flows', left: 0 });
    expect(exchangeLog.room().next[0]?.label).toBe('Payment p-2');
    expect(exchangeLog.dropped()).toBeUndefined();
    paymentFlow(FLOW_LIMIT + 2);
    expect(exchangeLog.dropped()?.names).toEqual(['Payment p-2']);
  });

  it('says so when the entries come near the ceiling, though few flows are open', () => {
    for (let n = 0; n < ENTRY_CEILING * 0.9 - 1; n += 1) {
      send({ flow: 'consent:c-1', operationId: 'getTransactionList', path: `/accounts/a/transactions?page=${n}` });
    }
    expect(exchangeLog.room().near).toBeUndefined();
    paymentFlow(1);
    expect(exchangeLog.room()).toMatchObject({ near: 'entries', next: [{ key: 'consent:c-1' }] });
  });

  it('gives the same room until the log or its marks change', () => {
    paymentFlow(1);
    const room = exchangeLog.room();
    expect(exchangeLog.room()).toBe(room);
    exchangeLog.keep(['payment:p-1']);
    expect(exchangeLog.room()).not.toBe(room);
  });
});

describe('kept across page loads', () => {
  it('restores the folded reads, the kept flows and the notice of what was dropped', async () => {
    for (let n = 0; n <= FLOW_LIMIT; n += 1) paymentFlow(n);
    for (let n = 0; n < 6; n += 1) paymentStatus('RCVD');
    exchangeLog.keep(['payment:p-1']);
    const before = exchangeLog.list();
    const dropped = exchangeLog.dropped();
    expect(dropped?.flows).toBe(1);

    const fresh = await reloaded();
    expect(fresh.exchangeLog.list()).toEqual(before);
    // The flow's first status read and the run after it: five of the six reads since are counted in the latest.
    expect(fresh.exchangeLog.list().at(-1)?.folded?.count).toBe(5);
    expect(fresh.exchangeLog.kept()).toEqual(new Set(['payment:p-1']));
    expect(fresh.exchangeLog.dropped()).toEqual(dropped);
    fresh.exchangeLog.dismissDropped();
    fresh.persistExchanges();
    expect((await reloaded({ leaving: false })).exchangeLog.dropped()).toBeUndefined();
  });

  it('restores the bare array an older console stored, within the cap, and stores it in the new form', async () => {
    const old = Array.from({ length: FLOW_LIMIT + 5 }, (_, n) => ({
      id: `exchange-${n + 1}`,
      operationId: 'getAccountList',
      requestId: `r-${n}`,
      startedAt: n,
      durationMs: 3,
      request: { method: 'GET', url: `${BASE}/accounts?n=${n}`, headers: {} },
      response: { status: 200, statusText: 'OK', headers: {}, bodyText: '{"accounts":[]}' },
      deviations: [],
    }));
    sessionStorage.setItem(EXCHANGES_STORAGE_KEY, JSON.stringify(old));
    const fresh = await reloaded({ leaving: false });
    const list = fresh.exchangeLog.list();
    expect(list).toHaveLength(FLOW_LIMIT);
    expect(list[0]).toMatchObject({ id: 'exchange-6', response: { body: { accounts: [] } } });
    expect(fresh.exchangeLog.kept().size).toBe(0);
    expect(fresh.exchangeLog.dropped()).toMatchObject({ flows: 5, exchanges: 5 });
    fresh.persistExchanges();
    const stored = JSON.parse(sessionStorage.getItem(EXCHANGES_STORAGE_KEY) ?? '') as Record<string, unknown>;
    expect(stored).toMatchObject({ version: 2, kept: [] });
    expect(stored.exchanges).toHaveLength(FLOW_LIMIT);
    expect(fresh.recordExchange({ ...old[0]!, requestId: 'next' })).toBe(`exchange-${FLOW_LIMIT + 6}`);
  });

  it('reads marks and notices it cannot use as none', async () => {
    sessionStorage.setItem(
      EXCHANGES_STORAGE_KEY,
      JSON.stringify({ version: 2, kept: [7, 'payment:p-1'], dropped: { at: 'yesterday' }, exchanges: [null] }),
    );
    const fresh = await reloaded({ leaving: false });
    expect(fresh.exchangeLog.list()).toEqual([]);
    expect(fresh.exchangeLog.kept().size).toBe(0);
    expect(fresh.exchangeLog.dropped()).toBeUndefined();
  });
});
