// What the console keeps in localStorage, written before any page script runs: the bank profile it starts with and its
// active consent (the storage formats of src/api).
import type { Page } from '@playwright/test';
import { SANDBOX } from './fixtures';

/** A bank profile as the console stores it (`xs2a-console.profiles.v1` of src/api). */
export interface StoredProfile {
  id: string;
  name: string;
  /** A path on the console's own origin (e.g. /sandbox), or a full URL. */
  baseUrl: string;
  relayTarget?: string;
  /** The console's request timeout for this bank, in seconds. */
  timeoutSeconds?: number;
  psuHeaders: Record<string, string>;
  sca: { redirectPreferred?: boolean; decoupledPreferred?: boolean; explicitAuthorisationPreferred?: boolean };
}

/**
 * Makes `profile` the console's only and active bank profile before any page script runs. Only on the console's own
 * pages (`onlyOrigin`, or any origin's pages outside /sandbox and the test benches' /bench): the bank's pages may share
 * the origin.
 */
export async function storeProfile(page: Page, profile: StoredProfile, onlyOrigin?: string): Promise<void> {
  await page.addInitScript(
    ({ stored, onlyOrigin }) => {
      const bankPage = /^\/(sandbox|bench)(\/|$)/.test(window.location.pathname);
      if (onlyOrigin ? window.location.origin !== onlyOrigin : bankPage) return;
      const baseUrl = stored.baseUrl.startsWith('/') ? `${window.location.origin}${stored.baseUrl}` : stored.baseUrl;
      window.localStorage.setItem('xs2a-console.profiles.v1', JSON.stringify({ profiles: [{ ...stored, baseUrl }] }));
      window.localStorage.setItem('xs2a-console.active-profile.v1', stored.id);
    },
    { stored: profile, onlyOrigin },
  );
}

/** Makes `consentId` the active consent of the bank profile `profileId` before the console's scripts run. */
export async function storeActiveConsent(page: Page, consentId: string, profileId = 'sandbox'): Promise<void> {
  await page.addInitScript(
    ({ consentId, profileId }) => {
      if (/^\/(sandbox|bench)(\/|$)/.test(window.location.pathname)) return;
      window.localStorage.setItem('xs2a-console.active-consent.v1', JSON.stringify({ [profileId]: consentId }));
    },
    { consentId, profileId },
  );
}

/** A profile of the embedded sandbox that sends PSU-IP-Address, with these SCA preferences. */
export function sandboxProfile(
  id: string,
  name: string,
  sca: StoredProfile['sca'],
  psuHeaders: Record<string, string> = {},
): StoredProfile {
  return { id, name, baseUrl: SANDBOX, psuHeaders: { psuIpAddress: '192.168.0.10', ...psuHeaders }, sca };
}
