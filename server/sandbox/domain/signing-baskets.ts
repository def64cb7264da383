// Signing baskets (1.3.12 /v1/signing-baskets): payments and consents of one PSU, not yet authorised, authorised by one
// SCA. A transaction is in one open basket at most (store/baskets-store.ts's open key). The basket's SCA runs on the
// shared engine (domain/sca.ts); finishing it applies each member's own authorisation outcome (domain/payments.ts,
// domain/consents.ts), so a payment is accepted or rejected by the same funds rules as if it were authorised alone.
import type { Kysely } from 'kysely';
import { SigningBasket, type BasketTransactionStatus, type ScaApproach } from '../../../src/xs2a';
import { bankError, formatError, statusInvalid } from '../rules/bank-error';
import { assertPsuIdGiven, startsExplicitly } from '../rules/behaviour';
import { startsImplicitly } from '../rules/sca';
import { AccountsStore } from '../store/accounts-store';
import { BasketsStore, type MemberType } from '../store/baskets-store';
import { ConsentsStore } from '../store/consents-store';
import { PaymentsStore } from '../store/payments-store';
import type { AuthorisationRow, Database, SigningBasketMemberRow, SigningBasketRow } from '../store/schema';
import { newId, type DomainContext } from './context';
import type { OutcomeHandler } from './outcomes';
import { parseWith } from './parse';
import type { ScaEngine, ScaResource } from './sca';
import { creationApproach, type ScaPreferences } from './sca-preferences';

export const basketPath = (basketId: string) => `/v1/signing-baskets/${basketId}`;

/** A basket just written, with its approach and the implicit authorisation the bank started, if it started one. */
export interface BasketCreated {
  basket: SigningBasketRow;
  approach: ScaApproach;
  started: AuthorisationRow | undefined;
}

/** A basket as GET reads it: its row and its members' ids by kind, in the order they were named. */
export interface BasketDescription {
  row: SigningBasketRow;
  paymentIds: string[];
  consentIds: string[];
}

/** The own authorisation outcome of each kind of member, which the basket's SCA applies to every member. */
export type MemberOutcomes = Record<MemberType, OutcomeHandler>;

/** Payments still awaiting their authorisation and consents still 'received' may join a basket. */
const JOINABLE: Record<MemberType, readonly string[]> = { payment: ['RCVD'], consent: ['received'] };
/** A member's status after the basket's SCA that counts as authorised. */
const AUTHORISED: Record<MemberType, readonly string[]> = {
  payment: ['ACTC', 'ACSC', 'PART'],
  consent: ['valid'],
};

/** The basket's status once its members were authorised: all accepted, some (PATC), none. */
export function basketOutcome(accepted: number, total: number): BasketTransactionStatus {
  if (accepted === 0) return 'RJCT';
  return accepted === total ? 'ACTC' : 'PATC';
}

/** An authorisation of a basket, as its member's own authorisation would have been. */
const memberAuth = (auth: AuthorisationRow, member: Pick<SigningBasketMemberRow, 'member_type' | 'member_id'>) => ({
  ...auth,
  resource_type: member.member_type,
  resource_id: member.member_id,
  kind: 'authorisation' as const,
});

interface Candidate {
  member_type: MemberType;
  member_id: string;
  /** Where the request named it, e.g. `paymentIds[0]`. */
  at: string;
  /** The PSU it belongs to, where the bank knows it. */
  psu: string | undefined;
}

export class SigningBaskets {
  private readonly store: BasketsStore;
  private readonly payments: PaymentsStore;
  private readonly consents: ConsentsStore;
  private readonly accounts: AccountsStore;

  constructor(
    private readonly ctx: DomainContext,
    private readonly sca: ScaEngine,
    private readonly members: MemberOutcomes,
  ) {
    this.store = new BasketsStore(ctx.db);
    this.payments = new PaymentsStore(ctx.db);
    this.consents = new ConsentsStore(ctx.db);
    this.accounts = new AccountsStore(ctx.db);
  }

  resourceFor(basketId: string): ScaResource {
    return { type: 'basket', id: basketId, kind: 'authorisation', path: basketPath(basketId), area: 'pis' };
  }

  private now() {
    return this.ctx.clock.now().toISOString();
  }

