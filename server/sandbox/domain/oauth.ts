// The bank's OAuth 2.0 authorisation server for redirect SCA (scaOAuth): authorisation codes bound to the client, its
// redirect URI and a PKCE S256 challenge; access tokens that unlock the accounts of a consent authorised this way.
// Codes and tokens live in the database as SHA-256 hashes, so instances sharing one PostgreSQL database honour each
// other's and a database dump reveals none. The rules are in rules/oauth.ts, the SQL in store/oauth-store.ts.
import { createHash, randomBytes } from 'node:crypto';
import { bankError, type BankError } from '../rules/bank-error';
import {
  CODE_REUSED,
  CODE_UNKNOWN,
  OAuthError,
  codeExchangeError,
  scopeOf,
  tokenProblem,
  tokenRequestError,
  type ScopeTarget,
  type TokenRequest,
} from '../rules/oauth';
import { OAuthStore, type CodeRequest, type OAuthCode } from '../store/oauth-store';
import type { AuthorisationRow, ResourceType } from '../store/schema';
import type { DomainContext } from './context';

export const OAUTH_PATH = '/oauth';
export const METADATA_PATH = `${OAUTH_PATH}/.well-known/oauth-authorization-server`;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');

/** A valid access token as a request carries it. */
export interface AccessToken {
  clientId: string;
  scope: string;
  resourceType: ResourceType;
  resourceId: string;
  expiresAt: string;
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scope: string;
}

/** What a code is issued for: the authorization request and the approved authorisation. */
export interface CodeGrant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  auth: AuthorisationRow;
}

export class OAuthService {
  private readonly store: OAuthStore;

  constructor(private readonly ctx: DomainContext) {
    this.store = new OAuthStore(ctx.db);
  }

  private now() {
    return this.ctx.clock.now();
  }

  /**
   * The authorisation the PSU approves for a scope: the resource's most recent open redirect authorisation (a
   * payment's initiation or cancellation authorisation, or a consent's).
   */
  async openAuthorisation(target: ScopeTarget): Promise<AuthorisationRow | undefined> {
    return this.store.latestRedirect(target, { open: true });
  }

  /** The resource's most recent redirect authorisation, if it finished no longer ago than a code lives. */
  async lastRedirectAuthorisation(target: ScopeTarget): Promise<AuthorisationRow | undefined> {
    const since = new Date(this.now().getTime() - this.ctx.config.oauthCodeTtlMs).toISOString();
    return this.store.latestRedirect(target, { since });
  }

  /** The resource's most recent redirect authorisation, open or finished. */
  async latestRedirectAuthorisation(target: ScopeTarget): Promise<AuthorisationRow | undefined> {
    return this.store.latestRedirect(target);
  }

  /**
   * The redirect URIs the TPP declared for an authorisation: the TPP-Redirect-URI and TPP-Nok-Redirect-URI it sent when
   * it started the authorisation, and those it sent with the payment or consent.
   */
  async declaredRedirectUris(auth: AuthorisationRow): Promise<string[]> {
    const resource = await this.store.resourceRedirectUris({ type: auth.resource_type, id: auth.resource_id });
    return [auth.tpp_redirect_uri, auth.tpp_nok_redirect_uri, ...resource].filter((uri): uri is string => Boolean(uri));
  }

  /** Whether the resource a scope names exists. */
  async exists(target: ScopeTarget): Promise<boolean> {
    return this.store.exists(target);
  }

