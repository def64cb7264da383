// What executed payments do to the accounts: a booked debit on the debtor account (and a credit on the creditor's, when
// it is an account of this bank), with the balances moved by the amount; a standing order on each of its execution
// dates; and pending entries booked once their value date has come. Every booking is keyed by what it books (the
// payment and the date), so running it twice, or on two instances at once, books once; and it runs in a transaction
// that holds the account's balance rows first, so bookings on one account take turns and no balance move is lost.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Frequency } from '../../../src/xs2a';
import { civil, dayOf, daysInMonth, followingWorkingDay, isoOf, parseDay, precedingWorkingDay } from '../seed/calendar';
import { formatAmount, parseAmount } from '../seed/money';
import type { Initiation } from '../store/payments-store';
import { inTransaction } from '../store/rows';
import type { BalanceRow, Database, PaymentRow } from '../store/schema';

const MONTHS: Partial<Record<Frequency, number>> = {
  Monthly: 1,
  MonthlyVariable: 1,
  EveryTwoMonths: 2,
  Quarterly: 3,
  SemiAnnual: 6,
  Annual: 12,
};
const DAYS: Partial<Record<Frequency, number>> = { Daily: 1, Weekly: 7, EveryTwoWeeks: 14 };

export interface StandingOrderTerms {
  startDate: string;
  endDate?: string | undefined;
  frequency: Frequency;
  executionRule?: 'following' | 'preceding' | undefined;
  dayOfExecution?: string | undefined;
}

/** The n-th date of a standing order's schedule, before the execution rule moves it off a non-working day. */
function scheduled(start: number, terms: StandingOrderTerms, n: number): number {
  const days = DAYS[terms.frequency];
  if (days !== undefined) return start + n * days;
  const { y, m, d } = civil(start);
  const months = m - 1 + n * (MONTHS[terms.frequency] ?? 1);
  const year = y + Math.floor(months / 12);
  const month = (months % 12) + 1;
  const wanted = terms.dayOfExecution ? Number(terms.dayOfExecution) : d;
  return dayOf(year, month, Math.min(wanted, daysInMonth(year, month)));
}

/** The dates a standing order executes on up to `today` (inclusive), at most `limit` of them. */
export function executionDates(terms: StandingOrderTerms, today: string, limit = 1_000): string[] {
  const start = parseDay(terms.startDate);
  const last = Math.min(parseDay(today), terms.endDate ? parseDay(terms.endDate) : Number.POSITIVE_INFINITY);
  const dates: string[] = [];
  for (let n = 0; dates.length < limit; n++) {
    const planned = scheduled(start, terms, n);
    if (planned < start) continue;
    const day = terms.executionRule === 'preceding' ? precedingWorkingDay(planned) : followingWorkingDay(planned);
    if (planned > last || day > last) break;
    dates.push(isoOf(day));
  }
  return dates;
}

/** The dates among `dates` on which a standing order's execution is booked already. */
export async function bookedExecutions(db: Kysely<Database>, paymentId: string, dates: string[]): Promise<Set<string>> {
  const booked = new Set<string>();
  const prefix = `tx-${paymentId}-`;
  for (let i = 0; i < dates.length; i += 500) {
    const ids = dates.slice(i, i + 500).map((date) => `${prefix}${date}`);
    const rows = await db
      .selectFrom('transactions')
      .select('transaction_id')
      .where('transaction_id', 'in', ids)
      .execute();
    for (const row of rows) booked.add(row.transaction_id.slice(prefix.length));
  }
  return booked;
}

/** One side of an executed payment as it is booked on an account of this bank. */
interface Entry {
  transactionId: string;
  accountId: string;
  date: string;
  minor: number;
  currency: string;
  counterpart: {
    creditorName: string | null;
    creditorIban: string | null;
    debtorName: string | null;
    debtorIban: string | null;
  };
  endToEndId: string | null;
  remittance: string | null;
  code: string;
}

/** The balance types an entry moves when it is booked, and when a pending entry becomes booked. */
const BOOKED_MOVES = ['interimBooked', 'interimAvailable', 'expected', 'forwardAvailable'];