  /** POST /v1/signing-baskets: checks every member, writes the basket and starts its implicit authorisation. */
  async create(raw: unknown, options: { psuId: string | undefined; prefs: ScaPreferences }): Promise<BasketCreated> {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw formatError('The signing basket body must be a JSON object.');
    const body = parseWith(SigningBasket, raw, 'pis');
    if (options.psuId && !(await this.sca.findPsu(options.psuId))) {
      throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${options.psuId}" is not known to this bank.`);
    }
    const candidates = [
      ...(await Promise.all((body.paymentIds ?? []).map((id, i) => this.payment(id, `paymentIds[${i}]`)))),
      ...(await Promise.all((body.consentIds ?? []).map((id, i) => this.consent(id, `consentIds[${i}]`)))),
    ];
    const psuId = this.commonPsu(candidates, options.psuId);
    assertPsuIdGiven(this.ctx.config, options.psuId, 'pis');
    const approach = creationApproach(this.ctx.config, options.prefs, 'pis');
    const redirectUri = options.prefs.redirectUri ?? null;
    const now = this.now();
    const basket: SigningBasketRow = {
      basket_id: newId('basket'),
      transaction_status: 'RCVD',
      sca_approach: approach,
      psu_id: psuId ?? null,
      tpp_redirect_uri: redirectUri,
      tpp_nok_redirect_uri: options.prefs.nokRedirectUri ?? null,
      created_at: now,
      status_changed_at: now,
      version: 0,
    };
    return this.ctx.db.transaction().execute(async (trx) => {
      for (const candidate of candidates) await this.assertFree(candidate.member_type, candidate.member_id, trx);
      const members = candidates.map(({ member_type, member_id }) => ({ member_type, member_id }));
      if (!(await this.store.insert(trx, basket, members))) {
        throw bankError('RESOURCE_BLOCKED', 'A payment or consent of this basket was put into another basket now.');
      }
      const explicit = startsExplicitly(this.ctx.config, options.prefs.explicitPreferred);
      if (!startsImplicitly(approach, explicit, psuId !== undefined)) return { basket, approach, started: undefined };
      const progress = await this.sca.start(
        this.resourceFor(basket.basket_id),
        { approach, psuId, redirectUri, nokRedirectUri: basket.tpp_nok_redirect_uri },
        trx,
      );
      return { basket, approach, started: progress.auth };
    });
  }

  /** A payment named in the body: of this bank, not yet authorised. */
  private async payment(id: string, at: string): Promise<Candidate> {
    const row = await this.payments.find(id);
    if (!row) throw bankError('RESOURCE_UNKNOWN', `No payment ${id} exists at this bank.`, { path: at });
    await this.assertJoinable('payment', id, row.transaction_status, at);
    const accountId = (await this.accounts.idsByIban([row.debtor_iban])).get(row.debtor_iban);
    const account = accountId === undefined ? undefined : await this.accounts.byId(accountId);
    return { member_type: 'payment', member_id: id, at, psu: account?.psu_id ?? row.psu_id ?? undefined };
  }

  /** A consent named in the body: of this bank, not yet authorised. */
  private async consent(id: string, at: string): Promise<Candidate> {
    const row = await this.consents.find(id);
    if (!row) throw bankError('CONSENT_UNKNOWN', `No consent ${id} exists for this TPP.`, { path: at });
    await this.assertJoinable('consent', id, row.consent_status, at);
    return { member_type: 'consent', member_id: id, at, psu: row.psu_id ?? undefined };
  }

  private async assertJoinable(type: MemberType, id: string, status: string, at: string) {
    if (!JOINABLE[type].includes(status)) {
      throw bankError(
        'REFERENCE_STATUS_INVALID',
        `The ${type} ${id} is ${status}; only one awaiting its authorisation can be signed in a basket.`,
        { path: at },
      );
    }
    const open = await this.store.openBasketOf(type, id);
    if (open) {
      throw bankError('RESOURCE_BLOCKED', `The ${type} ${id} is already in the open signing basket ${open}.`, {
        path: at,
      });
    }
  }

  /** The one PSU every member (and the PSU-ID header) belongs to; members of different PSUs do not mix. */
  private commonPsu(candidates: readonly Candidate[], headerPsu: string | undefined): string | undefined {
    const seen = new Set<string>();
    for (const c of candidates) {
      const key = `${c.member_type}:${c.member_id}`;
      if (seen.has(key)) throw formatError(`The ${c.member_type} ${c.member_id} is named twice.`, c.at);
      seen.add(key);
    }
    let psu = headerPsu;
    for (const c of candidates) {
      if (c.psu === undefined) continue;
      if (psu !== undefined && c.psu !== psu) {
        throw bankError(
          'REFERENCE_MIX_INVALID',
          `The ${c.member_type} ${c.member_id} belongs to another PSU than the basket's other members${headerPsu ? ' and the PSU-ID' : ''}.`,
          { path: c.at },
        );
      }
      psu = c.psu;
    }
    return psu;
  }

  /** Reads a basket named in the path (unknown → 403 RESOURCE_UNKNOWN). */
  async find(basketId: string): Promise<SigningBasketRow> {
    const row = await this.store.find(basketId);
    if (!row) throw bankError('RESOURCE_UNKNOWN', `No signing basket ${basketId} exists.`, { where: 'path' });
    return row;
  }

