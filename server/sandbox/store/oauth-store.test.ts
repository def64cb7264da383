import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestStore } from '../testing/test-support';
import type { Store } from './db';
import { OAuthStore, type OAuthCode } from './oauth-store';
import { ScaStore } from './sca-store';

const code: OAuthCode = {
  codeHash: 'hash-1',
  clientId: 'tpp',
  redirectUri: 'https://tpp.example/cb',
  codeChallenge: 'challenge',
  scope: 'AIS:c-1',
  resourceType: 'consent',
  resourceId: 'c-1',
  authorisationId: 'a-1',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: '2026-01-01T10:10:00.000Z',
  usedAt: null,
};

describe('OAuth store', () => {
  let store: Store;
  let oauth: OAuthStore;
  beforeEach(async () => {
    store = await openTestStore();
    oauth = new OAuthStore(store.db);
  });
  afterEach(() => store.close());

  it('keeps a code, and claims it once', async () => {
    await oauth.insertCode(code);
    expect(await oauth.findCode('hash-1')).toEqual(code);
    expect(await oauth.consentHasCodes('c-1')).toBe(true);
    expect(await oauth.consentHasCodes('c-2')).toBe(false);
    expect(await oauth.claimCode('hash-1', '2026-01-01T10:01:00.000Z')).toBe(true);
    expect(await oauth.claimCode('hash-1', '2026-01-01T10:02:00.000Z')).toBe(false);
    expect((await oauth.findCode('hash-1'))?.usedAt).toBe('2026-01-01T10:01:00.000Z');
    expect(await oauth.deleteUnusedCode('hash-1')).toBe(false);
    expect(await oauth.codeExists('hash-1')).toBe(true);
  });

  it('deletes an unused code, inside a transaction', async () => {
    await oauth.insertCode(code);
    expect(await oauth.transaction((trx) => trx.deleteUnusedCode('hash-1'))).toBe(true);
    expect(await oauth.codeExists('hash-1')).toBe(false);
  });

  it('keeps tokens and revokes those of a code', async () => {
    const token = {
      tokenHash: 't-1',
      codeHash: 'hash-1',
      clientId: 'tpp',
      scope: 'AIS:c-1',
      resourceType: 'consent' as const,
      resourceId: 'c-1',
      createdAt: '2026-01-01T10:01:00.000Z',
      expiresAt: '2026-01-01T11:01:00.000Z',
      revokedAt: null,
    };
    await oauth.insertToken(token);
    expect(await oauth.findToken('t-1')).toEqual(token);
    await oauth.revokeTokensOf('hash-1', '2026-01-01T10:05:00.000Z');
    expect((await oauth.findToken('t-1'))?.revokedAt).toBe('2026-01-01T10:05:00.000Z');
    expect(await oauth.findToken('t-2')).toBeUndefined();
  });

  it('finds no redirect authorisation or resource that does not exist', async () => {
    expect(await oauth.latestRedirect({ type: 'consent', id: 'nope' })).toBeUndefined();
    expect(await oauth.exists({ type: 'payment', id: 'nope' })).toBe(false);
    expect(await oauth.resourceRedirectUris({ type: 'consent', id: 'nope' })).toEqual([]);
  });

  it('finds an authorisation by its id, as the SCA store does', async () => {
    const sca = new ScaStore(store.db);
    await sca.insert(store.db, {
      authorisation_id: 'a-1',
      resource_type: 'consent',
      resource_id: 'c-1',
      kind: 'authorisation',
      sca_approach: 'REDIRECT',
      sca_status: 'received',
      psu_id: null,
      chosen_method: null,
      otp_attempts: 0,
      tpp_redirect_uri: 'https://tpp.example/ok',
      tpp_nok_redirect_uri: null,
      created_at: '2026-01-01T10:00:00.000Z',
      updated_at: '2026-01-01T10:00:00.000Z',
      version: 0,
    });
    const found = await oauth.findAuthorisation('a-1');
    expect(found).toMatchObject({ authorisation_id: 'a-1', resource_id: 'c-1', sca_status: 'received' });
    expect(await sca.find('a-1')).toEqual(found);
    expect(await oauth.findAuthorisation('nope')).toBeUndefined();
  });
});
