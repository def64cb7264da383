// The OAuth authorisation server's SQL: authorisation codes and access tokens (stored as SHA-256 hashes), and what the
// authorize endpoint reads of the authorisations, consents and payments it serves.
import type { Kysely } from 'kysely';
import { findAuthorisation } from './sca-store';
import type { AuthorisationRow, Database, OAuthCodeRow, OAuthTokenRow, ResourceType } from './schema';

/** The resource a scope names. */
export interface ScopedResource {
  type: ResourceType;
  id: string;
}

/** A stored authorisation code. */
export interface OAuthCode {
  codeHash: string;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  resourceType: ResourceType;
  resourceId: string;
  authorisationId: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
}

/** A stored access token. */
export interface OAuthToken {
  tokenHash: string;
  codeHash: string;
  clientId: string;
  scope: string;
  resourceType: ResourceType;
  resourceId: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

/** What identifies the code a repeated approval may replace. */
export interface CodeRequest {
  target: ScopedResource;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  psuId: string;
}

const FINAL_STATUSES = ['finalised', 'failed', 'exempted'];

const toCode = (row: OAuthCodeRow): OAuthCode => ({
  codeHash: row.code_hash,
  clientId: row.client_id,
  redirectUri: row.redirect_uri,
  codeChallenge: row.code_challenge,
  scope: row.scope,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  authorisationId: row.authorisation_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
});

const toToken = (row: OAuthTokenRow): OAuthToken => ({
  tokenHash: row.token_hash,
  codeHash: row.code_hash,
  clientId: row.client_id,
  scope: row.scope,
  resourceType: row.resource_type,
  resourceId: row.resource_id,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
});

export class OAuthStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction, with a store bound to it. */
  transaction<T>(work: (store: OAuthStore) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => work(new OAuthStore(trx)));
  }

  /**
   * A resource's most recent redirect authorisation: only open ones with `open`, only those updated at or after
   * `since` with `since`.
   */
  async latestRedirect(
    target: ScopedResource,
    { open = false, since }: { open?: boolean; since?: string } = {},
  ): Promise<AuthorisationRow | undefined> {
    return this.db
      .selectFrom('authorisations')
      .selectAll()
      .where('resource_type', '=', target.type)
      .where('resource_id', '=', target.id)
      .where('sca_approach', '=', 'REDIRECT')
      .$if(open, (query) => query.where('sca_status', 'not in', FINAL_STATUSES))
      .$if(since !== undefined, (query) => query.where('updated_at', '>=', since ?? ''))
      .orderBy('created_at', 'desc')
      .orderBy('authorisation_id', 'desc')
      .executeTakeFirst();
  }

  findAuthorisation(authorisationId: string): Promise<AuthorisationRow | undefined> {
    return findAuthorisation(this.db, authorisationId);
  }

  /** The TPP-Redirect-URI and TPP-Nok-Redirect-URI stored with a consent or payment. */
  async resourceRedirectUris(target: ScopedResource): Promise<(string | null)[]> {
    const row = await this.resource(target);
    return row ? [row.tpp_redirect_uri, row.tpp_nok_redirect_uri] : [];
  }

  /** Whether the consent, payment or signing basket exists. */
  async exists(target: ScopedResource): Promise<boolean> {
    return (await this.resource(target)) !== undefined;
  }

  /** The redirect URIs kept with the resource a scope names; undefined when there is no such resource. */
  private resource(target: ScopedResource) {
    const uris = ['tpp_redirect_uri', 'tpp_nok_redirect_uri'] as const;
    switch (target.type) {
      case 'consent':
        return this.db.selectFrom('consents').select(uris).where('consent_id', '=', target.id).executeTakeFirst();
      case 'basket':
        return this.db.selectFrom('signing_baskets').select(uris).where('basket_id', '=', target.id).executeTakeFirst();
      default:
        return this.db.selectFrom('payments').select(uris).where('payment_id', '=', target.id).executeTakeFirst();
    }
  }

  async insertCode(code: OAuthCode): Promise<void> {
    await this.db
      .insertInto('oauth_codes')
      .values({
        code_hash: code.codeHash,
        client_id: code.clientId,
        redirect_uri: code.redirectUri,
        code_challenge: code.codeChallenge,
        scope: code.scope,
        resource_type: code.resourceType,
        resource_id: code.resourceId,
        authorisation_id: code.authorisationId,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        used_at: code.usedAt,
      })
      .execute();
  }

  async findCode(codeHash: string): Promise<OAuthCode | undefined> {
    const row = await this.db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row && toCode(row);
  }

  /**
   * The newest unexchanged, unexpired code issued for this request whose authorisation the same PSU finalised: the
   * one a repeated approval may replace.
   */
  async replaceableCode(
    request: CodeRequest,
    now: string,
  ): Promise<{ codeHash: string; authorisationId: string } | undefined> {
    const row = await this.db
      .selectFrom('oauth_codes')
      .innerJoin('authorisations', 'authorisations.authorisation_id', 'oauth_codes.authorisation_id')
      .select(['oauth_codes.code_hash', 'oauth_codes.authorisation_id'])
      .where('oauth_codes.resource_type', '=', request.target.type)
      .where('oauth_codes.resource_id', '=', request.target.id)
      .where('oauth_codes.client_id', '=', request.clientId)
      .where('oauth_codes.redirect_uri', '=', request.redirectUri)
      .where('oauth_codes.code_challenge', '=', request.codeChallenge)
      .where('oauth_codes.used_at', 'is', null)
      .where('oauth_codes.expires_at', '>', now)
      .where('authorisations.sca_status', '=', 'finalised')
      .where('authorisations.psu_id', '=', request.psuId)
      .orderBy('oauth_codes.created_at', 'desc')
      .executeTakeFirst();
    return row && { codeHash: row.code_hash, authorisationId: row.authorisation_id };
  }

  /** Deletes a code nobody exchanged yet; false when it was exchanged or is gone. */
  async deleteUnusedCode(codeHash: string): Promise<boolean> {
    const removed = await this.db
      .deleteFrom('oauth_codes')
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }

  /**
   * Marks a code used, if it still is unused; false when another request spent it first. On PostgreSQL a concurrent
   * exchange's uncommitted claim makes this wait for its commit, then match no row.
   */
  async claimCode(codeHash: string, now: string): Promise<boolean> {
    const claimed = await this.db
      .updateTable('oauth_codes')
      .set({ used_at: now })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(claimed.numUpdatedRows) > 0;
  }

  async codeExists(codeHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('oauth_codes')
      .select('code_hash')
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether any code was ever issued for the consent: then its account reads need a token. */
  async consentHasCodes(consentId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('oauth_codes')
      .select('code_hash')
      .where('resource_type', '=', 'consent')
      .where('resource_id', '=', consentId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insertToken(token: OAuthToken): Promise<void> {
    await this.db
      .insertInto('oauth_tokens')
      .values({
        token_hash: token.tokenHash,
        code_hash: token.codeHash,
        client_id: token.clientId,
        scope: token.scope,
        resource_type: token.resourceType,
        resource_id: token.resourceId,
        created_at: token.createdAt,
        expires_at: token.expiresAt,
        revoked_at: token.revokedAt,
      })
      .execute();
  }

  async findToken(tokenHash: string): Promise<OAuthToken | undefined> {
    const row = await this.db
      .selectFrom('oauth_tokens')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && toToken(row);
  }

  /** Revokes the tokens issued for a code that are not revoked yet. */
  async revokeTokensOf(codeHash: string, now: string): Promise<void> {
    await this.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: now })
      .where('code_hash', '=', codeHash)
      .where('revoked_at', 'is', null)
      .execute();
  }
}
