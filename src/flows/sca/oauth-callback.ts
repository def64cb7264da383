// What happens when the bank's OAuth server sends the browser back to /callback/oauth: the round trip is found by its
// state, the code exchanged for a token (kept for the profile in this tab), and the authorisation's SCA status read.
import {
  flowOf,
  getScaStatus,
  loadOAuthFlow,
  OAuthFlowError,
  originOf,
  profileStore,
  sessionTokens,
  type BankProfile,
} from '../../api';
import { authorisationIdFromHref } from './links-to-actions';
import { takeOAuth, type PendingOAuth } from './oauth-store';

/** A bank that says nothing about the token's lifetime: the console keeps it for an hour, the usual value. */
export const DEFAULT_TOKEN_LIFETIME_S = 3600;

export type OAuthCallbackOutcome =
  /** No state, or one this tab does not know (expired, used already, another tab or browser). */
  | { kind: 'unknown-state'; error?: string }
  /** The PSU denied it at the bank (error=access_denied). */
  | { kind: 'denied'; entry: PendingOAuth }
  /** The bank's OAuth error or the token exchange failed; `error` is shown with the house error view. */
  | { kind: 'failed'; entry: PendingOAuth; error: unknown }
  | { kind: 'authorised'; entry: PendingOAuth; expiresAt: number; scaStatus?: string };

/** The bank's plain words for an OAuth error code in the callback (RFC 6749 §4.1.2.1). */
function callbackError(code: string, description: string | undefined): OAuthFlowError {
  const summaries: Record<string, string> = {
    invalid_request: 'The bank found the authorisation request malformed (a parameter missing, repeated or invalid).',
    unauthorized_client: 'The bank does not let this client_id use the authorisation code flow.',
    unsupported_response_type: 'The bank does not issue authorisation codes this way.',
    invalid_scope: 'The bank does not accept the scope of the request (AIS:<consentId> or PIS:<paymentId>).',
    server_error: 'The bank’s OAuth server failed while handling the authorisation.',
    temporarily_unavailable: 'The bank’s OAuth server is overloaded or down for maintenance.',
  };
  return new OAuthFlowError({
    title: 'The bank did not authorise',
    summary: summaries[code] ?? `The bank’s OAuth server answered with the error ${code}.`,
    code,
    ...(description && { description }),
    advice:
      code === 'unauthorized_client'
        ? 'Set the client_id the bank registered for the TPP as the profile’s OAuth client_id in Settings, then authorise again.'
        : 'Authorise again from the payment or consent page; the inspector shows the requests made before.',
  });
}

function profileOf(entry: PendingOAuth): BankProfile {
  const profile = profileStore.get(entry.profileId);
  if (!profile) {
    throw new OAuthFlowError({
      title: 'The bank profile is gone',
      summary:
        'The authorisation was started with a bank profile that has since been deleted, so its token has no home.',
      advice: 'Create the profile again and authorise once more.',
    });
  }
  // A token belongs to the bank it was given for: one for the old bank is not kept for a profile that left it.
  const origin = originOf(profile.baseUrl);
  if (entry.bankOrigin !== undefined && entry.bankOrigin !== origin) {
    throw new OAuthFlowError({
      title: 'The bank profile points to another bank now',
      summary: `The authorisation was started with ${entry.bankOrigin}, and the profile’s base_url has since moved to ${origin ?? profile.baseUrl}, so the code is not exchanged and no token is kept.`,
      advice: 'Authorise again from the payment or consent page, at the bank the profile points to now.',
    });
  }
  return profile;
}

/** The SCA status after the round trip, when the authorisation's scaStatus link is known; undefined if unreadable. */
async function readScaStatus(profile: BankProfile, entry: PendingOAuth): Promise<string | undefined> {
  const href = entry.scaStatusHref;
  if (!href) return undefined;
  try {
    const result = await getScaStatus({
      profile,
      scope: entry.resource,
      authorisationId: authorisationIdFromHref(href) ?? '',
      href,
    });
    return typeof result.body.scaStatus === 'string' ? result.body.scaStatus : undefined;
  } catch {
    return undefined; // the resource page reads its status anyway
  }
}

async function complete(parameters: URLSearchParams, now: () => number): Promise<OAuthCallbackOutcome> {
  const error = parameters.get('error') ?? undefined;
  const state = parameters.get('state');
  // Taken at once: a state is good for one exchange, whatever its outcome.
  const entry = state ? takeOAuth(state, now()) : undefined;
  if (!entry) return { kind: 'unknown-state', ...(error && { error }) };
  if (error === 'access_denied') return { kind: 'denied', entry };
  try {
    if (error) throw callbackError(error, parameters.get('error_description') ?? undefined);
    const profile = profileOf(entry);
    if (!parameters.get('code')) {
      throw new OAuthFlowError({
        title: 'The bank sent no authorisation code',
        summary: 'The bank sent the browser back without a code or an error, so there is nothing to exchange.',
        advice: 'Authorise again from the payment or consent page.',
      });
    }
    const { exchangeAuthorisationCode } = await loadOAuthFlow();
    const token = await exchangeAuthorisationCode({
      profile,
      server: entry.server,
      clientId: entry.clientId,
      redirectUri: entry.redirectUri,
      codeVerifier: entry.codeVerifier,
      state: state ?? '',
      parameters,
      flow: flowOf(entry.resource),
    });
    const obtainedAt = now();
    const expiresAt = obtainedAt + (token.expiresIn ?? DEFAULT_TOKEN_LIFETIME_S) * 1000;
    const origin = entry.bankOrigin ?? originOf(profile.baseUrl) ?? profile.baseUrl;
    sessionTokens.save(profile.id, {
      scope: entry.scope,
      accessToken: token.accessToken,
      obtainedAt,
      expiresAt,
      origin,
    });
    const scaStatus = await readScaStatus(profile, entry);
    return { kind: 'authorised', entry, expiresAt, ...(scaStatus && { scaStatus }) };
  } catch (caught) {
    return { kind: 'failed', entry, error: caught };
  }
}

/** One completion per callback URL: React's development double effects must not exchange the code twice. */
const running = new Map<string, Promise<OAuthCallbackOutcome>>();

/**
 * Completes the round trip of the callback URL's parameters (memoised per query string for this page's lifetime).
 * Never rejects: every failure is an outcome the page explains.
 */
export function completeOAuthCallback(
  parameters: URLSearchParams,
  now: () => number = Date.now,
): Promise<OAuthCallbackOutcome> {
  const key = parameters.toString();
  let outcome = running.get(key);
  if (!outcome) {
    outcome = complete(parameters, now);
    running.set(key, outcome);
  }
  return outcome;
}
