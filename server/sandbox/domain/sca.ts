// Authorisation sub-resources and the SCA state machine shared by payments, cancellations and consents:
// redirect (PSU pages), embedded (PUT steps) and decoupled (banking app or timed approval). The moves follow the
// tables of rules/sca.ts; what finishing does to the parent resource comes from the outcome registry.
import type { Kysely } from 'kysely';
import type { AuthenticationObject, ScaApproach, ScaStatus } from '../../../src/xs2a';
import { bankError, BankError, statusInvalid, type Area } from '../rules/bank-error';
import { identifiedStatus, initialScaStatus, isFinal, mayMove, mayTakeStep, SCA_STEP_APPROACHES } from '../rules/sca';
import type { ScaStepKind } from '../rules/sca';
import { SANDBOX_OTP } from '../seed/test-psus';
import { parseScaMethods, ScaStore, type AuthorisationChange, type TestLogin } from '../store/sca-store';
import type { AuthorisationKind, AuthorisationRow, Database, PsuRow, ResourceType } from '../store/schema';
import { newId, type DomainContext } from './context';
import type { AccountChoice, Outcome, OutcomeRegistry } from './outcomes';

export { parseScaMethods, type TestLogin } from '../store/sca-store';
export type { Outcome, OutcomeHandler } from './outcomes';

/** The parent an authorisation belongs to, as the SCA engine needs to see it. */
export interface ScaResource {
  type: ResourceType;
  id: string;
  kind: AuthorisationKind;
  /** Path of the parent below the prefix, e.g. `/v1/payments/sepa-credit-transfers/<id>`. */
  path: string;
  area: Area;
}

export const subPath = (kind: AuthorisationKind) =>
  kind === 'cancellation' ? 'cancellation-authorisations' : 'authorisations';

export function authorisationPath(resourcePath: string, auth: Pick<AuthorisationRow, 'kind' | 'authorisation_id'>) {
  return `${resourcePath}/${subPath(auth.kind)}/${auth.authorisation_id}`;
}

const statusOf = (auth: AuthorisationRow) => auth.sca_status as ScaStatus;

/** Where an authorisation stands after a step, for the answer to say what the TPP does next. */
export type ScaProgress =
  /** Freshly started: the links of the approach's next step. */
  | { step: 'started'; auth: AuthorisationRow }
  /** The PSU was identified by the PSU-ID header. */
  | { step: 'identified'; auth: AuthorisationRow }
  /** The password was right and the PSU has several SCA methods to choose from. */
  | { step: 'authenticated'; auth: AuthorisationRow; methods: AuthenticationObject[] }
  /** A method was chosen (the only one, with the password; or the one the TPP selected): its challenge was sent. */
  | { step: 'methodChosen'; auth: AuthorisationRow; method: AuthenticationObject; withPassword: boolean }
  /** The one-time password was checked: the authorisation is finalised or failed. */
  | { step: 'otpChecked'; auth: AuthorisationRow };

/** The bodies of the update-PSU-data operation, by the kind the request's members make it. */
export type UpdateBody =
  | { kind: 'empty' }
  | { kind: 'psuData'; psuData: { password?: string } }
  | { kind: 'authenticationMethodId'; authenticationMethodId: string }
  | { kind: 'scaAuthenticationData'; scaAuthenticationData: string }
  | { kind: 'confirmationCode'; confirmationCode: string };

/** One update step as the engine takes it: the authorisation, where it lives and who the headers name. */
interface StepInput {
  auth: AuthorisationRow;
  resource: ScaResource;
  headerPsuId: string | undefined;
}

export class ScaEngine {
  private readonly store: ScaStore;

  constructor(
    private readonly ctx: DomainContext,
    private readonly outcomes: OutcomeRegistry,
  ) {
    this.store = new ScaStore(ctx.db);
  }

  private now() {
    return this.ctx.clock.now().toISOString();
  }

  async findPsu(psuId: string, db: Kysely<Database> = this.ctx.db): Promise<PsuRow | undefined> {
    return this.store.findPsu(psuId, db);
  }

  private async knownPsu(psuId: string, area: Area, db: Kysely<Database> = this.ctx.db): Promise<PsuRow> {
    const psu = await this.findPsu(psuId, db);
    if (!psu) throw bankError('PSU_CREDENTIALS_INVALID', `The PSU "${psuId}" is not known to this bank.`, { area });
    return psu;
  }

