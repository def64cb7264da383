// Reads the bank answered 429 Too Many Requests: the console waits as the bank asks (Retry-After, RateLimit-*) and
// tries again by itself, within bounds (a few tries, 30 s of waiting in all), each try an exchange of its own. Only
// reads: a payment, consent or SCA step is never sent again by itself. While a read waits, the panel that asked for it
// shows the countdown (useReadWait), whose Cancel ends the wait with the bank's 429.
import { hashKey, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { hasCode, withDetails, Xs2aError } from './errors';
import { updateExchange } from './exchange-log';
import { askedWait, waitText } from './rate-limit-headers';
import { createListeners } from './web-storage';

/** How many times a read is sent again after a 429 (so at most one more try than this in all). */
export const RATE_LIMIT_RETRIES = 3;
/** The longest the console waits for one read, all its waits together. */
export const RATE_LIMIT_BUDGET_MS = 30_000;
/** The waits before the first, second and third try again when the bank names none. */
export const DEFAULT_BACKOFF_MS: readonly number[] = [1000, 2000, 4000];

/** A read waiting to be tried again, as its panel shows it. */
export interface ReadWait {
  id: number;
  /** The query the read is for (its hashed key), when a query sent it. */
  key: string | undefined;
  operationId: string;
  url: string;
  /** When the wait ends (epoch ms). */
  until: number;
  ms: number;
  /** The header that asked for the wait, as the bank wrote it; undefined: the bank named no time. */
  said: string | undefined;
  /** The try the wait leads to (2 for the first try again) and the most there will be. */
  nextTry: number;
  tries: number;
  /** Ends the wait now: the read fails with the bank's 429. */
  cancel: () => void;
}

let waits: readonly ReadWait[] = [];
let sequence = 0;
const listeners = createListeners();

function publish(next: readonly ReadWait[]): void {
  waits = next;
  listeners.notify();
}

/** The reads waiting right now. */
export const readWaits = {
  list: (): readonly ReadWait[] => waits,
  subscribe: listeners.subscribe,
};

const signalKeys = new WeakMap<AbortSignal, string>();

/**
 * A query's signal, marked with its key, so a wait of the read it sends is shown by the panel of that query. Every
 * read query passes its signal through here: `queryFn: (context) => getX(variables, readSignal(context))`.
 */
export function readSignal({ signal, queryKey }: { signal: AbortSignal; queryKey: QueryKey }): AbortSignal {
  signalKeys.set(signal, hashKey(queryKey));
  return signal;
}

/** The wait of the read a query (by its key) is sending, or undefined while it does not wait. */
export function useReadWait(queryKey: QueryKey): ReadWait | undefined {
  const key = hashKey(queryKey);
  const find = useCallback(() => waits.find((wait) => wait.key === key), [key]);
  return useSyncExternalStore(readWaits.subscribe, find, find);
}

/** Waits `ms`; 'cancelled' when the wait's Cancel is used; rejects with the signal's reason when it aborts. */
function wait(ms: number, entry: Omit<ReadWait, 'id' | 'cancel' | 'until' | 'ms'>, signal: AbortSignal | undefined) {
  return new Promise<'waited' | 'cancelled'>((resolve, reject) => {
    sequence += 1;
    const id = sequence;
    const end = (outcome: 'waited' | 'cancelled' | 'aborted') => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', aborted);
      publish(waits.filter((w) => w.id !== id));
      if (outcome === 'aborted') reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      else resolve(outcome);
    };
    const aborted = () => end('aborted');
    const timer = setTimeout(() => end('waited'), ms);
    signal?.addEventListener('abort', aborted);
    publish([...waits, { ...entry, id, ms, until: Date.now() + ms, cancel: () => end('cancelled') }]);
    if (signal?.aborted) end('aborted');
  });
}

function isTooManyRequests(error: unknown): error is Xs2aError {
  return error instanceof Xs2aError && error.kind === 'http' && error.status === 429;
}

/** What the inspector says of a 429 the console waited on and tried again. */
function triedAgainWords(ms: number, said: string | undefined, nextTry: number): string {
  const asked = said
    ? `The bank asked to wait ${waitText(ms)} (${said})`
    : `The bank answered 429 without saying how long to wait; the console waited ${waitText(ms)}`;
  return `${asked}; the console tried again (try ${nextTry} of ${RATE_LIMIT_RETRIES + 1}).`;
}

/**
 * Sends a read and, while the bank answers 429, waits and sends it again: as long as the bank asks, else
 * DEFAULT_BACKOFF_MS; at most RATE_LIMIT_RETRIES times and RATE_LIMIT_BUDGET_MS of waiting. A 429 whose code is
 * ACCESS_EXCEEDED and that names no wait is the consent's reads for the day used up (1.3.12): no wait brings them
 * back, so it fails at once. When the console stops, the bank's last 429 is thrown with how the waiting ended.
 */
export async function sendWaitingOnRateLimits<T>(
  send: () => Promise<T>,
  read: { operationId: string; url: string; signal?: AbortSignal | undefined },
): Promise<T> {
  let waited = 0;
  for (let tries = 1; ; tries += 1) {
    try {
      return await send();
    } catch (error) {
      if (!isTooManyRequests(error)) throw error;
      const asked = askedWait(error.headers ?? {}, Date.now());
      if (!asked && hasCode(error, 'ACCESS_EXCEEDED')) throw error;
      if (tries > RATE_LIMIT_RETRIES) {
        throw withDetails(error, { rateLimit: { end: 'tries', tries, ...(asked && { askedMs: asked.ms }) } });
      }
      const ms = asked?.ms ?? DEFAULT_BACKOFF_MS[tries - 1] ?? RATE_LIMIT_BUDGET_MS;
      if (waited + ms > RATE_LIMIT_BUDGET_MS) {
        throw withDetails(error, {
          rateLimit: { end: 'too-long', tries, askedMs: ms, budgetMs: RATE_LIMIT_BUDGET_MS },
        });
      }
      const key = read.signal ? signalKeys.get(read.signal) : undefined;
      const entry = { key, operationId: read.operationId, url: read.url, said: asked?.said, nextTry: tries + 1 };
      let outcome: 'waited' | 'cancelled';
      try {
        outcome = await wait(ms, { ...entry, tries: RATE_LIMIT_RETRIES + 1 }, read.signal);
      } catch (cause) {
        throw withDetails(error, { kind: 'aborted', cause });
      }
      if (outcome === 'cancelled') {
        throw withDetails(error, { rateLimit: { end: 'cancelled', tries, ...(asked && { askedMs: asked.ms }) } });
      }
      updateExchange(error.exchangeId, { triedAgain: triedAgainWords(ms, asked?.said, tries + 1) });
      waited += ms;
    }
  }
}
