// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  OAUTH_STATE_TTL_MS,
  OAUTH_STORE_KEY,
  peekOAuth,
  rememberOAuth,
  takeOAuth,
  type PendingOAuth,
} from './oauth-store';

const entry: Omit<PendingOAuth, 'createdAt' | 'expiresAt'> = {
  profileId: 'sandbox',
  server: {
    issuer: 'https://bank.example/oauth',
    authorizationEndpoint: 'https://bank.example/oauth/authorize',
    tokenEndpoint: 'https://bank.example/oauth/token',
  },
  clientId: 'xs2a-console',
  redirectUri: 'http://localhost/callback/oauth',
  scope: 'AIS:c-1',
  codeVerifier: 'verifier-123',
  resource: { kind: 'consent', consentId: 'c-1' },
  returnTo: '/consents/c-1',
  scaStatusHref: 'https://bank.example/v1/consents/c-1/authorisations/a-1',
};

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('OAuth round trips in this tab', () => {
  it('keeps the verifier and the token endpoint in sessionStorage, never in localStorage', () => {
    rememberOAuth('state-1', entry, 1000);
    expect(peekOAuth('state-1', 2000)).toEqual({ ...entry, createdAt: 1000, expiresAt: 1000 + OAUTH_STATE_TTL_MS });
    expect(sessionStorage.getItem(OAUTH_STORE_KEY)).toContain('verifier-123');
    expect(JSON.stringify({ ...localStorage })).not.toContain('verifier-123');
  });

  it('gives a state out once', () => {
    rememberOAuth('state-1', entry, 1000);
    expect(takeOAuth('state-1', 2000)?.codeVerifier).toBe('verifier-123');
    expect(takeOAuth('state-1', 2000)).toBeUndefined();
    expect(sessionStorage.getItem(OAUTH_STORE_KEY)).toBeNull();
  });

  it('forgets a round trip once it has expired, and knows no made-up state', () => {
    rememberOAuth('state-1', entry, 1000);
    rememberOAuth('state-2', entry, 5000);
    expect(takeOAuth('state-1', 1000 + OAUTH_STATE_TTL_MS)).toBeUndefined();
    expect(takeOAuth('unknown', 5000)).toBeUndefined();
    expect(peekOAuth('state-2', 5000)).toBeDefined();
  });

  it('never returns to another origin, and skips entries it cannot read', () => {
    expect(() => rememberOAuth('state-1', { ...entry, returnTo: '//evil.example/x' }, 1000)).toThrow(
      /Not a console route/,
    );
    sessionStorage.setItem(
      OAUTH_STORE_KEY,
      JSON.stringify({
        bad: { ...entry, returnTo: 'https://evil.example', createdAt: 1000, expiresAt: 1000 + OAUTH_STATE_TTL_MS },
        partial: { profileId: 'sandbox', createdAt: 1000, expiresAt: 1000 + OAUTH_STATE_TTL_MS },
        good: { ...entry, createdAt: 1000, expiresAt: 1000 + OAUTH_STATE_TTL_MS },
      }),
    );
    expect(peekOAuth('bad', 2000)).toBeUndefined();
    expect(peekOAuth('partial', 2000)).toBeUndefined();
    expect(peekOAuth('good', 2000)?.scope).toBe('AIS:c-1');
    sessionStorage.setItem(OAUTH_STORE_KEY, '[not json');
    expect(peekOAuth('good', 2000)).toBeUndefined();
  });
});
