// Helpers for the fetch layer's tests: a profile and the shape of an X-Request-ID. HTTP is stubbed with src/testing/http.
import { builtInSandboxProfile, type BankProfile } from './profiles/bank-profile';
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
