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

/** The query flag that asks the embedded sandbox's PSU pages to show presenter mode. */
export const PRESENTER_FLAG = 'presenter';

/**
 * The bank page's address, asking for presenter mode when it is on and the page belongs to the console's own embedded
 * sandbox (same origin as the console). Another bank's address is never changed: the flag is the sandbox's, and a
 * real bank's page must get exactly the link the bank gave.
 */
export function withPresenterFlag(href: string, presenting: boolean, consoleOrigin = window.location.origin): string {
  if (!presenting) return href;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return href;
  }
  if (url.origin !== consoleOrigin || url.searchParams.has(PRESENTER_FLAG)) return href;
  url.searchParams.set(PRESENTER_FLAG, '1');
  return url.toString();
}
