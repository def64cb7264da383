// Consents: creation, reads, deletion, expiry, authorisation outcomes, and the one path every account read takes: the
// consent's grant, its validity and its daily budget of reads without the PSU. The rules are rules/consents.ts, the SQL
// store/consents-store.ts.
import type { Kysely } from 'kysely';
import { Consents as ConsentsSchema, type ScaApproach } from '../../../src/xs2a';
import { isoDate } from '../clock';
import { BankError, bankError, formatError, statusInvalid } from '../rules/bank-error';
import { creationApproach, type ScaPreferences } from './sca-preferences';
import { parseWith } from './parse';
import {
  accessExceeded,
  budgetUsedUp,
  checkConsentRequest,
  chosenAccess,
  consentPath,
  coverable,
  dedicatedKeys,
  grantedValidUntil,
  grantFor,
  isBankOffered,
  EXPIRING_STATUSES,
  mayMoveConsent,
  mayStartAuthorisation,
  namedReferences,
  narrowedAccess,
  readRefusal,
  referencedAccounts,
  referencedIbans,
  refersTo,
  type AccountChoice,
  type Access,
  type Granted,
  type OfferedService,
} from '../rules/consents';
import { assertBankOfferedTaken, assertPsuIdGiven, grantedFrequency, startsExplicitly } from '../rules/behaviour';
import { startsImplicitly } from '../rules/sca';
import { AccountsStore } from '../store/accounts-store';
import { CardAccountsStore } from '../store/card-accounts-store';
import { ConsentsStore, readAccess, readGranted, writeGranted, type ConsentChange } from '../store/consents-store';
import type { AccountReference } from '../../../src/xs2a';
import type { AccountRow, AuthorisationRow, CardAccountRow, ConsentRow, Database, PsuRow } from '../store/schema';
import { newId, type DomainContext } from './context';
import type { OutcomeHandler } from './outcomes';
import type { ScaEngine, ScaResource } from './sca';

export { consentPath, type Access, type AccountChoice, type Granted, type OfferedService } from '../rules/consents';

/** What the bank's page offers the PSU to choose from for a bank-offered consent. */
export interface AccountOffer {
  /** The services the consent asked for, in the order accounts, balances, transactions. */
  services: OfferedService[];
  /** The PSU's accounts the consent may cover (restrictedTo applied), in the PSU's order. */
  accounts: AccountRow[];
}

/** A consent just written, with its approach and the implicit authorisation the bank started, if it started one. */
export interface ConsentCreated {
  consent: ConsentRow;
  approach: ScaApproach;
  started: AuthorisationRow | undefined;
}

/** A consent as GET consent reports it: its row, and its access as the PSU granted it. */
export interface ConsentDescription {
  row: ConsentRow;
  access: Access;
}

/** Whether the PSU chooses the accounts of this consent at the bank (empty account lists). */
export const isBankOfferedConsent = (row: ConsentRow) => isBankOffered(readAccess(row));

const ais = { area: 'ais' } as const;

export class ConsentService {
  private readonly store: ConsentsStore;
  private readonly accounts: AccountsStore;
  private readonly cards: CardAccountsStore;
  /**
   * What a valid consent grants never changes after its authorisation, so it is parsed once and kept for every read
   * that follows, with the PSU present or not. Whether the consent is still valid and unexpired, and its budget, are
   * still decided by the database on every read (another instance may have changed them).
   */
  private readonly grants = new Map<string, Granted>();

  constructor(
    private readonly ctx: DomainContext,
    private readonly sca: ScaEngine,
  ) {
    this.store = new ConsentsStore(ctx.db);
    this.accounts = new AccountsStore(ctx.db);
    this.cards = new CardAccountsStore(ctx.db);
  }

  private today() {
    return isoDate(this.ctx.clock.now());
  }

  resourceFor(consentId: string): ScaResource {
    return { type: 'consent', id: consentId, kind: 'authorisation', path: consentPath(consentId), area: 'ais' };
  }

  /** POST /v1/consents: checks the request, writes the consent and starts its implicit authorisation if the bank does. */
  async create(raw: unknown, options: { psuId: string | undefined; prefs: ScaPreferences }): Promise<ConsentCreated> {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw formatError('The consent body must be a JSON object.', undefined, 'ais');
    const body = parseWith(ConsentsSchema, raw, 'ais');
    checkConsentRequest(body, this.today());
    await this.checkNamedAccounts(body.access);
    const approach = await this.checkApproach(body.access, options);
    const consent = this.newConsent(body, approach, options);
    return this.ctx.db.transaction().execute(async (trx) => {
      await this.store.insert(trx, consent);
      return { consent, approach, started: await this.startImplicitly(trx, consent, approach, options) };
    });
  }

