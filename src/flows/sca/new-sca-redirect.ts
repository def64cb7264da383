// Prepares a redirect SCA round trip: the TPP-Redirect-URIs carry a fresh state that the callback page resolves.
import { recordHandOver, redirectUrisFor, type AuthorisationScope, type BankProfile } from '../../api';
import { bindRedirectState, createRedirectState } from './redirect-store';

export interface ScaRedirect {
  /** Send as TPP-Redirect-URI. */
  tppRedirectUri: string;
  /** Send as TPP-Nok-Redirect-URI. */
  tppNokRedirectUri: string;
  /** Call once the console route to come back to is known (e.g. after the 201 gave the paymentId). */
  bindTo(returnTo: string): void;
}

/**
 * URIs to send as TPP-Redirect-URI / TPP-Nok-Redirect-URI and a bindTo(returnTo) for the route to return to. The
 * callback page looks the state up in localStorage and navigates there with `?sca=ok` or `?sca=nok`.
 */
export function newScaRedirect(profile: BankProfile): ScaRedirect {
  const state = createRedirectState(profile.id);
  const { ok, nok } = redirectUrisFor(profile, { state });
  return {
    tppRedirectUri: ok,
    tppNokRedirectUri: nok,
    bindTo: (returnTo: string) => bindRedirectState(state, returnTo),
  };
}

/** Records, for the flow diagram, that the browser leaves for the bank's scaRedirect page of this scope. */
export function bankPageOpened(scope: AuthorisationScope, returnTo: string): void {
  recordHandOver(scope, 'redirect', returnTo);
}
