// Every request the console sends and what came back, for the inspector: secrets redacted as they are recorded, newest
// last, kept in this tab's sessionStorage so a redirect SCA round trip (a full page load) does not lose its exchanges.
import { useSyncExternalStore } from 'react';
import type { Deviation, Xs2aErrorKind } from './errors';
import { redactExchange, type RedactOptions } from './redact';
import { createListeners, webStorage } from './web-storage';

/** How a request ended without an answer; 'interrupted': the page was left or reloaded while it was in flight. */
export type ExchangeErrorKind = Xs2aErrorKind | 'interrupted';

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
  /** The bank's URL, also when the request went through the console server's relay. */
  request: { method: string; url: string; headers: Record<string, string>; body?: unknown };
  /** The relay target the request was sent through; undefined: sent to the bank directly. */
  relayTarget?: string;
  response?: { status: number; statusText: string; headers: Record<string, string>; body?: unknown; bodyText: string };
  error?: { kind: ExchangeErrorKind; message: string };
  deviations: Deviation[];
  /** 1.3.12 headers a cross-origin answer did not let the browser read, so they could not be checked. */
  uncheckedHeaders?: string[];
  /**
   * Why the console sent this request again by itself (its next try is an exchange of its own), in plain words: the
   * bank asked to wait (429), or nothing answered at a link of the bank's that left out the base_url's prefix.
   */
  triedAgain?: string;
}

export const EXCHANGE_LOG_LIMIT = 500;
/** Per tab: sessionStorage survives the bank's redirect and a reload, and is not shared with other tabs. */
export const EXCHANGES_STORAGE_KEY = 'xs2a-console.exchanges.v1';
/** Bodies above this many UTF-8 bytes are stored cut short, so a few large answers cannot fill the storage quota. */
export const STORED_BODY_LIMIT = 16 * 1024;
/** Writes to storage are gathered: a long paging run records hundreds of exchanges within seconds. */
const PERSIST_DELAY_MS = 500;

export const INTERRUPTED_MESSAGE =
  'The page was left or reloaded before the answer came (e.g. for the bank’s SCA page); the bank may still have acted on the request.';

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** The note a body stored cut short ends with. */
const CUT_NOTE = /\n… truncated: \d+ bytes$/;

/**
 * The text itself when it fits; otherwise its first STORED_BODY_LIMIT bytes and a note of how many were left out. A
 * body restored cut short is stored as it is: its note counts the bank's bytes, not those of the note before it.
 */
function truncated(text: string): string | undefined {
  // UTF-8 takes at most three bytes per UTF-16 unit: a short text fits without being encoded.
  if (text.length * 3 <= STORED_BODY_LIMIT) return undefined;
  const bytes = utf8.encode(text);
  if (bytes.length <= STORED_BODY_LIMIT) return undefined;
  const note = CUT_NOTE.exec(text);
  if (note && utf8.encode(text.slice(0, note.index)).length <= STORED_BODY_LIMIT) return undefined;
  // A character cut in two decodes as U+FFFD at the end: dropped.
  const kept = utf8Decoder.decode(bytes.subarray(0, STORED_BODY_LIMIT)).replace(/\uFFFD$/, '');
  return `${kept}\n… truncated: ${bytes.length - STORED_BODY_LIMIT} bytes`;
}

function storedCopy(exchange: Exchange): Exchange {
  let { request, response } = exchange;
  if (request.body !== undefined && request.body !== null) {
    const text = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
    const cut = truncated(text);
    if (cut !== undefined) request = { ...request, body: cut };
  }
  if (response) {
    // Only the text is stored (restore parses it again): storing both would take twice the quota.
    const cut = truncated(response.bodyText);
    response = { ...response, body: undefined, bodyText: cut ?? response.bodyText };
  }
  return request === exchange.request && response === exchange.response ? exchange : { ...exchange, request, response };
}

/** The parsed body of a restored answer, when its stored text is complete JSON. */
function reparsed(exchange: Exchange): Exchange {
  const response = exchange.response;
  if (!response || response.body !== undefined || !response.bodyText) return exchange;
  try {
    return { ...exchange, response: { ...response, body: JSON.parse(response.bodyText) as unknown } };
  } catch {
    return exchange; // cut short or not JSON: the inspector shows the text
  }
}

/** The stored JSON of each entry: entries are replaced, never mutated, so each is serialised once. */
const serialised = new WeakMap<Exchange, string>();

function serialise(exchange: Exchange): string {
  let json = serialised.get(exchange);
  if (json === undefined) {
    json = JSON.stringify(storedCopy(exchange));
    serialised.set(exchange, json);
  }
  return json;
}

