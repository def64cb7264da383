// The sandbox admin API's token (SANDBOX_ADMIN_TOKEN), per bank profile, kept in this tab's sessionStorage like the
// profiles' bearer tokens: it survives a reload and ends with the tab, and never goes to localStorage.
import { useSyncExternalStore } from 'react';
import { createKeyedEntries, createListeners } from '../web-storage';

export const ADMIN_TOKENS_STORAGE_KEY = 'xs2a-console.sandbox-admin-tokens.v1';

const entries = createKeyedEntries<string>({
  storageKey: ADMIN_TOKENS_STORAGE_KEY,
  area: 'session',
  keep: (value): value is string => typeof value === 'string' && value !== '',
});
const listeners = createListeners();

export const adminTokens = {
  /** The token given for a profile's bank; undefined when none. */
  get(profileId: string): string | undefined {
    return entries.read(Date.now())[profileId];
  },
  /** Sets (or, when empty, forgets) the token of a profile's bank. */
  set(profileId: string, token: string): void {
    const all = entries.read(Date.now());
    const trimmed = token.trim();
    if (trimmed) all[profileId] = trimmed;
    else delete all[profileId];
    entries.write(all);
    listeners.notify();
  },
  subscribe: listeners.subscribe,
};

/** The admin token of a profile's bank, updated when it changes. */
export function useAdminToken(profileId: string): string | undefined {
  return useSyncExternalStore(
    adminTokens.subscribe,
    () => adminTokens.get(profileId),
    () => undefined,
  );
}
