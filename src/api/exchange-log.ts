// Every request the console sends and what came back, for the inspector: secrets redacted as they are recorded, newest
// last, kept in this tab's sessionStorage so a redirect SCA round trip (a full page load) does not lose its exchanges.
// Status polling that saw nothing new is folded as it is recorded (status-reads.ts), and the log keeps whole flows,
// the most recent ones and those the user keeps (exchange-log-cap.ts), saying what it dropped.
import { useSyncExternalStore } from 'react';
import { capLog, logRoom, unitKey, type DroppedFlow, type LogRoom } from './exchange-log-cap';
import type { Exchange } from './exchange-types';
import { redactExchange, type RedactOptions } from './redact';
import { foldStatusRead } from './status-reads';
import { createListeners, webStorage } from './web-storage';

export type { Exchange, ExchangeErrorKind, FoldedReads } from './exchange-types';

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

/** What the cap dropped since the user last read it, for the inspector's notice. */
export interface DropNotice {
  /** Epoch ms of the latest drop. */
  at: number;
  /** Flows dropped whole. */
  flows: number;
  /** Exchanges dropped in all, also those of flows of which only the oldest went. */
  exchanges: number;
  /** How many of the flows dropped were kept ones (the ceiling, when nothing else was left). */
  kept: number;
  /** The names of the flows dropped, the latest last (at most DROP_NAMES). */
  names: string[];
}

const DROP_NAMES = 12;

interface LogState {
  /** Oldest first. */
  exchanges: Exchange[];
  /** The flows the user keeps: flow keys, or the id of an exchange without a flow (see unitKey). */
  kept: ReadonlySet<string>;
  dropped: DropNotice | undefined;
}

/** The stored form: the exchanges with the kept flows and the drop notice (an older console stored the bare array). */
interface StoredLog {
  version: 2;
  kept: string[];
  dropped?: DropNotice;
  exchanges: Exchange[];
}

function storedLogText(state: LogState, entries: readonly Exchange[]): string {
  const head: Omit<StoredLog, 'exchanges'> = {
    version: 2,
    kept: [...state.kept],
    ...(state.dropped && { dropped: state.dropped }),
  };
  return `${JSON.stringify(head).slice(0, -1)},"exchanges":[${entries.map(serialise).join(',')}]}`;
}

