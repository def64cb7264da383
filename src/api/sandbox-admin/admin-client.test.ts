// @vitest-environment happy-dom
// The sandbox admin client: discovery (found, absent, token needed), calls recorded in the exchange log with the admin
// token redacted, the token kept in sessionStorage only, and the sandbox's refusals in plain words.
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminDiscoveryDocument,
  adminErrorResponse,
  answerNext,
  hang,
  jsonResponse,
  networkError,
  sent,
} from '../../testing/http';
import { exchangeLog } from '../exchange-log';
import type { BankProfile } from '../profiles/bank-profile';
import { actionHref, adminRequest, describeAdminError, SandboxAdminError } from './admin-client';
import { discoverAdmin } from './admin-discovery';
import { ADMIN_TOKENS_STORAGE_KEY, adminTokens } from './admin-token';

const profile: BankProfile = {
  id: 'bank',
  name: 'Bank',
  baseUrl: 'https://bank.example/sandbox',
  psuHeaders: {},
  sca: {},
};
const TOKEN = 'admin-token-0123456789abcdef';

afterEach(() => {
  exchangeLog.clear();
  sessionStorage.clear();
  localStorage.clear();
});

describe('discoverAdmin', () => {
  it('finds the admin API at {base_url}/admin, with the token when one is given, and leaves the log alone', async () => {
    adminTokens.set(profile, TOKEN);
    answerNext(jsonResponse(adminDiscoveryDocument()));
    const found = await discoverAdmin(profile);
    expect(found).toMatchObject({ available: true, tokenNeeded: false });
    const request = await sent();
    expect(request.url).toBe('https://bank.example/sandbox/admin');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(exchangeLog.list()).toEqual([]);
  });

  it('asks through the profile’s relay when it has one', async () => {
    answerNext(jsonResponse(adminDiscoveryDocument()));
    await discoverAdmin({ ...profile, relayTarget: 'bank' });
    expect((await sent()).url).toMatch(/\/relay\/bank\?url=https%3A%2F%2Fbank\.example%2Fsandbox%2Fadmin$/);
  });

  it.each([
    ['a 404 with an XS2A error', () => jsonResponse({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] }, { status: 404 })],
    ['an answer that is no discovery document', () => jsonResponse({ hello: 'world' })],
    ['no answer at all', networkError],
  ])('reads a bank that gives %s as one without the admin API', async (_, answer) => {
    answerNext(answer());
    expect(await discoverAdmin(profile)).toEqual({ available: false });
  });

  it('reads a 401 of the admin API as present, with its token needed', async () => {
    answerNext(adminErrorResponse(401, 'unauthorized', 'The admin API needs the token SANDBOX_ADMIN_TOKEN.'));
    expect(await discoverAdmin(profile)).toEqual({ available: true, tokenNeeded: true });
  });
});

describe('adminRequest', () => {
  it('gives up after the profile’s request timeout', async () => {
    answerNext(hang);
    const call = { operationId: 'sandboxAdmin.clock.read', method: 'GET', href: '/sandbox/admin/clock' } as const;
    const error = await adminRequest({ ...profile, timeoutSeconds: 1 }, call).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'timeout', timeoutMs: 1000 });
    expect(exchangeLog.list()[0]?.error?.kind).toBe('timeout');
  });

  it('sends the token as a Bearer token, keeps it in sessionStorage only, and redacts it from the log', async () => {
    adminTokens.set(profile, TOKEN);
    expect(sessionStorage.getItem(ADMIN_TOKENS_STORAGE_KEY)).toContain(TOKEN);
    expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
    // A sandbox that echoes the token back must not get it into the inspector either.
    answerNext(jsonResponse({ now: '2026-03-16T10:00:00.000Z', echo: `Bearer ${TOKEN}` }));
    const controls = adminDiscoveryDocument().controls;
    await adminRequest(profile, {
      operationId: 'sandboxAdmin.clock.advance',
      method: 'POST',
      href: actionHref(controls, 'clock', 'advance'),
      body: { by: 'PT1H' },
    });
    const request = await sent();
    expect(request.url).toBe('https://bank.example/sandbox/admin/clock/advance');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toEqual({ by: 'PT1H' });
    const logged = JSON.stringify(exchangeLog.list());
    expect(logged).toContain('sandboxAdmin.clock.advance');
    expect(logged).not.toContain(TOKEN);
  });

  it('rejects with the sandbox’s refusal, told in plain words', async () => {
    answerNext(adminErrorResponse(409, 'clock_backwards', 'The instant given lies before the bank’s time.'));
    const call = adminRequest(profile, {
      operationId: 'sandboxAdmin.clock.set',
      method: 'POST',
      href: '/sandbox/admin/clock/set',
      body: { to: '2020-01-01' },
    });
    const error = await call.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SandboxAdminError);
    expect(describeAdminError(error)).toMatchObject({
      title: 'The sandbox cannot do this now',
      summary: 'The instant given lies before the bank’s time.',
      status: 409,
    });
    expect(exchangeLog.list()[0]?.response?.status).toBe(409);
  });

  it('names the token when the sandbox wants one', () => {
    const error = new SandboxAdminError(401, 'unauthorized', 'The admin API needs the token.', 'x');
    expect(describeAdminError(error).advice).toMatch(/SANDBOX_ADMIN_TOKEN/);
  });

  it('fills an action’s parameters, percent-encoded', () => {
    const controls = adminDiscoveryDocument().controls;
    expect(actionHref(controls, 'scenarios', 'remove', { id: 'scn-1' })).toBe('/sandbox/admin/scenarios/scn-1');
    expect(actionHref(controls, 'data', 'restoreSnapshot', { name: 'a b' })).toBe(
      '/sandbox/admin/snapshots/a%20b/restore',
    );
    expect(() => actionHref(controls, 'clock', 'rewind')).toThrow(/no clock action "rewind"/);
  });
});
