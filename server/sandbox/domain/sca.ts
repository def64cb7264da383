// Authorisation sub-resources and the SCA state machine shared by payments, cancellations and consents:
// redirect (PSU pages), embedded (PUT steps) and decoupled (banking app or timed approval).
import type { Kysely } from 'kysely';
import type { AuthenticationObject, ScaApproach, ScaStatus } from '../../../src/xs2a';
import { bankError, BankError, statusInvalid, type Area } from '../http/errors';
import { SANDBOX_OTP } from '../seed/test-psus';
import type { AuthorisationKind, AuthorisationRow, Database, PsuRow, ResourceType } from '../store/schema';
import { buildInsertOnce } from '../store/prepared';
import { changed, href, absoluteHref, newId, type DomainContext, type LinkContext } from './context';
import type { AccountChoice } from './consents';
import { METADATA_PATH } from './oauth';

/** The parent an authorisation belongs to, as the SCA engine needs to see it. */
export interface ScaResource {
  type: ResourceType;
  id: string;
  kind: AuthorisationKind;
  /** Path of the parent below the prefix, e.g. `/v1/payments/sepa-credit-transfers/<id>`. */
  path: string;
  area: Area;
}

export type Outcome = 'finalised' | 'failed';

/** What finishing an authorisation does to its parent; payments and consents register theirs. */
export interface OutcomeHandler {
  /** Throws when the parent's state no longer allows this authorisation to proceed. */
  assertOpen(db: Kysely<Database>, auth: AuthorisationRow): Promise<void>;
  /** Throws when this PSU may not authorise the parent (e.g. the debtor account is someone else's). */
  assertPsuMayAuthorise(db: Kysely<Database>, auth: AuthorisationRow, psu: PsuRow): Promise<void>;
  /** `choice`: the accounts the PSU chose on the bank's page for a bank-offered consent. */
  apply(
    db: Kysely<Database>,
    auth: AuthorisationRow,
    outcome: Outcome,
    psuId: string | null,
    choice?: AccountChoice,
  ): Promise<void>;
}

const finalStatuses: readonly string[] = ['finalised', 'failed', 'exempted'];

export const subPath = (kind: AuthorisationKind) =>
  kind === 'cancellation' ? 'cancellation-authorisations' : 'authorisations';

export function authorisationPath(resourcePath: string, auth: Pick<AuthorisationRow, 'kind' | 'authorisation_id'>) {
  return `${resourcePath}/${subPath(auth.kind)}/${auth.authorisation_id}`;
}

export function parseScaMethods(psu: PsuRow): AuthenticationObject[] {
  return JSON.parse(psu.sca_methods) as AuthenticationObject[];
}

function challengeFor(method: AuthenticationObject) {
  return {
    otpMaxLength: 6,
    otpFormat: 'integer' as const,
    additionalInformation: `${method.name ?? method.authenticationType}: in this sandbox the one-time password is ${SANDBOX_OTP}.`,
  };
}

export interface ScaStep {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

export class ScaEngine {
  /** Every started authorisation writes one row; its INSERT is built once (store/prepared.ts). */
  private readonly insertAuthorisation;

  constructor(
    private readonly ctx: DomainContext,
    private readonly handlers: Record<`${ResourceType}:${AuthorisationKind}`, OutcomeHandler>,
  ) {
    this.insertAuthorisation = buildInsertOnce(ctx.db, 'authorisations', [
      'authorisation_id',
      'resource_type',
      'resource_id',
      'kind',
      'sca_approach',
      'sca_status',
      'psu_id',
      'chosen_method',
      'otp_attempts',
      'tpp_redirect_uri',
      'tpp_nok_redirect_uri',
      'created_at',
      'updated_at',
      'version',
    ]);
  }

  private handler(auth: Pick<AuthorisationRow, 'resource_type' | 'kind'>): OutcomeHandler {
    return this.handlers[`${auth.resource_type}:${auth.kind}`];
  }

  private now() {
    return this.ctx.clock.now().toISOString();
  }

  async findPsu(psuId: string, db: Kysely<Database> = this.ctx.db): Promise<PsuRow | undefined> {
    return db.selectFrom('psus').selectAll().where('psu_id', '=', psuId).executeTakeFirst();
  }