/** Never throws: a full or blocked storage must not fail the request being recorded. */
function persist(list: readonly Exchange[]): void {
  const store = webStorage('session');
  if (!store) return;
  const write = (entries: readonly Exchange[]) =>
    store.setItem(EXCHANGES_STORAGE_KEY, `[${entries.map(serialise).join(',')}]`);
  try {
    if (list.length === 0) store.removeItem(EXCHANGES_STORAGE_KEY);
    else write(list);
  } catch {
    try {
      // Most likely the quota: the newer half is what a reload needs most.
      write(list.slice(Math.floor(list.length / 2)));
    } catch {
      try {
        // Memory only from here; a stale copy would bring back a log with the latest exchanges missing.
        store.removeItem(EXCHANGES_STORAGE_KEY);
      } catch {
        // nothing more to do
      }
    }
  }
}

function isExchange(value: unknown): value is Exchange {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Partial<Exchange>;
  return (
    typeof entry.id === 'string' &&
    typeof entry.operationId === 'string' &&
    typeof entry.requestId === 'string' &&
    typeof entry.startedAt === 'number' &&
    typeof entry.request === 'object' &&
    entry.request !== null &&
    typeof entry.request.url === 'string' &&
    Array.isArray(entry.deviations)
  );
}

/** The log this tab kept before the page was loaded; requests that were still in flight are marked interrupted. */
function restore(): Exchange[] {
  let parsed: unknown;
  try {
    const text = webStorage('session')?.getItem(EXCHANGES_STORAGE_KEY);
    if (!text) return [];
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter(isExchange)
    .slice(-EXCHANGE_LOG_LIMIT)
    .map((exchange) =>
      exchange.response || exchange.error
        ? reparsed(exchange)
        : { ...exchange, error: { kind: 'interrupted', message: INTERRUPTED_MESSAGE } },
    );
}

let exchanges: Exchange[] = restore();
// Ids stay unique across page loads: the restored entries keep theirs.
let sequence = Math.max(0, ...exchanges.map((exchange) => Number(/^exchange-(\d+)$/.exec(exchange.id)?.[1] ?? 0)));
const listeners = createListeners();

let persistTimer: ReturnType<typeof setTimeout> | undefined;

/** Writes the log to this tab's storage now (it is otherwise written at most every PERSIST_DELAY_MS). */
export function persistExchanges(): void {
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = undefined;
  persist(exchanges);
}

// Leaving the page (the bank's SCA page, a reload) writes whatever is pending.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', persistExchanges);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') persistExchanges();
  });
}

function publish(next: Exchange[]): void {
  exchanges = next.length > EXCHANGE_LOG_LIMIT ? next.slice(next.length - EXCHANGE_LOG_LIMIT) : next;
  if (exchanges.length === 0) persistExchanges();
  else persistTimer ??= setTimeout(persistExchanges, PERSIST_DELAY_MS);
  listeners.notify();
}

/**
 * Records a request as it leaves, with its secrets redacted (`secrets`: values such as the profile's bearer token,
 * removed wherever they appear); returns the exchange's id for the later `updateExchange`.
 */
export function recordExchange(exchange: Omit<Exchange, 'id' | 'deviations'>, options: RedactOptions = {}): string {
  sequence += 1;
  const id = `exchange-${sequence}`;
  publish([...exchanges, { ...redactExchange(exchange, options), id, deviations: [] }]);
  return id;
}

/**
 * Completes a recorded exchange (response, error, deviations, duration), redacting as `recordExchange` does. Entries
 * are replaced, never mutated.
 */
export function updateExchange(id: string, changes: Partial<Omit<Exchange, 'id'>>, options: RedactOptions = {}): void {
  const index = exchanges.findIndex((exchange) => exchange.id === id);
  const existing = exchanges[index];
  if (!existing) return; // already pushed out by the cap or cleared
  const next = exchanges.slice();
  next[index] = { ...existing, ...redactExchange(changes, options) };
  publish(next);
}

export const exchangeLog = {
  /** Oldest first. The array keeps its identity until the log changes. */
  list: (): Exchange[] => exchanges,
  get: (id: string): Exchange | undefined => exchanges.find((exchange) => exchange.id === id),
  subscribe: listeners.subscribe,
  /** Empties the log and this tab's stored copy. */
  clear: (): void => publish([]),
};

export function useExchanges(): Exchange[] {
  return useSyncExternalStore(exchangeLog.subscribe, exchangeLog.list, exchangeLog.list);
}
