// The bank's OAuth 2.0 authorisation server for redirect SCA (scaOAuth): authorisation codes bound to the client, its
// redirect URI and a PKCE S256 challenge; access tokens that unlock the accounts of a consent authorised this way.
// Codes and tokens live in the database as SHA-256 hashes, so instances sharing one PostgreSQL database honour each
// other's and a database dump reveals none.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { bankError, type BankError } from '../http/errors';
import type { AuthorisationRow, Database, OAuthTokenRow, ResourceType } from '../store/schema';
import { changed, type DomainContext } from './context';

export const OAUTH_PATH = '/oauth';
export const METADATA_PATH = `${OAUTH_PATH}/.well-known/oauth-authorization-server`;

export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied';

/** An RFC 6749 error: the token endpoint answers it as JSON, the authorize endpoint as a redirect. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
  ) {
    super(description);
  }
}

/** What a scope names: `AIS:<consentId>` or `PIS:<paymentId>`. */
export interface ScopeTarget {
  type: ResourceType;
  id: string;
}

export function parseScope(scope: string): ScopeTarget | undefined {
  const match = /^(AIS|PIS):([A-Za-z0-9._~-]{1,200})$/.exec(scope.trim());
  if (!match?.[2]) return undefined;
  return { type: match[1] === 'AIS' ? 'consent' : 'payment', id: match[2] };
}

export const scopeOf = (target: ScopeTarget) => `${target.type === 'consent' ? 'AIS' : 'PIS'}:${target.id}`;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A PKCE S256 challenge: the base64url SHA-256, 43 characters. */
export const isS256Challenge = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
const isVerifier = (value: string) => /^[A-Za-z0-9._~-]{43,128}$/.test(value);

/** A valid access token as a request carries it. */
export interface AccessToken {
  clientId: string;
  scope: string;
  resourceType: ResourceType;
  resourceId: string;
  expiresAt: string;
}

export interface TokenRequest {
  grantType: string;
  code: string;
  redirectUri: string;
  clientId: string;
  codeVerifier: string;
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scope: string;
}

const finalStatuses = ['finalised', 'failed', 'exempted'];

export class OAuthService {
  constructor(private readonly ctx: DomainContext) {}

  private now() {
    return this.ctx.clock.now();
  }

  /**
   * The authorisation the PSU approves for a scope: the resource's most recent open redirect authorisation (a
   * payment's initiation or cancellation authorisation, or a consent's).
   */
  async openAuthorisation(target: ScopeTarget): Promise<AuthorisationRow | undefined> {
    return this.latestRedirect(target, { open: true });
  }

  /** The resource's most recent redirect authorisation, if it finished no longer ago than a code lives. */
  async lastRedirectAuthorisation(target: ScopeTarget): Promise<AuthorisationRow | undefined> {
    const since = new Date(this.now().getTime() - this.ctx.config.oauthCodeTtlMs).toISOString();
    return this.latestRedirect(target, { since });
  }

  /** The resource's most recent redirect authorisation, open or finished. */
  async latestRedirectAuthorisation(target: ScopeTarget): Promise<AuthorisationRow | undefined> {
    return this.latestRedirect(target);
  }

  private async latestRedirect(
    target: ScopeTarget,
    { open = false, since }: { open?: boolean; since?: string } = {},
  ): Promise<AuthorisationRow | undefined> {
    return this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('resource_type', '=', target.type)
      .where('resource_id', '=', target.id)
      .where('sca_approach', '=', 'REDIRECT')
      .$if(open, (query) => query.where('sca_status', 'not in', finalStatuses))
      .$if(since !== undefined, (query) => query.where('updated_at', '>=', since ?? ''))
      .orderBy('created_at', 'desc')
      .orderBy('authorisation_id', 'desc')
      .executeTakeFirst();
  }

  /**
   * The redirect URIs the TPP declared for an authorisation: the TPP-Redirect-URI and TPP-Nok-Redirect-URI it sent when
   * it started the authorisation, and those it sent with the payment or consent.
   */
  async declaredRedirectUris(auth: AuthorisationRow): Promise<string[]> {
    const resource =
      auth.resource_type === 'consent'
        ? await this.ctx.db
            .selectFrom('consents')
            .select(['tpp_redirect_uri', 'tpp_nok_redirect_uri'])
            .where('consent_id', '=', auth.resource_id)
            .executeTakeFirst()
        : await this.ctx.db
            .selectFrom('payments')
            .select(['tpp_redirect_uri', 'tpp_nok_redirect_uri'])
            .where('payment_id', '=', auth.resource_id)
            .executeTakeFirst();
    return [
      auth.tpp_redirect_uri,
      auth.tpp_nok_redirect_uri,
      resource?.tpp_redirect_uri,
      resource?.tpp_nok_redirect_uri,
    ].filter((uri): uri is string => Boolean(uri));
  }

