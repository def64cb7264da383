// One account's entries while the seed is built: generators add them, `finalise` orders them and numbers them.
import type { NewTransaction } from '../store/schema';
import { clockTime, isoOf, isWorkingDay } from './calendar';
import { formatAmount } from './money';
import { hashHex, mixHex } from './random';
import type { AccountSpec } from './test-psus';

/** What kind of entry, which fixes its ISO bank transaction code and its German proprietary code (SWIFT+GVC). */
export const entryKinds = {
  transferOut: ['PMNT-ICDT-ESCT', 'NTRF+116'],
  transferIn: ['PMNT-RCDT-ESCT', 'NTRF+166'],
  salary: ['PMNT-RCDT-ESCT', 'NTRF+153'],
  standingOrder: ['PMNT-ICDT-STDO', 'NSTO+117'],
  directDebit: ['PMNT-RDDT-ESDD', 'NDDT+105'],
  card: ['PMNT-CCRD-POSD', 'NMSC+106'],
  cash: ['PMNT-CCRD-CWDL', 'NMSC+083'],
  ownOut: ['PMNT-ICDT-BOOK', 'NTRF+116'],
  ownIn: ['PMNT-RCDT-BOOK', 'NTRF+166'],
  interest: ['ACMT-MCOP-INTR', 'NINT+805'],
  charges: ['ACMT-MDOP-CHRG', 'NCHG+805'],
} as const satisfies Record<string, readonly [string, string]>;

export type EntryKind = keyof typeof entryKinds;

export interface EntryInput {
  kind: EntryKind;
  /** When it happened: the purchase, the execution, the arrival. */
  day: number;
  /** Time of day in minutes; orders entries within a day. */
  minute: number;
  /** Signed, in minor units. */
  amount: number;
  /** The counterparty: creditor of a debit, debtor of a credit. */
  name?: string | null;
  iban?: string | null;
  remittance?: string | null;
  endToEndId?: string | null;
  /** Booked entries: the booking day when it is not `day` (a Saturday card payment books on Monday). */
  bookingDay?: number;
  /** Makes the entry pending, expected to book and take value on this day. */
  pendingValueDay?: number;
}

export interface Entry {
  kind: EntryKind;
  pending: boolean;
  bookingDay: number | null;
  entryDay: number;
  valueDay: number;
  minute: number;
  amount: number;
  name: string | null;
  iban: string | null;
  remittance: string | null;
  endToEndId: string | null;
  index: number;
  /** When it happened, as opposed to `minute`, when it reached the account. */
  eventMinute: number;
  /** Filled in by `finalise`. */
  seq: number;
  entryReference: string;
  transactionId: string;
}

/** Entries that book on a later day than they happened (a Saturday card payment) book at this minute. */
const NIGHT_BATCH = 5;

export class Ledger {
  readonly entries: Entry[] = [];
  /** Per day since `origin`: the sum of entries that happened that day, for balance guards while generating. */
  private readonly delta: Float64Array;
  private readonly entryCount: Int32Array;
  private cursorDay: number;
  private carried = 0;

  constructor(
    readonly spec: AccountSpec,
    readonly origin: number,
    readonly anchor: number,
  ) {
    this.delta = new Float64Array(anchor - origin + 1);
    this.entryCount = new Int32Array(anchor - origin + 1);
    this.cursorDay = origin - 1;
  }

  get currency(): string {
    return this.spec.currency;
  }

  add(input: EntryInput): void {
    const { day, amount } = input;
    if (!Number.isInteger(amount) || amount === 0) throw new Error(`Bad amount ${amount} on ${this.spec.key}`);
    if (day < this.origin || day > this.anchor) throw new Error(`${isoOf(day)} is outside the seed window`);
    const index = this.entries.length;
    const pending = input.pendingValueDay !== undefined;
    let minute = input.minute;
    let bookingDay: number | null = null;
    let entryDay = day;
    let valueDay = input.pendingValueDay ?? day;
    if (pending) {
      if (day === this.anchor) minute = Math.min(minute, 59);
    } else {
      bookingDay = input.bookingDay ?? day;
      if (bookingDay > this.anchor || !isWorkingDay(bookingDay)) {
        throw new Error(`${this.spec.key}: cannot book on ${isoOf(bookingDay)}`);
      }
      if (bookingDay !== day) minute = NIGHT_BATCH;
      else if (bookingDay === this.anchor) minute = this.batchMinute(bookingDay);
      entryDay = bookingDay;
      valueDay = day;
    }
    // One object shape for every entry keeps building 10,000+ of them fast.
    this.entries.push({
      kind: input.kind,
      pending,
      bookingDay,
      entryDay,
      valueDay,
      minute,
      amount,
      name: input.name ?? null,
      iban: input.iban ?? null,
      remittance: input.remittance ?? null,
      endToEndId: input.endToEndId ?? null,
      index,
      eventMinute: input.minute,
      seq: 0,
      entryReference: '',
      transactionId: '',
    });
    this.delta[day - this.origin] = (this.delta[day - this.origin] ?? 0) + amount;
    this.entryCount[entryDay - this.origin] = (this.entryCount[entryDay - this.origin] ?? 0) + 1;
    if (day <= this.cursorDay) {
      this.cursorDay = this.origin - 1;
      this.carried = 0;
    }
  }

