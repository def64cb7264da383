// The hand-overs between the console and the PSU that no request shows: the browser sent to the bank's page or OAuth
// login, the start of a decoupled wait, and each return from the bank. Kept beside the exchange log, per tab in
// sessionStorage, so the flow diagram tells the whole story after the redirect to the bank and a reload. An event
// holds only what the diagram draws (the flow, the kind, a time, the console route): never a URL with the bank's
// parameters, a state, a code or a token.
import { useSyncExternalStore } from 'react';
import { flowOf, type AuthorisationScope } from './keys';
import { createListeners, webStorage } from './web-storage';

/** How the PSU was sent to the bank: its SCA page (scaRedirect) or its OAuth login (scaOAuth). */
export type HandOverVia = 'redirect' | 'oauth';

/** What the authorisation is for, where it matters to the words: a payment's cancellation has its own SCA. */
export type HandOverPurpose = 'authorisation' | 'cancellation';

interface EventBase {
  id: string;
  /** The exchange log's flow key: 'payment:<paymentId>', 'consent:<consentId>'. */
  flow: string;
  /** Epoch ms. */
  at: number;
}

export type FlowEvent =
  | (EventBase & {
      kind: 'hand-over';
      via: HandOverVia;
      purpose: HandOverPurpose;
      /** The console route the round trip returns to, to tie the return to this hand-over. */
      returnTo: string;
    })
  | (EventBase & { kind: 'decoupled-wait'; purpose: HandOverPurpose; authorisationId?: string })
  | (EventBase & { kind: 'return'; via: HandOverVia; outcome: 'ok' | 'nok' });

/** Events are few per flow; the cap keeps a long session's storage small. */
export const FLOW_EVENT_LIMIT = 300;
export const FLOW_EVENTS_STORAGE_KEY = 'xs2a-console.flow-events.v1';

const purposes: readonly string[] = ['authorisation', 'cancellation'];
const vias: readonly string[] = ['redirect', 'oauth'];

function isFlowEvent(value: unknown): value is FlowEvent {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e.id !== 'string' || typeof e.flow !== 'string' || typeof e.at !== 'number') return false;
  switch (e.kind) {
    case 'hand-over':
      return vias.includes(e.via as string) && purposes.includes(e.purpose as string) && typeof e.returnTo === 'string';
    case 'decoupled-wait':
      return purposes.includes(e.purpose as string) && ['string', 'undefined'].includes(typeof e.authorisationId);
    case 'return':
      return vias.includes(e.via as string) && (e.outcome === 'ok' || e.outcome === 'nok');
    default:
      return false;
  }
}

function restore(): FlowEvent[] {
  try {
    const parsed: unknown = JSON.parse(webStorage('session')?.getItem(FLOW_EVENTS_STORAGE_KEY) || '[]');
    return Array.isArray(parsed) ? parsed.filter(isFlowEvent).slice(-FLOW_EVENT_LIMIT) : [];
  } catch {
    return [];
  }
}

let events: FlowEvent[] = restore();
let sequence = Math.max(0, ...events.map((event) => Number(/^event-(\d+)$/.exec(event.id)?.[1] ?? 0)));
const listeners = createListeners();

/** Written at once: a hand-over is recorded just before the browser leaves for the bank. Never throws. */
function publish(next: FlowEvent[]): void {
  events = next.length > FLOW_EVENT_LIMIT ? next.slice(next.length - FLOW_EVENT_LIMIT) : next;
  try {
    const store = webStorage('session');
    if (events.length === 0) store?.removeItem(FLOW_EVENTS_STORAGE_KEY);
    else store?.setItem(FLOW_EVENTS_STORAGE_KEY, JSON.stringify(events));
  } catch {
    // full or blocked storage: the events hold for this page load only
  }
  listeners.notify();
}

type NewEvent = FlowEvent extends infer E ? (E extends FlowEvent ? Omit<E, 'id' | 'at'> : never) : never;

/** Records an event now (or at `at`); returns its id. */
export function recordFlowEvent(event: NewEvent, at = Date.now()): string {
  sequence += 1;
  const id = `event-${sequence}`;
  publish([...events, { ...event, id, at }]);
  return id;
}

function purposeOf(scope: AuthorisationScope): HandOverPurpose {
  return scope.kind === 'payment-cancellation' ? 'cancellation' : 'authorisation';
}

/** Records the browser leaving for the bank's page or OAuth login; call it just before the browser goes. */
export function recordHandOver(scope: AuthorisationScope, via: HandOverVia, returnTo: string, at = Date.now()): void {
  recordFlowEvent({ kind: 'hand-over', flow: flowOf(scope), via, purpose: purposeOf(scope), returnTo }, at);
}

/** Records the start of a decoupled wait, once per authorisation: a reload that shows the monitor again adds nothing. */
export function recordDecoupledWait(
  scope: AuthorisationScope,
  authorisationId: string | undefined,
  at = Date.now(),
): void {
  const flow = flowOf(scope);
  const purpose = purposeOf(scope);
  const known = events.some(
    (event) =>
      event.kind === 'decoupled-wait' &&
      event.flow === flow &&
      authorisationId !== undefined &&
      event.authorisationId === authorisationId,
  );
  if (!known)
    recordFlowEvent({ kind: 'decoupled-wait', flow, purpose, ...(authorisationId && { authorisationId }) }, at);
}

/**
 * Records the PSU's return to `returnTo` from the bank: it belongs to the flow of the latest hand-over that was to
 * return there, and is recorded once per hand-over. Nothing is recorded when no hand-over is known (the round trip
 * began in another tab).
 */
export function recordReturn(returnTo: string, via: HandOverVia, outcome: 'ok' | 'nok', at = Date.now()): void {
  const index = events.findLastIndex(
    (event) => event.kind === 'hand-over' && event.via === via && event.returnTo === returnTo,
  );
  const handOver = events[index];
  if (!handOver) return;
  const answered = events.slice(index + 1).some((event) => event.kind === 'return' && event.flow === handOver.flow);
  if (!answered) recordFlowEvent({ kind: 'return', flow: handOver.flow, via, outcome }, at);
}

export const flowEvents = {
  /** Oldest first. The array keeps its identity until an event is added. */
  list: (): FlowEvent[] => events,
  subscribe: listeners.subscribe,
  clear: (): void => publish([]),
};

export function useFlowEvents(): FlowEvent[] {
  return useSyncExternalStore(flowEvents.subscribe, flowEvents.list, flowEvents.list);
}