  /** Creates an authorisation sub-resource and answers with what the TPP does next. */
  async start(
    resource: ScaResource,
    options: {
      approach: ScaApproach;
      psuId: string | undefined;
      redirectUri: string | null;
      nokRedirectUri: string | null;
      psuData?: { password?: string } | undefined;
    },
    db: Kysely<Database> = this.ctx.db,
  ): Promise<ScaProgress> {
    const psu = options.psuId ? await this.knownPsu(options.psuId, resource.area, db) : undefined;
    const now = this.now();
    const auth: AuthorisationRow = {
      authorisation_id: newId('auth'),
      resource_type: resource.type,
      resource_id: resource.id,
      kind: resource.kind,
      sca_approach: options.approach,
      sca_status: initialScaStatus(options.approach, options.psuId !== undefined),
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
      await this.outcomes.for(auth).assertPsuMayAuthorise(db, auth, psu);
    }
    await this.store.insert(db, auth);
    this.expectApproval(auth);
    if (options.psuData && options.approach === 'EMBEDDED') {
      return this.update(resource, auth.authorisation_id, { kind: 'psuData', psuData: options.psuData }, options.psuId);
    }
    return { step: 'started', auth };
  }

  async get(resource: ScaResource, authorisationId: string): Promise<AuthorisationRow> {
    const auth = await this.store.findOf(resource, authorisationId);
    if (!auth) {
      throw bankError('RESOURCE_UNKNOWN', `No authorisation ${authorisationId} exists for this resource.`, {
        area: resource.area,
        where: 'path',
      });
    }
    return auth;
  }

  async list(resource: ScaResource): Promise<string[]> {
    return this.store.list(resource);
  }

  async findById(authorisationId: string): Promise<AuthorisationRow | undefined> {
    return this.store.find(authorisationId);
  }

  /** With timed approval on, a decoupled authorisation waiting for the PSU is answered by the bank's scheduler. */
  private expectApproval(auth: AuthorisationRow) {
    const delay = this.ctx.config.decoupledAutoApproveMs;
    if (delay === null || auth.sca_approach !== 'DECOUPLED' || auth.sca_status !== 'started') return;
    this.ctx.dueAt?.(Date.parse(auth.updated_at) + delay);
  }

  /**
   * Timed decoupled approval: every decoupled authorisation that has waited decoupledAutoApproveMs by `now` is answered
   * as the PSU's banking app would (finalised; failed for a PSU whose SCA always fails). Each is claimed by its
   * versioned move, so it is answered once; returns how many were.
   */
  async approveDue(now: Date): Promise<number> {
    const delay = this.ctx.config.decoupledAutoApproveMs;
    if (delay === null) return 0;
    let answered = 0;
    for (const auth of await this.store.waitingDecoupled(new Date(now.getTime() - delay).toISOString())) {
      const psu = auth.psu_id ? await this.findPsu(auth.psu_id) : undefined;
      const outcome: Outcome = psu?.sca_behaviour === 'alwaysFail' ? 'failed' : 'finalised';
      try {
        await this.complete(auth, outcome);
        answered++;
      } catch (error) {
        if (!(error instanceof BankError)) throw error;
        // Its payment or consent can no longer be authorised (cancelled, rejected meanwhile): the authorisation can
        // only fail. Moved on already (the PSU answered, another instance did): left as it is.
        if (outcome === 'finalised' && (await this.failIfWaiting(auth))) answered++;
      }
    }
    return answered;
  }

  private async failIfWaiting(auth: AuthorisationRow): Promise<boolean> {
    const current = await this.store.find(auth.authorisation_id);
    if (current?.sca_status !== 'started') return false;
    try {
      await this.complete(current, 'failed');
      return true;
    } catch (error) {
      if (error instanceof BankError) return false;
      throw error;
    }
  }

  /** When the next timed decoupled approval falls due, if timed approval is on and an authorisation waits. */
  async nextDue(): Promise<number | undefined> {
    const delay = this.ctx.config.decoupledAutoApproveMs;
    if (delay === null) return undefined;
    const since = await this.store.earliestWaitingDecoupled();
    return since === null ? undefined : Date.parse(since) + delay;
  }