  private async knownPsu(psuId: string, area: Area, db: Kysely<Database> = this.ctx.db): Promise<PsuRow> {
    const psu = await this.findPsu(psuId, db);
    if (!psu) throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${psuId}" is not known to this bank.`, { area });
    return psu;
  }

  /** Creates an authorisation sub-resource and answers with what the TPP does next. */
  async start(
    resource: ScaResource,
    links: LinkContext,
    options: {
      approach: ScaApproach;
      psuId: string | undefined;
      redirectUri: string | null;
      nokRedirectUri: string | null;
      psuData?: { password?: string } | undefined;
    },
    db: Kysely<Database> = this.ctx.db,
  ): Promise<{ auth: AuthorisationRow; step: ScaStep }> {
    const psu = options.psuId ? await this.knownPsu(options.psuId, resource.area, db) : undefined;
    const now = this.now();
    let scaStatus: ScaStatus = 'received';
    if (options.psuId) scaStatus = options.approach === 'DECOUPLED' ? 'started' : 'psuIdentified';
    const auth: AuthorisationRow = {
      authorisation_id: newId('auth'),
      resource_type: resource.type,
      resource_id: resource.id,
      kind: resource.kind,
      sca_approach: options.approach,
      sca_status: scaStatus,
      psu_id: options.psuId ?? null,
      chosen_method: null,
      otp_attempts: 0,
      tpp_redirect_uri: options.redirectUri,
      tpp_nok_redirect_uri: options.nokRedirectUri,
      created_at: now,
      updated_at: now,
      version: 0,
    };
    if (psu && options.approach === 'DECOUPLED') {
      await this.handler(auth).assertPsuMayAuthorise(db, auth, psu);
    }
    await this.insertAuthorisation(db, auth);
    if (options.psuData && options.approach === 'EMBEDDED') {
      const step = await this.update(
        resource,
        links,
        auth.authorisation_id,
        { kind: 'psuData', psuData: options.psuData },
        options.psuId,
      );
      return { auth, step: { ...step, status: 201, body: { ...step.body, authorisationId: auth.authorisation_id } } };
    }
    return {
      auth,
      step: {
        status: 201,
        headers: { 'ASPSP-SCA-Approach': options.approach },
        body: this.describeStart(resource, links, auth),
      },
    };
  }

  /** The body of a freshly started authorisation: its status and the links for the next step. */
  describeStart(resource: ScaResource, links: LinkContext, auth: AuthorisationRow): Record<string, unknown> {
    const path = authorisationPath(resource.path, auth);
    const body: Record<string, unknown> = { scaStatus: auth.sca_status, authorisationId: auth.authorisation_id };
    const l: Record<string, { href: string }> = {};
    if (auth.sca_approach === 'REDIRECT') {
      // OAuth: the TPP finds the authorize endpoint in the metadata and names the resource in the scope.
      if (this.ctx.config.scaRedirect === 'oauth') l.scaOAuth = absoluteHref(links, METADATA_PATH);
      else l.scaRedirect = absoluteHref(links, `/sca/${auth.authorisation_id}`);
    } else if (auth.sca_approach === 'EMBEDDED') {
      l.updatePsuAuthentication = href(links, path);
    } else if (auth.sca_status === 'received') {
      l.updatePsuIdentification = href(links, path);
    } else {
      body.psuMessage = 'Please confirm this request in your Sandbox Banking app.';
    }
    l.scaStatus = href(links, path);
    body._links = l;
    return body;
  }

  async get(resource: ScaResource, authorisationId: string): Promise<AuthorisationRow> {
    const auth = await this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('authorisation_id', '=', authorisationId)
      .where('resource_type', '=', resource.type)
      .where('resource_id', '=', resource.id)
      .where('kind', '=', resource.kind)
      .executeTakeFirst();
    if (!auth) {
      throw bankError('RESOURCE_UNKNOWN', `No authorisation ${authorisationId} exists for this resource.`, {
        area: resource.area,
        where: 'path',
      });
    }
    return this.refresh(auth);
  }

  async list(resource: ScaResource): Promise<string[]> {
    const rows = await this.ctx.db
      .selectFrom('authorisations')
      .select('authorisation_id')
      .where('resource_type', '=', resource.type)
      .where('resource_id', '=', resource.id)
      .where('kind', '=', resource.kind)
      .orderBy('created_at')
      .orderBy('authorisation_id')
      .execute();
    return rows.map((r) => r.authorisation_id);
  }