/** Never throws: a full or blocked storage must not fail the request being recorded. */
function persist(state: LogState): void {
  const store = webStorage('session');
  if (!store) return;
  const list = state.exchanges;
  const write = (entries: readonly Exchange[]) => store.setItem(EXCHANGES_STORAGE_KEY, storedLogText(state, entries));
  try {
    if (list.length === 0 && state.kept.size === 0 && !state.dropped) store.removeItem(EXCHANGES_STORAGE_KEY);
    else write(list);
  } catch {
    try {
      // Most likely the quota: the kept flows and the newer half of the others are what a reload needs most.
      const others = list.filter((exchange) => !state.kept.has(unitKey(exchange)));
      const newer = new Set(others.slice(Math.floor(others.length / 2)));
      write(list.filter((exchange) => state.kept.has(unitKey(exchange)) || newer.has(exchange)));
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

function isDropNotice(value: unknown): value is DropNotice {
  if (typeof value !== 'object' || value === null) return false;
  const notice = value as Partial<DropNotice>;
  return (
    ['at', 'flows', 'exchanges', 'kept'].every(
      (name) => typeof (notice as Record<string, unknown>)[name] === 'number',
    ) &&
    Array.isArray(notice.names) &&
    notice.names.every((name) => typeof name === 'string')
  );
}

/** The stored text read back: the current form, or an older console's bare array of exchanges. */
function storedLog(text: string): Partial<StoredLog> {
  const parsed: unknown = JSON.parse(text);
  if (Array.isArray(parsed)) return { exchanges: parsed as Exchange[] };
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { kept, dropped, exchanges } = parsed as Record<string, unknown>;
  return {
    ...(Array.isArray(exchanges) && { exchanges: exchanges as Exchange[] }),
    ...(Array.isArray(kept) && { kept: kept.filter((key): key is string => typeof key === 'string') }),
    ...(isDropNotice(dropped) && { dropped }),
  };
}

/**
 * The log this tab kept before the page was loaded, within the cap; requests that were still in flight are marked
 * interrupted.
 */
function restore(): LogState {
  let stored: Partial<StoredLog>;
  try {
    const text = webStorage('session')?.getItem(EXCHANGES_STORAGE_KEY);
    stored = text ? storedLog(text) : {};
  } catch {
    stored = {};
  }
  const restored = (stored.exchanges ?? [])
    .filter(isExchange)
    .map((exchange) =>
      exchange.response || exchange.error
        ? reparsed(exchange)
        : { ...exchange, error: { kind: 'interrupted' as const, message: INTERRUPTED_MESSAGE } },
    );
  const present = new Set(restored.map(unitKey));
  const kept = new Set(stored.kept?.filter((key) => present.has(key)));
  return capped({ exchanges: restored, kept, dropped: stored.dropped });
}

/** The notice with the flows just dropped added. */
function noticeWith(notice: DropNotice | undefined, dropped: readonly DroppedFlow[]): DropNotice {
  const whole = dropped.filter((flow) => !flow.partly);
  return {
    at: Date.now(),
    flows: (notice?.flows ?? 0) + whole.length,
    exchanges: (notice?.exchanges ?? 0) + dropped.reduce((sum, flow) => sum + flow.exchanges, 0),
    kept: (notice?.kept ?? 0) + whole.filter((flow) => flow.kept).length,
    // Each name once, the latest last: exchanges without a flow may share one, and a flow may lose entries again.
    names: [
      ...new Set([
        ...(notice?.names ?? []),
        ...dropped.map((flow) => (flow.partly ? `${flow.label} (its oldest exchanges)` : flow.label)),
      ]),
    ].slice(-DROP_NAMES),
  };
}

/** The state within the cap: what it drops is noted, and the marks of flows dropped whole are forgotten. */
function capped(state: LogState): LogState {
  const { list, dropped } = capLog(state.exchanges, state.kept);
  if (dropped.length === 0) return state;
  const gone = new Set(dropped.filter((flow) => !flow.partly).map((flow) => flow.key));
  return {
    exchanges: list,
    kept: new Set([...state.kept].filter((key) => !gone.has(key))),
    dropped: noticeWith(state.dropped, dropped),
  };
}

let state: LogState = restore();
// Ids stay unique across page loads: the restored entries keep theirs.
let sequence = Math.max(
  0,
  ...state.exchanges.map((exchange) => Number(/^exchange-(\d+)$/.exec(exchange.id)?.[1] ?? 0)),
);
const listeners = createListeners();
/** A read folded into a later one: the later one's id, so a selection or link to it can follow (a few hundred kept). */
const foldedInto = new Map<string, string>();
const FOLDED_REMEMBERED = 500;

let persistTimer: ReturnType<typeof setTimeout> | undefined;

/** Writes the log to this tab's storage now (it is otherwise written at most every PERSIST_DELAY_MS). */
export function persistExchanges(): void {
  if (persistTimer !== undefined) clearTimeout(persistTimer);
  persistTimer = undefined;
  persist(state);
}

// Leaving the page (the bank's SCA page, a reload) writes whatever is pending.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', persistExchanges);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') persistExchanges();
  });
}

function publish(next: LogState): void {
  state = next;
  if (state.exchanges.length === 0) persistExchanges();
  else persistTimer ??= setTimeout(persistExchanges, PERSIST_DELAY_MS);
  listeners.notify();
}

/**
 * Records a request as it leaves, with its secrets redacted (`secrets`: values such as the profile's bearer token,
 * removed wherever they appear); returns the exchange's id for the later `updateExchange`. A new flow beyond the cap
 * drops the flow quiet for longest.
 */
export function recordExchange(exchange: Omit<Exchange, 'id' | 'deviations'>, options: RedactOptions = {}): string {
  sequence += 1;
  const id = `exchange-${sequence}`;
  const exchanges = [...state.exchanges, { ...redactExchange(exchange, options), id, deviations: [] }];
  publish(capped({ ...state, exchanges }));
  return id;
}

/** A status read just answered folded into its run (status-reads.ts); the read it replaces is remembered. */
function folded(exchanges: Exchange[], index: number): Exchange[] {
  const fold = foldStatusRead(exchanges, index);
  if (!fold) return exchanges;
  foldedInto.set(fold.folded.id, fold.into.id);
  if (foldedInto.size > FOLDED_REMEMBERED) foldedInto.delete(foldedInto.keys().next().value ?? '');
  return fold.list;
}

