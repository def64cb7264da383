// The sandbox admin API's token (SANDBOX_ADMIN_TOKEN), per bank profile, kept in this tab's sessionStorage like the
// profiles' bearer tokens: it survives a reload and ends with the tab, and never goes to localStorage. Each token is
// stored with the origin of the base_url it was entered for (`{ [profileId]: { token, origin } }`) and handed out only
// while the profile's base_url has that origin.
//
// Tokens stored by an earlier version under `xs2a-console.sandbox-admin-tokens.v1` (by profile id alone) are dropped,
// not bound to the profile's current origin: nothing says which bank they were given for, and the profile under that id
// may since have been replaced by one that points to another bank. Entering the token again costs little; it lasted
// for the tab only anyway.
import { useSyncExternalStore } from 'react';
import type { BankProfile } from '../profiles/bank-profile';
import { isBoundToken, originOf, type BoundToken } from '../urls';
import { createKeyedEntries, createListeners, webStorage } from '../web-storage';

export const ADMIN_TOKENS_STORAGE_KEY = 'xs2a-console.sandbox-admin-tokens.v2';
const LEGACY_STORAGE_KEY = 'xs2a-console.sandbox-admin-tokens.v1';

const entries = createKeyedEntries<BoundToken>({
  storageKey: ADMIN_TOKENS_STORAGE_KEY,
  area: 'session',
  keep: (value): value is BoundToken => isBoundToken(value),
});
const listeners = createListeners();
let legacyDropped = false;

function read(): Record<string, BoundToken> {
  if (!legacyDropped) {
    legacyDropped = true;
    try {
      webStorage('session')?.removeItem(LEGACY_STORAGE_KEY);
    } catch {
      // Blocked storage holds nothing to drop.
    }
  }
  return entries.read(Date.now());
}

export const adminTokens = {
  /** The token given for the profile's bank, while its base_url still has the origin it was given for. */
  get(profile: Pick<BankProfile, 'id' | 'baseUrl'>): string | undefined {
    const entry = read()[profile.id];
    return entry && entry.origin === originOf(profile.baseUrl) ? entry.token : undefined;
  },
  /** Sets (or, when empty, forgets) the token of the profile's bank, for the origin of its base_url. */
  set(profile: Pick<BankProfile, 'id' | 'baseUrl'>, token: string): void {
    const all = read();
    const trimmed = token.trim();
    const origin = originOf(profile.baseUrl);
    if (trimmed && origin) all[profile.id] = { token: trimmed, origin };
    else delete all[profile.id];
    entries.write(all);
    listeners.notify();
  },
  /** Forgets the profile's token unless it was given for `origin`; the origin of the one forgotten, if any. */
  keepOnlyFor(profileId: string, origin: string | undefined): string[] {
    const all = read();
    const entry = all[profileId];
    if (!entry || entry.origin === origin) return [];
    delete all[profileId];
    entries.write(all);
    listeners.notify();
    return [entry.origin];
  },
  /** Every token this tab holds with its origin, for the sending layer's check. */
  all(): BoundToken[] {
    return Object.values(read());
  },
  subscribe: listeners.subscribe,
};

/** The admin token of a profile's bank, updated when it changes. */
export function useAdminToken(profile: Pick<BankProfile, 'id' | 'baseUrl'>): string | undefined {
  return useSyncExternalStore(
    adminTokens.subscribe,
    () => adminTokens.get(profile),
    () => undefined,
  );
}