  async findById(authorisationId: string): Promise<AuthorisationRow | undefined> {
    const auth = await this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('authorisation_id', '=', authorisationId)
      .executeTakeFirst();
    return auth ? this.refresh(auth) : undefined;
  }

  /** Decoupled authorisations approve themselves once the configured delay has passed. */
  async refresh(auth: AuthorisationRow): Promise<AuthorisationRow> {
    const delay = this.ctx.config.decoupledAutoApproveMs;
    if (auth.sca_approach !== 'DECOUPLED' || auth.sca_status !== 'started' || delay === null) return auth;
    if (this.ctx.clock.now().getTime() < new Date(auth.updated_at).getTime() + delay) return auth;
    const psu = auth.psu_id ? await this.findPsu(auth.psu_id) : undefined;
    const outcome: Outcome = psu?.sca_behaviour === 'alwaysFail' ? 'failed' : 'finalised';
    try {
      return await this.complete(auth, outcome);
    } catch (error) {
      if (error instanceof BankError) return (await this.reload(auth.authorisation_id)) ?? auth;
      throw error;
    }
  }

  /** Refreshes every open decoupled authorisation of a resource, so its status read reflects a timed approval. */
  async refreshResource(type: ResourceType, id: string): Promise<void> {
    if (this.ctx.config.decoupledAutoApproveMs === null) return;
    const open = await this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('resource_type', '=', type)
      .where('resource_id', '=', id)
      .where('sca_approach', '=', 'DECOUPLED')
      .where('sca_status', '=', 'started')
      .execute();
    for (const auth of open) await this.refresh(auth);
  }

  private async reload(authorisationId: string) {
    return this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('authorisation_id', '=', authorisationId)
      .executeTakeFirst();
  }

  /** Moves an authorisation on, only if nobody else moved it since it was read. */
  private async transition(
    db: Kysely<Database>,
    auth: AuthorisationRow,
    set: Partial<Pick<AuthorisationRow, 'sca_status' | 'psu_id' | 'chosen_method' | 'otp_attempts'>>,
  ): Promise<AuthorisationRow> {
    const updated_at = this.now();
    const result = await db
      .updateTable('authorisations')
      .set({ ...set, updated_at, version: auth.version + 1 })
      .where('authorisation_id', '=', auth.authorisation_id)
      .where('version', '=', auth.version)
      .executeTakeFirst();
    if (!changed(result)) {
      throw statusInvalid(
        'The authorisation was changed by another request at the same time; read its status and retry.',
      );
    }
    return { ...auth, ...set, updated_at, version: auth.version + 1 };
  }

  /** Finishes an authorisation and applies the outcome to its parent, atomically. */
  async complete(auth: AuthorisationRow, outcome: Outcome, choice?: AccountChoice): Promise<AuthorisationRow> {
    return this.ctx.db.transaction().execute(async (trx) => {
      if (outcome === 'finalised') await this.handler(auth).assertOpen(trx, auth);
      const done = await this.transition(trx, auth, { sca_status: outcome });
      await this.handler(auth).apply(trx, done, outcome, done.psu_id, choice);
      return done;
    });
  }

  private assertMovable(auth: AuthorisationRow, area: Area) {
    if (auth.sca_status === 'failed') {
      throw bankError('SCA_INVALID', 'This authorisation has failed; start a new one.', { area });
    }
    if (finalStatuses.includes(auth.sca_status)) {
      throw statusInvalid(`This authorisation is already ${auth.sca_status}.`, area);
    }
  }

  /** Checks a PSU's password; a wrong one leaves the authorisation as it was. */
  async authenticate(auth: AuthorisationRow, psuId: string, password: string, area: Area): Promise<PsuRow> {
    const psu = await this.findPsu(psuId);
    if (!psu || psu.password !== password) {
      throw bankError('PSU_CREDENTIALS_INVALID', 'The PSU-ID or password is wrong.', { area });
    }
    if (auth.psu_id && auth.psu_id !== psuId) {
      throw bankError('PSU_CREDENTIALS_INVALID', `This authorisation belongs to another PSU than "${psuId}".`, {
        area,
      });
    }
    await this.handler(auth).assertOpen(this.ctx.db, auth);
    await this.handler(auth).assertPsuMayAuthorise(this.ctx.db, auth, psu);
    return psu;
  }

