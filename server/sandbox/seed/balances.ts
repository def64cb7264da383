// The balances of one account, derived from its entries so they always add up.
import type { BalanceType } from '../../../src/xs2a/enums';
import type { NewBalance } from '../store/schema';
import { isoOf } from './calendar';
import { entryTimestamp, type Entry } from './ledger';
import { formatAmount } from './money';
import type { AccountSpec } from './test-psus';

/** How far ahead forwardAvailable looks, at least. */
export const FORWARD_DAYS = 3;

export function accountBalances(spec: AccountSpec, entries: readonly Entry[], anchor: number): NewBalance[] {
  let closing = 0;
  let booked = 0;
  let pendingDebits = 0;
  let pendingAll = 0;
  let lastBookedBefore: Entry | undefined;
  let lastBooked: Entry | undefined;
  let lastEntry: Entry | undefined;
  let forwardDay = anchor + FORWARD_DAYS;
  for (const entry of entries) {
    lastEntry = entry;
    if (entry.pending) {
      pendingAll += entry.amount;
      if (entry.amount < 0) pendingDebits += entry.amount;
      forwardDay = Math.max(forwardDay, entry.valueDay);
    } else {
      booked += entry.amount;
      lastBooked = entry;
      if ((entry.bookingDay ?? anchor) < anchor) {
        closing += entry.amount;
        lastBookedBefore = entry;
      }
    }
  }
  const limit = spec.creditLimit;
  const withLimit = limit > 0 ? 1 : 0;
  const today = isoOf(anchor);
  const rows: [BalanceType, number, Partial<NewBalance>][] = [
    [
      'closingBooked',
      closing,
      { reference_date: isoOf(anchor - 1), last_committed_transaction: ref(lastBookedBefore) },
    ],
    ['openingBooked', closing, { reference_date: today, last_committed_transaction: ref(lastBookedBefore) }],
    [
      'interimBooked',
      booked,
      {
        reference_date: today,
        last_committed_transaction: ref(lastBooked),
        last_change_date_time: lastBooked ? entryTimestamp(lastBooked) : null,
      },
    ],
    [
      'interimAvailable',
      booked + pendingDebits + limit,
      {
        reference_date: today,
        credit_limit_included: withLimit,
        last_committed_transaction: ref(lastBooked),
        last_change_date_time: lastEntry ? entryTimestamp(lastEntry) : null,
      },
    ],
    ['expected', booked + pendingAll, { reference_date: today, last_committed_transaction: ref(lastBooked) }],
    [
      'forwardAvailable',
      booked + pendingAll + limit,
      {
        reference_date: isoOf(forwardDay),
        credit_limit_included: withLimit,
        last_committed_transaction: ref(lastBooked),
      },
    ],
  ];
  return rows.map(([balanceType, amount, extra], position) => ({
    account_id: spec.resourceId,
    balance_type: balanceType,
    amount: formatAmount(amount, spec.currency),
    currency: spec.currency,
    credit_limit_included: null,
    last_change_date_time: null,
    reference_date: null,
    last_committed_transaction: null,
    ...extra,
    position,
  }));
}

const ref = (entry: Entry | undefined) => entry?.entryReference ?? null;
