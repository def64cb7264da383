// Payment initiation, reads, status, settlement and cancellation: the PIS state machine RCVD → ACTC → ACSC, RJCT, CANC.
import type { Kysely } from 'kysely';
import {
  isAmountValidForCurrency,
  paymentBodySchemaFor,
  periodicPaymentKeys,
  singlePaymentKeys,
  type ScaApproach,
} from '../../../src/xs2a';
import { addDays, isoDate } from '../clock';
import { bankError, formatError, statusInvalid } from '../http/errors';
import { chooseScaApproach, type ScaPreferences } from '../http/headers';
import { parseWith } from '../http/validation';
import type { AccountRow, AuthorisationRow, Database, PaymentRow, PsuRow } from '../store/schema';
import { buildInsertOnce } from '../store/prepared';
import { changed, href, newId, type DomainContext, type LinkContext } from './context';
import type { OutcomeHandler, ScaEngine, ScaResource, ScaStep } from './sca';

export const supportedServices = ['payments', 'periodic-payments'] as const;
export type SupportedService = (typeof supportedServices)[number];
export const jsonProducts = [
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
] as const;
const eurOnlyProducts = new Set(['sepa-credit-transfers', 'instant-sepa-credit-transfers', 'target-2-payments']);
const INSTANT_LIMIT = 100_000;

export function paymentPath(p: Pick<PaymentRow, 'payment_service' | 'payment_product' | 'payment_id'>) {
  return `/v1/${p.payment_service}/${p.payment_product}/${p.payment_id}`;
}

/** Checks the path's service and product the way the spec orders its errors. */
export function checkServiceAndProduct(service: string, product: string): SupportedService {
  if (!(supportedServices as readonly string[]).includes(service)) {
    const known = ['bulk-payments'].includes(service);
    throw bankError(
      'SERVICE_INVALID',
      known
        ? `This bank does not offer ${service}; use payments or periodic-payments.`
        : `"${service}" is not a payment service; use payments or periodic-payments.`,
    );
  }
  if (!(jsonProducts as readonly string[]).includes(product)) {
    throw bankError(
      'PRODUCT_UNKNOWN',
      product.startsWith('pain.001-')
        ? `This bank accepts JSON payment products only, not ${product}.`
        : `"${product}" is not a payment product of this bank.`,
      { where: 'path' },
    );
  }
  return service as SupportedService;
}

interface PaymentBody {
  debtorAccount: { iban?: string | undefined };
  instructedAmount: { currency: string; amount: string };
  creditorAccount: { iban?: string | undefined };
  creditorName: string;
  requestedExecutionDate?: string | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

export class Payments {
  /** Every initiation writes one payment row; its INSERT is built once (store/prepared.ts). */
  private readonly insertPayment;

  constructor(
    private readonly ctx: DomainContext,
    private readonly sca: ScaEngine,
  ) {
    this.insertPayment = buildInsertOnce(ctx.db, 'payments', [
      'payment_id',
      'payment_service',
      'payment_product',
      'body',
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
      'version',
    ]);
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
    const own = service === 'payments' ? singlePaymentKeys : periodicPaymentKeys;
    const other = service === 'payments' ? periodicPaymentKeys : singlePaymentKeys;
    for (const key of Object.keys(raw)) {
      if (!own.includes(key) && other.includes(key)) {
        throw formatError(
          `${key} belongs to ${service === 'payments' ? 'periodic payments' : 'single payments'}, not to ${service}.`,
          key,
        );
      }
    }
    const body = parseWith(paymentBodySchemaFor(service), raw, 'pis') as PaymentBody;
    const { currency, amount } = body.instructedAmount;
    if (Number(amount) <= 0) throw formatError('The amount must be greater than zero.', 'instructedAmount.amount');
    if (!isAmountValidForCurrency(amount, currency)) {
      throw formatError(`${amount} has more decimals than ${currency} allows.`, 'instructedAmount.amount');
    }
    if (eurOnlyProducts.has(product) && currency !== 'EUR') {
      throw formatError(
        `${product} are made in EUR only; use cross-border-credit-transfers for ${currency}.`,
        'instructedAmount.currency',
      );
    }
    if (product === 'instant-sepa-credit-transfers' && Number(amount) > INSTANT_LIMIT) {
      throw formatError(
        `Instant SEPA credit transfers are limited to ${INSTANT_LIMIT} EUR.`,
        'instructedAmount.amount',
      );
    }
    if (!body.debtorAccount.iban)
      throw formatError('This bank identifies the debtor account by IBAN.', 'debtorAccount.iban');
    if (!body.creditorAccount.iban)
      throw formatError('This bank needs the creditor account as an IBAN.', 'creditorAccount.iban');
    const today = this.today();
    const maxDate = addDays(today, 365);
    for (const field of ['requestedExecutionDate', 'startDate'] as const) {
      const date = body[field];
      if (date !== undefined && (date < today || date > maxDate)) {
        throw bankError('EXECUTION_DATE_INVALID', `${field} ${date} must lie between ${today} and ${maxDate}.`, {
          path: field,
        });
      }
    }
    const debtor = await this.debtorAccount(body.debtorAccount.iban);
    if (!debtor)
      throw formatError(
        `The debtor account ${body.debtorAccount.iban} is not held at this bank.`,
        'debtorAccount.iban',
      );
    if (psuId && debtor.psu_id !== psuId) {
      throw formatError(`The debtor account does not belong to the PSU "${psuId}".`, 'debtorAccount.iban');
    }
    if (debtor.status !== 'enabled') throw bankError('SERVICE_BLOCKED', 'The debtor account is blocked for payments.');
    return { body, debtor };
  }