  async describe(row: SigningBasketRow): Promise<BasketDescription> {
    const members = await this.store.members(row.basket_id);
    const ids = (type: MemberType) => members.filter((m) => m.member_type === type).map((m) => m.member_id);
    return { row, paymentIds: ids('payment'), consentIds: ids('consent') };
  }

  /** DELETE: only a basket no authorisation was started for yet. */
  async remove(row: SigningBasketRow): Promise<void> {
    if (row.transaction_status !== 'RCVD' || (await this.sca.list(this.resourceFor(row.basket_id))).length > 0) {
      throw statusInvalid('An authorisation of this signing basket was started; it can no longer be deleted.');
    }
    await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await this.store.remove(trx, row))) {
        throw statusInvalid('The signing basket changed while it was being deleted; read its status and retry.');
      }
    });
  }

  /** Whether a new authorisation of the basket may start: only while it waits for one. */
  assertMayStart(row: SigningBasketRow) {
    if (row.transaction_status !== 'RCVD') {
      throw statusInvalid(`The signing basket is ${row.transaction_status}; it needs no further authorisation.`);
    }
  }

  /** Refuses anything but the basket's own SCA for a payment or consent in an open basket. */
  async assertFree(type: MemberType, id: string, db: Kysely<Database> = this.ctx.db): Promise<void> {
    const open = await this.store.openBasketOf(type, id, db);
    if (open) {
      throw bankError(
        'RESOURCE_BLOCKED',
        `The ${type} ${id} is in the open signing basket ${open}; it is authorised with the basket.`,
        { area: type === 'consent' ? 'ais' : 'pis' },
      );
    }
  }

  /**
   * A member's own authorisation outcome while the member is in an open basket: it cannot finalise, and failing it
   * (wrong one-time passwords, a timed decoupled approval that can no longer apply) leaves the member to the basket.
   */
  guard(type: MemberType, own: OutcomeHandler): OutcomeHandler {
    return {
      ...own,
      assertOpen: async (db, auth) => {
        await own.assertOpen(db, auth);
        await this.assertFree(type, auth.resource_id, db);
      },
      apply: async (db, auth, outcome, psuId, choice) => {
        if (outcome === 'failed' && (await this.store.openBasketOf(type, auth.resource_id, db))) return;
        await own.apply(db, auth, outcome, psuId, choice);
      },
    };
  }

  private async load(db: Kysely<Database>, auth: AuthorisationRow) {
    const row = await this.store.find(auth.resource_id, db);
    if (!row) throw bankError('RESOURCE_UNKNOWN', 'The signing basket no longer exists.', { where: 'path' });
    return { row, members: await this.store.members(row.basket_id, db) };
  }

  /** Whether a member counts as authorised after the basket's SCA. */
  private async authorised(db: Kysely<Database>, member: SigningBasketMemberRow): Promise<boolean> {
    const status =
      member.member_type === 'payment'
        ? (await this.payments.find(member.member_id, db))?.transaction_status
        : (await this.consents.find(member.member_id, db))?.consent_status;
    return status !== undefined && AUTHORISED[member.member_type].includes(status);
  }

  /**
   * What finishing the basket's SCA does: finalised, every member moves on as its own authorisation would have made it
   * (payments accepted or rejected by the funds rules, consents valid) and the basket follows (ACTC, PATC, RJCT); failed,
   * the basket is rejected and its members, freed, wait for an authorisation of their own.
   */
  outcomeHandler(): OutcomeHandler {
    return {
      assertOpen: async (db, auth) => {
        const { row, members } = await this.load(db, auth);
        this.assertMayStart(row);
        for (const m of members) await this.members[m.member_type].assertOpen(db, memberAuth(auth, m));
      },
      assertPsuMayAuthorise: async (db, auth, psu) => {
        const { members } = await this.load(db, auth);
        for (const m of members) await this.members[m.member_type].assertPsuMayAuthorise(db, memberAuth(auth, m), psu);
      },
      apply: async (db, auth, outcome, psuId) => {
        const { row, members } = await this.load(db, auth);
        if (row.transaction_status !== 'RCVD') return;
        let status: BasketTransactionStatus = 'RJCT';
        if (outcome === 'finalised') {
          let accepted = 0;
          for (const m of members) {
            await this.members[m.member_type].apply(db, memberAuth(auth, m), 'finalised', psuId);
            if (await this.authorised(db, m)) accepted++;
          }
          status = basketOutcome(accepted, members.length);
        }
        if (!(await this.store.setStatus(db, row, status, this.now()))) {
          throw statusInvalid('The signing basket was changed by another request at the same time; retry.');
        }
      },
    };
  }
}
