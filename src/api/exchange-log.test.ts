// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EXCHANGE_LOG_LIMIT, exchangeLog, recordExchange, updateExchange, useExchanges } from './exchange-log';

const request = (n: number) => ({
  operationId: 'getConsentStatus',
  requestId: `r${n}`,
  startedAt: n,
  request: { method: 'GET', url: `https://bank.example/v1/consents/c${n}/status`, headers: {} },
});

beforeEach(() => exchangeLog.clear());

describe('exchangeLog', () => {
  it('keeps exchanges newest last and completes them in place without mutating the old entry', () => {
    const first = recordExchange(request(1));
    const second = recordExchange(request(2));
    const before = exchangeLog.get(first);
    updateExchange(first, { durationMs: 5, deviations: [{ path: 'x', message: 'y' }] });
    expect(exchangeLog.list().map((e) => e.id)).toEqual([first, second]);
    expect(exchangeLog.get(first)).toMatchObject({ durationMs: 5, deviations: [{ path: 'x', message: 'y' }] });
    expect(before?.durationMs).toBeUndefined();
  });

  it(`keeps the last ${EXCHANGE_LOG_LIMIT}`, () => {
    const ids = Array.from({ length: EXCHANGE_LOG_LIMIT + 3 }, (_, n) => recordExchange(request(n)));
    const list = exchangeLog.list();
    expect(list).toHaveLength(EXCHANGE_LOG_LIMIT);
    expect(list[0]?.id).toBe(ids[3]);
    expect(list.at(-1)?.id).toBe(ids.at(-1));
    updateExchange(ids[0] ?? '', { durationMs: 1 }); // gone: ignored
    expect(exchangeLog.list()).toBe(list);
  });

  it('gives the same array until something changes, and notifies subscribers', () => {
    recordExchange(request(1));
    const snapshot = exchangeLog.list();
    expect(exchangeLog.list()).toBe(snapshot);
    let calls = 0;
    const unsubscribe = exchangeLog.subscribe(() => (calls += 1));
    recordExchange(request(2));
    expect(exchangeLog.list()).not.toBe(snapshot);
    exchangeLog.clear();
    unsubscribe();
    recordExchange(request(3));
    expect(calls).toBe(2);
    expect(exchangeLog.list()).toHaveLength(1);
  });

  it('re-renders useExchanges on every change', () => {
    const { result } = renderHook(() => useExchanges());
    expect(result.current).toEqual([]);
    act(() => {
      recordExchange(request(1));
    });
    expect(result.current.map((e) => e.requestId)).toEqual(['r1']);
    act(() => exchangeLog.clear());
    expect(result.current).toEqual([]);
  });
});
