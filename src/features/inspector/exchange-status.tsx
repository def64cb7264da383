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
  const text = exchange.response
    ? String(exchange.response.status)
    : exchange.error
      ? exchange.error.kind === 'http'
        ? 'error'
        : exchange.error.kind
      : 'pending';
  return (
    <Badge tone={tones[category]} title={exchange.response?.statusText || exchange.error?.message}>
      {text}
    </Badge>
  );
}

export function formatDuration(exchange: Exchange): string {
  return exchange.durationMs === undefined ? 'in flight' : `${Math.round(exchange.durationMs)} ms`;
}

export function formatTime(epochMs: number): string {
  const date = new Date(epochMs);
  const pad = (value: number, length = 2) => String(value).padStart(length, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
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
