// How much the exchange log keeps: whole flows, the most recent first. A flow ('payment:<id>', 'consent:<id>') counts
// once however many exchanges it holds; an exchange without a flow counts as a flow of its own. Flows the user keeps
// (opened in the inspector, exported, saved as a replay, or kept by hand) are never dropped by the flow cap and do not
// count against it. Pure: the log in, what stays and what goes out.
import type { Exchange } from './exchange-types';

/** The most recent flows the log keeps, beside the kept ones: about an afternoon of trying payments and consents. */
export const FLOW_LIMIT = 60;
/**
 * A safety net for memory and the tab's storage quota (each stored body is at most 16 kB): beyond this many entries
 * the oldest flows go, kept ones too once no other is left, and at last the oldest entries of the one flow that is
 * still working.
 */
export const ENTRY_CEILING = 2000;
/** The user is told once this few more flows fit (or the entries come within a tenth of the ceiling). */
export const WARN_WITHIN = 5;
const ENTRY_WARNING = Math.floor(ENTRY_CEILING * 0.9);
/** How many of the flows that go next the notice names. */
const NEXT_NAMED = 3;

/** The flow an exchange counts in: its flow, or the exchange itself when it has none. */
export function unitKey(exchange: Exchange): string {
  return exchange.flow ?? exchange.id;
}

/** "payment:abc" → "Payment abc"; "payment-cancellation:abc" → "Payment cancellation abc". */
export function flowLabel(flow: string | undefined): string {
  if (!flow) return 'Requests without a flow';
  const separator = flow.indexOf(':');
  if (separator < 0) return flow;
  const kind = flow.slice(0, separator).replace(/[-_]+/g, ' ');
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${flow.slice(separator + 1)}`;
}

/** What the user reads for a flow: its label, or for an exchange without a flow its method and path. */
function unitLabel(exchange: Exchange): string {
  if (exchange.flow) return flowLabel(exchange.flow);
  let path = exchange.request.url;
  try {
    path = new URL(path).pathname;
  } catch {
    // not a URL: shown as recorded
  }
  const start = path.indexOf('/v1/');
  return `${exchange.request.method} ${start >= 0 ? path.slice(start) : path}`;
}

interface Unit {
  key: string;
  label: string;
  kept: boolean;
  /** A request of it is still waiting for its answer: its answer must find it. */
  inFlight: boolean;
  ids: string[];
  /** The position of its latest entry: the lower, the longer it has been quiet. */
  last: number;
}

/** The log's flows, the one quiet for longest first. */
function unitsOf(list: readonly Exchange[], kept: ReadonlySet<string>): Unit[] {
  const units = new Map<string, Unit>();
  list.forEach((exchange, index) => {
    const key = unitKey(exchange);
    let unit = units.get(key);
    if (!unit) {
      unit = { key, label: unitLabel(exchange), kept: kept.has(key), inFlight: false, ids: [], last: index };
      units.set(key, unit);
    }
    unit.ids.push(exchange.id);
    unit.last = index;
    if (!exchange.response && !exchange.error) unit.inFlight = true;
  });
  return [...units.values()].sort((a, b) => a.last - b.last);
}

/** A flow (or part of one) the cap took out of the log. */
export interface DroppedFlow {
  key: string;
  label: string;
  exchanges: number;
  kept: boolean;
  /** Only its oldest exchanges went (the ceiling, with no whole flow left to drop). */
  partly?: boolean;
}

/** The oldest answered entries beyond the ceiling, whatever their flow: the last resort of capLog. */
function oldestEntries(list: readonly Exchange[], units: readonly Unit[], gone: Set<string>, excess: number) {
  const unitOf = new Map(units.flatMap((unit) => unit.ids.map((id) => [id, unit] as const)));
  const counts = new Map<Unit, number>();
  for (const exchange of list) {
    if (excess <= 0) break;
    const unit = unitOf.get(exchange.id);
    if (!unit || gone.has(exchange.id) || (!exchange.response && !exchange.error)) continue;
    gone.add(exchange.id);
    excess -= 1;
    counts.set(unit, (counts.get(unit) ?? 0) + 1);
  }
  return [...counts].map(([unit, exchanges]): DroppedFlow => ({
    key: unit.key,
    label: unit.label,
    exchanges,
    kept: unit.kept,
    partly: true,
  }));
}

/** The log within its limits, and what had to go, oldest first. */
export function capLog(list: Exchange[], kept: ReadonlySet<string>): { list: Exchange[]; dropped: DroppedFlow[] } {
  const units = unitsOf(list, kept);
  const open = units.filter((unit) => !unit.kept);
  if (open.length <= FLOW_LIMIT && list.length <= ENTRY_CEILING) return { list, dropped: [] };
  const gone = new Set<string>();
  const droppedUnits = new Set<Unit>();
  const dropped: DroppedFlow[] = [];
  let entries = list.length;
  const drop = (unit: Unit) => {
    for (const id of unit.ids) gone.add(id);
    entries -= unit.ids.length;
    droppedUnits.add(unit);
    dropped.push({ key: unit.key, label: unit.label, exchanges: unit.ids.length, kept: unit.kept });
  };
  // The flow cap: the open flows quiet for longest, beyond the limit; a flow still waiting for an answer stays.
  let excess = open.length - FLOW_LIMIT;
  for (const unit of open) {
    if (excess <= 0) break;
    if (unit.inFlight) continue;
    drop(unit);
    excess -= 1;
  }
  // The ceiling: whole flows, open ones first, never the latest one.
  const latest = units.at(-1);
  for (const unit of [...open, ...units.filter((each) => each.kept)]) {
    if (entries <= ENTRY_CEILING) break;
    if (unit !== latest && !unit.inFlight && !droppedUnits.has(unit)) drop(unit);
  }
  if (entries > ENTRY_CEILING) dropped.push(...oldestEntries(list, units, gone, entries - ENTRY_CEILING));
  return { list: list.filter((exchange) => !gone.has(exchange.id)), dropped };
}

/** How close the log is to dropping flows, for the notices that say so. */
export interface LogRoom {
  /** Open (not kept) flows in the log, and how many the log keeps. */
  flows: number;
  limit: number;
  /** How many more new flows fit before the one quiet for longest goes; 0 at the limit. */
  left: number;
  /** Kept flows, which the cap leaves alone. */
  kept: number;
  entries: number;
  ceiling: number;
  /** Why the user is told now: few flows left, or the entries near the ceiling; undefined while there is room. */
  near?: 'flows' | 'entries';
  /** The flows that go next, first to go first (a few). */
  next: { key: string; label: string }[];
}

export function logRoom(list: readonly Exchange[], kept: ReadonlySet<string>): LogRoom {
  const units = unitsOf(list, kept);
  const open = units.filter((unit) => !unit.kept);
  const left = Math.max(0, FLOW_LIMIT - open.length);
  const byFlows = left <= WARN_WITHIN && open.length > 0;
  const byEntries = list.length >= ENTRY_WARNING;
  const latest = units.at(-1);
  const goesNext = byFlows ? open : [...open, ...units.filter((unit) => unit.kept)].filter((unit) => unit !== latest);
  const near = byFlows ? 'flows' : byEntries ? 'entries' : undefined;
  return {
    flows: open.length,
    limit: FLOW_LIMIT,
    left,
    kept: units.length - open.length,
    entries: list.length,
    ceiling: ENTRY_CEILING,
    ...(near && { near }),
    next: near
      ? goesNext
          .filter((unit) => !unit.inFlight)
          .slice(0, NEXT_NAMED)
          .map(({ key, label }) => ({ key, label }))
      : [],
  };
}