  /** Account master data is the seed's and never changes while the bank runs, so each IBAN is looked up once. */
  private readonly debtors = new Map<
    string,
    Pick<AccountRow, 'resource_id' | 'psu_id' | 'currency' | 'funds_rule' | 'status'>
  >();

  private async debtorAccount(iban: string) {
    const known = this.debtors.get(iban);
    if (known) return known;
    const row = await this.ctx.db
      .selectFrom('accounts')
      .select(['resource_id', 'psu_id', 'currency', 'funds_rule', 'status'])
      .where('iban', '=', iban)
      .executeTakeFirst();
    if (row) this.debtors.set(iban, row);
    return row;
  }

  async initiate(
    service: SupportedService,
    product: string,
    raw: unknown,
    options: { psuId: string | undefined; prefs: ScaPreferences; rejectionNoFunds: boolean | undefined },
    links: LinkContext,
  ): Promise<ScaStep> {
    if (options.psuId && !(await this.sca.findPsu(options.psuId))) {
      throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${options.psuId}" is not known to this bank.`);
    }
    const { body, debtor } = await this.validate(service, product, raw, options.psuId);
    const approach = chooseScaApproach(options.prefs, this.ctx.config.defaultScaApproach);
    if (approach === 'REDIRECT' && options.prefs.redirectPreferred === true && !options.prefs.redirectUri) {
      throw formatError('TPP-Redirect-URI is required when TPP-Redirect-Preferred is true.', 'TPP-Redirect-URI');
    }
    if (
      options.rejectionNoFunds === true &&
      !(await this.fundsAvailable(this.ctx.db, debtor.resource_id, body.instructedAmount))
    ) {
      throw bankError('PAYMENT_FAILED', 'The debtor account does not have the funds for this payment.');
    }
    const now = this.ctx.clock.now().toISOString();
    const payment: PaymentRow = {
      payment_id: newId('pay'),
      payment_service: service,
      payment_product: product,
      body: JSON.stringify(raw),
      debtor_iban: body.debtorAccount.iban ?? '',
      transaction_status: 'RCVD',
      sca_approach: approach,
      psu_id: options.psuId ?? null,
      tpp_redirect_uri: options.prefs.redirectUri ?? null,
      tpp_nok_redirect_uri: options.prefs.nokRedirectUri ?? null,
      funds_available: null,
      created_at: now,
      status_changed_at: now,
      accepted_at: null,
      version: 0,
    };
    const path = paymentPath(payment);
    // The payment and its implicit authorisation are written together; concurrent initiations share the commit.
    return this.ctx.transact(async (trx) => {
      await this.insertPayment(trx, payment);
      const l: Record<string, { href: string }> = {};
      const out: Record<string, unknown> = { transactionStatus: 'RCVD', paymentId: payment.payment_id };
      const implicit = this.implicitStart(approach, options.prefs.explicitPreferred, options.psuId);
      if (implicit) {
        const { auth, step } = await this.sca.start(
          this.resourceFor(payment, 'authorisation'),
          links,
          {
            approach,
            psuId: options.psuId,
            redirectUri: payment.tpp_redirect_uri,
            nokRedirectUri: payment.tpp_nok_redirect_uri,
          },
          trx,
        );
        Object.assign(l, step.body._links as object);
        if (step.body.psuMessage) out.psuMessage = step.body.psuMessage;
        void auth;
      } else {
        Object.assign(l, startLinks(approach, `${path}/authorisations`, links, options.psuId !== undefined));
      }
      l.self = href(links, path);
      l.status = href(links, `${path}/status`);
      out._links = l;
      return {
        status: 201,
        headers: { Location: `${links.origin}${links.prefix}${path}`, 'ASPSP-SCA-Approach': approach },
        body: out,
      };
    });
  }