  /** Fails every authorisation of a resource that has not ended yet (the resource itself ended). */
  async failOpen(db: Kysely<Database>, parent: Pick<ScaResource, 'type' | 'id' | 'kind'>, at: string): Promise<void> {
    await this.store.failOpen(db, parent, at, ['finalised', 'failed', 'exempted']);
  }

  /** Moves an authorisation on (rules/sca.ts's table), only if nobody else moved it since it was read. */
  private async transition(
    db: Kysely<Database>,
    auth: AuthorisationRow,
    set: AuthorisationChange,
  ): Promise<AuthorisationRow> {
    const to = (set.sca_status ?? auth.sca_status) as ScaStatus;
    if (!mayMove(statusOf(auth), to)) {
      throw statusInvalid(`This authorisation cannot move from ${auth.sca_status} to ${to}.`);
    }
    const moved = await this.store.update(db, auth, set, this.now());
    if (!moved) {
      throw statusInvalid(
        'The authorisation was changed by another request at the same time; read its status and retry.',
      );
    }
    this.expectApproval(moved);
    return moved;
  }

  /** Finishes an authorisation and applies the outcome to its parent, atomically. */
  async complete(auth: AuthorisationRow, outcome: Outcome, choice?: AccountChoice): Promise<AuthorisationRow> {
    return this.ctx.db.transaction().execute(async (trx) => {
      if (outcome === 'finalised') await this.outcomes.for(auth).assertOpen(trx, auth);
      const done = await this.transition(trx, auth, { sca_status: outcome });
      await this.outcomes.for(auth).apply(trx, done, outcome, done.psu_id, choice);
      return done;
    });
  }

  private assertMovable(auth: AuthorisationRow, area: Area) {
    if (auth.sca_status === 'failed') {
      throw bankError('SCA_INVALID', 'This authorisation has failed; start a new one.', { area });
    }
    if (isFinal(statusOf(auth))) {
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
    await this.outcomes.for(auth).assertOpen(this.ctx.db, auth);
    await this.outcomes.for(auth).assertPsuMayAuthorise(this.ctx.db, auth, psu);
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
      { area, path: 'scaAuthenticationData' },
    );
  }

  /** One PUT of the update-PSU-data operation (1.3.12's updatePsuData steps). */
  async update(
    resource: ScaResource,
    authorisationId: string,
    body: UpdateBody,
    headerPsuId: string | undefined,
  ): Promise<ScaProgress> {
    const auth = await this.get(resource, authorisationId);
    this.assertMovable(auth, resource.area);
    const input: StepInput = { auth, resource, headerPsuId };
    switch (body.kind) {
      case 'empty':
        return this.identify(input);
      case 'psuData':
        return this.password(input, body.psuData.password);
      case 'authenticationMethodId':
        return this.selectMethod(input, body.authenticationMethodId);
      case 'scaAuthenticationData':
        return this.otp(input, body.scaAuthenticationData);
      case 'confirmationCode':
        throw this.wrongApproach(auth, resource.area, 'a confirmation code');
    }
  }

  private wrongApproach(auth: AuthorisationRow, area: Area, what: string) {
    return statusInvalid(`This authorisation uses ${auth.sca_approach} SCA; ${what} does not apply to it.`, area);
  }

  /** Refuses a step the authorisation's approach has not, then one its status does not allow (`notNow` says why). */
  private assertStep(step: ScaStepKind, input: StepInput, what: string, notNow: string) {
    const { auth, resource } = input;
    if (!SCA_STEP_APPROACHES[step].includes(auth.sca_approach as ScaApproach)) {
      throw this.wrongApproach(auth, resource.area, what);
    }
    if (!mayTakeStep(step, statusOf(auth))) throw statusInvalid(notNow, resource.area);
  }

  /** Identifies the PSU (decoupled, or a PSU-ID that was missing so far). */
  private async identify({ auth, resource, headerPsuId }: StepInput): Promise<ScaProgress> {
    const area = resource.area;
    if (!headerPsuId)
      throw bankError('FORMAT_ERROR', 'Send the PSU-ID header to identify the PSU.', { area, path: 'PSU-ID' });
    if (!mayTakeStep('identify', statusOf(auth)))
      throw statusInvalid(`The PSU is already identified (${auth.sca_status}).`, area);
    const psu = await this.knownPsu(headerPsuId, area);
    await this.outcomes.for(auth).assertPsuMayAuthorise(this.ctx.db, auth, psu);
    const next = identifiedStatus(auth.sca_approach as ScaApproach);
    return {
      step: 'identified',
      auth: await this.transition(this.ctx.db, auth, { sca_status: next, psu_id: psu.psu_id }),
    };
  }

