// How the inspector sorts, filters and groups exchanges.
import { flowLabel, type Exchange } from '../../api';

export { flowLabel };

export type StatusFilter = 'any' | '2xx' | '3xx' | '4xx' | '5xx' | 'failed' | 'pending' | 'deviations';

export const statusFilterLabels: Record<StatusFilter, string> = {
  any: 'Any status',
  '2xx': '2xx success',
  '3xx': '3xx redirect',
  '4xx': '4xx client error',
  '5xx': '5xx server error',
  failed: 'No answer (network, timeout, interrupted)',
  pending: 'In flight',
  deviations: 'Deviates from 1.3.12',
};

export type StatusCategory = '2xx' | '3xx' | '4xx' | '5xx' | 'failed' | 'pending' | 'other';

export function statusCategory(exchange: Exchange): StatusCategory {
  if (exchange.response) {
    const status = exchange.response.status;
    if (status >= 200 && status < 300) return '2xx';
    if (status >= 300 && status < 400) return '3xx';
    if (status >= 400 && status < 500) return '4xx';
    if (status >= 500 && status < 600) return '5xx';
    return 'other';
  }
  // A redirect the browser hid (an opaque redirect) is still the bank's answer: a 3xx, not a missing answer.
  if (exchange.error?.kind === 'redirect') return '3xx';
  return exchange.error ? 'failed' : 'pending';
}

function matchesStatus(exchange: Exchange, filter: StatusFilter): boolean {
  if (filter === 'any') return true;
  if (filter === 'deviations') return exchange.deviations.length > 0;
  return statusCategory(exchange) === filter;
}

/** Case-insensitive search in method, URL, operation, X-Request-ID, flow and status. */
function matchesText(exchange: Exchange, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [
    exchange.request.method,
    exchange.request.url,
    exchange.operationId,
    exchange.requestId,
    exchange.flow ?? '',
    exchange.response ? String(exchange.response.status) : (exchange.error?.kind ?? ''),
  ]
    .join(' ')
    .toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
}

export function filterExchanges(exchanges: readonly Exchange[], text: string, status: StatusFilter): Exchange[] {
  return exchanges.filter((exchange) => matchesStatus(exchange, status) && matchesText(exchange, text));
}

export interface FlowGroup {
  flow: string | undefined;
  label: string;
  /** Oldest first, so a flow reads in the order it happened. */
  exchanges: Exchange[];
}

/** Groups by flow; the group with the latest activity comes first. `exchanges` are expected oldest first. */
export function groupByFlow(exchanges: readonly Exchange[]): FlowGroup[] {
  const groups = new Map<string, FlowGroup>();
  for (const exchange of exchanges) {
    const key = exchange.flow ?? '';
    let group = groups.get(key);
    if (!group) {
      group = { flow: exchange.flow, label: flowLabel(exchange.flow), exchanges: [] };
      groups.set(key, group);
    }
    group.exchanges.push(exchange);
  }
  const latest = (group: FlowGroup) => Math.max(...group.exchanges.map((exchange) => exchange.startedAt));
  return [...groups.values()].sort((a, b) => latest(b) - latest(a));
}
