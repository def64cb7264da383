// Payment initiation, reads, status, settlement and cancellation: the PIS state machine of rules/payments.ts
// (RCVD → ACTC → ACSC, PART, RJCT, CANC) over the rows of store/payments-store.ts. Single payments, standing orders
// and bulks take the same paths: each orders one or more payments (its entries), accepted one by one.
import type { Kysely } from 'kysely';
import {
  bulkPaymentKeys,
  paymentBodySchemaFor,
  periodicPaymentKeys,
  singlePaymentKeys,
  type ScaApproach,
  type TransactionStatus,
} from '../../../src/xs2a';
import { isoDate } from '../clock';
import { bankError, formatError, statusInvalid } from '../rules/bank-error';
import { chooseScaApproach, creationApproach, type ScaPreferences } from './sca-preferences';
import { parseWith } from './parse';
import {
  acceptEntries,
  acceptedStatus,
  BULK_LEVEL_MEMBERS,
  cancellationOpen,
  CANCELLED_AT_ONCE,
  checkBulkTerms,
  checkDebtor,
  checkForeignKeys,
  checkPaymentTerms,
  checkServiceAndProduct,
  type EntryOutcome,
  ruleProductOf,
  mayMoveTo,
  type PaymentTerms,
  paymentPath,
  PSU_UNNAMED_IN,
  type SupportedService,
} from '../rules/payments';
import { assertPsuIdGiven, startsExplicitly } from '../rules/behaviour';
import { startsImplicitly } from '../rules/sca';
import {
  PaymentsStore,
  readEntryStatuses,
  readInitiation,
  type EntryTerms,
  type Initiation,
  type PaymentChange,
} from '../store/payments-store';
import type { AuthorisationRow, Database, PaymentRow, PsuRow } from '../store/schema';
import { inTransaction } from '../store/rows';
import { closedAccounts } from '../seed';
import { parseAmount } from '../seed/money';
import { bookedExecutions, bookExecution, executionDates, type StandingOrderTerms } from './bookings';
import { newId, type DomainContext } from './context';
import type { OutcomeHandler } from './outcomes';
import type { ScaEngine, ScaResource } from './sca';

export {
  checkServiceAndProduct,
  isXmlProduct,
  jsonProducts,
  paymentPath,
  supportedServices,
  type SupportedService,
} from '../rules/payments';

type StatusExtra = Omit<PaymentChange, 'transaction_status' | 'status_changed_at'>;

/** An initiated payment, with the authorisation the bank started with it (redirect, or decoupled for a known PSU). */
export interface Initiated {
  payment: PaymentRow;
  approach: ScaApproach;
  started: AuthorisationRow | undefined;
  /** A bulk's: whether its accepted payments are booked as one debit. */
  batch: boolean | undefined;
}

/** What a DELETE did: cancelled at once, or a cancellation authorisation is needed, with this approach. */
export type CancelRequest = { cancelled: true } | { cancelled: false; payment: PaymentRow; approach: ScaApproach };

/** A payment's status read: the row, the PSU's name once SCA named the PSU, and what became of each payment. */
export interface PaymentStatus {
  row: PaymentRow;
  psuName: string | undefined;
  entries: EntryOutcome[] | undefined;
  /** A bulk's: whether its accepted payments are booked as one debit. */
  batch: boolean | undefined;
}

const CLOSED_IBANS: ReadonlySet<string> = new Set(closedAccounts.map((a) => a.iban));

export interface InitiationOptions {
  psuId: string | undefined;
  prefs: ScaPreferences;
  rejectionNoFunds: boolean | undefined;
  /** A pain.001 product's document as sent; `raw` is then the JSON body it orders (domain/pain001.ts). */
  document?: string | undefined;
}

/** A bulk's members that name when it is executed; a JSON single payment has none of them. */
const EXECUTION_DATE_MEMBERS = BULK_LEVEL_MEMBERS.filter((m) => m !== 'debtorAccount');
const EXECUTION_DATE_OWNERS =
  'bulk payments (this bank executes a JSON single payment once it is authorised; a pain.001 document may name its ReqdExctnDt)';

export class Payments {
  private readonly store: PaymentsStore;

  constructor(
    private readonly ctx: DomainContext,
    private readonly sca: ScaEngine,
  ) {
    this.store = new PaymentsStore(ctx.db);
  }