  /** Named IBANs must be accounts of this bank, named PANs and masked PANs its card accounts. */
  private async checkNamedAccounts(access: Access) {
    for (const key of dedicatedKeys) {
      for (const [i, ref] of (access[key] ?? []).entries()) {
        const at = `access.${key}[${i}]`;
        if (ref.iban) {
          if (!(await this.accounts.ibanExists(ref.iban)))
            throw formatError(`${ref.iban} is not an account at this bank.`, `${at}.iban`, 'ais');
        } else if (ref.pan ?? ref.maskedPan) {
          if ((await this.cards.named(ref)).length === 0) {
            const member = ref.pan ? 'pan' : 'maskedPan';
            throw formatError(`${ref[member] ?? ''} is not a card account at this bank.`, `${at}.${member}`, 'ais');
          }
        } else {
          throw formatError(
            'This bank identifies accounts by IBAN, and card accounts by PAN or masked PAN.',
            at,
            'ais',
          );
        }
      }
    }
  }

  /** A PSU's accounts and card accounts, each family in the PSU's order. */
  private async coverableOf(psuId: string, db: Kysely<Database>): Promise<(AccountRow | CardAccountRow)[]> {
    return [...(await this.accounts.ofPsu(psuId, db)), ...(await this.cards.ofPsu(psuId, db))];
  }

  /** The card accounts a consent's references name by PAN or masked PAN. */
  private async namedCards(refs: AccountReference[]): Promise<CardAccountRow[]> {
    const cards = await Promise.all(refs.filter((ref) => !ref.iban).map((ref) => this.cards.named(ref)));
    return cards.flat();
  }

  /** The SCA approach of a new consent, after checking that the PSU and the approach's headers allow it. */
  private async checkApproach(
    access: Access,
    options: { psuId: string | undefined; prefs: ScaPreferences },
  ): Promise<ScaApproach> {
    if (options.psuId && !(await this.sca.findPsu(options.psuId))) {
      throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${options.psuId}" is not known to this bank.`, ais);
    }
    assertPsuIdGiven(this.ctx.config, options.psuId, 'ais');
    assertBankOfferedTaken(this.ctx.config, isBankOffered(access));
    const approach = creationApproach(this.ctx.config, options.prefs, 'ais');
    if (approach === 'EMBEDDED' && isBankOffered(access)) {
      throw bankError(
        'SERVICE_INVALID',
        'A bank-offered consent (empty account lists) needs redirect SCA, where the PSU picks the accounts.',
        { ...ais, path: 'access' },
      );
    }
    return approach;
  }

  private newConsent(
    body: ConsentsSchema,
    approach: ScaApproach,
    options: { psuId: string | undefined; prefs: ScaPreferences },
  ): ConsentRow {
    const today = this.today();
    return {
      consent_id: newId('con'),
      access: JSON.stringify(body.access),
      granted: null,
      recurring_indicator: body.recurringIndicator ? 1 : 0,
      valid_until: grantedValidUntil(body.validUntil, today, this.ctx.config.maxConsentDays),
      frequency_per_day: grantedFrequency(this.ctx.config, body.frequencyPerDay),
      combined_service_indicator: body.combinedServiceIndicator ? 1 : 0,
      consent_status: 'received',
      last_action_date: today,
      psu_id: options.psuId ?? null,
      sca_approach: approach,
      tpp_redirect_uri: options.prefs.redirectUri ?? null,
      tpp_nok_redirect_uri: options.prefs.nokRedirectUri ?? null,
      usage_day: null,
      usage_count: 0,
      created_at: this.ctx.clock.now().toISOString(),
      version: 0,
    };
  }

  /** The implicit authorisation of a new consent, where the bank starts one. */
  private async startImplicitly(
    trx: Kysely<Database>,
    consent: ConsentRow,
    approach: ScaApproach,
    options: { psuId: string | undefined; prefs: ScaPreferences },
  ): Promise<AuthorisationRow | undefined> {
    const explicit = startsExplicitly(this.ctx.config, options.prefs.explicitPreferred);
    if (!startsImplicitly(approach, explicit, options.psuId !== undefined)) return undefined;
    const { auth } = await this.sca.start(
      this.resourceFor(consent.consent_id),
      {
        approach,
        psuId: options.psuId,
        redirectUri: consent.tpp_redirect_uri,
        nokRedirectUri: consent.tpp_nok_redirect_uri,
      },
      trx,
    );
    return auth;
  }