  /** Checks a one-time password; wrong ones count, and the last allowed wrong one fails the authorisation. */
  async checkOtp(
    auth: AuthorisationRow,
    otp: string,
    psu: PsuRow | undefined,
    area: Area,
    choice?: AccountChoice,
  ): Promise<AuthorisationRow> {
    if (psu?.sca_behaviour === 'alwaysFail') return this.complete(auth, 'failed');
    if (otp.trim() === SANDBOX_OTP) return this.complete(auth, 'finalised', choice);
    const attempts = auth.otp_attempts + 1;
    if (attempts >= this.ctx.config.maxOtpAttempts) {
      const counted = await this.transition(this.ctx.db, auth, { otp_attempts: attempts });
      return this.complete(counted, 'failed');
    }
    await this.transition(this.ctx.db, auth, { otp_attempts: attempts });
    const left = this.ctx.config.maxOtpAttempts - attempts;
    throw bankError(
      'PSU_CREDENTIALS_INVALID',
      `The one-time password is wrong; ${left} attempt${left === 1 ? '' : 's'} left.`,
      {
        area,
        path: 'scaAuthenticationData',
      },
    );
  }

  /** One PUT of the update-PSU-data operation (1.3.12's updatePsuData steps). */
  async update(
    resource: ScaResource,
    links: LinkContext,
    authorisationId: string,
    body:
      | { kind: 'empty' }
      | { kind: 'psuData'; psuData: { password?: string } }
      | { kind: 'authenticationMethodId'; authenticationMethodId: string }
      | { kind: 'scaAuthenticationData'; scaAuthenticationData: string }
      | { kind: 'confirmationCode'; confirmationCode: string },
    headerPsuId: string | undefined,
  ): Promise<ScaStep> {
    const area = resource.area;
    let auth = await this.get(resource, authorisationId);
    this.assertMovable(auth, area);
    const path = authorisationPath(resource.path, auth);
    const approach = auth.sca_approach as ScaApproach;
    const headers = { 'ASPSP-SCA-Approach': approach };
    const wrongApproach = (what: string) =>
      statusInvalid(`This authorisation uses ${approach} SCA; ${what} does not apply to it.`, area);

    switch (body.kind) {
      case 'empty': {
        // Identify the PSU (decoupled, or a PSU-ID that was missing so far).
        if (!headerPsuId)
          throw bankError('FORMAT_ERROR', 'Send the PSU-ID header to identify the PSU.', { area, path: 'PSU-ID' });
        if (auth.sca_status !== 'received')
          throw statusInvalid(`The PSU is already identified (${auth.sca_status}).`, area);
        const psu = await this.knownPsu(headerPsuId, area);
        await this.handler(auth).assertPsuMayAuthorise(this.ctx.db, auth, psu);
        const next: ScaStatus = approach === 'DECOUPLED' ? 'started' : 'psuIdentified';
        auth = await this.transition(this.ctx.db, auth, { sca_status: next, psu_id: psu.psu_id });
        const l: Record<string, { href: string }> = { scaStatus: href(links, path) };
        if (approach === 'EMBEDDED') l.updatePsuAuthentication = href(links, path);
        const out: Record<string, unknown> = { scaStatus: next, _links: l };
        if (approach === 'DECOUPLED') out.psuMessage = 'Please confirm this request in your Sandbox Banking app.';
        return { status: 200, headers, body: out };
      }
      case 'psuData': {
        if (approach !== 'EMBEDDED') throw wrongApproach('a password');
        if (!['received', 'psuIdentified'].includes(auth.sca_status)) {
          throw statusInvalid(`The PSU is already authenticated (${auth.sca_status}).`, area);
        }
        const psuId = headerPsuId ?? auth.psu_id;
        if (!psuId)
          throw bankError('FORMAT_ERROR', 'Send the PSU-ID header with the password.', { area, path: 'PSU-ID' });
        const password = body.psuData.password;
        if (password === undefined) {
          throw bankError('FORMAT_ERROR', 'This bank expects psuData.password.', { area, path: 'psuData.password' });
        }
        const psu = await this.authenticate(auth, psuId, password, area);
        const methods = parseScaMethods(psu);
        const only = methods.length === 1 ? methods[0] : undefined;
        if (only) {
          auth = await this.transition(this.ctx.db, auth, {
            sca_status: 'scaMethodSelected',
            psu_id: psu.psu_id,
            chosen_method: only.authenticationMethodId,
          });
          return {
            status: 200,
            headers,
            body: {
              scaStatus: 'scaMethodSelected',
              authorisationId: auth.authorisation_id,
              chosenScaMethod: only,
              challengeData: challengeFor(only),
              _links: { authoriseTransaction: href(links, path), scaStatus: href(links, path) },
            },
          };
        }
        auth = await this.transition(this.ctx.db, auth, { sca_status: 'psuAuthenticated', psu_id: psu.psu_id });
        return {
          status: 200,
          headers,
          body: {
            scaStatus: 'psuAuthenticated',
            authorisationId: auth.authorisation_id,
            scaMethods: methods,
            _links: { selectAuthenticationMethod: href(links, path), scaStatus: href(links, path) },
          },
        };
      }
      case 'authenticationMethodId': {
        if (approach !== 'EMBEDDED') throw wrongApproach('choosing a method');
        if (!['psuAuthenticated', 'scaMethodSelected'].includes(auth.sca_status)) {
          throw statusInvalid(
            `Authenticate the PSU before choosing an SCA method (status is ${auth.sca_status}).`,
            area,
          );
        }
        const psu = auth.psu_id ? await this.findPsu(auth.psu_id) : undefined;
        const method = psu
          ? parseScaMethods(psu).find((m) => m.authenticationMethodId === body.authenticationMethodId)
          : undefined;
        if (!method) {
          throw bankError('SCA_METHOD_UNKNOWN', `The PSU has no SCA method "${body.authenticationMethodId}".`, {
            area,
            path: 'authenticationMethodId',
          });
        }
        auth = await this.transition(this.ctx.db, auth, {
          sca_status: 'scaMethodSelected',
          chosen_method: method.authenticationMethodId,
        });
        return {
          status: 200,
          headers,
          body: {
            scaStatus: 'scaMethodSelected',
            chosenScaMethod: method,
            challengeData: challengeFor(method),
            _links: { authoriseTransaction: href(links, path), scaStatus: href(links, path) },
          },
        };
      }
      case 'scaAuthenticationData': {
        if (approach !== 'EMBEDDED') throw wrongApproach('a one-time password');
        if (auth.sca_status !== 'scaMethodSelected') {
          throw statusInvalid(
            `Choose an SCA method before sending the one-time password (status is ${auth.sca_status}).`,
            area,
          );
        }
        const psu = auth.psu_id ? await this.findPsu(auth.psu_id) : undefined;
        const done = await this.checkOtp(auth, body.scaAuthenticationData, psu, area);
        const out: Record<string, unknown> = { scaStatus: done.sca_status, _links: { scaStatus: href(links, path) } };
        if (done.sca_status === 'failed') out.psuMessage = 'The authorisation failed.';
        return { status: 200, headers, body: out };
      }
      case 'confirmationCode':
        throw wrongApproach('a confirmation code');
    }
  }

