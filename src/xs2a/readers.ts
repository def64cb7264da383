// Tolerant readers of values banks send in other forms than 1.3.12 defines (amounts as JSON numbers, dates with
// times). Plain code without zod, so pages that only show data (the consents list, the header) load no schema code.

/** What the console reads from an amount value, whatever JSON type the bank used, and how it deviates. */
export interface AmountReading {
  /** The amount as text: a string as sent, a JSON number written out in full, or '' when there is none. */
  text: string;
  /** Set when the bank did not send a string: what it sent instead, in plain words. */
  deviation?: string;
}

/** Any value from a JSON body as text: JSON for objects and arrays, never "[object Object]". */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

/** A JSON number as the bank wrote it, without exponent: 12.5 → "12.5", 1e21 → "1000000000000000000000". */
function numberText(value: number): string {
  const plain = String(value);
  if (!/e/i.test(plain)) return plain;
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * Reads an amount tolerantly: 1.3.12 sends amounts as strings ("12.50"), but some banks send JSON numbers (12.5).
 * A number is shown as its digits and flagged; anything else is shown as JSON and flagged; nothing throws.
 */
export function readAmountValue(value: unknown): AmountReading {
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' && Number.isFinite(value)) {
    return { text: numberText(value), deviation: 'sent as a JSON number; 1.3.12 has amounts as strings' };
  }
  if (value === undefined || value === null) return { text: '', deviation: 'no amount sent' };
  return {
    text: jsonText(value),
    deviation: `sent as ${Array.isArray(value) ? 'an array' : typeof value}, not a string`,
  };
}

/** What the console reads from a value the spec defines as a date (YYYY-MM-DD), and how it deviates. */
export interface DateReading {
  /** The calendar date YYYY-MM-DD, when the value starts with one. */
  date?: string;
  /** The time part the bank added after the date ("10:00:00Z"), if any. */
  time?: string;
  /** The value as sent, as text ('' when there is none). */
  text: string;
  /** Set when the value is not a plain date: what the bank sent instead, in plain words. */
  deviation?: string;
}

const DATE_START = /^(\d{4}-\d{2}-\d{2})(?:[T ](.+))?$/;

/**
 * Reads a date tolerantly: a date-time where 1.3.12 has a date ("2026-11-20T10:00:00Z") gives its date and the time
 * beside it (flagged), so tables, sorting and validity still work with the date.
 */
export function readDate(value: unknown): DateReading {
  if (value === undefined || value === null) return { text: '' };
  const text = typeof value === 'string' ? value : jsonText(value);
  const match = DATE_START.exec(text.trim());
  const date = match?.[1];
  if (!match || date === undefined || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    return { text, deviation: 'not a date in the form YYYY-MM-DD' };
  }
  const time = match[2];
  if (time === undefined) {
    return typeof value === 'string' ? { date, text } : { date, text, deviation: 'not sent as a string' };
  }
  return { date, time, text, deviation: `a date with a time (${time}); 1.3.12 has only the date here` };
}
