// Consents: creation, reads, deletion, expiry, what an authorised consent grants, and its daily access budget.
import type { Kysely, QueryResult } from 'kysely';
import { Consents as ConsentsSchema } from '../../../src/xs2a';
import { addDays, isoDate } from '../clock';
import { BankError, bankError, formatError, statusInvalid } from '../http/errors';
import { chooseScaApproach, type ScaPreferences } from '../http/headers';
import { parseWith } from '../http/validation';
import { groupCommit } from '../store/group-commit';
import { buildOnce } from '../store/prepared';
import type { AccountRow, AuthorisationRow, ConsentRow, Database, PsuRow } from '../store/schema';
import { changed, href, newId, type DomainContext, type LinkContext } from './context';
import { startLinks } from '../http/answers/links';
import { startedBody } from '../http/answers/sca';
import type { Answer } from '../http/respond';
import type { OutcomeHandler, ScaEngine, ScaResource } from './sca';

interface AccountRef {
  iban?: string | undefined;
  currency?: string | undefined;
}

interface Access {
  accounts?: AccountRef[] | undefined;
  balances?: AccountRef[] | undefined;
  transactions?: AccountRef[] | undefined;
  additionalInformation?: { ownerName?: AccountRef[] | undefined } | undefined;
  availableAccounts?: string | undefined;
  availableAccountsWithBalance?: string | undefined;
  allPsd2?: string | undefined;
  restrictedTo?: string[] | undefined;
}

/** What an authorised consent unlocks, as account resource ids per service. */
export interface Granted {
  accounts: string[];
  balances: string[];
  transactions: string[];
  /** availableAccounts(WithBalance): the account list only, no reads of single accounts. */
  listOnly: boolean;
  listWithBalances: boolean;
  ownerName: string[];
}

export const consentPath = (consentId: string) => `/v1/consents/${consentId}`;

const dedicatedKeys = ['accounts', 'balances', 'transactions'] as const;

/** A service a bank-offered consent can ask for: account details, balances or transactions. */
export type OfferedService = (typeof dedicatedKeys)[number];

/** What the PSU chose on the bank's page for a bank-offered consent: account resource ids per requested service. */
export type AccountChoice = Record<OfferedService, string[]>;

/** What the bank's page offers the PSU to choose from for a bank-offered consent. */
export interface AccountOffer {
  /** The services the consent asked for, in the order accounts, balances, transactions. */
  services: OfferedService[];
  /** The PSU's accounts the consent may cover (restrictedTo applied), in the PSU's order. */
  accounts: AccountRow[];
}

function isBankOffered(access: Access) {
  const given = dedicatedKeys.filter((k) => access[k] !== undefined);
  return given.length > 0 && given.every((k) => access[k]?.length === 0);
}

/** Whether the PSU chooses the accounts of this consent at the bank (empty account lists). */
export const isBankOfferedConsent = (row: ConsentRow) => isBankOffered(JSON.parse(row.access) as Access);

export class ConsentService {
  /**
   * Counts one read without the PSU present against the day's budget, in one conditional UPDATE: the consent must be
   * valid and unexpired with budget left today, else no row changes. Concurrent reads cannot count beyond
   * frequencyPerDay, on one instance or on several sharing a PostgreSQL database (the row's lock orders them, and each
   * UPDATE tests the count it finds).
   */
  private readonly countRead: (args: { consentId: string; today: string }) => Promise<QueryResult<unknown>>;

  constructor(
    private readonly ctx: DomainContext,
    private readonly sca: ScaEngine,
  ) {
    // Every background read runs this statement, so it is built once (store/prepared.ts).
    const update = buildOnce(
      ctx.db,
      (consentId: string, today: string) =>
        ctx.db
          .updateTable('consents')
          .set((eb) => ({
            usage_count: eb
              .case()
              .when('usage_day', '=', today)
              .then(eb('usage_count', '+', 1))
              .else(1)
              .end(),
            usage_day: today,
          }))
          .where('consent_id', '=', consentId)
          .where('consent_status', '=', 'valid')
          .where('valid_until', '>=', today)
          .where((eb) =>
            eb.or([
              eb('usage_day', 'is', null),
              eb('usage_day', '!=', today),
              eb('usage_count', '<', eb.ref('frequency_per_day')),
            ]),
          ),
      2,
    );
    // Concurrent background reads share one commit (store/group-commit.ts).
    this.countRead = groupCommit(ctx.db, (executor, { consentId, today }) => update(executor, consentId, today));
  }

