/**
 * The consent the AIS pages read with, one per bank profile, persisted in localStorage under
 * `xs2a-console.active-consent.v1` as `{ [profileId]: consentId }`. Account reads take their Consent-ID from here, and
 * the query keys carry it, so switching the active consent never shows another consent's data.
 */
import { useSyncExternalStore } from 'react';
import { createListeners } from '../web-storage';

export const ACTIVE_CONSENT_STORAGE_KEY = 'xs2a-console.active-consent.v1';

let byProfile: Record<string, string> | undefined;
const listeners = createListeners();

function read(): Record<string, string> {
  if (byProfile) return byProfile;
  byProfile = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ACTIVE_CONSENT_STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [profileId, consentId] of Object.entries(parsed)) {
        if (typeof consentId === 'string' && consentId) byProfile[profileId] = consentId;
      }
    }
  } catch {
    // Blocked or corrupt storage: no consent is active until one is chosen.
  }
  return byProfile;
}

function write(next: Record<string, string>) {
  byProfile = next;
  try {
    localStorage.setItem(ACTIVE_CONSENT_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Full or blocked storage: the choice holds for this page's lifetime.
  }
  listeners.notify();
}

export const activeConsent = {
  get(profileId: string): string | undefined {
    return read()[profileId];
  },
  /** Makes `consentId` the active consent of the profile; undefined clears it. */
  set(profileId: string, consentId: string | undefined): void {
    const { [profileId]: _previous, ...rest } = read();
    write(consentId ? { ...rest, [profileId]: consentId } : rest);
  },
  subscribe: listeners.subscribe,
};

// Another tab changing the active consent is followed here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== ACTIVE_CONSENT_STORAGE_KEY) return;
    byProfile = undefined;
    listeners.notify();
  });
}

/** The active consent id of a profile; re-renders when it changes. */
export function useActiveConsentId(profileId: string): string | undefined {
  const get = () => activeConsent.get(profileId);
  return useSyncExternalStore(activeConsent.subscribe, get, get);
}