  /** The SCA status read (operation 8/15). */
  describeStatus(auth: AuthorisationRow, psuName?: string): Record<string, unknown> {
    const body: Record<string, unknown> = { scaStatus: auth.sca_status };
    if (psuName && finalStatuses.includes(auth.sca_status)) body.psuName = psuName;
    if (auth.sca_status === 'finalised' || auth.sca_status === 'failed') body.trustedBeneficiaryFlag = false;
    return body;
  }

  /** Finishes a redirect or decoupled authorisation from the PSU's side (the bank's pages). */
  async decide(auth: AuthorisationRow, outcome: Outcome, choice?: AccountChoice): Promise<AuthorisationRow> {
    this.assertMovable(auth, auth.resource_type === 'consent' ? 'ais' : 'pis');
    return this.complete(auth, outcome, choice);
  }

  /** Decoupled authorisations waiting for this PSU in the banking app. */
  async pendingDecoupled(psuId: string): Promise<AuthorisationRow[]> {
    return this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('psu_id', '=', psuId)
      .where('sca_approach', '=', 'DECOUPLED')
      .where('sca_status', '=', 'started')
      .orderBy('created_at')
      .execute();
  }

  /** Marks the PSU as authenticated on the redirect page. */
  async markAuthenticated(auth: AuthorisationRow, psu: PsuRow): Promise<AuthorisationRow> {
    return this.transition(this.ctx.db, auth, { sca_status: 'psuAuthenticated', psu_id: psu.psu_id });
  }
}