  /**
   * What the bank books on the anchor day comes from the night batch, just after midnight and in the order it was
   * added, so the seed's "today" holds nothing later than 01:00.
   */
  private batchMinute(day: number): number {
    return Math.min(NIGHT_BATCH + 1 + (this.entryCount[day - this.origin] ?? 0), 59);
  }

  /** How many entries have an entry date in [from, to]. */
  countEntries(from: number, to: number): number {
    let count = 0;
    for (let d = Math.max(from, this.origin); d <= Math.min(to, this.anchor); d++)
      count += this.entryCount[d - this.origin] ?? 0;
    return count;
  }

  /** Everything that happened up to and including `day`, booked or pending: what the owner can still spend. */
  balanceOn(day: number): number {
    if (day <= this.cursorDay) {
      this.cursorDay = this.origin - 1;
      this.carried = 0;
    }
    while (this.cursorDay < day - 1) {
      this.cursorDay++;
      this.carried += this.delta[this.cursorDay - this.origin] ?? 0;
    }
    return this.carried + (this.delta[day - this.origin] ?? 0);
  }

  /** The lowest `balanceOn` over `day` and the `horizon` days after it, given what is already scheduled. */
  lowestAhead(day: number, horizon: number): number {
    let balance = this.balanceOn(day);
    let lowest = balance;
    for (let d = day + 1; d <= Math.min(day + horizon, this.anchor); d++) {
      balance += this.delta[d - this.origin] ?? 0;
      if (balance < lowest) lowest = balance;
    }
    return lowest;
  }

  /** Orders the entries (by entry date, then time) and gives them their references and ids. */
  finalise(): Entry[] {
    const sorted = [...this.entries].sort(
      (a, b) =>
        a.entryDay - b.entryDay ||
        a.minute - b.minute ||
        a.valueDay - b.valueDay ||
        a.eventMinute - b.eventMinute ||
        a.index - b.index,
    );
    const digits = Math.max(6, String(sorted.length).length);
    const salt = Number.parseInt(hashHex(this.spec.resourceId).slice(0, 8), 16);
    sorted.forEach((entry, i) => {
      entry.seq = i + 1;
      // Date and running number: sorts like the entries do, which delta access by entryReferenceFrom relies on.
      entry.entryReference = `${isoOf(entry.entryDay).replaceAll('-', '')}${String(entry.seq).padStart(digits, '0')}`;
      entry.transactionId = `tx-${mixHex(salt, entry.seq)}`;
    });
    return sorted;
  }

  toRow(entry: Entry): NewTransaction {
    const [code, proprietary] = entryKinds[entry.kind];
    const credit = entry.amount > 0;
    return {
      transaction_id: entry.transactionId,
      account_id: this.spec.resourceId,
      booking_status: entry.pending ? 'pending' : 'booked',
      entry_reference: entry.entryReference,
      end_to_end_id: entry.endToEndId,
      booking_date: entry.bookingDay === null ? null : isoOf(entry.bookingDay),
      value_date: isoOf(entry.valueDay),
      entry_date: isoOf(entry.entryDay),
      amount: formatAmount(entry.amount, this.spec.currency),
      currency: this.spec.currency,
      creditor_name: credit ? null : entry.name,
      creditor_iban: credit ? null : entry.iban,
      debtor_name: credit ? entry.name : null,
      debtor_iban: credit ? entry.iban : null,
      remittance_information_unstructured: entry.remittance,
      bank_transaction_code: code,
      proprietary_bank_transaction_code: proprietary,
      seq: entry.seq,
    };
  }
}

/** `2025-10-14T00:12:00Z`: when an entry reached the account. */
export function entryTimestamp(entry: Entry): string {
  return `${isoOf(entry.entryDay)}T${clockTime(entry.minute)}:00Z`;
}