  /**
   * Reads a consent named in the path (unknown → 403 CONSENT_UNKNOWN) as the bank keeps it; its expiry is the
   * scheduler's work (domain/scheduler.ts), not the read's.
   */
  async find(consentId: string, where: 'path' | 'payload' = 'path'): Promise<ConsentRow> {
    const row = await this.store.find(consentId);
    if (!row) throw bankError('CONSENT_UNKNOWN', `No consent ${consentId} exists for this TPP.`, { ...ais, where });
    return row;
  }

  /** Expires every consent whose validUntil lies before the bank's `today`, each once; returns how many. */
  expireDue(today: string): Promise<number> {
    return this.store.expireDue(this.ctx.db, EXPIRING_STATUSES, today);
  }

  private setStatus(db: Kysely<Database>, row: ConsentRow, status: string, extra: ConsentChange) {
    return this.store.update(db, row, { ...extra, consent_status: status, last_action_date: this.today() });
  }

  /** GET /v1/consents/{consentId}: the consent as the bank keeps it, its access as the PSU granted it. */
  async describe(row: ConsentRow): Promise<ConsentDescription> {
    return { row, access: await this.grantedAccess(row) };
  }

  /** The access as requested, or for an authorised consent naming accounts, as granted. */
  private async grantedAccess(row: ConsentRow): Promise<Access> {
    const requested = readAccess(row);
    const granted = readGranted(row);
    if (!granted) return requested;
    if (isBankOffered(requested)) {
      const listed = dedicatedKeys.flatMap((k) => (requested[k] === undefined ? [] : granted[k]));
      return chosenAccess(requested, granted, await this.accounts.ibansById(listed));
    }
    if (dedicatedKeys.some((k) => requested[k]?.length)) {
      const byIban = await this.accounts.idsByIban(referencedIbans(requested));
      const named = [
        ...[...byIban].map(([iban, id]) => ({ resource_id: id, iban })),
        ...(await this.namedCards(referencedAccounts(requested))),
      ];
      return narrowedAccess(requested, granted, named);
    }
    return requested;
  }

  async remove(row: ConsentRow): Promise<void> {
    if (!mayMoveConsent(row.consent_status, 'terminatedByTpp'))
      throw statusInvalid('The consent has already been deleted.', 'ais');
    if (!(await this.setStatus(this.ctx.db, row, 'terminatedByTpp', {}))) {
      throw statusInvalid('The consent changed while it was being deleted; retry.', 'ais');
    }
  }

  assertMayStart(row: ConsentRow) {
    if (!mayStartAuthorisation(row.consent_status)) {
      throw statusInvalid(`The consent is ${row.consent_status}; it cannot be authorised.`, 'ais');
    }
  }

  /**
   * For a bank-offered consent, what the PSU chooses from on the bank's page: the requested services and the PSU's
   * accounts. Undefined for dedicated and global consents, where the TPP named the access.
   */
  async offer(row: ConsentRow, psuId: string): Promise<AccountOffer | undefined> {
    const access = readAccess(row);
    if (!isBankOffered(access)) return undefined;
    return {
      services: dedicatedKeys.filter((k) => access[k] !== undefined),
      accounts: coverable(access, await this.accounts.ofPsu(psuId)),
    };
  }

  outcomeHandler(): OutcomeHandler {
    const load = async (db: Kysely<Database>, auth: AuthorisationRow) => {
      const row = await this.store.find(auth.resource_id, db);
      if (!row) throw bankError('CONSENT_UNKNOWN', 'The consent no longer exists.', { ...ais, where: 'path' });
      return row;
    };
    return {
      assertOpen: async (db, auth) => this.assertMayStart(await load(db, auth)),
      assertPsuMayAuthorise: async (db, auth, psu) => this.assertPsuMayAuthorise(db, await load(db, auth), psu),
      apply: async (db, auth, outcome, psuId, choice) => {
        const row = await load(db, auth);
        if (!mayStartAuthorisation(row.consent_status)) return;
        await this.decide(db, row, outcome === 'finalised' ? psuId : null, choice);
      },
    };
  }

  private async assertPsuMayAuthorise(db: Kysely<Database>, row: ConsentRow, psu: PsuRow) {
    if (row.psu_id && row.psu_id !== psu.psu_id) {
      throw bankError(
        'PSU_CREDENTIALS_INVALID',
        `This consent was requested for another PSU than "${psu.psu_id}".`,
        ais,
      );
    }
    const named = namedReferences(readAccess(row));
    if (named.length === 0) return;
    const own = await this.coverableOf(psu.psu_id, db);
    if (!named.some((ref) => own.some((a) => refersTo(ref, a)))) {
      throw bankError(
        'PSU_CREDENTIALS_INVALID',
        `None of the consent's accounts belong to the PSU "${psu.psu_id}".`,
        ais,
      );
    }
  }

