// @vitest-environment happy-dom
// Tokens belong to the bank origin they were given for: once a profile's base_url points to another origin (by an edit
// in Settings or by an import under the same id), no request to the new origin carries a token of the old one — not
// the admin API's discovery or calls, not the OAuth requests, not the XS2A calls, directly or through the relay.
import { afterEach, describe, expect, it } from 'vitest';
import { adminDiscoveryDocument, answerAll, jsonResponse, sent, sentCount } from '../testing/http';
import { sendOperation, xs2aRequest } from './client';
import { exchangeLog } from './exchange-log';
import { discoverOAuthServer } from './oauth/oauth-flow';
import { sessionTokens } from './oauth/session-tokens';
import type { BankProfile } from './profiles/bank-profile';
import { profileStore } from './profiles/profile-store';
import { adminRequest } from './sandbox-admin/admin-client';
import { discoverAdmin } from './sandbox-admin/admin-discovery';
import { adminTokens } from './sandbox-admin/admin-token';

const A = 'https://bank-a.example';
const B = 'https://bank-b.example';
const BEARER = 'bearer-token-for-a';
const OAUTH = 'oauth-token-for-a';
const ADMIN = 'admin-token-for-a';

const atA: BankProfile = {
  id: 'acme',
  name: 'Acme',
  baseUrl: `${A}/sandbox`,
  psuHeaders: {},
  sca: {},
  bearerToken: BEARER,
};

function stored(): BankProfile {
  const profile = profileStore.get('acme');
  if (!profile) throw new Error('no profile acme');
  return profile;
}

/** The profile at bank A with a bearer token, an OAuth session token and a sandbox admin token, all given for A. */
function holdTokensForA(changes: Partial<BankProfile> = {}): void {
  profileStore.save({ ...atA, ...changes });
  adminTokens.set(stored(), ADMIN);
  const now = Date.now();
  sessionTokens.save('acme', {
    scope: 'AIS:c-1',
    accessToken: OAUTH,
    obtainedAt: now,
    expiresAt: now + 3_600_000,
    origin: A,
  });
}

/** A bank (A or B) that answers whatever it is asked with something the console can read. */
function answerAsBank(): void {
  answerAll((request) => {
    const url = new URL(new URL(request.url).searchParams.get('url') ?? request.url);
    if (url.pathname.endsWith('/admin')) return jsonResponse(adminDiscoveryDocument());
    if (url.pathname.endsWith('/admin/clock')) return jsonResponse({ now: '2026-03-16T10:00:00.000Z' });
    if (url.pathname.includes('/.well-known/')) return jsonResponse({ issuer: url.origin });
    return jsonResponse({ consentStatus: 'valid' });
  });
}

/** The admin discovery and a control read, an OAuth metadata read and an XS2A read, as the console sends them. */
async function everyKindOfCall(profile: BankProfile): Promise<{ url: string; authorization: string | null }[]> {
  const first = sentCount();
  await discoverAdmin(profile);
  await adminRequest(profile, { operationId: 'sandboxAdmin.clock', method: 'GET', href: '/sandbox/admin/clock' });
  await discoverOAuthServer(profile, '/sandbox/.well-known/oauth-authorization-server').catch(() => undefined);
  await xs2aRequest({
    profile,
    operationId: 'getConsentStatus',
    method: 'GET',
    path: '/v1/consents/c-1/status',
    consentId: 'c-1',
  });
  await xs2aRequest({ profile, operationId: 'getConsentStatus', method: 'GET', path: '/v1/consents/c-2/status' });
  const requests = [];
  for (let index = first; index < sentCount(); index += 1) {
    const request = await sent(index);
    requests.push({ url: request.url, authorization: request.headers.get('Authorization') });
  }
  return requests;
}

afterEach(() => {
  profileStore.remove('acme');
  sessionTokens.forget('acme');
  adminTokens.set({ id: 'acme', baseUrl: A }, '');
  sessionStorage.clear();
  localStorage.clear();
  sessionTokens.reload();
  exchangeLog.clear();
});

