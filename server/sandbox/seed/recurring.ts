// The profile engine's shared vocabulary: recurring bills described as data, the day each falls due, the entry it
// books, and the card-slip text every card payment carries. Private and business profiles both describe their
// bills this way; their lives interpret them.
import {
  clockTime,
  dayInMonth,
  dayOf,
  daysInMonth,
  followingWorkingDay,
  germanDate,
  precedingWorkingDay,
} from './calendar';
import { party } from './iban';
import type { EntryInput } from './ledger';
import type { Merchant } from './merchants';
import type { Random } from './random';

/**
 * When in the month a bill falls due: on a day of the month (or the working day after it), or on the n-th working day
 * counted back from the month's end (1 = the last working day).
 */
export type Due = { dayOfMonth: number } | { workingDayFromEnd: number };

/** Major units drawn uniformly from [min, max] each time the bill falls due. */
export type AmountRange = readonly [min: number, max: number];

export interface Bill {
  kind: 'directDebit' | 'standingOrder' | 'transferOut' | 'card';
  /** The creditor. */
  name: string;
  /** Major units, fixed or drawn. */
  amount: number | AmountRange;
  due: Due;
  /** Months it falls due in (1-12); every month when absent. */
  months?: readonly number[];
  /** Minute of the day it is booked at; a random minute between 06:00 and 09:00 when absent. */
  minute?: number;
  text: (y: number, m: number, rng: Random) => string;
  endToEndId: (y: number, m: number) => string;
}

/**
 * The day a bill falls due in month `m` of `y`, if it lies in the history: up to `anchor`, and from `first` (the day
 * the history opens) for month-end payments, after it for bills due on a day of the month. Undefined when it does not
 * fall due that month.
 */
export function billDay(bill: Bill, y: number, m: number, first: number, anchor: number): number | undefined {
  if (bill.months && !bill.months.includes(m)) return undefined;
  const { due } = bill;
  if ('dayOfMonth' in due) {
    const day = followingWorkingDay(dayInMonth(y, m, due.dayOfMonth));
    return day > first && day <= anchor ? day : undefined;
  }
  const day = workingDayFromEnd(y, m, due.workingDayFromEnd);
  return day >= first && day <= anchor ? day : undefined;
}

/** The n-th working day counted back from the end of month `m` of `y` (1 = the last working day). */
export function workingDayFromEnd(y: number, m: number, n: number): number {
  let day = precedingWorkingDay(dayOf(y, m, daysInMonth(y, m)));
  for (let i = 1; i < n; i++) day = precedingWorkingDay(day - 1);
  return day;
}

/** A bill's amount as it falls due, in minor units (a range draws from `rng`). */
export function billAmount(bill: Bill, rng: Random): number {
  return typeof bill.amount === 'number' ? Math.round(bill.amount * 100) : rng.amount(bill.amount[0], bill.amount[1]);
}

/** The debit a (non-card) bill books on `day`, drawing its minute, amount and text in that order. */
export function billEntry(bill: Bill, day: number, y: number, m: number, rng: Random): EntryInput {
  const minute = bill.minute ?? rng.minute(6, 9);
  const minor = billAmount(bill, rng);
  const creditor = party(bill.name);
  return {
    kind: bill.kind === 'card' ? 'card' : bill.kind,
    day,
    minute,
    amount: -minor,
    name: creditor.name,
    iban: creditor.iban,
    remittance: bill.text(y, m, rng),
    endToEndId: bill.endToEndId(y, m),
  };
}

/** What a card payment's remittance says: where, when, with which card. */
export function cardText(merchant: Merchant, day: number, minute: number, card: string): string {
  const where = merchant.place ? `${merchant.name}, ${merchant.place}` : `${merchant.name} (online)`;
  return `Kartenzahlung ${where} ${germanDate(day)} ${clockTime(minute)} ${card}`;
}

/**
 * A card payment of `minor` at `merchant` on `day`, its slip naming `card`; `timing` books it on a later day or leaves
 * it pending.
 */
export function cardEntry(
  merchant: Merchant,
  day: number,
  minute: number,
  minor: number,
  card: string,
  timing: Pick<EntryInput, 'bookingDay' | 'pendingValueDay'> = {},
): EntryInput {
  const remittance = cardText(merchant, day, minute, card);
  return { kind: 'card', day, minute, amount: -minor, name: merchant.name, remittance, ...timing };
}
