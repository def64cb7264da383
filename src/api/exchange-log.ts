// Every request the console sends and what came back, for the inspector: raw, unredacted, in memory, newest last.
import { useSyncExternalStore } from 'react';
import type { Deviation, Xs2aErrorKind } from './errors';

export interface Exchange {
  id: string;
  /** Groups the exchanges of one resource, e.g. 'payment:<paymentId>', 'consent:<consentId>'. */
  flow?: string;
  operationId: string;
  requestId: string;
  /** Epoch ms. */
  startedAt: number;
  /** Undefined while the request is in flight. */
  durationMs?: number;
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  response?: { status: number; statusText: string; headers: Record<string, string>; body?: unknown; bodyText: string };
  error?: { kind: Xs2aErrorKind; message: string };
  deviations: Deviation[];
}

export const EXCHANGE_LOG_LIMIT = 500;

let exchanges: Exchange[] = [];
let sequence = 0;
const listeners = new Set<() => void>();

function publish(next: Exchange[]): void {
  exchanges = next.length > EXCHANGE_LOG_LIMIT ? next.slice(next.length - EXCHANGE_LOG_LIMIT) : next;
  for (const listener of listeners) listener();
}

/** Records a request as it leaves; returns the exchange's id for the later `updateExchange`. */
export function recordExchange(exchange: Omit<Exchange, 'id' | 'deviations'>): string {
  sequence += 1;
  const id = `exchange-${sequence}`;
  publish([...exchanges, { ...exchange, id, deviations: [] }]);
  return id;
}

/** Completes a recorded exchange (response, error, deviations, duration). Entries are replaced, never mutated. */
export function updateExchange(id: string, changes: Partial<Omit<Exchange, 'id'>>): void {
  const index = exchanges.findIndex((exchange) => exchange.id === id);
  const existing = exchanges[index];
  if (!existing) return; // already pushed out by the cap or cleared
  const next = exchanges.slice();
  next[index] = { ...existing, ...changes };
  publish(next);
}

export const exchangeLog = {
  /** Oldest first. The array keeps its identity until the log changes. */
  list: (): Exchange[] => exchanges,
  get: (id: string): Exchange | undefined => exchanges.find((exchange) => exchange.id === id),
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  clear: (): void => publish([]),
};

export function useExchanges(): Exchange[] {
  return useSyncExternalStore(exchangeLog.subscribe, exchangeLog.list, exchangeLog.list);
}
