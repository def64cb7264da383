// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  bindRedirectState,
  createRedirectState,
  findFirstRedirectState,
  findRedirectState,
  forgetRedirectState,
  isSafeReturnTo,
  REDIRECT_STATE_TTL_MS,
  REDIRECT_STORE_KEY,
} from './redirect-store';

const t0 = Date.UTC(2026, 0, 15, 12);

afterEach(() => localStorage.clear());

describe('redirect state store', () => {
  it('creates unguessable states and binds the return route later', () => {
    const a = createRedirectState('sandbox', t0);
    const b = createRedirectState('sandbox', t0);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(a).not.toBe(b);
    expect(findRedirectState(a, t0)).toEqual({ profileId: 'sandbox', createdAt: t0 });

    bindRedirectState(a, '/payments/payments/sepa-credit-transfers/pay-1', t0 + 1000);
    expect(findRedirectState(a, t0 + 2000)?.returnTo).toBe('/payments/payments/sepa-credit-transfers/pay-1');
    expect(findRedirectState(b, t0 + 2000)?.returnTo).toBeUndefined();
  });

  it('forgets entries after a day and prunes them from storage', () => {
    const old = createRedirectState('p1', t0);
    const fresh = createRedirectState('p1', t0 + REDIRECT_STATE_TTL_MS - 10);
    expect(findRedirectState(old, t0 + REDIRECT_STATE_TTL_MS - 1)).toBeDefined();
    expect(findRedirectState(old, t0 + REDIRECT_STATE_TTL_MS)).toBeUndefined();
    createRedirectState('p1', t0 + REDIRECT_STATE_TTL_MS); // any write prunes
    const stored = JSON.parse(localStorage.getItem(REDIRECT_STORE_KEY) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(stored)).not.toContain(old);
    expect(Object.keys(stored)).toContain(fresh);
  });

  it('removes a used state and the whole key once empty', () => {
    const s = createRedirectState('p1', t0);
    forgetRedirectState(s, t0);
    expect(findRedirectState(s, t0)).toBeUndefined();
    expect(localStorage.getItem(REDIRECT_STORE_KEY)).toBeNull();
  });

  it('does not bind unsafe return routes or unknown states', () => {
    const s = createRedirectState('p1', t0);
    bindRedirectState(s, '//evil.example/path', t0);
    bindRedirectState(s, 'https://evil.example', t0);
    expect(findRedirectState(s, t0)?.returnTo).toBeUndefined();
    bindRedirectState('nope', '/payments', t0);
    expect(findRedirectState('nope', t0)).toBeUndefined();
  });

  it('survives corrupt storage', () => {
    localStorage.setItem(REDIRECT_STORE_KEY, '{not json');
    expect(findRedirectState('x', t0)).toBeUndefined();
    localStorage.setItem(REDIRECT_STORE_KEY, JSON.stringify({ a: { profileId: 1 }, b: null, c: 'x' }));
    expect(findRedirectState('a', t0)).toBeUndefined();
    const s = createRedirectState('p', t0);
    expect(findRedirectState(s, t0)).toBeDefined();
    localStorage.setItem(REDIRECT_STORE_KEY, '[1,2]');
    expect(findRedirectState(s, t0)).toBeUndefined();
  });

  it('finds the first known state among several candidates (the bank may add its own state)', () => {
    const s = createRedirectState('p1', t0);
    expect(findFirstRedirectState(['bank-state', s], t0)).toEqual({
      state: s,
      entry: { profileId: 'p1', createdAt: t0 },
    });
    expect(findFirstRedirectState(['bank-state'], t0)).toBeUndefined();
    expect(findFirstRedirectState([], t0)).toBeUndefined();
  });
});

describe('isSafeReturnTo', () => {
  it.each(['/payments', '/payments/payments/sepa-credit-transfers/p-1?tab=sca', '/consents/c-1'])('accepts %s', (p) =>
    expect(isSafeReturnTo(p)).toBe(true),
  );
  it.each([
    '',
    'payments',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/a\nb',
  ])('rejects %s', (p) => expect(isSafeReturnTo(p)).toBe(false));
});