  resourceFor(p: PaymentRow, kind: 'authorisation' | 'cancellation'): ScaResource {
    return { type: 'payment', id: p.payment_id, kind, path: paymentPath(p), area: 'pis' };
  }

  private today() {
    return isoDate(this.ctx.clock.now());
  }

  /** Validates an initiation body beyond its schema: the product's rules, dates and the debtor account. */
  private async validate(service: SupportedService, product: string, raw: unknown, psuId: string | undefined) {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw formatError('The payment body must be a JSON object.');
    }
    const rules = ruleProductOf(product);
    const iban = service === 'bulk-payments' ? this.validBulk(rules, raw) : this.validSingle(service, rules, raw);
    const debtor = checkDebtor(iban, await this.store.debtorAccount(iban), psuId);
    return { iban, debtor };
  }

  private validSingle(service: Exclude<SupportedService, 'bulk-payments'>, product: string, raw: object) {
    const own = service === 'payments' ? singlePaymentKeys : periodicPaymentKeys;
    const other = service === 'payments' ? periodicPaymentKeys : singlePaymentKeys;
    checkForeignKeys(service, Object.keys(raw), own, other);
    // 1.3.12 gives a JSON single payment or standing order no execution date: ignoring one would move the money on a
    // day the TPP did not ask for, so it is refused by name.
    checkForeignKeys(service, Object.keys(raw), own, EXECUTION_DATE_MEMBERS, EXECUTION_DATE_OWNERS);
    const body: PaymentTerms =
      service === 'payments'
        ? parseWith(paymentBodySchemaFor('payments'), raw, 'pis')
        : parseWith(paymentBodySchemaFor('periodic-payments'), raw, 'pis');
    return checkPaymentTerms(product, body, this.today());
  }

  /** A bulk: no single payment's members at its top, none of its own in its payments, then its rules. */
  private validBulk(product: string, raw: object) {
    const others = [...singlePaymentKeys, ...periodicPaymentKeys];
    checkForeignKeys('bulk-payments', Object.keys(raw), bulkPaymentKeys, others, 'the payments of a bulk');
    const payments: unknown = (raw as { payments?: unknown }).payments;
    if (Array.isArray(payments)) {
      payments.forEach((entry: unknown, index) => {
        if (typeof entry !== 'object' || entry === null) return;
        const at = `payments[${index}].`;
        checkForeignKeys('bulk-payments', Object.keys(entry), [], BULK_LEVEL_MEMBERS, 'the bulk as a whole', at);
      });
    }
    const body = parseWith(paymentBodySchemaFor('bulk-payments'), raw, 'pis');
    return checkBulkTerms(product, body, this.today());
  }

  async initiate(
    service: SupportedService,
    product: string,
    raw: unknown,
    options: InitiationOptions,
  ): Promise<Initiated> {
    if (options.psuId && !(await this.sca.findPsu(options.psuId))) {
      throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${options.psuId}" is not known to this bank.`);
    }
    const { iban, debtor } = await this.validate(service, product, raw, options.psuId);
    assertPsuIdGiven(this.ctx.config, options.psuId, 'pis');
    const approach = creationApproach(this.ctx.config, options.prefs, 'pis');
    if (options.rejectionNoFunds === true) {
      const entries = readInitiation({ body: JSON.stringify(raw), payment_service: service }).entries;
      const outcomes = await this.acceptance(this.ctx.db, debtor.resource_id, entries);
      if (outcomes.some((o) => o.reason === 'funds')) {
        throw bankError('PAYMENT_FAILED', 'The debtor account does not have the funds for this payment.');
      }
    }
    const now = this.ctx.clock.now().toISOString();
    const payment: PaymentRow = {
      payment_id: newId('pay'),
      payment_service: service,
      payment_product: product,
      body: JSON.stringify(raw),
      document: options.document ?? null,
      debtor_iban: iban,
      transaction_status: 'RCVD',
      sca_approach: approach,
      psu_id: options.psuId ?? null,
      tpp_redirect_uri: options.prefs.redirectUri ?? null,
      tpp_nok_redirect_uri: options.prefs.nokRedirectUri ?? null,
      funds_available: null,
      created_at: now,
      status_changed_at: now,
      accepted_at: null,
      entry_statuses: null,
      settled_at: null,
      version: 0,
    };
    // The payment and its implicit authorisation are written together; concurrent initiations share the commit.
    const initiated = await this.ctx.transact(async (trx) => {
      await this.store.insert(trx, payment);
      const started = await this.startImplicitly(trx, payment, approach, options);
      return {
        payment,
        approach,
        started,
        batch: service === 'bulk-payments' ? readInitiation(payment).batch : undefined,
      };
    });
    this.ctx.dueAt?.(this.expiresAt(payment));
    return initiated;
  }

  /** Starts the authorisation the bank starts with the payment, where it starts one. */
  private async startImplicitly(
    trx: Kysely<Database>,
    payment: PaymentRow,
    approach: ScaApproach,
    options: InitiationOptions,
  ): Promise<AuthorisationRow | undefined> {
    const explicit = startsExplicitly(this.ctx.config, options.prefs.explicitPreferred);
    if (!startsImplicitly(approach, explicit, options.psuId !== undefined)) return undefined;
    const progress = await this.sca.start(
      this.resourceFor(payment, 'authorisation'),
      {
        approach,
        psuId: options.psuId,
        redirectUri: payment.tpp_redirect_uri,
        nokRedirectUri: payment.tpp_nok_redirect_uri,
      },
      trx,
    );
    return progress.auth;
  }

  /** A payment as the bank keeps it: what time brings is the scheduler's work (domain/scheduler.ts), not the read's. */
  async find(service: string, product: string, paymentId: string): Promise<PaymentRow> {
    checkServiceAndProduct(service, product);
    const row = await this.store.find(paymentId);
    if (!row || row.payment_service !== service || row.payment_product !== product) {
      throw bankError('RESOURCE_UNKNOWN', `No ${service} resource ${paymentId} exists for ${product}.`, {
        where: 'path',
      });
    }
    return row;
  }

  async findById(paymentId: string): Promise<PaymentRow | undefined> {
    return this.store.find(paymentId);
  }

  /** When a payment left waiting for its SCA is rejected: unauthorisedPaymentExpiryMs after its initiation. */
  private expiresAt(row: Pick<PaymentRow, 'created_at'>): number {
    return Date.parse(row.created_at) + this.ctx.config.unauthorisedPaymentExpiryMs;
  }

  /** When an accepted payment settles: settlementDelayMs after its acceptance. */
  private settlesAt(row: Pick<PaymentRow, 'accepted_at'>): number {
    return Date.parse(row.accepted_at ?? '') + this.ctx.config.settlementDelayMs;
  }

  /**
   * A bank does not keep a payment waiting for its SCA forever: a payment still RCVD once its time is up is rejected
   * (RJCT, dated when it fell due), and its open initiation authorisations fail with it, in one transaction. The
   * payment is claimed by the UPDATE that rejects it, so it is rejected once; undefined when it had moved on already.
   */
  private rejectUnauthorised(db: Kysely<Database>, row: PaymentRow): Promise<PaymentRow | undefined> {
    const at = new Date(this.expiresAt(row)).toISOString();
    return inTransaction(db, async (trx) => {
      const rejected = await this.store.claim(trx, row.payment_id, 'RCVD', {
        transaction_status: 'RJCT',
        status_changed_at: at,
      });
      if (rejected) await this.sca.failOpen(trx, this.resourceFor(rejected, 'authorisation'), at);
      return rejected;
    });
  }

  /**
   * Settles an accepted payment (ACTC → ACSC, dated when it fell due; a partially accepted bulk stays PART, with its
   * accepted payments settled) and books a single payment's or a bulk's accepted payments on the accounts, in one
   * transaction; standing orders book on their execution dates instead. Claimed by the UPDATE that settles it, so it
   * settles and books once; undefined when it had moved on already.
   */
  private settle(db: Kysely<Database>, row: PaymentRow): Promise<PaymentRow | undefined> {
    const due = new Date(this.settlesAt(row)).toISOString();
    const entries = readEntryStatuses(row);
    const whole = row.transaction_status === 'ACTC';
    return inTransaction(db, async (trx) => {
      const settled = await this.store.claim(trx, row.payment_id, 'settling', {
        ...(whole ? { transaction_status: 'ACSC', status_changed_at: due } : {}),
        settled_at: due,
        entry_statuses: entries
          ? JSON.stringify(entries.map((e) => (e.status === 'ACTC' ? { ...e, status: 'ACSC' } : e)))
          : null,
      });
      if (settled && settled.payment_service !== 'periodic-payments') {
        const at = this.ctx.clock.now().toISOString();
        const accepted = (entries ?? [{ status: 'ACTC' }]).flatMap((e, index) => (e.status === 'ACTC' ? [index] : []));
        await bookExecution(trx, settled, readInitiation(settled), isoDate(new Date(due)), at, accepted);
      }
      return settled;
    });
  }

  /**
   * A payment as a write finds it: rejected or settled first when that fell due and the scheduler has not done it yet
   * (the same claims as the scheduler's, so it happens once), so no authorisation or cancellation acts on a payment
   * whose time is up.
   */
  private async current(db: Kysely<Database>, row: PaymentRow): Promise<PaymentRow> {
    const now = this.ctx.clock.now().getTime();
    let moved: PaymentRow | undefined;
    if (row.transaction_status === 'RCVD' && this.expiresAt(row) <= now) moved = await this.rejectUnauthorised(db, row);
    else if (this.settling(row) && this.settlesAt(row) <= now) {
      moved = await this.settle(db, row);
    } else return row;
    // Someone else moved it first: read what they left.
    return moved ?? (await this.store.find(row.payment_id, db)) ?? row;
  }

  /** Accepted (all or part of it) and not settled yet. */
  private settling(row: PaymentRow): boolean {
    const accepted = row.transaction_status === 'ACTC' || row.transaction_status === 'PART';
    return accepted && row.accepted_at !== null && row.settled_at === null;
  }

  /** Rejects every payment whose time for its SCA is up by `now`; returns how many. */
  async rejectDue(now: Date): Promise<number> {
    const until = new Date(now.getTime() - this.ctx.config.unauthorisedPaymentExpiryMs).toISOString();
    let rejected = 0;
    for (const row of await this.store.dueIn('RCVD', 'created_at', until)) {
      if (await this.rejectUnauthorised(this.ctx.db, row)) rejected++;
    }
    return rejected;
  }

  /** Settles (and books) every accepted payment whose settlement is due by `now`; returns how many. */
  async settleDue(now: Date): Promise<number> {
    const until = new Date(now.getTime() - this.ctx.config.settlementDelayMs).toISOString();
    let settled = 0;
    for (const row of await this.store.dueIn('ACTC', 'accepted_at', until)) {
      if (await this.settle(this.ctx.db, row)) settled++;
    }
    return settled;
  }

  /**
   * Books every running standing order's executions due by `today`, each order in a transaction that holds it (other
   * instances skip it meanwhile), each date once; returns how many executions it booked.
   */
  async executeDue(today: string, at: string): Promise<number> {
    let executions = 0;
    for (const row of await this.store.runningStandingOrders()) {
      executions += await this.ctx.db.transaction().execute(async (trx) => {
        const held = await this.store.holdStandingOrder(trx, row.payment_id, this.ctx.dialect);
        return held ? this.executeStandingOrder(trx, held, today, at) : 0;
      });
    }
    return executions;
  }

  /** The next instant of the bank's clock at which a payment falls due (rejection or settlement), if any waits. */
  async nextDue(): Promise<number | undefined> {
    const { received, accepted } = await this.store.earliestWaiting();
    const instants = [
      ...(received ? [this.expiresAt({ created_at: received })] : []),
      ...(accepted ? [this.settlesAt({ accepted_at: accepted })] : []),
    ];
    return instants.length > 0 ? Math.min(...instants) : undefined;
  }

  /**
   * Books a running standing order's executions on every date of its schedule up to `today` that is not booked yet
   * (bookings are keyed by payment and date, so each date books once); returns how many it booked. Anything else books
   * nothing.
   */
  private async executeStandingOrder(db: Kysely<Database>, row: PaymentRow, today: string, at: string) {
    if (row.payment_service !== 'periodic-payments' || !['ACTC', 'ACSC'].includes(row.transaction_status)) return 0;
    const initiation = readInitiation(row);
    const dates = executionDates(initiation.fields as StandingOrderTerms, today);
    const booked = await bookedExecutions(db, row.payment_id, dates);
    let executions = 0;
    for (const date of dates) {
      if (!booked.has(date) && (await bookExecution(db, row, initiation, date, at))) executions++;
    }
    return executions;
  }

  /** A status change (rules/payments.ts's table) that only happens if nobody changed the payment since it was read. */
  private async setStatus(
    db: Kysely<Database>,
    row: PaymentRow,
    status: TransactionStatus,
    extra: StatusExtra,
    at = this.ctx.clock.now().toISOString(),
  ): Promise<PaymentRow | undefined> {
    if (!mayMoveTo(row.transaction_status, status)) {
      throw statusInvalid(`The payment is ${row.transaction_status}; it cannot become ${status}.`);
    }
    return this.store.update(db, row, { ...extra, transaction_status: status, status_changed_at: at });
  }

  /** The initiation as the TPP sent it. */
  initiationOf(row: PaymentRow): Initiation {
    return readInitiation(row);
  }

  /** What became of each payment an initiation orders, once it was accepted. */
  entriesOf(row: PaymentRow) {
    return readEntryStatuses(row);
  }

  /** The status read: the PSU's name is looked up only where the answer shows it. */
  async status(row: PaymentRow): Promise<PaymentStatus> {
    const named = row.psu_id !== null && !PSU_UNNAMED_IN.includes(row.transaction_status);
    const psu = named && row.psu_id ? await this.sca.findPsu(row.psu_id) : undefined;
    const batch = row.payment_service === 'bulk-payments' ? readInitiation(row).batch : undefined;
    return { row, psuName: psu?.name, entries: readEntryStatuses(row), batch };
  }

  /**
   * What the bank does with each payment an initiation orders, in order (rules/payments.ts's acceptEntries): a payment
   * to a closed account is rejected, the others are accepted while the available balance covers them.
   */
  private async acceptance(db: Kysely<Database>, accountId: string, entries: readonly EntryTerms[]) {
    const { fundsRule, balance } = await this.store.fundsFacts(db, accountId);
    const minor = (a: { amount: string; currency: string }) =>
      a.currency === balance?.currency ? parseAmount(a.amount, a.currency) : 0;
    const facts = entries.map((e) => ({
      minor: minor(e.instructedAmount),
      currency: e.instructedAmount.currency,
      creditorClosed: e.creditorAccount.iban !== undefined && CLOSED_IBANS.has(e.creditorAccount.iban),
    }));
    return acceptEntries(facts, fundsRule, balance && { minor: minor(balance), currency: balance.currency });
  }

  /** DELETE: cancels at once before authorisation, asks for a cancellation authorisation after it. */
  async cancel(found: PaymentRow, prefs: ScaPreferences): Promise<CancelRequest> {
    const row = await this.current(this.ctx.db, found);
    const status = row.transaction_status;
    if (CANCELLED_AT_ONCE.includes(status)) {
      const cancelled = await this.setStatus(this.ctx.db, row, 'CANC', {});
      if (!cancelled)
        throw statusInvalid('The payment changed while it was being cancelled; read its status and retry.');
      return { cancelled: true };
    }
    if (!this.cancellationOpen(row)) {
      throw bankError('CANCELLATION_INVALID', `A payment in status ${status} can no longer be cancelled.`, {});
    }
    return { cancelled: false, payment: row, approach: chooseScaApproach(prefs, row.sca_approach as ScaApproach) };
  }

  /** Accepted payments can be cancelled with an authorisation: single ones until settled, standing orders until they end. */
  private cancellationOpen(row: PaymentRow): boolean {
    const endDate = row.payment_service === 'periodic-payments' ? readInitiation(row).endDate : undefined;
    return cancellationOpen(row, endDate, this.today());
  }

  /** The payment of an authorisation as it is now, with rejection or settlement that fell due applied. */
  private async load(db: Kysely<Database>, auth: AuthorisationRow): Promise<PaymentRow> {
    const row = await this.store.find(auth.resource_id, db);
    if (!row) throw bankError('RESOURCE_UNKNOWN', 'The payment no longer exists.', { where: 'path' });
    return this.current(db, row);
  }

  private assertAuthorisable(row: PaymentRow) {
    if (row.transaction_status !== 'RCVD') {
      throw statusInvalid(`The payment is ${row.transaction_status}; it cannot be authorised any more.`);
    }
  }

  private assertCancellable(row: PaymentRow) {
    if (!this.cancellationOpen(row)) {
      throw statusInvalid(`The payment is ${row.transaction_status}; its cancellation cannot be authorised.`);
    }
  }

  /** Only the debtor account's holder authorises a payment or its cancellation. */
  private async assertOwner(db: Kysely<Database>, auth: AuthorisationRow, psu: PsuRow) {
    const row = await this.load(db, auth);
    const owner = await this.store.accountOf(db, row.debtor_iban);
    if (owner?.psu_id !== psu.psu_id) {
      throw bankError(
        'PSU_CREDENTIALS_INVALID',
        `The PSU "${psu.psu_id}" cannot authorise payments from ${row.debtor_iban}.`,
      );
    }
  }

  /**
   * A finished initiation authorisation: its payments accepted one by one (ACTC when all are, PART when a bulk's are
   * in part), rejected when none is or when SCA failed.
   */
  private async applyAuthorisation(
    db: Kysely<Database>,
    auth: AuthorisationRow,
    outcome: string,
    psuId: string | null,
  ) {
    const row = await this.load(db, auth);
    if (outcome === 'failed') {
      if (row.transaction_status === 'RCVD') await this.mustSet(db, row, 'RJCT', {});
      return;
    }
    // The status may have moved since assertOpen (a DELETE in between): never undo a cancellation.
    this.assertAuthorisable(row);
    const account = await this.store.accountOf(db, row.debtor_iban);
    const { entries } = readInitiation(row);
    const outcomes: EntryOutcome[] = account
      ? await this.acceptance(db, account.resource_id, entries)
      : entries.map(() => ({ status: 'RJCT', reason: 'funds' }));
    const status = acceptedStatus(outcomes);
    const now = this.ctx.clock.now().toISOString();
    const accepted = await this.mustSet(db, row, status, {
      funds_available: outcomes.some((o) => o.reason === 'funds') ? 0 : 1,
      accepted_at: status === 'RJCT' ? null : now,
      psu_id: psuId,
      entry_statuses: JSON.stringify(outcomes),
    });
    // A standing order whose first execution date is today (or already passed) executes as it is accepted.
    await this.executeStandingOrder(db, accepted, this.today(), now);
    if (status !== 'RJCT') this.ctx.dueAt?.(this.settlesAt(accepted));
  }

  /** What finishing an authorisation or a cancellation authorisation does to the payment. */
  outcomeHandlers(): { authorisation: OutcomeHandler; cancellation: OutcomeHandler } {
    const assertOwner = (db: Kysely<Database>, auth: AuthorisationRow, psu: PsuRow) => this.assertOwner(db, auth, psu);
    return {
      authorisation: {
        assertOpen: async (db, auth) => this.assertAuthorisable(await this.load(db, auth)),
        assertPsuMayAuthorise: assertOwner,
        apply: (db, auth, outcome, psuId) => this.applyAuthorisation(db, auth, outcome, psuId),
      },
      cancellation: {
        assertOpen: async (db, auth) => this.assertCancellable(await this.load(db, auth)),
        assertPsuMayAuthorise: assertOwner,
        apply: async (db, auth, outcome) => {
          if (outcome !== 'finalised') return;
          const row = await this.load(db, auth);
          this.assertCancellable(row);
          await this.mustSet(db, row, 'CANC', {});
        },
      },
    };
  }

  private async mustSet(db: Kysely<Database>, row: PaymentRow, status: TransactionStatus, extra: StatusExtra) {
    const changed = await this.setStatus(db, row, status, extra);
    if (!changed) {
      throw statusInvalid('The payment was changed by another request at the same time; read its status and retry.');
    }
    return changed;
  }

  /** Whether a new authorisation may start: payments before SCA, cancellations of accepted payments. */
  assertMayStart(row: PaymentRow, kind: 'authorisation' | 'cancellation') {
    if (kind === 'authorisation' && row.transaction_status !== 'RCVD') {
      throw statusInvalid(`The payment is ${row.transaction_status}; it needs no further authorisation.`);
    }
    if (kind === 'cancellation' && !this.cancellationOpen(row)) {
      throw statusInvalid(`The payment is ${row.transaction_status}; there is no cancellation to authorise.`);
    }
  }
}