/**
 * Holds the balance rows of these accounts until the transaction ends (an UPDATE that changes nothing takes their row
 * locks on PostgreSQL; SQLite runs one writing transaction at a time): a concurrent booking on the same account, from
 * any instance, waits, then reads the balances this one wrote. Accounts are held in one order, so two bookings between
 * the same accounts in opposite directions never wait for each other.
 */
async function holdBalances(trx: Kysely<Database>, accountIds: string[]) {
  for (const accountId of [...new Set(accountIds)].sort()) {
    await trx
      .updateTable('balances')
      .set((eb) => ({ amount: eb.ref('amount') }))
      .where('account_id', '=', accountId)
      .execute();
  }
}

async function moveBalances(db: Kysely<Database>, accountId: string, types: string[], minor: number, at: string) {
  const rows: BalanceRow[] = await db.selectFrom('balances').selectAll().where('account_id', '=', accountId).execute();
  for (const row of rows.filter((r) => types.includes(r.balance_type))) {
    const amount = formatAmount(parseAmount(row.amount, row.currency) + minor, row.currency);
    await db
      .updateTable('balances')
      .set({ amount, last_change_date_time: at })
      .where('account_id', '=', accountId)
      .where('balance_type', '=', row.balance_type)
      .execute();
  }
}

async function book(db: Kysely<Database>, entry: Entry, at: string): Promise<boolean> {
  const top = await db
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('account_id', '=', entry.accountId)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('transactions')
    .values({
      transaction_id: entry.transactionId,
      account_id: entry.accountId,
      booking_status: 'booked',
      entry_reference: null,
      end_to_end_id: entry.endToEndId,
      booking_date: entry.date,
      value_date: entry.date,
      entry_date: entry.date,
      amount: formatAmount(entry.minor, entry.currency),
      currency: entry.currency,
      creditor_name: entry.counterpart.creditorName,
      creditor_iban: entry.counterpart.creditorIban,
      debtor_name: entry.counterpart.debtorName,
      debtor_iban: entry.counterpart.debtorIban,
      remittance_information_unstructured: entry.remittance,
      bank_transaction_code: entry.code,
      proprietary_bank_transaction_code: null,
      seq: Number(top?.seq ?? 0) + 1,
    })
    .onConflict((oc) => oc.column('transaction_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
  await moveBalances(db, entry.accountId, BOOKED_MOVES, entry.minor, at);
  return true;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The key a booking of this execution is kept under: the payment, the standing order's date, the bulk's payment. */
function executionKey(payment: PaymentRow, date: string, index: number | undefined): string {
  if (payment.payment_service === 'periodic-payments') return `${payment.payment_id}-${date}`;
  return index === undefined ? payment.payment_id : `${payment.payment_id}-${index}`;
}

/**
 * Books one execution of a payment on `date`: for each payment it orders (`accepted`: the indexes of a bulk's
 * accepted payments; all when left out) the debit, and the credit when the creditor banks here; a batch booking
 * (initiation.batch) debits their sum as one entry. In the caller's transaction, or in one of its own.
 */
export function bookExecution(
  db: Kysely<Database>,
  payment: PaymentRow,
  initiation: Initiation,
  date: string,
  at: string,
  accepted: readonly number[] = initiation.entries.map((_, index) => index),
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const bulk = payment.payment_service === 'bulk-payments';
    const legs = accepted.flatMap((index) => {
      const entry = initiation.entries[index];
      return entry ? [{ entry, index: bulk ? index : undefined }] : [];
    });
    const currency = legs[0]?.entry.instructedAmount.currency;
    const debtor = await trx
      .selectFrom('accounts')
      .select(['resource_id', 'owner_name', 'currency'])
      .where('iban', '=', payment.debtor_iban)
      .executeTakeFirst();
    if (!debtor || legs.some((leg) => leg.entry.instructedAmount.currency !== debtor.currency) || !currency) {
      return false;
    }
    const creditorIbans = legs.flatMap((leg) =>
      leg.entry.creditorAccount.iban ? [leg.entry.creditorAccount.iban] : [],
    );
    const creditors = creditorIbans.length
      ? await trx
          .selectFrom('accounts')
          .select(['resource_id', 'currency', 'iban'])
          .where('iban', 'in', creditorIbans)
          .execute()
      : [];
    await holdBalances(trx, [debtor.resource_id, ...creditors.map((c) => c.resource_id)]);
    const batch = initiation.batch && legs.length > 1;
    let debited = false;
    if (batch) {
      const minor = legs.reduce((sum, leg) => sum + parseAmount(leg.entry.instructedAmount.amount, currency), 0);
      const counterpart = {
        creditorName: null,
        creditorIban: null,
        debtorName: debtor.owner_name,
        debtorIban: payment.debtor_iban,
      };
      const remittance = `Batch booking of ${legs.length} payments`;
      const entry = { date, currency, counterpart, endToEndId: null, remittance, code: 'PMNT-ICDT-ESCT' };
      debited = await book(
        trx,
        { ...entry, transactionId: `tx-${payment.payment_id}`, accountId: debtor.resource_id, minor: -minor },
        at,
      );
    }
    for (const { entry, index } of legs) {
      const minor = parseAmount(entry.instructedAmount.amount, currency);
      const creditorIban = entry.creditorAccount.iban ?? null;
      const common = {
        date,
        currency,
        counterpart: {
          creditorName: text(entry.creditorName),
          creditorIban,
          debtorName: debtor.owner_name,
          debtorIban: payment.debtor_iban,
        },
        endToEndId: text(entry.endToEndIdentification),
        remittance: text(entry.remittanceInformationUnstructured),
      };
      const key = executionKey(payment, date, index);
      if (!batch) {
        const debit = { ...common, transactionId: `tx-${key}`, accountId: debtor.resource_id, minor: -minor };
        if (!(await book(trx, { ...debit, code: 'PMNT-ICDT-ESCT' }, at))) continue;
        debited = true;
      }
      const creditor = creditors.find((c) => c.iban === creditorIban);
      if (creditor?.currency === currency) {
        const credit = { ...common, transactionId: `tx-${key}-credit`, accountId: creditor.resource_id, minor };
        await book(trx, { ...credit, code: 'PMNT-RCDT-ESCT' }, at);
      }
    }
    return debited;
  });
}

/** Books an adjustment of an account's balance (the admin API's demo data): an entry of `minor`, dated today. */
export async function bookAdjustment(
  db: Kysely<Database>,
  account: { id: string; iban: string; currency: string },
  minor: number,
  now: Date,
): Promise<void> {
  const date = now.toISOString().slice(0, 10);
  const counterpart =
    minor > 0
      ? { creditorName: null, creditorIban: account.iban, debtorName: 'Sandbox Bank', debtorIban: null }
      : { creditorName: 'Sandbox Bank', creditorIban: null, debtorName: null, debtorIban: account.iban };
  const entry: Entry = {
    transactionId: `tx-adjustment-${randomUUID()}`,
    accountId: account.id,
    date,
    minor,
    currency: account.currency,
    counterpart,
    endToEndId: null,
    remittance: 'Sandbox balance adjustment',
    code: minor > 0 ? 'PMNT-RCDT-ESCT' : 'PMNT-ICDT-ESCT',
  };
  await inTransaction(db, async (trx) => {
    await holdBalances(trx, [account.id]);
    await book(trx, entry, now.toISOString());
  });
}

/**
 * Books the pending entries whose value date has come; they already count in the expected balances. Each entry is
 * claimed by the UPDATE that books it (only while it is still pending), in a transaction with its balance move.
 */
export async function bookPendingEntries(db: Kysely<Database>, today: string, at: string): Promise<number> {
  const due = await db
    .selectFrom('transactions')
    .select(['transaction_id', 'account_id', 'amount', 'currency', 'value_date'])
    .where('booking_status', '=', 'pending')
    .where('value_date', '<=', today)
    .execute();
  let booked = 0;
  for (const entry of due) {
    const done = await inTransaction(db, async (trx) => {
      await holdBalances(trx, [entry.account_id]);
      const moved = await trx
        .updateTable('transactions')
        .set({ booking_status: 'booked', booking_date: entry.value_date })
        .where('transaction_id', '=', entry.transaction_id)
        .where('booking_status', '=', 'pending')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return false;
      const minor = parseAmount(entry.amount, entry.currency);
      // A pending debit was already deducted from the available balance; a pending credit was not.
      const types = minor > 0 ? ['interimBooked', 'interimAvailable'] : ['interimBooked'];
      await moveBalances(trx, entry.account_id, types, minor, at);
      return true;
    });
    if (done) booked++;
  }
  return booked;
}
