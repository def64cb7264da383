// What finishing an authorisation does to the resource it belongs to. The SCA engine consults a registry of these,
// keyed by the resource's kind; payments and consents register theirs once they exist, so neither the engine nor the
// resources import each other.
import type { Kysely } from 'kysely';
import type { AuthorisationKind, AuthorisationRow, Database, PsuRow, ResourceType } from '../store/schema';

export type Outcome = 'finalised' | 'failed';

/** What the PSU chose on the bank's page for a bank-offered consent: account resource ids per requested service. */
export type AccountChoice = Record<'accounts' | 'balances' | 'transactions', string[]>;

/** What finishing an authorisation does to its parent. */
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

/** The kind of resource an authorisation finishes: a payment, a payment's cancellation, a consent, a signing basket. */
export type OutcomeKey = `${ResourceType}:${AuthorisationKind}`;

export const outcomeKeys: readonly OutcomeKey[] = [
  'payment:authorisation',
  'payment:cancellation',
  'consent:authorisation',
  'consent:cancellation',
  'basket:authorisation',
];

export class OutcomeRegistry {
  private readonly handlers = new Map<OutcomeKey, OutcomeHandler>();

  register(key: OutcomeKey, handler: OutcomeHandler): this {
    this.handlers.set(key, handler);
    return this;
  }

  /** Throws unless every kind of resource has its handler: called once the bank is wired. */
  assertComplete(): this {
    const missing = outcomeKeys.filter((key) => !this.handlers.has(key));
    if (missing.length > 0) throw new Error(`No authorisation outcome is registered for ${missing.join(', ')}.`);
    return this;
  }

  for(auth: Pick<AuthorisationRow, 'resource_type' | 'kind'>): OutcomeHandler {
    const handler = this.handlers.get(`${auth.resource_type}:${auth.kind}`);
    if (!handler) throw new Error(`No authorisation outcome is registered for ${auth.resource_type}:${auth.kind}.`);
    return handler;
  }
}
