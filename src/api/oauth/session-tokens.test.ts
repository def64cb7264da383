// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_TOKENS_STORAGE_KEY, sessionTokens, type SessionToken } from './session-tokens';

const hour = 3_600_000;
const BANK = 'https://bank.example';
const token = (scope: string, accessToken: string, obtainedAt: number, lifetime = hour): SessionToken => ({
  scope,
  accessToken,
  obtainedAt,
  expiresAt: obtainedAt + lifetime,
  origin: BANK,
});

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  sessionTokens.reload();
});

describe('sessionTokens', () => {
  it('keeps tokens per profile in sessionStorage only, one per scope', () => {
    sessionTokens.save('bank', token('AIS:c-1', 'first-token', 1000));
    sessionTokens.save('bank', token('AIS:c-1', 'second-token', 2000));
    sessionTokens.save('other', token('PIS:p-1', 'other-token', 1000));
    expect(sessionTokens.list('bank').map((t) => t.accessToken)).toEqual(['second-token']);
    expect(sessionTokens.list('other').map((t) => t.scope)).toEqual(['PIS:p-1']);
    expect(sessionStorage.getItem(SESSION_TOKENS_STORAGE_KEY)).toContain('second-token');
    expect(JSON.stringify({ ...localStorage })).not.toContain('token');
    // Read back from storage, as after a reload of the tab.
    sessionTokens.reload();
    expect(sessionTokens.list('bank')).toEqual([token('AIS:c-1', 'second-token', 2000)]);
  });

  it('offers a consent its own token, other requests the newest valid one, and no expired token', () => {
    sessionTokens.save('bank', token('AIS:c-1', 'consent-token', 1000, 2 * hour));
    sessionTokens.save('bank', token('PIS:p-1', 'payment-token', 2000));
    expect(sessionTokens.tokenFor('bank', { origin: BANK, consentId: 'c-1' }, 3000)?.accessToken).toBe('consent-token');
    expect(sessionTokens.tokenFor('bank', { origin: BANK, consentId: 'c-2' }, 3000)?.accessToken).toBe('payment-token');
    expect(sessionTokens.tokenFor('bank', { origin: BANK }, 3000)?.accessToken).toBe('payment-token');
    // The payment's token has expired; the consent's is still good for a moment.
    expect(sessionTokens.tokenFor('bank', { origin: BANK }, 2000 + hour)?.accessToken).toBe('consent-token');
    expect(sessionTokens.tokenFor('bank', { origin: BANK }, 1000 + 2 * hour)).toBeUndefined();
    expect(sessionTokens.tokenFor('nobody', { origin: BANK })).toBeUndefined();
    // A token is offered for the origin it was obtained for, and for no other.
    expect(sessionTokens.tokenFor('bank', { origin: 'https://other.example' }, 3000)).toBeUndefined();
  });

  it('forgets one token or all of a profile, and lists every value for redaction', () => {
    sessionTokens.save('bank', token('AIS:c-1', 'consent-token', 1000));
    sessionTokens.save('bank', token('PIS:p-1', 'payment-token', 2000));
    sessionTokens.save('other', token('PIS:p-2', 'other-token', 2000));
    expect(sessionTokens.allValues().sort()).toEqual(['consent-token', 'other-token', 'payment-token']);
    sessionTokens.forget('bank', 'PIS:p-1');
    expect(sessionTokens.list('bank').map((t) => t.scope)).toEqual(['AIS:c-1']);
    sessionTokens.forget('bank');
    expect(sessionTokens.list('bank')).toEqual([]);
    sessionTokens.forget('other');
    expect(sessionStorage.getItem(SESSION_TOKENS_STORAGE_KEY)).toBeNull();
  });

  it('ignores what it cannot read in storage', () => {
    sessionStorage.setItem(
      SESSION_TOKENS_STORAGE_KEY,
      JSON.stringify({ bank: [{ scope: 'AIS:c-1' }, token('AIS:c-2', 'good', 1)], broken: 'x' }),
    );
    sessionTokens.reload();
    expect(sessionTokens.list('bank').map((t) => t.accessToken)).toEqual(['good']);
    expect(sessionTokens.list('broken')).toEqual([]);
    sessionStorage.setItem(SESSION_TOKENS_STORAGE_KEY, '{not json');
    sessionTokens.reload();
    expect(sessionTokens.list('bank')).toEqual([]);
  });

  it('tells subscribers about changes', () => {
    let calls = 0;
    const unsubscribe = sessionTokens.subscribe(() => (calls += 1));
    sessionTokens.save('bank', token('AIS:c-1', 'consent-token', 1000));
    sessionTokens.forget('bank');
    unsubscribe();
    sessionTokens.save('bank', token('AIS:c-1', 'consent-token', 1000));
    expect(calls).toBe(2);
  });
});