  private today() {
    return isoDate(this.ctx.clock.now());
  }

  resourceFor(consentId: string): ScaResource {
    return { type: 'consent', id: consentId, kind: 'authorisation', path: consentPath(consentId), area: 'ais' };
  }

  async create(
    raw: unknown,
    options: { psuId: string | undefined; prefs: ScaPreferences },
    links: LinkContext,
  ): Promise<Answer> {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw formatError('The consent body must be a JSON object.', undefined, 'ais');
    const body = parseWith(ConsentsSchema, raw, 'ais');
    const access = body.access as Access;
    const today = this.today();
    if (body.validUntil < today)
      throw formatError(`validUntil ${body.validUntil} lies in the past.`, 'validUntil', 'ais');
    if (!body.recurringIndicator && body.frequencyPerDay !== 1) {
      throw formatError(
        'A one-off consent (recurringIndicator false) has a frequencyPerDay of 1.',
        'frequencyPerDay',
        'ais',
      );
    }
    const global = access.allPsd2 ?? access.availableAccounts ?? access.availableAccountsWithBalance;
    const dedicated = dedicatedKeys.some((k) => access[k] !== undefined);
    if (!global && !dedicated) {
      throw formatError(
        'The access object grants nothing: name accounts, balances or transactions, or a global access.',
        'access',
        'ais',
      );
    }
    if (global && dedicated) {
      throw formatError(
        'Combine either named accounts or one of allPsd2 / availableAccounts, not both.',
        'access',
        'ais',
      );
    }
    // Named IBANs must be accounts of this bank.
    for (const key of dedicatedKeys) {
      for (const [i, ref] of (access[key] ?? []).entries()) {
        if (!ref.iban) throw formatError('This bank identifies accounts by IBAN.', `access.${key}[${i}]`, 'ais');
        const exists = await this.ctx.db
          .selectFrom('accounts')
          .select('resource_id')
          .where('iban', '=', ref.iban)
          .executeTakeFirst();
        if (!exists)
          throw formatError(`${ref.iban} is not an account at this bank.`, `access.${key}[${i}].iban`, 'ais');
      }
    }
    if (options.psuId && !(await this.sca.findPsu(options.psuId))) {
      throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${options.psuId}" is not known to this bank.`, {
        area: 'ais',
      });
    }
    const approach = chooseScaApproach(options.prefs, this.ctx.config.defaultScaApproach);
    if (approach === 'EMBEDDED' && isBankOffered(access)) {
      throw bankError(
        'SERVICE_INVALID',
        'A bank-offered consent (empty account lists) needs redirect SCA, where the PSU picks the accounts.',
        {
          area: 'ais',
          path: 'access',
        },
      );
    }
    if (approach === 'REDIRECT' && options.prefs.redirectPreferred === true && !options.prefs.redirectUri) {
      throw formatError('TPP-Redirect-URI is required when TPP-Redirect-Preferred is true.', 'TPP-Redirect-URI', 'ais');
    }
    const maxUntil = addDays(today, this.ctx.config.maxConsentDays);
    const now = this.ctx.clock.now().toISOString();
    const consent: ConsentRow = {
      consent_id: newId('con'),
      access: JSON.stringify(access),
      granted: null,
      recurring_indicator: body.recurringIndicator ? 1 : 0,
      valid_until: body.validUntil > maxUntil ? maxUntil : body.validUntil,
      frequency_per_day: body.frequencyPerDay,
      combined_service_indicator: body.combinedServiceIndicator ? 1 : 0,
      consent_status: 'received',
      last_action_date: today,
      psu_id: options.psuId ?? null,
      sca_approach: approach,
      tpp_redirect_uri: options.prefs.redirectUri ?? null,
      tpp_nok_redirect_uri: options.prefs.nokRedirectUri ?? null,
      usage_day: null,
      usage_count: 0,
      created_at: now,
      version: 0,
    };
    const path = consentPath(consent.consent_id);
    return this.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('consents').values(consent).execute();
      const out: Record<string, unknown> = { consentStatus: 'received', consentId: consent.consent_id };
      const l: Record<string, { href: string }> = {};
      const implicit =
        !options.prefs.explicitPreferred &&
        (approach === 'REDIRECT' || (approach === 'DECOUPLED' && options.psuId !== undefined));
      if (implicit) {
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
        const started = startedBody(
          { links, oauth: this.ctx.config.scaRedirect === 'oauth', resourcePath: path },
          auth,
        );
        Object.assign(l, started._links);
        if (started.psuMessage) out.psuMessage = started.psuMessage;
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

  /** Reads a consent named in the path (unknown → 403 CONSENT_UNKNOWN), after expiring it if its time is up. */
  async find(consentId: string, where: 'path' | 'payload' = 'path'): Promise<ConsentRow> {
    await this.sca.refreshResource('consent', consentId);
    const row = await this.ctx.db
      .selectFrom('consents')
      .selectAll()
      .where('consent_id', '=', consentId)
      .executeTakeFirst();
    if (!row)
      throw bankError('CONSENT_UNKNOWN', `No consent ${consentId} exists for this TPP.`, { area: 'ais', where });
    return this.expireIfDue(row);
  }

  private async expireIfDue(row: ConsentRow): Promise<ConsentRow> {
    const today = this.today();
    if (row.valid_until >= today || !['valid', 'received', 'partiallyAuthorised'].includes(row.consent_status))
      return row;
    await this.setStatus(this.ctx.db, row, 'expired', {});
    return (
      (await this.ctx.db
        .selectFrom('consents')
        .selectAll()
        .where('consent_id', '=', row.consent_id)
        .executeTakeFirst()) ?? row
    );
  }

  private async setStatus(
    db: Kysely<Database>,
    row: ConsentRow,
    status: string,
    extra: Partial<Pick<ConsentRow, 'granted' | 'psu_id'>>,
  ) {
    const set = { ...extra, consent_status: status, last_action_date: this.today(), version: row.version + 1 };
    const result = await db
      .updateTable('consents')
      .set(set)
      .where('consent_id', '=', row.consent_id)
      .where('version', '=', row.version)
      .executeTakeFirst();
    return changed(result);
  }

  async describe(row: ConsentRow, links: LinkContext): Promise<Record<string, unknown>> {
    const requested = JSON.parse(row.access) as Access;
    let access: Access = requested;
    if (row.granted && isBankOffered(requested)) {
      const granted = JSON.parse(row.granted) as Granted;
      const ibans = async (ids: string[]) => {
        if (ids.length === 0) return [];
        const rows = await this.ctx.db
          .selectFrom('accounts')
          .select(['iban', 'resource_id'])
          .where('resource_id', 'in', ids)
          .execute();
        // In the order of the grant, which is the PSU's order of accounts.
        const ibanOf = new Map(rows.map((a) => [a.resource_id, a.iban]));
        return ids.flatMap((id) => {
          const iban = ibanOf.get(id);
          return iban ? [{ iban }] : [];
        });
      };
      // The services the consent asked for, each with the accounts the PSU granted; one granted for none is left out,
      // since an empty list would read as a bank-offered request again.
      access = {};
      for (const key of dedicatedKeys) {
        if (requested[key] === undefined) continue;
        const refs = await ibans(granted[key]);
        if (refs.length > 0) access[key] = refs;
      }
    } else if (row.granted && dedicatedKeys.some((k) => requested[k]?.length)) {
      access = await this.narrowed(requested, JSON.parse(row.granted) as Granted);
    }
    const body: Record<string, unknown> = {
      access,
      recurringIndicator: row.recurring_indicator === 1,
      validUntil: row.valid_until,
      frequencyPerDay: row.frequency_per_day,
      lastActionDate: row.last_action_date,
      consentStatus: row.consent_status,
    };
    if (row.consent_status === 'valid') body._links = { account: href(links, '/v1/accounts') };
    return body;
  }

  /**
   * A dedicated consent as the PSU granted it (1.3.12, GET consent): the requested account references without those the
   * grant left out (another PSU's accounts, types outside restrictedTo), each reference otherwise as the TPP sent it.
   */
  private async narrowed(requested: Access, granted: Granted): Promise<Access> {
    const named = [
      ...dedicatedKeys.flatMap((k) => requested[k] ?? []),
      ...(requested.additionalInformation?.ownerName ?? []),
    ].flatMap((ref) => (ref.iban ? [ref.iban] : []));
    const idOf = new Map(
      named.length === 0
        ? []
        : (
            await this.ctx.db
              .selectFrom('accounts')
              .select(['iban', 'resource_id'])
              .where('iban', 'in', [...new Set(named)])
              .execute()
          ).map((a) => [a.iban, a.resource_id]),
    );
    const keep = (refs: AccountRef[] | undefined, ids: string[]) =>
      refs?.filter((ref) => {
        const id = ref.iban ? idOf.get(ref.iban) : undefined;
        return id !== undefined && ids.includes(id);
      });
    const access: Access = { ...requested };
    for (const key of dedicatedKeys) {
      const kept = keep(requested[key], granted[key]);
      if (kept) access[key] = kept;
    }
    if (requested.additionalInformation?.ownerName) {
      access.additionalInformation = {
        ...requested.additionalInformation,
        ownerName: keep(requested.additionalInformation.ownerName, granted.ownerName),
      };
    }
    return access;
  }

  async remove(row: ConsentRow): Promise<void> {
    if (row.consent_status === 'terminatedByTpp') throw statusInvalid('The consent has already been deleted.', 'ais');
    if (!(await this.setStatus(this.ctx.db, row, 'terminatedByTpp', {}))) {
      throw statusInvalid('The consent changed while it was being deleted; retry.', 'ais');
    }
  }

  assertMayStart(row: ConsentRow) {
    if (row.consent_status !== 'received') {
      throw statusInvalid(`The consent is ${row.consent_status}; it cannot be authorised.`, 'ais');
    }
  }

  /** The PSU's accounts a consent may cover: all of them, or those of the types in restrictedTo. */
  private async coverable(db: Kysely<Database>, access: Access, psuId: string): Promise<AccountRow[]> {
    const accounts = await db
      .selectFrom('accounts')
      .selectAll()
      .where('psu_id', '=', psuId)
      .orderBy('position')
      .execute();
    return access.restrictedTo?.length
      ? accounts.filter((a) => access.restrictedTo?.includes(a.cash_account_type))
      : accounts;
  }

  /**
   * For a bank-offered consent, what the PSU chooses from on the bank's page: the requested services and the PSU's
   * accounts. Undefined for dedicated and global consents, where the TPP named the access.
   */
  async offer(row: ConsentRow, psuId: string): Promise<AccountOffer | undefined> {
    const access = JSON.parse(row.access) as Access;
    if (!isBankOffered(access)) return undefined;
    return {
      services: dedicatedKeys.filter((k) => access[k] !== undefined),
      accounts: await this.coverable(this.ctx.db, access, psuId),
    };
  }

  /** The accounts this PSU grants when authorising a consent; for a bank-offered one, those the PSU chose if given. */
  private async grant(
    db: Kysely<Database>,
    row: ConsentRow,
    psuId: string,
    choice: AccountChoice | undefined,
  ): Promise<Granted> {
    const access = JSON.parse(row.access) as Access;
    const accounts = await this.coverable(db, access, psuId);
    const ids = (list: AccountRow[]) => list.map((a) => a.resource_id);
    const byIban = (refs: AccountRef[] | undefined) =>
      ids(accounts.filter((a) => refs?.some((r) => r.iban === a.iban)));
    const global = access.allPsd2 ?? access.availableAccounts ?? access.availableAccountsWithBalance;
    const withOwner = global === 'allAccountsWithOwnerName';
    if (access.allPsd2) {
      return {
        accounts: ids(accounts),
        balances: ids(accounts),
        transactions: ids(accounts),
        listOnly: false,
        listWithBalances: true,
        ownerName: withOwner ? ids(accounts) : [],
      };
    }
    if (access.availableAccounts || access.availableAccountsWithBalance) {
      return {
        accounts: ids(accounts),
        balances: [],
        transactions: [],
        listOnly: true,
        listWithBalances: access.availableAccountsWithBalance !== undefined,
        ownerName: withOwner ? ids(accounts) : [],
      };
    }
    if (isBankOffered(access)) {
      if (!choice) {
        // No page to choose on (decoupled SCA in the banking app): all accounts, as the consent asked.
        return {
          accounts: ids(accounts),
          balances: ids(accounts),
          transactions: ids(accounts),
          listOnly: false,
          listWithBalances: false,
          ownerName: [],
        };
      }
      // Only the PSU's own coverable accounts, only for services the consent asked for.
      const chosen = (key: OfferedService) =>
        access[key] === undefined ? [] : ids(accounts.filter((a) => choice[key].includes(a.resource_id)));
      const balances = chosen('balances');
      const transactions = chosen('transactions');
      // Balances or transactions of an account include its details, as for a dedicated consent.
      const listed = new Set([...chosen('accounts'), ...balances, ...transactions]);
      return {
        accounts: ids(accounts).filter((id) => listed.has(id)),
        balances,
        transactions,
        listOnly: false,
        listWithBalances: false,
        ownerName: [],
      };
    }
    const balances = byIban(access.balances);
    const transactions = byIban(access.transactions);
    const listed = new Set([...byIban(access.accounts), ...balances, ...transactions]);
    return {
      accounts: ids(accounts).filter((id) => listed.has(id)),
      balances,
      transactions,
      listOnly: false,
      listWithBalances: false,
      ownerName: byIban(access.additionalInformation?.ownerName),
    };
  }

  outcomeHandler(): OutcomeHandler {
    const load = async (db: Kysely<Database>, auth: AuthorisationRow) => {
      const row = await db
        .selectFrom('consents')
        .selectAll()
        .where('consent_id', '=', auth.resource_id)
        .executeTakeFirst();
      if (!row) throw bankError('CONSENT_UNKNOWN', 'The consent no longer exists.', { area: 'ais', where: 'path' });
      return row;
    };
    return {
      assertOpen: async (db, auth) => {
        const row = await load(db, auth);
        if (row.consent_status !== 'received')
          throw statusInvalid(`The consent is ${row.consent_status}; it cannot be authorised.`, 'ais');
      },
      assertPsuMayAuthorise: async (db, auth, psu: PsuRow) => {
        const row = await load(db, auth);
        if (row.psu_id && row.psu_id !== psu.psu_id) {
          throw bankError(
            'PSU_CREDENTIALS_INVALID',
            `This consent was requested for another PSU than "${psu.psu_id}".`,
            { area: 'ais' },
          );
        }
        const access = JSON.parse(row.access) as Access;
        const named = dedicatedKeys.flatMap((k) => access[k] ?? []).map((r) => r.iban);
        if (named.length > 0) {
          const own = await db.selectFrom('accounts').select('iban').where('psu_id', '=', psu.psu_id).execute();
          if (!named.some((iban) => own.some((a) => a.iban === iban))) {
            throw bankError(
              'PSU_CREDENTIALS_INVALID',
              `None of the consent's accounts belong to the PSU "${psu.psu_id}".`,
              { area: 'ais' },
            );
          }
        }
      },
      apply: async (db, auth, outcome, psuId, choice) => {
        const row = await load(db, auth);
        if (row.consent_status !== 'received') return;
        const ok =
          outcome === 'finalised' && psuId
            ? await this.setStatus(db, row, 'valid', {
                granted: JSON.stringify(await this.grant(db, row, psuId, choice)),
                psu_id: psuId,
              })
            : await this.setStatus(db, row, 'rejected', {});
        if (!ok) throw statusInvalid('The consent was changed by another request at the same time; retry.', 'ais');
        // 1.3.12 (createConsent): once a new recurring consent is authorised, the PSU's earlier one expires.
        if (outcome === 'finalised' && psuId && row.recurring_indicator === 1) {
          await db
            .updateTable('consents')
            .set((eb) => ({
              consent_status: 'expired',
              last_action_date: this.today(),
              version: eb('version', '+', 1),
            }))
            .where('psu_id', '=', psuId)
            .where('recurring_indicator', '=', 1)
            .where('consent_status', '=', 'valid')
            .where('consent_id', '!=', row.consent_id)
            .execute();
        }
      },
    };
  }

  /**
   * What a valid consent grants never changes after its authorisation, so it is parsed once and kept. Status, expiry and
   * the daily budget are still read from the database on every access (another instance may have changed them).
   */
  private readonly grantedCache = new Map<string, Granted>();

  /**
   * An account read under the Consent-ID: the consent must be valid, `check` refuses a read the consent does not
   * cover, then `read` runs. Without the PSU present the read counts against frequencyPerDay, but only once it has
   * succeeded: a read that fails (a page beyond the last, an unknown transaction) is never counted, so it never holds
   * any of the day's budget, and a read that succeeded is answered only if the one conditional UPDATE counted it.
   * Throws the spec's CONSENT_* or ACCESS_EXCEEDED errors, or the read's own.
   */
  async read<T>(
    consentId: string,
    psuPresent: boolean,
    check: (granted: Granted) => void,
    read: (granted: Granted) => Promise<T>,
  ): Promise<T> {
    const today = this.today();
    // The usual background read of a consent seen valid before costs one UPDATE besides the read itself; whether the
    // consent is still valid is decided by that UPDATE. Otherwise the consent is read first, and a budget already
    // used up is refused before the read (a day's count never goes down, so it stays used up).
    let granted = psuPresent ? undefined : this.grantedCache.get(consentId);
    let consent: ConsentRow | undefined;
    if (!granted) {
      consent = await this.validConsent(consentId);
      granted = this.grantOf(consent);
    }
    check(granted);
    if (psuPresent) return read(granted);
    const usedUp = consent && this.usedUp(consent, today);
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
    const counted = await this.countRead({ consentId, today });
    if (Number(counted.numAffectedRows ?? 0) > 0) return result;
    // Not valid any more, expired or used up: later reads take the path that refuses before reading.
    this.grantedCache.delete(consentId);
    throw (await this.refusal(consentId, today)) ?? this.exceeded(undefined);
  }

  /** A consent that is valid now (after expiring it if its time is up); CONSENT_* errors otherwise. */
  private async validConsent(consentId: string): Promise<ConsentRow> {
    const consent = await this.find(consentId, 'payload');
    const refused = this.notReadable(consent);
    if (refused) throw refused;
    return consent;
  }

  /** What a valid consent grants, kept for the reads that follow. */
  private grantOf(consent: ConsentRow): Granted {
    const granted = JSON.parse(consent.granted ?? 'null') as Granted | null;
    if (!granted) throw bankError('CONSENT_INVALID', 'The consent grants no access.', { area: 'ais' });
    if (this.grantedCache.size >= 10_000) this.grantedCache.clear();
    this.grantedCache.set(consent.consent_id, granted);
    return granted;
  }

  private notReadable(consent: ConsentRow) {
    if (consent.consent_status === 'expired')
      return bankError('CONSENT_EXPIRED', 'The consent has expired.', { area: 'ais' });
    if (consent.consent_status !== 'valid') {
      return bankError('CONSENT_INVALID', `The consent is ${consent.consent_status}, not valid.`, { area: 'ais' });
    }
    return undefined;
  }

  private exceeded(consent: ConsentRow | undefined) {
    const text = consent
      ? `The consent allows ${consent.frequency_per_day} access${consent.frequency_per_day === 1 ? '' : 'es'} a day without the PSU present; today's are used up.`
      : "The consent's accesses without the PSU present are used up for today.";
    return bankError('ACCESS_EXCEEDED', text, { area: 'ais' });
  }

  private usedUp(consent: ConsentRow, today: string) {
    return consent.usage_day === today && consent.usage_count >= consent.frequency_per_day
      ? this.exceeded(consent)
      : undefined;
  }

  /** Why a background read of this consent is refused today (not valid, expired, budget used up), if it is. */
  private async refusal(consentId: string, today: string) {
    const consent = await this.find(consentId, 'payload');
    return this.notReadable(consent) ?? this.usedUp(consent, today);
  }
}
