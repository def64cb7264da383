// The SQL of authorisation sub-resources and of the PSUs who authorise them; a PSU's SCA methods are parsed from their
// JSON column with the 1.3.12 schema.
import type { Kysely } from 'kysely';
import { ScaMethods, type AuthenticationObject } from '../../../src/xs2a';
import { buildInsertOnce } from './prepared';
import { changed } from './rows';
import type { AuthorisationKind, AuthorisationRow, Database, PsuRow, ResourceType } from './schema';

/** An authorisation's parent, as its rows name it. */
export interface AuthorisationParent {
  type: ResourceType;
  id: string;
  kind: AuthorisationKind;
}

export type AuthorisationChange = Partial<
  Pick<AuthorisationRow, 'sca_status' | 'psu_id' | 'chosen_method' | 'otp_attempts'>
>;

export function parseScaMethods(psu: Pick<PsuRow, 'sca_methods'>): AuthenticationObject[] {
  return ScaMethods.parse(JSON.parse(psu.sca_methods));
}

/** One authorisation by its id, whatever it authorises. */
export function findAuthorisation(
  db: Kysely<Database>,
  authorisationId: string,
): Promise<AuthorisationRow | undefined> {
  return db.selectFrom('authorisations').selectAll().where('authorisation_id', '=', authorisationId).executeTakeFirst();
}

/** A PSU as the sandbox's login help describes it. */
export interface TestLogin {
  psuId: string;
  name: string;
  password: string;
  /** Every SCA of this PSU fails (dave). */
  alwaysFails: boolean;
  /** How many SCA methods the PSU has; one means the choice is skipped. */
  methods: number;
  /** An account of the PSU fails the funds check, so its payments are rejected. */
  lacksFunds: boolean;
}

export class ScaStore {
  /** Every started authorisation writes one row; its INSERT is built once (store/prepared.ts). */
  readonly insert;

  constructor(private readonly db: Kysely<Database>) {
    this.insert = buildInsertOnce(db, 'authorisations', [
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

  /** Every PSU with what decides how its logins and SCA go: password, SCA behaviour, methods, an underfunded account. */
  async testLogins(): Promise<TestLogin[]> {
    const psus = await this.db
      .selectFrom('psus')
      .select(['psu_id', 'name', 'password', 'sca_behaviour', 'sca_methods'])
      .orderBy('psu_id')
      .execute();
    const underfunded = await this.db
      .selectFrom('accounts')
      .select('psu_id')
      .where('funds_rule', '=', 'insufficient')
      .execute();
    return psus.map((p) => ({
      psuId: p.psu_id,
      name: p.name,
      password: p.password,
      alwaysFails: p.sca_behaviour === 'alwaysFail',
      methods: parseScaMethods(p).length,
      lacksFunds: underfunded.some((a) => a.psu_id === p.psu_id),
    }));
  }

  async findPsu(psuId: string, db: Kysely<Database> = this.db): Promise<PsuRow | undefined> {
    return db.selectFrom('psus').selectAll().where('psu_id', '=', psuId).executeTakeFirst();
  }

  find(authorisationId: string): Promise<AuthorisationRow | undefined> {
    return findAuthorisation(this.db, authorisationId);
  }

  /** One authorisation of a parent: undefined when it belongs to another (or none). */
  async findOf(parent: AuthorisationParent, authorisationId: string): Promise<AuthorisationRow | undefined> {
    return this.db
      .selectFrom('authorisations')
      .selectAll()
      .where('authorisation_id', '=', authorisationId)
      .where('resource_type', '=', parent.type)
      .where('resource_id', '=', parent.id)
      .where('kind', '=', parent.kind)
      .executeTakeFirst();
  }

  /** The ids of a parent's authorisations, oldest first. */
  async list(parent: AuthorisationParent): Promise<string[]> {
    const rows = await this.db
      .selectFrom('authorisations')
      .select('authorisation_id')
      .where('resource_type', '=', parent.type)
      .where('resource_id', '=', parent.id)
      .where('kind', '=', parent.kind)
      .orderBy('created_at')
      .orderBy('authorisation_id')
      .execute();
    return rows.map((r) => r.authorisation_id);
  }

  /** Decoupled authorisations waiting for the PSU since `until` or before, oldest first. */
  async waitingDecoupled(until: string): Promise<AuthorisationRow[]> {
    return this.db
      .selectFrom('authorisations')
      .selectAll()
      .where('sca_approach', '=', 'DECOUPLED')
      .where('sca_status', '=', 'started')
      .where('updated_at', '<=', until)
      .orderBy('updated_at')
      .execute();
  }

  /** When the longest-waiting decoupled authorisation last moved; null when none waits. */
  async earliestWaitingDecoupled(): Promise<string | null> {
    const row = await this.db
      .selectFrom('authorisations')
      .select((eb) => eb.fn.min('updated_at').as('at'))
      .where('sca_approach', '=', 'DECOUPLED')
      .where('sca_status', '=', 'started')
      .executeTakeFirst();
    return row?.at ?? null;
  }

  /** The decoupled authorisations waiting for the PSU, newest first. */
  async pendingDecoupled(psuId: string): Promise<AuthorisationRow[]> {
    return this.db
      .selectFrom('authorisations')
      .selectAll()
      .where('psu_id', '=', psuId)
      .where('sca_approach', '=', 'DECOUPLED')
      .where('sca_status', '=', 'started')
      .orderBy('created_at', 'desc')
      .orderBy('authorisation_id', 'desc')
      .execute();
  }

  /** Moves an authorisation on only if nobody moved it since it was read (its version); returns the row as written. */
  async update(
    db: Kysely<Database>,
    auth: AuthorisationRow,
    set: AuthorisationChange,
    updatedAt: string,
  ): Promise<AuthorisationRow | undefined> {
    const next = { ...set, updated_at: updatedAt, version: auth.version + 1 };
    const result = await db
      .updateTable('authorisations')
      .set(next)
      .where('authorisation_id', '=', auth.authorisation_id)
      .where('version', '=', auth.version)
      .executeTakeFirst();
    return changed(result) ? { ...auth, ...next } : undefined;
  }

  /** Fails every authorisation of a parent that has not ended yet. */
  async failOpen(db: Kysely<Database>, parent: AuthorisationParent, at: string, finalStatuses: readonly string[]) {
    await db
      .updateTable('authorisations')
      .set((eb) => ({ sca_status: 'failed', updated_at: at, version: eb('version', '+', 1) }))
      .where('resource_type', '=', parent.type)
      .where('resource_id', '=', parent.id)
      .where('kind', '=', parent.kind)
      .where('sca_status', 'not in', [...finalStatuses])
      .execute();
  }
}