  /** Whether the resource a scope names exists. */
  async exists(target: ScopeTarget): Promise<boolean> {
    const row =
      target.type === 'consent'
        ? await this.ctx.db
            .selectFrom('consents')
            .select('consent_id as id')
            .where('consent_id', '=', target.id)
            .executeTakeFirst()
        : await this.ctx.db
            .selectFrom('payments')
            .select('payment_id as id')
            .where('payment_id', '=', target.id)
            .executeTakeFirst();
    return row !== undefined;
  }

  /** Issues a code for an approved authorisation; returns the code itself (only its hash is stored). */
  async issueCode(
    request: {
      clientId: string;
      redirectUri: string;
      codeChallenge: string;
      auth: AuthorisationRow;
    },
    db: Kysely<Database> = this.ctx.db,
  ): Promise<string> {
    const code = newSecret();
    const now = this.now();
    const { auth } = request;
    await db
      .insertInto('oauth_codes')
      .values({
        code_hash: sha256(code),
        client_id: request.clientId,
        redirect_uri: request.redirectUri,
        code_challenge: request.codeChallenge,
        scope: scopeOf({ type: auth.resource_type, id: auth.resource_id }),
        resource_type: auth.resource_type,
        resource_id: auth.resource_id,
        authorisation_id: auth.authorisation_id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + this.ctx.config.oauthCodeTtlMs).toISOString(),
        used_at: null,
      })
      .execute();
    return code;
  }

  /**
   * A repeated approval of an authorisation that has just been finalised through this same request (a double-clicked
   * Approve: the browser abandons the first answer and follows the second): the code issued for the request (same
   * client_id, redirect_uri and PKCE challenge) that nobody has exchanged yet is replaced by a fresh one, which is
   * returned. Undefined when there is no such code; an exchanged code is never replaced, so codes stay single use.
   */
  async replaceCode(request: {
    target: ScopeTarget;
    clientId: string;
    redirectUri: string;
    codeChallenge: string;
    psuId: string;
  }): Promise<string | undefined> {
    const now = this.now();
    const earlier = await this.ctx.db
      .selectFrom('oauth_codes')
      .innerJoin('authorisations', 'authorisations.authorisation_id', 'oauth_codes.authorisation_id')
      .select(['oauth_codes.code_hash', 'oauth_codes.authorisation_id'])
      .where('oauth_codes.resource_type', '=', request.target.type)
      .where('oauth_codes.resource_id', '=', request.target.id)
      .where('oauth_codes.client_id', '=', request.clientId)
      .where('oauth_codes.redirect_uri', '=', request.redirectUri)
      .where('oauth_codes.code_challenge', '=', request.codeChallenge)
      .where('oauth_codes.used_at', 'is', null)
      .where('oauth_codes.expires_at', '>', now.toISOString())
      .where('authorisations.sca_status', '=', 'finalised')
      .where('authorisations.psu_id', '=', request.psuId)
      .orderBy('oauth_codes.created_at', 'desc')
      .executeTakeFirst();
    if (!earlier) return undefined;
    const auth = await this.ctx.db
      .selectFrom('authorisations')
      .selectAll()
      .where('authorisation_id', '=', earlier.authorisation_id)
      .executeTakeFirst();
    if (!auth) return undefined;
    return this.ctx.db.transaction().execute(async (trx) => {
      // Only one of two racing repeats replaces the code; the other finds it gone.
      const removed = await trx
        .deleteFrom('oauth_codes')
        .where('code_hash', '=', earlier.code_hash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return undefined;
      return this.issueCode({ ...request, auth }, trx);
    });
  }

  /** The token endpoint's authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6). */
  async exchange(request: TokenRequest): Promise<IssuedToken> {
    if (!request.grantType) throw new OAuthError('invalid_request', 'grant_type is required.');
    if (request.grantType !== 'authorization_code') {
      throw new OAuthError(
        'unsupported_grant_type',
        `This bank issues tokens for grant_type authorization_code only, not "${request.grantType}".`,
      );
    }
    const missing = (['code', 'redirect_uri', 'client_id', 'code_verifier'] as const).find(
      (name) =>
        !{
          code: request.code,
          redirect_uri: request.redirectUri,
          client_id: request.clientId,
          code_verifier: request.codeVerifier,
        }[name],
    );
    if (missing) throw new OAuthError('invalid_request', `${missing} is required.`);
    if (!isVerifier(request.codeVerifier)) {
      throw new OAuthError(
        'invalid_request',
        'code_verifier must be 43 to 128 characters of letters, digits and - . _ ~ (RFC 7636).',
      );
    }
    const codeHash = sha256(request.code);
    const row = await this.ctx.db
      .selectFrom('oauth_codes')
      .selectAll()
      .where('code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!row) throw new OAuthError('invalid_grant', 'The authorisation code is not known to this bank.');
    const now = this.now();
    if (row.used_at !== null) {
      await this.revokeTokensOf(codeHash);
      throw new OAuthError(
        'invalid_grant',
        'The authorisation code was already used; codes are single use, and the token issued for it is revoked.',
      );
    }
    if (now.getTime() >= Date.parse(row.expires_at)) {
      throw new OAuthError('invalid_grant', 'The authorisation code has expired (codes live 10 minutes).');
    }
    if (row.client_id !== request.clientId) {
      throw new OAuthError('invalid_grant', 'The authorisation code was issued to another client_id.');
    }
    if (row.redirect_uri !== request.redirectUri) {
      throw new OAuthError(
        'invalid_grant',
        'redirect_uri differs from the one of the authorisation request the code was issued for.',
      );
    }
    if (s256(request.codeVerifier) !== row.code_challenge) {
      throw new OAuthError(
        'invalid_grant',
        'code_verifier does not match the code_challenge of the authorisation request (PKCE S256).',
      );
    }
    const accessToken = newSecret();
    const ttl = this.ctx.config.oauthTokenTtlMs;
    // Spending the code and issuing its token are one transaction: whoever sees the code spent also sees its token.
    const issued = await this.ctx.db.transaction().execute(async (trx) => {
      // On PostgreSQL a concurrent exchange's uncommitted claim makes this wait for its commit, then match no row.
      const claimed = await trx
        .updateTable('oauth_codes')
        .set({ used_at: now.toISOString() })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (!changed(claimed)) {
        // Spent by another request meanwhile, or replaced by a repeated approval (then it is gone).
        const still = await trx
          .selectFrom('oauth_codes')
          .select('code_hash')
          .where('code_hash', '=', codeHash)
          .executeTakeFirst();
        return still ? 'spent' : 'gone';
      }
      await trx
        .insertInto('oauth_tokens')
        .values({
          token_hash: sha256(accessToken),
          code_hash: codeHash,
          client_id: row.client_id,
          scope: row.scope,
          resource_type: row.resource_type,
          resource_id: row.resource_id,
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + ttl).toISOString(),
          revoked_at: null,
        })
        .execute();
      return 'issued';
    });
    if (issued === 'gone') throw new OAuthError('invalid_grant', 'The authorisation code is not known to this bank.');
    if (issued === 'spent') {
      // Another request exchanged the code meanwhile, and its token is committed: this is the code's second use.
      await this.revokeTokensOf(codeHash);
      throw new OAuthError(
        'invalid_grant',
        'The authorisation code was already used; codes are single use, and the token issued for it is revoked.',
      );
    }
    return { accessToken, expiresIn: Math.round(ttl / 1000), scope: row.scope };
  }

  /**
   * Revokes the tokens issued for a code presented a second time. It runs only after the code was seen spent, and a
   * code is spent in the same transaction that stores its token, so the token is always there to revoke.
   */
  private async revokeTokensOf(codeHash: string) {
    await this.ctx.db
      .updateTable('oauth_tokens')
      .set({ revoked_at: this.now().toISOString() })
      .where('code_hash', '=', codeHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The token an `Authorization: Bearer` header carries, or the 1.3.12 error that refuses it. */
  async checkToken(token: string): Promise<AccessToken | BankError> {
    const row: OAuthTokenRow | undefined = await this.ctx.db
      .selectFrom('oauth_tokens')
      .selectAll()
      .where('token_hash', '=', sha256(token))
      .executeTakeFirst();
    if (!row) {
      return bankError('TOKEN_UNKNOWN', 'The access token in the Authorization header is not known to this bank.');
    }
    if (row.revoked_at !== null) {
      return bankError(
        'TOKEN_INVALID',
        'The access token was revoked because its authorisation code was used a second time.',
      );
    }
    if (this.now().getTime() >= Date.parse(row.expires_at)) {
      return bankError(
        'TOKEN_EXPIRED',
        `The access token expired at ${row.expires_at}; authorise again at the bank to get a new one.`,
      );
    }
    return {
      clientId: row.client_id,
      scope: row.scope,
      resourceType: row.resource_type,
      resourceId: row.resource_id,
      expiresAt: row.expires_at,
    };
  }

  /** Account reads with a consent the PSU authorised through OAuth need that consent's access token. */
  async assertConsentToken(consentId: string, token: AccessToken | undefined): Promise<void> {
    if (token?.resourceType === 'consent' && token.resourceId === consentId) return;
    const viaOAuth = await this.ctx.db
      .selectFrom('oauth_codes')
      .select('code_hash')
      .where('resource_type', '=', 'consent')
      .where('resource_id', '=', consentId)
      .executeTakeFirst();
    if (!viaOAuth) return;
    throw bankError(
      'TOKEN_INVALID',
      token
        ? `The access token was issued for ${token.scope}, not for consent ${consentId}.`
        : `Consent ${consentId} was authorised through OAuth: send its access token as Authorization: Bearer <token>.`,
      { area: 'ais' },
    );
  }
}
