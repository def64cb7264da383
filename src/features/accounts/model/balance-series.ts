// The account's booked balance over a period, worked backwards (and forwards) from one known balance through the
// booked entries of the report. Exact decimal arithmetic: amounts are summed as integers of thousandths.
import { readAmountValue, readDate } from '../../../xs2a/readers';
import { addDays } from '../../../api';

export interface SeriesEntry {
  /** The booking date, YYYY-MM-DD. */
  date: string;
  /** Signed decimal string as the bank sent it, e.g. "-12.50". */
  amount: string;
}

export interface AnchorBalance {
  /** Signed decimal string. */
  amount: string;
  /** The day whose end the balance describes, YYYY-MM-DD. */
  date: string;
}

export interface BalancePoint {
  date: string;
  /** End-of-day balance as a number (for drawing). */
  value: number;
  /** The same balance as an exact decimal string with `decimals` places. */
  amount: string;
}

export interface BalanceSeries {
  /** Balance at the end of `from − 1` (the opening balance), then at the end of every day with bookings, then `to`. */
  points: BalancePoint[];
  start: BalancePoint;
  end: BalancePoint;
  min: BalancePoint;
  max: BalancePoint;
}

const SCALE_DIGITS = 3;
const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,3}))?$/;

/** "-12.5" → -12500n (thousandths); undefined when it is not a decimal with at most three places. */
export function toThousandths(amount: unknown): bigint | undefined {
  const match = DECIMAL.exec(readAmountValue(amount).text.trim());
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const value = BigInt(whole) * 1000n + BigInt(fraction.padEnd(SCALE_DIGITS, '0'));
  return sign ? -value : value;
}

/** -12500n with 2 decimals → "-12.50". */
export function fromThousandths(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / 1000n;
  const fraction = (abs % 1000n).toString().padStart(SCALE_DIGITS, '0').slice(0, Math.max(0, decimals));
  const text = decimals > 0 ? `${whole}.${fraction.padEnd(decimals, '0')}` : whole.toString();
  return negative && abs !== 0n ? `-${text}` : text;
}

export class BalanceSeriesError extends Error {
  override name = 'BalanceSeriesError';
}

/**
 * End-of-day balances from `from` to `to`. The anchor is the balance at the end of its day; a day before it is the
 * anchor minus every booking after that day up to the anchor's day, a day after it the anchor plus the bookings in
 * between. Entries outside [from, to] are expected to be absent: the report only covers the period, so an anchor
 * outside the period cannot be connected to it and is refused.
 */
export function deriveBalanceSeries(input: {
  entries: readonly SeriesEntry[];
  anchor: AnchorBalance;
  from: string;
  to: string;
  /** Decimal places of the currency, for the exact amounts. */
  decimals: number;
}): BalanceSeries {
  const { entries, anchor, from, to, decimals } = input;
  if (from > to) throw new BalanceSeriesError(`The period starts (${from}) after it ends (${to}).`);
  const anchorValue = toThousandths(anchor.amount);
  if (anchorValue === undefined)
    throw new BalanceSeriesError(`The balance "${anchor.amount}" is not a decimal amount.`);
  // Bookings of the anchor's day are in the anchor already, so it may sit on the day before the period too.
  if (anchor.date < addDays(from, -1) || anchor.date > to) {
    throw new BalanceSeriesError(
      `The balance is dated ${anchor.date}, outside the listed period ${from} to ${to}: the entries in between are not loaded.`,
    );
  }

  const perDay = new Map<string, bigint>();
  for (const entry of entries) {
    const value = toThousandths(entry.amount);
    if (value === undefined) throw new BalanceSeriesError(`The amount "${entry.amount}" is not a decimal amount.`);
    if (entry.date < from || entry.date > to) continue;
    perDay.set(entry.date, (perDay.get(entry.date) ?? 0n) + value);
  }
  const days = [...perDay.keys()].sort();

  // Balance at the end of the day before the period: the anchor minus every booking after that day up to the anchor.
  let opening = anchorValue;
  for (const day of days) {
    if (day <= anchor.date) opening -= perDay.get(day) ?? 0n;
  }

  const point = (date: string, value: bigint): BalancePoint => ({
    date,
    value: Number(value) / 1000,
    amount: fromThousandths(value, decimals),
  });
  const points: BalancePoint[] = [point(addDays(from, -1), opening)];
  let running = opening;
  for (const day of days) {
    running += perDay.get(day) ?? 0n;
    points.push(point(day, running));
  }
  const last = points[points.length - 1];
  if (last && last.date !== to) points.push(point(to, running));

  const first = points[0] as BalancePoint;
  const end = points[points.length - 1] as BalancePoint;
  let min = first;
  let max = first;
  for (const p of points) {
    if (p.value < min.value) min = p;
    if (p.value > max.value) max = p;
  }
  return { points, start: first, end, min, max };
}

const BOOKED_BALANCE_PREFERENCE = ['interimBooked', 'closingBooked'] as const;

/**
 * The balance to work back from: a booked balance (pending entries are in none of the booked ones), the latest first.
 * Its day is its referenceDate, else the day of lastChangeDateTime, else `today`.
 */
export function pickAnchor(
  balances: readonly {
    balanceType: string;
    balanceAmount: { amount: string; currency: string };
    referenceDate?: string;
    lastChangeDateTime?: string;
  }[],
  today: string,
): (AnchorBalance & { balanceType: string; currency: string }) | undefined {
  for (const type of BOOKED_BALANCE_PREFERENCE) {
    const balance = balances.find((b) => b.balanceType === type);
    if (!balance) continue;
    // Read tolerantly: a referenceDate with a time is read by its date, an amount sent as a JSON number by its digits.
    const date = readDate(balance.referenceDate).date ?? readDate(balance.lastChangeDateTime).date ?? today;
    const amount = readAmountValue(balance.balanceAmount.amount).text;
    return { amount, currency: balance.balanceAmount.currency, date, balanceType: type };
  }
  return undefined;
}
