// Helpers for the fetch layer's tests: a profile, the shape of an X-Request-ID, and exchanges folded as the log folds
// them. HTTP is stubbed with src/testing/http.
import type { Exchange } from './exchange-types';
import { builtInSandboxProfile, type BankProfile } from './profiles/bank-profile';
import { foldStatusRead } from './status-reads';
import { originOf } from './urls';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A profile of the sandbox with these changes; a bearer token given without its origin is bound to the base_url's. */
export function testProfile(changes: Partial<BankProfile> = {}): BankProfile {
  const profile = { ...builtInSandboxProfile('https://console.example'), ...changes };
  if (profile.bearerToken !== undefined && !('bearerTokenOrigin' in changes)) {
    profile.bearerTokenOrigin = originOf(profile.baseUrl);
  }
  return profile;
}

/** The exchanges as the log keeps them: each status read folded into its run as it is answered (foldStatusRead). */
export function foldedAsRecorded(exchanges: readonly Exchange[]): Exchange[] {
  let list: Exchange[] = [];
  for (const exchange of exchanges) {
    list = [...list, exchange];
    list = foldStatusRead(list, list.length - 1)?.list ?? list;
  }
  return list;
}
