// Helpers for the fetch layer's tests: a profile and the shape of an X-Request-ID. HTTP is stubbed with src/testing/http.
import { builtInSandboxProfile, type BankProfile } from './profiles/bank-profile';

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function testProfile(changes: Partial<BankProfile> = {}): BankProfile {
  return { ...builtInSandboxProfile('https://console.example'), ...changes };
}