  /** A finished authorisation: valid with what this PSU grants, or rejected (`psuId` null). */
  private async decide(db: Kysely<Database>, row: ConsentRow, psuId: string | null, choice?: AccountChoice) {
    let ok: boolean;
    if (psuId) {
      const access = readAccess(row);
      const granted = grantFor(access, coverable(access, await this.coverableOf(psuId, db)), choice);
      ok = await this.setStatus(db, row, 'valid', { granted: writeGranted(granted), psu_id: psuId });
    } else {
      ok = await this.setStatus(db, row, 'rejected', {});
    }
    if (!ok) throw statusInvalid('The consent was changed by another request at the same time; retry.', 'ais');
    // 1.3.12 (createConsent): once a new recurring consent is authorised, the PSU's earlier one expires.
    if (psuId && row.recurring_indicator === 1) {
      await this.store.expireOtherRecurring(db, psuId, row.consent_id, this.today());
    }
  }

  /**
   * An account read under the Consent-ID, with the PSU present or not: the consent must be valid and unexpired, `check`
   * refuses a read the consent does not cover, then `read` runs. The consent's grant is parsed on its first read and
   * kept; its validity is the database's to say on every read: by the consent row on the first read, then by one
   * conditional statement per read. With the PSU present, that statement is a SELECT before the read. Without the PSU,
   * it is the UPDATE that counts the read against frequencyPerDay, run once the read has succeeded: a read that fails (a
   * page beyond the last, an unknown transaction) is never counted, so it never holds any of the day's budget, and a
   * read that succeeded is answered only if that UPDATE counted it. Throws the spec's CONSENT_* or ACCESS_EXCEEDED
   * errors, or the read's own.
   */
  async read<T>(
    consentId: string,
    psuPresent: boolean,
    check: (granted: Granted) => void,
    read: (granted: Granted) => Promise<T>,
  ): Promise<T> {
    const today = this.today();
    const { granted, usedUp } = await this.grantToRead(consentId, today, psuPresent);
    check(granted);
    if (psuPresent) return read(granted);
    if (usedUp) throw usedUp;
    let result: T;
    try {
      result = await read(granted);
    } catch (error) {
      // Nothing was counted. The consent's own state comes first, as for any read: a consent no longer valid, or one
      // whose budget is used up, answers that rather than what was wrong with the read.
      if (!(error instanceof BankError)) throw error;
      throw (await this.refusal(consentId, today)) ?? error;
    }
    if (await this.store.countRead(consentId, today)) return result;
    // Not valid any more, expired or used up: later reads start from the consent row, which refuses before reading.
    this.grants.delete(consentId);
    throw (await this.refusal(consentId, today)) ?? accessExceeded(undefined);
  }

  /**
   * The grant of a consent that may be read now. A consent read before is checked with one conditional statement when
   * the PSU is present (without the PSU, the counting UPDATE after the read decides). Otherwise the consent row is read
   * (expiring it if its time is up) and refused unless valid, and its grant is parsed and kept; `usedUp` says that
   * today's budget without the PSU is used up already (a day's count never goes down, so the read is refused before it
   * runs).
   */
  private async grantToRead(
    consentId: string,
    today: string,
    psuPresent: boolean,
  ): Promise<{ granted: Granted; usedUp?: BankError | undefined }> {
    const kept = this.grants.get(consentId);
    if (kept && (!psuPresent || (await this.store.isReadable(consentId, today)))) return { granted: kept };
    this.grants.delete(consentId);
    const consent = await this.find(consentId, 'payload');
    const refused = readRefusal(consent, today);
    if (refused) throw refused;
    const granted = readGranted(consent);
    if (!granted) throw bankError('CONSENT_INVALID', 'The consent grants no access.', ais);
    if (this.grants.size >= 10_000) this.grants.clear();
    this.grants.set(consentId, granted);
    return { granted, usedUp: this.usedUp(consent, today) };
  }

  private usedUp(consent: ConsentRow, today: string): BankError | undefined {
    return budgetUsedUp(consent, today) ? accessExceeded(consent.frequency_per_day) : undefined;
  }

  /** Why a read of this consent without the PSU is refused today (not valid, expired, budget used up), if it is. */
  private async refusal(consentId: string, today: string): Promise<BankError | undefined> {
    const consent = await this.find(consentId, 'payload');
    return readRefusal(consent, today) ?? this.usedUp(consent, today);
  }
}
