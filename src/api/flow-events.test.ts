// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FlowEventsModule from './flow-events';
import {
  FLOW_EVENT_LIMIT,
  FLOW_EVENTS_STORAGE_KEY,
  flowEvents,
  recordDecoupledWait,
  recordFlowEvent,
  recordHandOver,
  recordReturn,
  useFlowEvents,
} from './flow-events';

/** The events as the next page load of this tab finds them. */
async function reloaded(): Promise<typeof FlowEventsModule> {
  vi.resetModules();
  return import('./flow-events');
}

const handOver = (flow: string, returnTo: string) =>
  recordFlowEvent({ kind: 'hand-over', flow, via: 'redirect', purpose: 'authorisation', returnTo });

describe('recordHandOver', () => {
  it('names the flow the exchange log uses, and a cancellation as such', () => {
    const payment = { service: 'payments', product: 'sepa-credit-transfers', paymentId: 'p1' } as const;
    recordHandOver({ kind: 'payment-cancellation', ...payment }, 'oauth', '/p', 3);
    expect(flowEvents.list()).toEqual([
      {
        kind: 'hand-over',
        flow: 'payment:p1',
        via: 'oauth',
        purpose: 'cancellation',
        returnTo: '/p',
        id: expect.any(String) as unknown,
        at: 3,
      },
    ]);
  });
});

beforeEach(() => {
  flowEvents.clear();
  sessionStorage.clear();
});

describe('flow events', () => {
  it('survive the redirect to the bank and a reload, in this tab’s sessionStorage', async () => {
    handOver('payment:p1', '/payments/payments/sepa-credit-transfers/p1');
    const restored = await reloaded();
    expect(restored.flowEvents.list()).toEqual([
      expect.objectContaining({ kind: 'hand-over', flow: 'payment:p1', via: 'redirect' }),
    ]);
    expect(localStorage.getItem(FLOW_EVENTS_STORAGE_KEY)).toBeNull();
  });

  it('tie a return, once, to the flow of the hand-over that was to return there', () => {
    handOver('payment:p1', '/payments/p1');
    handOver('consent:c1', '/consents/c1');
    recordReturn('/payments/p1', 'redirect', 'nok', 5);
    recordReturn('/payments/p1', 'redirect', 'nok', 5);
    recordReturn('/somewhere/else', 'redirect', 'ok', 6);
    expect(flowEvents.list().filter((e) => e.kind === 'return')).toEqual([
      { kind: 'return', flow: 'payment:p1', via: 'redirect', outcome: 'nok', id: expect.any(String) as unknown, at: 5 },
    ]);
  });

  it('record a decoupled wait once per authorisation, however often the monitor mounts', () => {
    const scope = { kind: 'consent', consentId: 'c1' } as const;
    recordDecoupledWait(scope, 'a1');
    recordDecoupledWait(scope, 'a1');
    recordDecoupledWait(scope, 'a2');
    expect(flowEvents.list().map((e) => e.kind === 'decoupled-wait' && e.authorisationId)).toEqual(['a1', 'a2']);
  });

  it('keep the newest events up to the cap, with ids unique across page loads', async () => {
    for (let n = 0; n < FLOW_EVENT_LIMIT + 5; n += 1) handOver(`payment:p${n}`, '/p');
    expect(flowEvents.list()).toHaveLength(FLOW_EVENT_LIMIT);
    expect(flowEvents.list()[0]?.flow).toBe('payment:p5');
    const restored = await reloaded();
    const id = restored.recordFlowEvent({ kind: 'return', flow: 'payment:p9', via: 'oauth', outcome: 'ok' });
    expect(restored.flowEvents.list().filter((e) => e.id === id)).toHaveLength(1);
  });

  it('read corrupt or foreign entries as nothing', async () => {
    sessionStorage.setItem(
      FLOW_EVENTS_STORAGE_KEY,
      JSON.stringify([{ kind: 'hand-over', flow: 'x' }, { kind: 'return', id: 'e', flow: 'f', at: 1, via: 'mail' }, 7]),
    );
    expect((await reloaded()).flowEvents.list()).toEqual([]);
    sessionStorage.setItem(FLOW_EVENTS_STORAGE_KEY, '{not json');
    expect((await reloaded()).flowEvents.list()).toEqual([]);
  });

  it('never fail the hand-over when storage is full', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => handOver('payment:p1', '/p')).not.toThrow();
    expect(flowEvents.list()).toHaveLength(1);
    setItem.mockRestore();
  });

  it('re-render subscribers as events arrive', () => {
    const { result } = renderHook(() => useFlowEvents());
    expect(result.current).toEqual([]);
    act(() => void handOver('payment:p1', '/p'));
    expect(result.current).toHaveLength(1);
  });
});