  /** Whether the bank creates the authorisation itself: redirect always, decoupled once the PSU is known. */
  private implicitStart(approach: ScaApproach, explicitPreferred: boolean, psuId: string | undefined) {
    if (explicitPreferred) return false;
    if (approach === 'REDIRECT') return true;
    if (approach === 'DECOUPLED') return psuId !== undefined;
    return false;
  }

  async find(service: string, product: string, paymentId: string): Promise<PaymentRow> {
    checkServiceAndProduct(service, product);
    const row = await this.ctx.db
      .selectFrom('payments')
      .selectAll()
      .where('payment_id', '=', paymentId)
      .executeTakeFirst();
    if (!row || row.payment_service !== service || row.payment_product !== product) {
      throw bankError('RESOURCE_UNKNOWN', `No ${service} resource ${paymentId} exists for ${product}.`, {
        where: 'path',
      });
    }
    return this.refresh(row);
  }

  async findById(paymentId: string): Promise<PaymentRow | undefined> {
    return this.ctx.db.selectFrom('payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  /**
   * Applies what time has done: timed decoupled approvals, the rejection of payments left unauthorised too long, then
   * settlement of accepted payments.
   */
  private async refresh(row: PaymentRow): Promise<PaymentRow> {
    await this.sca.refreshResource('payment', row.payment_id);
    const current =
      this.ctx.config.decoupledAutoApproveMs === null ? row : ((await this.findById(row.payment_id)) ?? row);
    return this.settleIfDue(this.ctx.db, await this.rejectIfUnauthorised(this.ctx.db, current));
  }

  /**
   * A bank does not keep a payment waiting for its SCA forever: once unauthorisedPaymentExpiryMs has passed since the
   * initiation, a payment still RCVD is rejected (RJCT, dated when it fell due), and its open initiation
   * authorisations fail with it, in one transaction.
   */
  private async rejectIfUnauthorised(db: Kysely<Database>, row: PaymentRow): Promise<PaymentRow> {
    if (row.transaction_status !== 'RCVD') return row;
    const due = new Date(row.created_at).getTime() + this.ctx.config.unauthorisedPaymentExpiryMs;
    if (this.ctx.clock.now().getTime() < due) return row;
    const at = new Date(due).toISOString();
    const reject = async (trx: Kysely<Database>) => {
      const rejected = await this.setStatus(trx, row, 'RJCT', {}, at);
      if (!rejected) return undefined;
      await trx
        .updateTable('authorisations')
        .set((eb) => ({ sca_status: 'failed', updated_at: at, version: eb('version', '+', 1) }))
        .where('resource_type', '=', 'payment')
        .where('resource_id', '=', row.payment_id)
        .where('kind', '=', 'authorisation')
        .where('sca_status', 'not in', ['finalised', 'failed', 'exempted'])
        .execute();
      return rejected;
    };
    const rejected = db.isTransaction ? await reject(db) : await db.transaction().execute(reject);
    if (rejected) return rejected;
    // Someone else moved it first: read what they left.
    return (
      (await db.selectFrom('payments').selectAll().where('payment_id', '=', row.payment_id).executeTakeFirst()) ?? row
    );
  }

  /** Settles an accepted payment once the settlement delay has passed (ACTC → ACSC), dated when it fell due. */
  private async settleIfDue(db: Kysely<Database>, row: PaymentRow): Promise<PaymentRow> {
    if (row.transaction_status !== 'ACTC' || !row.accepted_at) return row;
    const due = new Date(row.accepted_at).getTime() + this.ctx.config.settlementDelayMs;
    if (this.ctx.clock.now().getTime() < due) return row;
    const settled = await this.setStatus(db, row, 'ACSC', {}, new Date(due).toISOString());
    if (settled) return settled;
    // Someone else moved it first: read what they left.
    return (
      (await db.selectFrom('payments').selectAll().where('payment_id', '=', row.payment_id).executeTakeFirst()) ?? row
    );
  }

  /** A status change that only happens if nobody changed the payment since it was read. */
  private async setStatus(
    db: Kysely<Database>,
    row: PaymentRow,
    status: string,
    extra: Partial<Pick<PaymentRow, 'accepted_at' | 'funds_available' | 'psu_id'>>,
    at = this.ctx.clock.now().toISOString(),
  ): Promise<PaymentRow | undefined> {
    const set = { ...extra, transaction_status: status, status_changed_at: at, version: row.version + 1 };
    const result = await db
      .updateTable('payments')
      .set(set)
      .where('payment_id', '=', row.payment_id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return changed(result) ? { ...row, ...set } : undefined;
  }

  describe(row: PaymentRow): Record<string, unknown> {
    return { ...(JSON.parse(row.body) as object), transactionStatus: row.transaction_status };
  }

  async describeStatus(row: PaymentRow): Promise<Record<string, unknown>> {
    const body: Record<string, unknown> = { transactionStatus: row.transaction_status };
    if (row.funds_available !== null && ['ACTC', 'ACWC', 'ACCP'].includes(row.transaction_status)) {
      body.fundsAvailable = row.funds_available === 1;
    }
    if (row.psu_id && !['RCVD', 'RJCT'].includes(row.transaction_status)) {
      const psu = await this.sca.findPsu(row.psu_id);
      if (psu) {
        body.psuName = psu.name;
        body.ownerNames = [{ name: psu.name, role: 'owner' }];
      }
    }
    if (row.transaction_status === 'RJCT' && row.funds_available === 0) {
      body.psuMessage = 'The payment was rejected: the debtor account does not have the funds.';
    }
    return body;
  }

  private async fundsAvailable(db: Kysely<Database>, accountId: string, amount: { currency: string; amount: string }) {
    const account = await db
      .selectFrom('accounts')
      .select(['funds_rule', 'currency'])
      .where('resource_id', '=', accountId)
      .executeTakeFirst();
    if (!account || account.funds_rule === 'insufficient') return false;
    const balance = await db
      .selectFrom('balances')
      .select(['amount', 'currency'])
      .where('account_id', '=', accountId)
      .where('balance_type', '=', 'interimAvailable')
      .executeTakeFirst();
    if (!balance || balance.currency !== amount.currency) return true;
    return Number(balance.amount) >= Number(amount.amount);
  }

  /** DELETE: cancels at once before authorisation, asks for a cancellation authorisation after it. */
  async cancel(row: PaymentRow, prefs: ScaPreferences, links: LinkContext): Promise<ScaStep> {
    const status = row.transaction_status;
    if (status === 'RCVD' || status === 'PDNG') {
      const cancelled = await this.setStatus(this.ctx.db, row, 'CANC', {});
      if (!cancelled)
        throw statusInvalid('The payment changed while it was being cancelled; read its status and retry.');
      return { status: 204, headers: {}, body: {} };
    }
    if (!this.cancellationOpen(row)) {
      throw bankError('CANCELLATION_INVALID', `A payment in status ${status} can no longer be cancelled.`, {});
    }
    const approach = chooseScaApproach(prefs, row.sca_approach as ScaApproach);
    const path = paymentPath(row);
    const l: Record<string, { href: string }> = {
      ...startLinks(approach, `${path}/cancellation-authorisations`, links, row.psu_id !== null),
      self: href(links, path),
      status: href(links, `${path}/status`),
    };
    return { status: 202, headers: {}, body: { transactionStatus: status, _links: l } };
  }

  /** Accepted payments can be cancelled with an authorisation: single ones until settled, standing orders until they end. */
  private cancellationOpen(row: PaymentRow): boolean {
    if (row.transaction_status === 'ACTC') return true;
    if (row.payment_service !== 'periodic-payments' || row.transaction_status !== 'ACSC') return false;
    const endDate = (JSON.parse(row.body) as { endDate?: string }).endDate;
    return endDate === undefined || endDate >= isoDate(this.ctx.clock.now());
  }

  /** What finishing an authorisation or a cancellation authorisation does to the payment. */
  outcomeHandlers(): { authorisation: OutcomeHandler; cancellation: OutcomeHandler } {
    const load = async (db: Kysely<Database>, auth: AuthorisationRow) => {
      const row = await db
        .selectFrom('payments')
        .selectAll()
        .where('payment_id', '=', auth.resource_id)
        .executeTakeFirst();
      if (!row) throw bankError('RESOURCE_UNKNOWN', 'The payment no longer exists.', { where: 'path' });
      // Every decision sees the payment as it is now, with rejection or settlement that fell due applied.
      return this.settleIfDue(db, await this.rejectIfUnauthorised(db, row));
    };
    const assertAuthorisable = (row: PaymentRow) => {
      if (row.transaction_status !== 'RCVD') {
        throw statusInvalid(`The payment is ${row.transaction_status}; it cannot be authorised any more.`);
      }
    };
    const assertCancellable = (row: PaymentRow) => {
      if (!this.cancellationOpen(row)) {
        throw statusInvalid(`The payment is ${row.transaction_status}; its cancellation cannot be authorised.`);
      }
    };
    const assertOwner = async (db: Kysely<Database>, auth: AuthorisationRow, psu: PsuRow) => {
      const row = await load(db, auth);
      const owner = await db
        .selectFrom('accounts')
        .select('psu_id')
        .where('iban', '=', row.debtor_iban)
        .executeTakeFirst();
      if (owner?.psu_id !== psu.psu_id) {
        throw bankError(
          'PSU_CREDENTIALS_INVALID',
          `The PSU "${psu.psu_id}" cannot authorise payments from ${row.debtor_iban}.`,
        );
      }
    };
    return {
      authorisation: {
        assertOpen: async (db, auth) => assertAuthorisable(await load(db, auth)),
        assertPsuMayAuthorise: assertOwner,
        apply: async (db, auth, outcome, psuId) => {
          const row = await load(db, auth);
          if (outcome === 'failed') {
            if (row.transaction_status === 'RCVD') await this.mustSet(db, row, 'RJCT', {});
            return;
          }
          // The status may have moved since assertOpen (a DELETE in between): never undo a cancellation.
          assertAuthorisable(row);
          const body = JSON.parse(row.body) as PaymentBody;
          const account = await db
            .selectFrom('accounts')
            .select('resource_id')
            .where('iban', '=', row.debtor_iban)
            .executeTakeFirst();
          const funded = account ? await this.fundsAvailable(db, account.resource_id, body.instructedAmount) : false;
          await this.mustSet(db, row, funded ? 'ACTC' : 'RJCT', {
            funds_available: funded ? 1 : 0,
            accepted_at: funded ? this.ctx.clock.now().toISOString() : null,
            psu_id: psuId,
          });
        },
      },
      cancellation: {
        assertOpen: async (db, auth) => assertCancellable(await load(db, auth)),
        assertPsuMayAuthorise: assertOwner,
        apply: async (db, auth, outcome) => {
          if (outcome !== 'finalised') return;
          const row = await load(db, auth);
          assertCancellable(row);
          await this.mustSet(db, row, 'CANC', {});
        },
      },
    };
  }

  private async mustSet(
    db: Kysely<Database>,
    row: PaymentRow,
    status: string,
    extra: Parameters<Payments['setStatus']>[3],
  ) {
    if (!(await this.setStatus(db, row, status, extra))) {
      throw statusInvalid('The payment was changed by another request at the same time; read its status and retry.');
    }
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

/** The explicit start link for an approach (1.3.12's startAuthorisation… links): what the TPP POSTs to begin SCA itself. */
export function startLinks(approach: ScaApproach, collection: string, links: LinkContext, psuKnown: boolean) {
  const l: Record<string, { href: string }> = {};
  if (approach === 'REDIRECT') l.startAuthorisation = href(links, collection);
  else if (approach === 'EMBEDDED') l.startAuthorisationWithPsuAuthentication = href(links, collection);
  else if (psuKnown) l.startAuthorisation = href(links, collection);
  else l.startAuthorisationWithPsuIdentification = href(links, collection);
  return l;
}