describe('tokens given for one bank origin', () => {
  it('go to that origin (the control case)', async () => {
    holdTokensForA();
    answerAsBank();
    const calls = await everyKindOfCall(stored());
    expect(calls.map((call) => call.authorization)).toEqual([
      `Bearer ${ADMIN}`,
      `Bearer ${ADMIN}`,
      null,
      `Bearer ${OAUTH}`,
      `Bearer ${OAUTH}`,
    ]);
  });

  it('never reach the bank an import under the same id points the profile to', async () => {
    holdTokensForA();
    profileStore.importJson(
      JSON.stringify({ profiles: [{ id: 'acme', name: 'Acme', baseUrl: `${B}/sandbox`, psuHeaders: {}, sca: {} }] }),
    );
    answerAsBank();
    const calls = await everyKindOfCall(stored());
    expect(calls.every((call) => call.url.startsWith(B))).toBe(true);
    expect(calls.map((call) => call.authorization)).toEqual([null, null, null, null, null]);
  });

  it('never reach the bank an edit of the base_url points the profile to, the bearer token left in the form', async () => {
    holdTokensForA();
    profileStore.save({ ...stored(), baseUrl: `${B}/psd2` });
    answerAsBank();
    const calls = await everyKindOfCall(stored());
    expect(calls.map((call) => call.authorization)).toEqual([null, null, null, null, null]);
    expect(stored().bearerToken).toBeUndefined();
    expect(adminTokens.get(stored())).toBeUndefined();
    expect(sessionTokens.list('acme')).toEqual([]);
  });

  it('stay with a profile whose base_url changes its path only', async () => {
    holdTokensForA();
    profileStore.save({ ...stored(), baseUrl: `${A}/other-prefix` });
    answerAsBank();
    const calls = await everyKindOfCall(stored());
    expect(calls.map((call) => call.authorization)).toEqual([
      `Bearer ${ADMIN}`,
      `Bearer ${ADMIN}`,
      null,
      `Bearer ${OAUTH}`,
      `Bearer ${OAUTH}`,
    ]);
    expect(stored().bearerToken).toBe(BEARER);
  });

  it('never reach another bank through the relay either', async () => {
    holdTokensForA({ relayTarget: 'bank' });
    answerAsBank();
    const before = await everyKindOfCall(stored());
    expect(before[0]?.url).toMatch(/\/relay\/bank\?url=https%3A%2F%2Fbank-a\.example/);
    expect(before[0]?.authorization).toBe(`Bearer ${ADMIN}`);

    profileStore.importJson(
      JSON.stringify({
        profiles: [{ id: 'acme', name: 'Acme', baseUrl: `${B}/sandbox`, relayTarget: 'bank', psuHeaders: {}, sca: {} }],
      }),
    );
    const after = await everyKindOfCall(stored());
    expect(after[0]?.url).toMatch(/\/relay\/bank\?url=https%3A%2F%2Fbank-b\.example/);
    expect(after.map((call) => call.authorization)).toEqual([null, null, null, null, null]);
  });
});

describe('the sending layer', () => {
  it('sends no token along a bank’s link to another origin', async () => {
    holdTokensForA();
    answerAsBank();
    await xs2aRequest({
      profile: stored(),
      operationId: 'getConsentStatus',
      method: 'GET',
      href: `${B}/v1/consents/c-1/status`,
      consentId: 'c-1',
    });
    const request = await sent();
    expect(request.url).toBe(`${B}/v1/consents/c-1/status`);
    expect(request.headers.get('Authorization')).toBeNull();
  });

  it('holds even when a profile handed to it claims the token for the other origin', async () => {
    holdTokensForA();
    sessionTokens.forget('acme');
    answerAsBank();
    // A stale or altered copy of the profile: the base_url and the token's origin both say B, the store says A.
    const altered = { ...stored(), baseUrl: `${B}/sandbox`, bearerTokenOrigin: B };
    await xs2aRequest({
      profile: altered,
      operationId: 'getConsentStatus',
      method: 'GET',
      path: '/v1/consents/c/status',
    });
    expect((await sent()).headers.get('Authorization')).toBeNull();
    expect(JSON.stringify(exchangeLog.list()[0]?.request.headers)).not.toMatch(/authorization/i);
  });

  it('takes a held token off a request to an origin it was not given for, whoever put it there', async () => {
    holdTokensForA();
    answerAsBank();
    for (const token of [BEARER, OAUTH, ADMIN]) {
      await sendOperation({
        profile: stored(),
        operationId: 'getConsentStatus',
        method: 'GET',
        url: `${B}/sandbox/v1/consents/c-1/status`,
        headers: { 'X-Request-ID': crypto.randomUUID(), authorization: `Bearer ${token}` },
      });
    }
    for (let index = 0; index < 3; index += 1) {
      expect((await sent(index)).headers.get('Authorization'), String(index)).toBeNull();
    }
    // The same request to the token's own origin keeps it.
    await sendOperation({
      profile: stored(),
      operationId: 'getConsentStatus',
      method: 'GET',
      url: `${A}/sandbox/v1/consents/c-1/status`,
      headers: { 'X-Request-ID': crypto.randomUUID(), Authorization: `Bearer ${BEARER}` },
    });
    expect((await sent(3)).headers.get('Authorization')).toBe(`Bearer ${BEARER}`);
  });
});

describe('tokens stored by an earlier version without their origin', () => {
  it('are dropped, not bound to where the profile points now', async () => {
    profileStore.save({ ...atA, baseUrl: `${B}/sandbox`, bearerToken: undefined });
    sessionStorage.setItem('xs2a-console.sandbox-admin-tokens.v1', JSON.stringify({ acme: ADMIN }));
    const legacyOAuth = {
      scope: 'AIS:c-1',
      accessToken: OAUTH,
      obtainedAt: Date.now(),
      expiresAt: Date.now() + 60_000,
    };
    sessionStorage.setItem('xs2a-console.oauth-tokens.v1', JSON.stringify({ acme: [legacyOAuth] }));
    sessionStorage.setItem('xs2a-console.oauth-tokens.v2', JSON.stringify({ acme: [legacyOAuth] }));
    sessionTokens.reload();
    expect(adminTokens.get(stored())).toBeUndefined();
    expect(sessionTokens.list('acme')).toEqual([]);
    expect(sessionStorage.getItem('xs2a-console.oauth-tokens.v1')).toBeNull();
    answerAsBank();
    const calls = await everyKindOfCall(stored());
    expect(calls.map((call) => call.authorization)).toEqual([null, null, null, null, null]);
  });
});
