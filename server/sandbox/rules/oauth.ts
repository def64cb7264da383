// The bank's OAuth 2.0 rules for redirect SCA (scaOAuth), pure: scopes, PKCE S256, the authorization request's and
// the token request's checks, and when a stored code or token is still good. No I/O; the time is passed in.
import { createHash } from 'node:crypto';
import { isSafeRedirectTarget } from './redirect-targets';
import type { ResourceType } from '../store/schema';

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

/**
 * What a scope names: `AIS:<consentId>`, `PIS:<paymentId>` or `SBS:<basketId>` (1.3.12 names no scope for a signing
 * basket; SBS is the file's name for the service, and what the console sends).
 */
export interface ScopeTarget {
  type: ResourceType;
  id: string;
}

export function parseScope(scope: string): ScopeTarget | undefined {
  const match = /^(AIS|PIS|SBS):([A-Za-z0-9._~-]{1,200})$/.exec(scope.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { type: scopeTypes[match[1] as ScopePrefix], id: match[2] };
}

type ScopePrefix = 'AIS' | 'PIS' | 'SBS';
const scopeTypes: Record<ScopePrefix, ResourceType> = { AIS: 'consent', PIS: 'payment', SBS: 'basket' };
const scopePrefixes: Record<ResourceType, ScopePrefix> = { consent: 'AIS', payment: 'PIS', basket: 'SBS' };

export const scopeOf = (target: ScopeTarget) => `${scopePrefixes[target.type]}:${target.id}`;

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

/** A PKCE S256 challenge: the base64url SHA-256, 43 characters. */
export const isS256Challenge = (value: string) => /^[A-Za-z0-9_-]{43}$/.test(value);
const isVerifier = (value: string) => /^[A-Za-z0-9._~-]{43,128}$/.test(value);

/**
 * A redirect URI the bank may send the PSU's browser to: https, or http on a loopback host (the rule for TPP redirect
 * URIs), absolute and without a fragment (RFC 6749 §3.1.2).
 */
export function usableRedirectUri(value: string): boolean {
  try {
    return isSafeRedirectTarget(new URL(value)) && !value.includes('#');
  } catch {
    return false;
  }
}

/** The origins of the redirect URIs a TPP declared; an OAuth redirect_uri must be on one of them. */
export const originsOf = (uris: readonly string[]) => uris.filter(usableRedirectUri).map((uri) => new URL(uri).origin);

/** The URL of redirect_uri with the given query parameters set. */
export function withQuery(redirectUri: string, query: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3), as the client sent them. */
export interface AuthorizeParams {
  responseType: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: string;
}

/** What is wrong with an authorization request whose client and redirect_uri are known: response type and PKCE. */
export function authorizeParamsError(params: AuthorizeParams): OAuthError | undefined {
  if (params.responseType !== 'code') {
    return new OAuthError('unsupported_response_type', 'This bank supports response_type code only.');
  }
  if (!params.codeChallenge) {
    return new OAuthError('invalid_request', 'PKCE is required: send code_challenge with code_challenge_method S256.');
  }
  if (params.codeChallengeMethod !== 'S256') {
    return new OAuthError(
      'invalid_request',
      'code_challenge_method must be S256; this bank does not accept plain challenges.',
    );
  }
  if (!isS256Challenge(params.codeChallenge)) {
    return new OAuthError(
      'invalid_request',
      'code_challenge must be the base64url SHA-256 of the code_verifier (43 characters).',
    );
  }
  return undefined;
}

export interface TokenRequest {
  grantType: string;
  code: string;
  redirectUri: string;
  clientId: string;
  codeVerifier: string;
}

/** What is wrong with a token request before any code is looked up (RFC 6749 §4.1.3, RFC 7636 §4.5). */
export function tokenRequestError(request: TokenRequest): OAuthError | undefined {
  if (!request.grantType) return new OAuthError('invalid_request', 'grant_type is required.');
  if (request.grantType !== 'authorization_code') {
    return new OAuthError(
      'unsupported_grant_type',
      `This bank issues tokens for grant_type authorization_code only, not "${request.grantType}".`,
    );
  }
  const given = {
    code: request.code,
    redirect_uri: request.redirectUri,
    client_id: request.clientId,
    code_verifier: request.codeVerifier,
  };
  const missing = (['code', 'redirect_uri', 'client_id', 'code_verifier'] as const).find((name) => !given[name]);
  if (missing) return new OAuthError('invalid_request', `${missing} is required.`);
  if (!isVerifier(request.codeVerifier)) {
    return new OAuthError(
      'invalid_request',
      'code_verifier must be 43 to 128 characters of letters, digits and - . _ ~ (RFC 7636).',
    );
  }
  return undefined;
}

/** The facts of a stored authorisation code that its exchange checks. */
export interface StoredCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: string;
  usedAt: string | null;
}

export const CODE_REUSED =
  'The authorisation code was already used; codes are single use, and the token issued for it is revoked.';
export const CODE_UNKNOWN = 'The authorisation code is not known to this bank.';

/**
 * Whether a stored code may be exchanged for this request at `now`: unused, unexpired, issued to this client and
 * redirect_uri, and its PKCE challenge met by the verifier. `reused` tells the caller to revoke the code's token.
 */
export function codeExchangeError(
  code: StoredCode,
  request: TokenRequest,
  now: Date,
): { error: OAuthError; reused: boolean } | undefined {
  const fail = (description: string, reused = false) => ({
    error: new OAuthError('invalid_grant', description),
    reused,
  });
  if (code.usedAt !== null) return fail(CODE_REUSED, true);
  if (now.getTime() >= Date.parse(code.expiresAt)) {
    return fail('The authorisation code has expired (codes live 10 minutes).');
  }
  if (code.clientId !== request.clientId) return fail('The authorisation code was issued to another client_id.');
  if (code.redirectUri !== request.redirectUri) {
    return fail('redirect_uri differs from the one of the authorisation request the code was issued for.');
  }
  if (s256(request.codeVerifier) !== code.codeChallenge) {
    return fail('code_verifier does not match the code_challenge of the authorisation request (PKCE S256).');
  }
  return undefined;
}

/** Why a stored access token is no longer honoured at `now`, or undefined while it is good. */
export type TokenProblem =
  { code: 'TOKEN_INVALID'; text: string } | { code: 'TOKEN_EXPIRED'; text: string } | undefined;

export function tokenProblem(token: { expiresAt: string; revokedAt: string | null }, now: Date): TokenProblem {
  if (token.revokedAt !== null) {
    return {
      code: 'TOKEN_INVALID',
      text: 'The access token was revoked because its authorisation code was used a second time.',
    };
  }
  if (now.getTime() >= Date.parse(token.expiresAt)) {
    return {
      code: 'TOKEN_EXPIRED',
      text: `The access token expired at ${token.expiresAt}; authorise again at the bank to get a new one.`,
    };
  }
  return undefined;
}

/** Statuses after which an authorisation is over. */
export const FINAL_SCA_STATUSES: readonly string[] = ['finalised', 'failed', 'exempted'];
