// Starts an OAuth SCA round trip from the bank's `scaOAuth` link: metadata, PKCE and state (the OAuth flow module,
// loaded now), kept in this tab for the callback page, then the browser goes to the bank's authorize page.
import {
  flowOf,
  loadOAuthFlow,
  originOf,
  presenterMode,
  recordHandOver,
  type AuthorisationScope,
  type BankProfile,
} from '../../api';
import { withPresenterFlag } from './new-sca-redirect';
import { rememberOAuth } from './oauth-store';

/** The OAuth scope that names the resource at the bank: `AIS:<consentId>`, `PIS:<paymentId>` or `SBS:<basketId>`. */
export function oauthScopeOf(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'consent':
      return `AIS:${scope.consentId}`;
    case 'basket':
      return `SBS:${scope.basketId}`;
    default:
      return `PIS:${scope.paymentId}`;
  }
}

export interface BeginOAuthInput {
  profile: BankProfile;
  scope: AuthorisationScope;
  /** The `scaOAuth` href. */
  metadataHref: string;
  /** Console route to come back to. */
  returnTo: string;
  /** The authorisation's `scaStatus` link, read once the PSU is back. */
  scaStatusHref?: string;
  signal?: AbortSignal;
}

/**
 * Prepares the authorisation (and records the hand-over for the flow diagram) and returns the URL of the bank's
 * authorize page, where the caller sends the browser;
 * rejects with a plain error (OAuthFlowError, Xs2aError) when the bank's OAuth server cannot be used.
 */
export async function beginOAuth(input: BeginOAuthInput, now = Date.now()): Promise<string> {
  const { profile, scope } = input;
  const { prepareOAuthAuthorisation } = await loadOAuthFlow();
  const prepared = await prepareOAuthAuthorisation({
    profile,
    metadataUrl: input.metadataHref,
    scope: oauthScopeOf(scope),
    flow: flowOf(scope),
    ...(input.signal && { signal: input.signal }),
  });
  rememberOAuth(
    prepared.state,
    {
      profileId: profile.id,
      server: prepared.server,
      clientId: prepared.clientId,
      redirectUri: prepared.redirectUri,
      scope: prepared.scope,
      codeVerifier: prepared.codeVerifier,
      resource: scope,
      returnTo: input.returnTo,
      ...(input.scaStatusHref && { scaStatusHref: input.scaStatusHref }),
      ...(originOf(profile.baseUrl) && { bankOrigin: originOf(profile.baseUrl) }),
    },
    now,
  );
  recordHandOver(scope, 'oauth', input.returnTo, now);
  return withPresenterFlag(prepared.authorizationUrl, presenterMode.isOn());
}
