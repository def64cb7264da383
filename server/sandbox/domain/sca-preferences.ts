// What the TPP prefers for SCA (its TPP-*-Preferred headers and redirect URIs, as http/headers.ts reads them) and the
// approach the bank picks from them.
import type { ScaApproach } from '../../../src/xs2a';

export interface ScaPreferences {
  redirectPreferred: boolean | undefined;
  decoupledPreferred: boolean | undefined;
  explicitPreferred: boolean;
  redirectUri: string | undefined;
  nokRedirectUri: string | undefined;
}

/** The approach the bank picks from the TPP's preferences (TPP-Redirect-Preferred, TPP-Decoupled-Preferred), falling back to its own default. */
export function chooseScaApproach(prefs: ScaPreferences, fallback: ScaApproach): ScaApproach {
  if (prefs.redirectPreferred === true && prefs.decoupledPreferred !== true) return 'REDIRECT';
  if (prefs.decoupledPreferred === true) return 'DECOUPLED';
  if (prefs.redirectPreferred === false) return 'EMBEDDED';
  return fallback;
}