  /** Authenticates the PSU with the password: one SCA method is chosen at once, several are offered. */
  private async password(input: StepInput, password: string | undefined): Promise<ScaProgress> {
    const { resource, headerPsuId } = input;
    const area = resource.area;
    this.assertStep('password', input, 'a password', `The PSU is already authenticated (${input.auth.sca_status}).`);
    const psuId = headerPsuId ?? input.auth.psu_id;
    if (!psuId) throw bankError('FORMAT_ERROR', 'Send the PSU-ID header with the password.', { area, path: 'PSU-ID' });
    if (password === undefined) {
      throw bankError('FORMAT_ERROR', 'This bank expects psuData.password.', { area, path: 'psuData.password' });
    }
    const psu = await this.authenticate(input.auth, psuId, password, area);
    const methods = parseScaMethods(psu);
    const only = methods.length === 1 ? methods[0] : undefined;
    if (only) {
      const auth = await this.transition(this.ctx.db, input.auth, {
        sca_status: 'scaMethodSelected',
        psu_id: psu.psu_id,
        chosen_method: only.authenticationMethodId,
      });
      return { step: 'methodChosen', auth, method: only, withPassword: true };
    }
    const auth = await this.transition(this.ctx.db, input.auth, {
      sca_status: 'psuAuthenticated',
      psu_id: psu.psu_id,
    });
    return { step: 'authenticated', auth, methods };
  }

  /** Chooses one of the PSU's SCA methods and sends its challenge. */
  private async selectMethod(input: StepInput, methodId: string): Promise<ScaProgress> {
    const { auth, resource } = input;
    this.assertStep(
      'selectMethod',
      input,
      'choosing a method',
      `Authenticate the PSU before choosing an SCA method (status is ${auth.sca_status}).`,
    );
    const psu = auth.psu_id ? await this.findPsu(auth.psu_id) : undefined;
    const method = psu ? parseScaMethods(psu).find((m) => m.authenticationMethodId === methodId) : undefined;
    if (!method) {
      throw bankError('SCA_METHOD_UNKNOWN', `The PSU has no SCA method "${methodId}".`, {
        area: resource.area,
        path: 'authenticationMethodId',
      });
    }
    const chosen = await this.transition(this.ctx.db, auth, {
      sca_status: 'scaMethodSelected',
      chosen_method: method.authenticationMethodId,
    });
    return { step: 'methodChosen', auth: chosen, method, withPassword: false };
  }

  /** Checks the one-time password, which finishes the authorisation (or counts a wrong attempt). */
  private async otp(input: StepInput, otp: string): Promise<ScaProgress> {
    const { auth, resource } = input;
    this.assertStep(
      'otp',
      input,
      'a one-time password',
      `Choose an SCA method before sending the one-time password (status is ${auth.sca_status}).`,
    );
    const psu = auth.psu_id ? await this.findPsu(auth.psu_id) : undefined;
    return { step: 'otpChecked', auth: await this.checkOtp(auth, otp, psu, resource.area) };
  }

  /** Finishes a redirect or decoupled authorisation from the PSU's side (the bank's pages). */
  async decide(auth: AuthorisationRow, outcome: Outcome, choice?: AccountChoice): Promise<AuthorisationRow> {
    this.assertMovable(auth, auth.resource_type === 'consent' ? 'ais' : 'pis');
    return this.complete(auth, outcome, choice);
  }

  /** Decoupled authorisations waiting for this PSU in the banking app. */
  /** The PSUs who can log in, for the sandbox's login help. */
  testLogins(): Promise<TestLogin[]> {
    return this.store.testLogins();
  }

  async pendingDecoupled(psuId: string): Promise<AuthorisationRow[]> {
    return this.store.pendingDecoupled(psuId);
  }

  /** Marks the PSU as authenticated on the redirect page. */
  async markAuthenticated(auth: AuthorisationRow, psu: PsuRow): Promise<AuthorisationRow> {
    return this.transition(this.ctx.db, auth, { sca_status: 'psuAuthenticated', psu_id: psu.psu_id });
  }
}
