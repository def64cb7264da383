// The TPP headers that steer SCA: the profile's preferences and the redirect URIs, on the operations that define them.
import { redirectUrisFor, type BankProfile } from './profiles/bank-profile';

const asHeader = (value: boolean | undefined) => (value === undefined ? undefined : String(value));

/**
 * The operations that steer SCA: POST payment, POST consent and DELETE payment ('initiation') take all three
 * preferences; POST signing basket ('basket') the redirect and explicit ones (1.3.12 gives it no decoupled preference);
 * starting an authorisation takes only TPP-Redirect-Preferred.
 */
export type ScaStartOperation = 'initiation' | 'basket' | 'startAuthorisation';

export function scaPreferenceHeaders(
  profile: BankProfile,
  operation: ScaStartOperation,
): Record<string, string | undefined> {
  const headers: Record<string, string | undefined> = {
    'TPP-Redirect-Preferred': asHeader(profile.sca.redirectPreferred),
  };
  if (operation === 'initiation') headers['TPP-Decoupled-Preferred'] = asHeader(profile.sca.decoupledPreferred);
  if (operation !== 'startAuthorisation') {
    headers['TPP-Explicit-Authorisation-Preferred'] = asHeader(profile.sca.explicitAuthorisationPreferred);
  }
  return headers;
}

export interface RedirectOverrides {
  /** TPP-Redirect-URI for this call, e.g. with the flow's state (see redirectUrisFor). */
  tppRedirectUri?: string;
  tppNokRedirectUri?: string;
}

/** TPP-Redirect-URI and TPP-Nok-Redirect-URI: the call's own, else the profile's, else the console's callback pages. */
export function redirectHeaders(profile: BankProfile, overrides: RedirectOverrides): Record<string, string> {
  const defaults = redirectUrisFor(profile, {});
  return {
    'TPP-Redirect-URI': overrides.tppRedirectUri || defaults.ok,
    'TPP-Nok-Redirect-URI': overrides.tppNokRedirectUri || defaults.nok,
  };
}

/** The headers of the operations that may start SCA, plus an optional PSU-ID for this call. */
export function scaStartHeaders(
  profile: BankProfile,
  operation: ScaStartOperation,
  overrides: RedirectOverrides & { psuId?: string },
): Record<string, string | undefined> {
  return {
    ...scaPreferenceHeaders(profile, operation),
    ...redirectHeaders(profile, overrides),
    'PSU-ID': overrides.psuId,
  };
}