  /** Issues a code for an approved authorisation; returns the code itself (only its hash is stored). */
  async issueCode(grant: CodeGrant, store: OAuthStore = this.store): Promise<string> {
    const code = newSecret();
    const now = this.now();
    const { auth } = grant;
    await store.insertCode({
      codeHash: sha256(code),
      clientId: grant.clientId,
      redirectUri: grant.redirectUri,
      codeChallenge: grant.codeChallenge,
      scope: scopeOf({ type: auth.resource_type, id: auth.resource_id }),
      resourceType: auth.resource_type,
      resourceId: auth.resource_id,
      authorisationId: auth.authorisation_id,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.ctx.config.oauthCodeTtlMs).toISOString(),
      usedAt: null,
    });
    return code;
  }

  /**
   * A repeated approval of an authorisation that has just been finalised through this same request (a double-clicked
   * Approve: the browser abandons the first answer and follows the second): the code issued for the request (same
   * client_id, redirect_uri and PKCE challenge) that nobody has exchanged yet is replaced by a fresh one, which is
   * returned. Undefined when there is no such code; an exchanged code is never replaced, so codes stay single use.
   */
  async replaceCode(request: CodeRequest): Promise<string | undefined> {
    const earlier = await this.store.replaceableCode(request, this.now().toISOString());
    if (!earlier) return undefined;
    const auth = await this.store.findAuthorisation(earlier.authorisationId);
    if (!auth) return undefined;
    return this.store.transaction(async (store) => {
      // Only one of two racing repeats replaces the code; the other finds it gone.
      if (!(await store.deleteUnusedCode(earlier.codeHash))) return undefined;
      return this.issueCode({ ...request, auth }, store);
    });
  }

  /** The token endpoint's authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6). */
  async exchange(request: TokenRequest): Promise<IssuedToken> {
    const invalid = tokenRequestError(request);
    if (invalid) throw invalid;
    const codeHash = sha256(request.code);
    const code = await this.store.findCode(codeHash);
    if (!code) throw new OAuthError('invalid_grant', CODE_UNKNOWN);
    const now = this.now();
    const refused = codeExchangeError(code, request, now);
    if (refused) {
      if (refused.reused) await this.revokeTokensOf(codeHash);
      throw refused.error;
    }
    const accessToken = newSecret();
    const issued = await this.spend(code, accessToken, now);
    if (issued === 'gone') throw new OAuthError('invalid_grant', CODE_UNKNOWN);
    if (issued === 'spent') {
      // Another request exchanged the code meanwhile, and its token is committed: this is the code's second use.
      await this.revokeTokensOf(codeHash);
      throw new OAuthError('invalid_grant', CODE_REUSED);
    }
    return { accessToken, expiresIn: Math.round(this.ctx.config.oauthTokenTtlMs / 1000), scope: code.scope };
  }

  /**
   * Spends a code and stores the token issued for it, in one transaction: whoever sees the code spent also sees its
   * token. 'spent' when another request spent it meanwhile, 'gone' when a repeated approval replaced it.
   */
  private async spend(code: OAuthCode, accessToken: string, now: Date): Promise<'issued' | 'spent' | 'gone'> {
    return this.store.transaction(async (store) => {
      if (!(await store.claimCode(code.codeHash, now.toISOString()))) {
        return (await store.codeExists(code.codeHash)) ? 'spent' : 'gone';
      }
      await store.insertToken({
        tokenHash: sha256(accessToken),
        codeHash: code.codeHash,
        clientId: code.clientId,
        scope: code.scope,
        resourceType: code.resourceType,
        resourceId: code.resourceId,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + this.ctx.config.oauthTokenTtlMs).toISOString(),
        revokedAt: null,
      });
      return 'issued';
    });
  }

  /**
   * Revokes the tokens issued for a code presented a second time. It runs only after the code was seen spent, and a
   * code is spent in the same transaction that stores its token, so the token is always there to revoke.
   */
  private async revokeTokensOf(codeHash: string) {
    await this.store.revokeTokensOf(codeHash, this.now().toISOString());
  }

  /** The token an `Authorization: Bearer` header carries, or the 1.3.12 error that refuses it. */
  async checkToken(token: string): Promise<AccessToken | BankError> {
    const stored = await this.store.findToken(sha256(token));
    if (!stored) {
      return bankError('TOKEN_UNKNOWN', 'The access token in the Authorization header is not known to this bank.');
    }
    const problem = tokenProblem(stored, this.now());
    if (problem) return bankError(problem.code, problem.text);
    return {
      clientId: stored.clientId,
      scope: stored.scope,
      resourceType: stored.resourceType,
      resourceId: stored.resourceId,
      expiresAt: stored.expiresAt,
    };
  }

  /** Account reads with a consent the PSU authorised through OAuth need that consent's access token. */
  async assertConsentToken(consentId: string, token: AccessToken | undefined): Promise<void> {
    if (token?.resourceType === 'consent' && token.resourceId === consentId) return;
    if (!(await this.store.consentHasCodes(consentId))) return;
    throw bankError(
      'TOKEN_INVALID',
      token
        ? `The access token was issued for ${token.scope}, not for consent ${consentId}.`
        : `Consent ${consentId} was authorised through OAuth: send its access token as Authorization: Bearer <token>.`,
      { area: 'ais' },
    );
  }
}
