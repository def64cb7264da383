// The status of one exchange as a badge and its timing as text.
import type { Exchange } from '../../api';
import { Badge, type BadgeTone } from '../../components/ui';
import { statusCategory } from './exchange-filters';

const tones: Record<ReturnType<typeof statusCategory>, BadgeTone> = {
  '2xx': 'success',
  '3xx': 'info',
  '4xx': 'warning',
  '5xx': 'danger',
  failed: 'danger',
  pending: 'neutral',
  other: 'neutral',
};

export function ExchangeStatusBadge({ exchange }: { exchange: Exchange }) {
  const category = statusCategory(exchange);
  // A request the console itself called off (e.g. a newer read replaced it), or one whose page was left for the bank's
  // SCA page, is not a failure.
  const calledOff = exchange.error?.kind === 'aborted' || exchange.error?.kind === 'interrupted';
  const tone = calledOff ? 'neutral' : tones[category];
  const text = exchange.response
    ? String(exchange.response.status)
    : exchange.error
      ? exchange.error.kind === 'http'
        ? 'error'
        : exchange.error.kind === 'redirect'
          ? 'redirect, not followed'
          : exchange.error.kind
      : 'pending';
  return (
    <Badge tone={tone} title={exchange.response?.statusText || exchange.error?.message}>
      {text}
    </Badge>
  );
}

export function formatDuration(exchange: Exchange): string {
  if (exchange.durationMs !== undefined) return `${Math.round(exchange.durationMs)} ms`;
  // Restored after a page load while it was in flight: how long it took is not known.
  return exchange.error ? 'no answer' : 'in flight';
}

export function formatTime(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** Long ids in a path shortened to their start and end, e.g. pay-e173ac…acc4; the full URL is in the detail. */
function abbreviate(segment: string): string {
  return segment.length > 24 ? `${segment.slice(0, 10)}…${segment.slice(-4)}` : segment;
}

/** A compact path for the list: from /v1/ on (the bank's prefix is the same on every row), long ids shortened. */
export function listPath(url: string): string {
  let pathname: string;
  let search = '';
  try {
    const parsed = new URL(url);
    pathname = parsed.pathname;
    search = parsed.search;
  } catch {
    pathname = url;
  }
  const start = pathname.indexOf('/v1/');
  const path = (start >= 0 ? pathname.slice(start) : pathname).split('/').map(abbreviate).join('/');
  return `${path}${search}`;
}

/** The URL without the origin, which is the same for every request to one bank. */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}
