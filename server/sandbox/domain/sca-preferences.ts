// What the TPP prefers for SCA (its TPP-*-Preferred headers and redirect URIs, as http/headers.ts reads them) and the
// approach the bank picks from them.
import type { ScaApproach } from '../../../src/xs2a';
import { formatError, type Area } from '../rules/bank-error';
import { offeredApproach } from '../rules/behaviour';

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

/**
 * The approach of a new payment, consent or signing basket: the TPP's preference as far as the bank offers it (else its
 * default); preferring redirect needs the TPP-Redirect-URI to send the PSU back to.
 */
export function creationApproach(
  behaviour: Parameters<typeof offeredApproach>[0],
  prefs: ScaPreferences,
  area: Area,
): ScaApproach {
  const approach = offeredApproach(behaviour, chooseScaApproach(prefs, behaviour.defaultScaApproach));
  if (approach === 'REDIRECT' && prefs.redirectPreferred === true && !prefs.redirectUri) {
    throw formatError('TPP-Redirect-URI is required when TPP-Redirect-Preferred is true.', 'TPP-Redirect-URI', area);
  }
  return approach;
}
