import { describe, expect, it } from 'vitest';
import {
  authorizeParamsError,
  codeExchangeError,
  originsOf,
  parseScope,
  s256,
  scopeOf,
  tokenProblem,
  tokenRequestError,
  usableRedirectUri,
  withQuery,
  type AuthorizeParams,
  type StoredCode,
  type TokenRequest,
} from './oauth';

const verifier = 'v'.repeat(43);
const params: AuthorizeParams = {
  responseType: 'code',
  clientId: 'tpp',
  redirectUri: 'https://tpp.example/cb',
  scope: 'AIS:c-1',
  state: 's',
  codeChallenge: s256(verifier),
  codeChallengeMethod: 'S256',
};
const request: TokenRequest = {
  grantType: 'authorization_code',
  code: 'code',
  redirectUri: params.redirectUri,
  clientId: 'tpp',
  codeVerifier: verifier,
};
const now = new Date('2026-01-01T10:00:00Z');
const code: StoredCode = {
  clientId: 'tpp',
  redirectUri: params.redirectUri,
  codeChallenge: s256(verifier),
  expiresAt: '2026-01-01T10:10:00Z',
  usedAt: null,
};

describe('OAuth rules', () => {
  it('reads a scope as the consent or payment it names, and writes it back', () => {
    expect(parseScope(' AIS:c-1 ')).toEqual({ type: 'consent', id: 'c-1' });
    expect(parseScope('PIS:p.2')).toEqual({ type: 'payment', id: 'p.2' });
    expect(parseScope('AIS:a b')).toBeUndefined();
    expect(parseScope('openid')).toBeUndefined();
    expect(scopeOf({ type: 'payment', id: 'p-1' })).toBe('PIS:p-1');
  });

  it('accepts https and loopback http redirect URIs without a fragment, and adds query parameters', () => {
    expect(usableRedirectUri('https://tpp.example/cb')).toBe(true);
    expect(usableRedirectUri('http://127.0.0.1:5173/cb')).toBe(true);
    expect(usableRedirectUri('http://tpp.example/cb')).toBe(false);
    expect(usableRedirectUri('https://tpp.example/cb#x')).toBe(false);
    expect(usableRedirectUri('javascript:alert(1)')).toBe(false);
    expect(originsOf(['https://a.example/x', 'ftp://b.example/'])).toEqual(['https://a.example']);
    expect(withQuery('https://a.example/cb?x=1', { code: 'c', state: undefined })).toBe(
      'https://a.example/cb?x=1&code=c',
    );
  });

  it('needs response_type code and a PKCE S256 challenge', () => {
    expect(authorizeParamsError(params)).toBeUndefined();
    expect(authorizeParamsError({ ...params, responseType: 'token' })?.error).toBe('unsupported_response_type');
    expect(authorizeParamsError({ ...params, codeChallenge: '' })?.error).toBe('invalid_request');
    expect(authorizeParamsError({ ...params, codeChallengeMethod: 'plain' })?.description).toMatch(/S256/);
    expect(authorizeParamsError({ ...params, codeChallenge: 'short' })?.description).toMatch(/43 characters/);
  });

  it('checks the token request before any code is looked up', () => {
    expect(tokenRequestError(request)).toBeUndefined();
    expect(tokenRequestError({ ...request, grantType: '' })?.description).toBe('grant_type is required.');
    expect(tokenRequestError({ ...request, grantType: 'password' })?.error).toBe('unsupported_grant_type');
    expect(tokenRequestError({ ...request, redirectUri: '' })?.description).toBe('redirect_uri is required.');
    expect(tokenRequestError({ ...request, codeVerifier: 'x' })?.description).toMatch(/43 to 128/);
  });

  it('exchanges a code once, before it expires, for its client, redirect_uri and verifier only', () => {
    expect(codeExchangeError(code, request, now)).toBeUndefined();
    expect(codeExchangeError({ ...code, usedAt: now.toISOString() }, request, now)).toMatchObject({ reused: true });
    expect(codeExchangeError(code, request, new Date('2026-01-01T10:10:00Z'))?.error.description).toMatch(/expired/);
    expect(codeExchangeError(code, { ...request, clientId: 'other' }, now)?.error.description).toMatch(/client_id/);
    expect(codeExchangeError(code, { ...request, redirectUri: 'https://x.example/' }, now)?.reused).toBe(false);
    expect(codeExchangeError(code, { ...request, codeVerifier: 'w'.repeat(43) }, now)?.error.error).toBe(
      'invalid_grant',
    );
  });

  it('honours a token until it expires or is revoked', () => {
    expect(tokenProblem({ expiresAt: '2026-01-01T11:00:00Z', revokedAt: null }, now)).toBeUndefined();
    expect(tokenProblem({ expiresAt: '2026-01-01T11:00:00Z', revokedAt: 'x' }, now)?.code).toBe('TOKEN_INVALID');
    expect(tokenProblem({ expiresAt: '2026-01-01T10:00:00Z', revokedAt: null }, now)?.code).toBe('TOKEN_EXPIRED');
  });
});
