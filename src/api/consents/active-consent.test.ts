// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function freshModule() {
  vi.resetModules();
  return import('./active-consent');
}

describe('activeConsent', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one active consent per profile and persists it', async () => {
    const { activeConsent, ACTIVE_CONSENT_STORAGE_KEY } = await freshModule();
    activeConsent.set('sandbox', 'con-1');
    activeConsent.set('other', 'con-2');
    expect(activeConsent.get('sandbox')).toBe('con-1');
    expect(JSON.parse(localStorage.getItem(ACTIVE_CONSENT_STORAGE_KEY) ?? '')).toEqual({
      sandbox: 'con-1',
      other: 'con-2',
    });
    activeConsent.set('sandbox', undefined);
    expect(activeConsent.get('sandbox')).toBeUndefined();
    const reloaded = await freshModule();
    expect(reloaded.activeConsent.get('other')).toBe('con-2');
    expect(reloaded.activeConsent.get('sandbox')).toBeUndefined();
  });

  it('ignores corrupt storage', async () => {
    localStorage.setItem('xs2a-console.active-consent.v1', '{not json');
    const { activeConsent } = await freshModule();
    expect(activeConsent.get('sandbox')).toBeUndefined();
    localStorage.setItem('xs2a-console.active-consent.v1', JSON.stringify({ sandbox: 42, other: 'con-9' }));
    const again = await freshModule();
    expect(again.activeConsent.get('sandbox')).toBeUndefined();
    expect(again.activeConsent.get('other')).toBe('con-9');
  });

  it('re-renders a hook on change', async () => {
    const { activeConsent, useActiveConsentId } = await freshModule();
    const { result } = renderHook(() => useActiveConsentId('sandbox'));
    expect(result.current).toBeUndefined();
    act(() => activeConsent.set('sandbox', 'con-7'));
    expect(result.current).toBe('con-7');
  });
});
