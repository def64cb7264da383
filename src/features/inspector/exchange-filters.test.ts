import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { filterExchanges, flowLabel, groupByFlow, statusCategory } from './exchange-filters';
import { formatDuration, listPath } from './exchange-status';
import { failedExchange, scaExchange } from '../../api/test-exchanges';

function at(startedAt: number, overrides: Partial<Exchange>): Exchange {
  return scaExchange({ id: `e-${startedAt}`, startedAt, ...overrides });
}

describe('statusCategory', () => {
  it('sorts answers by status class, and tells failed from in-flight requests', () => {
    expect(statusCategory(scaExchange())).toBe('2xx');
    const base = scaExchange();
    expect(statusCategory({ ...base, response: { ...base.response!, status: 403 } })).toBe('4xx');
    expect(statusCategory(failedExchange())).toBe('failed');
    expect(statusCategory({ ...failedExchange(), error: undefined })).toBe('pending');
  });

  it('counts a request interrupted by a page load as one without an answer, no longer in flight', () => {
    const interrupted: Exchange = {
      ...failedExchange(),
      durationMs: undefined,
      error: { kind: 'interrupted', message: 'The page was left' },
    };
    expect(statusCategory(interrupted)).toBe('failed');
    expect(formatDuration(interrupted)).toBe('no answer');
    expect(formatDuration({ ...interrupted, error: undefined })).toBe('in flight');
    expect(filterExchanges([interrupted], 'interrupted', 'failed')).toEqual([interrupted]);
  });
});

describe('filterExchanges', () => {
  const list = [scaExchange(), failedExchange()];

  it('finds by any words of method, URL, operation, request id, flow or status', () => {
    expect(filterExchanges(list, 'put auth-9', 'any').map((e) => e.id)).toEqual(['exchange-1']);
    expect(filterExchanges(list, 'GETCONSENTSTATUS', 'any').map((e) => e.id)).toEqual(['exchange-2']);
    expect(filterExchanges(list, 'b9d5d2a4', 'any').map((e) => e.id)).toEqual(['exchange-2']);
    expect(filterExchanges(list, '200', 'any').map((e) => e.id)).toEqual(['exchange-1']);
    expect(filterExchanges(list, 'nothing-like-this', 'any')).toEqual([]);
  });

  it('filters by status class, failure and deviations', () => {
    expect(filterExchanges(list, '', 'failed').map((e) => e.id)).toEqual(['exchange-2']);
    expect(filterExchanges(list, '', '2xx').map((e) => e.id)).toEqual(['exchange-1']);
    expect(filterExchanges(list, '', '4xx')).toEqual([]);
    expect(filterExchanges(list, '', 'deviations').map((e) => e.id)).toEqual(['exchange-1']);
  });
});

describe('groupByFlow', () => {
  it('keeps a flow together in order, the most recently active flow first', () => {
    const groups = groupByFlow([
      at(1, { flow: 'payment:a' }),
      at(2, { flow: 'consent:b' }),
      at(3, { flow: 'payment:a' }),
      at(4, { flow: undefined }),
    ]);
    expect(groups.map((group) => group.label)).toEqual(['Requests without a flow', 'Payment a', 'Consent b']);
    expect(groups[1]?.exchanges.map((e) => e.id)).toEqual(['e-1', 'e-3']);
  });

  it('labels flows in words', () => {
    expect(flowLabel('payment-cancellation:p-1')).toBe('Payment cancellation p-1');
    expect(flowLabel('custom')).toBe('custom');
  });
});

describe('listPath', () => {
  it('starts at /v1/ and shortens long ids, keeping the query', () => {
    expect(
      listPath(
        'http://127.0.0.1:4332/sandbox/v1/payments/sepa-credit-transfers/pay-e173ac67-e878-4477-9245-b0664250acc4/status?x=1',
      ),
    ).toBe('/v1/payments/sepa-credit-transfers/pay-e173ac…acc4/status?x=1');
    expect(listPath('https://bank.example/other/path')).toBe('/other/path');
  });
});