/**
 * Completes a recorded exchange (response, error, deviations, duration), redacting as `recordExchange` does. Entries
 * are replaced, never mutated. A status read whose answer is the same as the reads before it is folded into them.
 */
export function updateExchange(id: string, changes: Partial<Omit<Exchange, 'id'>>, options: RedactOptions = {}): void {
  const index = state.exchanges.findIndex((exchange) => exchange.id === id);
  const existing = state.exchanges[index];
  if (!existing) return; // already pushed out by the cap or cleared
  let exchanges = state.exchanges.slice();
  exchanges[index] = { ...existing, ...redactExchange(changes, options) };
  if (changes.response) exchanges = folded(exchanges, index);
  let kept = state.kept;
  // A request that got its flow once it was answered (a payment's initiation) takes its mark along.
  if (changes.flow && changes.flow !== existing.flow && kept.has(unitKey(existing))) {
    kept = new Set([...kept].filter((key) => key !== unitKey(existing)).concat(changes.flow));
  }
  publish(capped({ ...state, exchanges, kept }));
}

/** The flows (keys) of `keys` marked kept, or no longer kept; the log itself is left as it is until the next request. */
function keep(keys: readonly string[], kept = true): void {
  const next = new Set(state.kept);
  const present = new Set(state.exchanges.map(unitKey));
  for (const key of keys) {
    if (!present.has(key)) continue;
    if (kept) next.add(key);
    else next.delete(key);
  }
  if (next.size !== state.kept.size || [...next].some((key) => !state.kept.has(key))) publish({ ...state, kept: next });
}

const rooms = new WeakMap<LogState, LogRoom>();

export const exchangeLog = {
  /** Oldest first. The array keeps its identity until the log changes. */
  list: (): Exchange[] => state.exchanges,
  get: (id: string): Exchange | undefined => state.exchanges.find((exchange) => exchange.id === id),
  /** The entry a status read was folded into (following later folds), when it was; undefined otherwise. */
  foldedInto: (id: string): string | undefined => {
    let next = foldedInto.get(id);
    for (let hops = 0; next !== undefined && hops < FOLDED_REMEMBERED; hops += 1) {
      const later = foldedInto.get(next);
      if (later === undefined) break;
      next = later;
    }
    return next !== undefined && exchangeLog.get(next) ? next : undefined;
  },
  subscribe: listeners.subscribe,
  /** Empties the log, its kept marks and notice, and this tab's stored copy. */
  clear: (): void => {
    foldedInto.clear();
    publish({ exchanges: [], kept: new Set(), dropped: undefined });
  },
  /** The flows kept: flow keys, or for an exchange without a flow its id. The set keeps its identity until it changes. */
  kept: (): ReadonlySet<string> => state.kept,
  keep,
  /** Keeps the flow of an exchange (the exchange itself when it has no flow): the user opened it. */
  keepFlowOf: (id: string): void => {
    const exchange = exchangeLog.get(id);
    if (exchange) keep([unitKey(exchange)]);
  },
  /** How close the log is to dropping flows; the same object until the log or its marks change. */
  room: (): LogRoom => {
    let room = rooms.get(state);
    if (!room) {
      room = logRoom(state.exchanges, state.kept);
      rooms.set(state, room);
    }
    return room;
  },
  /** What was dropped since the user last dismissed the notice. */
  dropped: (): DropNotice | undefined => state.dropped,
  dismissDropped: (): void => {
    if (state.dropped) publish({ ...state, dropped: undefined });
  },
};

export function useExchanges(): Exchange[] {
  return useSyncExternalStore(exchangeLog.subscribe, exchangeLog.list, exchangeLog.list);
}

export function useKeptFlows(): ReadonlySet<string> {
  return useSyncExternalStore(exchangeLog.subscribe, exchangeLog.kept, exchangeLog.kept);
}

export function useLogRoom(): LogRoom {
  return useSyncExternalStore(exchangeLog.subscribe, exchangeLog.room, exchangeLog.room);
}

export function useDropNotice(): DropNotice | undefined {
  return useSyncExternalStore(exchangeLog.subscribe, exchangeLog.dropped, exchangeLog.dropped);
}
