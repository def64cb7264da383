// The payments' SQL: payment rows, the debtor account facts the payment rules need, and the stored initiation body,
// parsed into typed values.
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import {
  BulkPaymentInitiationWithStatusResponse,
  type TransactionStatus,
  PaymentInitiationWithStatusResponse,
  PeriodicPaymentInitiationWithStatusResponse,
} from '../../../src/xs2a';
import type { Dialect } from './db';
import type { AccountRow, Database, PaymentRow } from './schema';
import { buildInsertOnce } from './prepared';
import { changed } from './rows';

/** A stored initiation, as the GET payment answer of its service shows it. */
export type PaymentInformation =
  | PaymentInitiationWithStatusResponse
  | PeriodicPaymentInitiationWithStatusResponse
  | BulkPaymentInitiationWithStatusResponse;

/** One payment an initiation orders, as booking and the funds check read it. */
export interface EntryTerms {
  instructedAmount: { currency: string; amount: string };
  creditorAccount: { iban?: string | undefined };
  creditorName: string;
  endToEndIdentification?: string | undefined;
  remittanceInformationUnstructured?: string | undefined;
}

export interface Initiation {
  /** Every member the TPP sent, in its order (checked against the answer's schema, not rebuilt by it). */
  fields: PaymentInformation;
  /** The payments it orders: the one of a single payment or standing order, each of a bulk's in its order. */
  entries: readonly EntryTerms[];
  /** A standing order's last day. */
  endDate: string | undefined;
  /** Whether its accepted payments are booked as one debit: a bulk whose batchBookingPreferred is true. */
  batch: boolean;
}

function conforms<T>(schema: z.ZodMiniType<T>, value: unknown): value is T {
  return schema.safeParse(value).success;
}

/** The payment's initiation body, parsed from its JSON column with the 1.3.12 schema of its service. */
export function readInitiation(row: Pick<PaymentRow, 'body' | 'payment_service'>): Initiation {
  const value: unknown = JSON.parse(row.body);
  if (row.payment_service === 'bulk-payments') {
    if (!conforms(BulkPaymentInitiationWithStatusResponse, value)) throw storedInvalid(row);
    return { fields: value, entries: value.payments, endDate: undefined, batch: value.batchBookingPreferred === true };
  }
  if (row.payment_service === 'periodic-payments') {
    if (!conforms(PeriodicPaymentInitiationWithStatusResponse, value)) throw storedInvalid(row);
    return { fields: value, entries: [value], endDate: value.endDate, batch: false };
  }
  if (!conforms(PaymentInitiationWithStatusResponse, value)) throw storedInvalid(row);
  return { fields: value, entries: [value], endDate: undefined, batch: false };
}

const EntryStatuses = z.array(
  z.object({
    status: z.enum(['ACTC', 'ACSC', 'RJCT']),
    reason: z.optional(z.enum(['funds', 'creditor-closed'])),
  }),
);

/** What became of one payment of an initiation: accepted, settled, or rejected and why. */
export type EntryStatus = z.infer<typeof EntryStatuses>[number];

/** What became of each payment of an initiation once it was accepted; undefined before. */
export function readEntryStatuses(row: Pick<PaymentRow, 'entry_statuses'>): EntryStatus[] | undefined {
  return row.entry_statuses === null ? undefined : EntryStatuses.parse(JSON.parse(row.entry_statuses));
}

const storedInvalid = (row: Pick<PaymentRow, 'payment_service'>) =>
  new Error(`A stored ${row.payment_service} initiation does not match its schema.`);

export type DebtorFacts = Pick<AccountRow, 'resource_id' | 'psu_id' | 'currency' | 'funds_rule' | 'status'>;
export type PaymentChange = Partial<
  Pick<
    PaymentRow,
    'transaction_status' | 'status_changed_at' | 'accepted_at' | 'funds_available' | 'psu_id' | 'entry_statuses'
  >
>;

/** Accepted and not settled yet: all its payments (ACTC) or some of a bulk's (PART). */
const SETTLING: readonly string[] = ['ACTC', 'PART'];

export class PaymentsStore {
  /** Every initiation writes one payment row; its INSERT is built once (store/prepared.ts). */
  readonly insert;
  /** Account master data is the seed's and never changes while the bank runs, so each IBAN is looked up once. */
  private readonly debtors = new Map<string, DebtorFacts>();

  constructor(private readonly db: Kysely<Database>) {
    this.insert = buildInsertOnce(db, 'payments', [
      'payment_id',
      'payment_service',
      'payment_product',
      'body',
      'document',
      'debtor_iban',
      'transaction_status',
      'sca_approach',
      'psu_id',
      'tpp_redirect_uri',
      'tpp_nok_redirect_uri',
      'funds_available',
      'created_at',
      'status_changed_at',
      'accepted_at',
      'entry_statuses',
      'settled_at',
      'version',
    ]);
  }

  async find(paymentId: string, db: Kysely<Database> = this.db): Promise<PaymentRow | undefined> {
    return db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  /** Changes a payment only if nobody changed it since it was read (its version); returns the row as written. */
  async update(db: Kysely<Database>, row: PaymentRow, set: PaymentChange): Promise<PaymentRow | undefined> {
    const next = { ...set, version: row.version + 1 };
    const result = await db
      .updateTable('payments')
      .set(next)
      .where('payment_id', '=', row.payment_id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return changed(result) ? { ...row, ...next } : undefined;
  }

  /**
   * Moves a payment on only if it is still in status `from` (and, for a settlement, not settled yet), as one UPDATE …
   * RETURNING: of every request and instance that tries at once, exactly one gets the row as written; the others get
   * undefined.
   */
  async claim(
    db: Kysely<Database>,
    paymentId: string,
    from: TransactionStatus | 'settling',
    set: PaymentChange & { settled_at?: string },
  ): Promise<PaymentRow | undefined> {
    const query = db
      .updateTable('payments')
      .set((eb) => ({ ...set, version: eb('version', '+', 1) }))
      .where('payment_id', '=', paymentId);
    return (
      from === 'settling'
        ? query.where('transaction_status', 'in', SETTLING).where('settled_at', 'is', null)
        : query.where('transaction_status', '=', from)
    )
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * The payments waiting for their SCA (RCVD, since created_at) or for settlement (accepted and not settled, since
   * accepted_at) whose instant lies at or before `until`, oldest first.
   */
  async dueIn(status: 'RCVD' | 'ACTC', since: 'created_at' | 'accepted_at', until: string): Promise<PaymentRow[]> {
    const query = this.db.selectFrom('payments').selectAll().where(since, '<=', until).orderBy(since);
    return (
      status === 'RCVD'
        ? query.where('transaction_status', '=', status)
        : query.where('transaction_status', 'in', SETTLING).where('settled_at', 'is', null)
    ).execute();
  }

  /** Standing orders that still execute: accepted or executing (ACTC, ACSC). */
  async runningStandingOrders(): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('payment_service', '=', 'periodic-payments')
      .where('transaction_status', 'in', ['ACTC', 'ACSC'])
      .execute();
  }

  /**
   * The standing order as it is now, held for the caller's transaction: on PostgreSQL under a row lock that other
   * instances skip (FOR UPDATE SKIP LOCKED), so one instance at a time books its executions; undefined when it is held
   * elsewhere or no longer running. SQLite runs one transaction at a time, so there the read is enough.
   */
  async holdStandingOrder(trx: Kysely<Database>, paymentId: string, dialect: Dialect): Promise<PaymentRow | undefined> {
    const query = trx
      .selectFrom('payments')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .where('transaction_status', 'in', ['ACTC', 'ACSC']);
    return (dialect === 'postgres' ? query.forUpdate().skipLocked() : query).executeTakeFirst();
  }

  /**
   * The earliest creation of a payment waiting for its SCA (RCVD) and the earliest acceptance of one not settled
   * (ACTC, or PART without settled_at).
   */
  async earliestWaiting(): Promise<{ received: string | null; accepted: string | null }> {
    const row = await this.db
      .selectFrom('payments')
      .select((eb) => [
        eb.fn.min(eb.case().when('transaction_status', '=', 'RCVD').then(eb.ref('created_at')).end()).as('received'),
        eb.fn
          .min(
            eb
              .case()
              .when(eb.and([eb('transaction_status', 'in', SETTLING), eb('settled_at', 'is', null)]))
              .then(eb.ref('accepted_at'))
              .end(),
          )
          .as('accepted'),
      ])
      .where('transaction_status', 'in', ['RCVD', ...SETTLING])
      .executeTakeFirst();
    return { received: row?.received ?? null, accepted: row?.accepted ?? null };
  }

  async debtorAccount(iban: string): Promise<DebtorFacts | undefined> {
    const known = this.debtors.get(iban);
    if (known) return known;
    const row = await this.db
      .selectFrom('accounts')
      .select(['resource_id', 'psu_id', 'currency', 'funds_rule', 'status'])
      .where('iban', '=', iban)
      .executeTakeFirst();
    if (row) this.debtors.set(iban, row);
    return row;
  }

  /** The account holding an IBAN, as the transaction sees it. */
  async accountOf(db: Kysely<Database>, iban: string) {
    return db.selectFrom('accounts').select(['resource_id', 'psu_id']).where('iban', '=', iban).executeTakeFirst();
  }

  /** What the funds check reads: the account's funds rule and its interim available balance. */
  async fundsFacts(db: Kysely<Database>, accountId: string) {
    const account = await db
      .selectFrom('accounts')
      .select(['funds_rule', 'currency'])
      .where('resource_id', '=', accountId)
      .executeTakeFirst();
    if (!account) return { fundsRule: undefined, balance: undefined };
    const balance = await db
      .selectFrom('balances')
      .select(['amount', 'currency'])
      .where('account_id', '=', accountId)
      .where('balance_type', '=', 'interimAvailable')
      .executeTakeFirst();
    return { fundsRule: account.funds_rule, balance };
  }
}
