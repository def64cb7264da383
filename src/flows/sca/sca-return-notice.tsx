// What a payment or consent page learns from a redirect or OAuth round trip (`?sca=ok` or `?sca=nok`, the OAuth state).
import { useLocation, useSearchParams } from 'react-router-dom';
import { scaStatusLabel } from './sca-flow';

/** What the OAuth callback page passes on (router state) to the page it returns to. */
export type OAuthReturnState =
  | { outcome: 'authorised'; scaStatus?: string; /** The session token's expiry, epoch ms. */ expiresAt: number }
  | { outcome: 'denied' };

function oauthStateOf(state: unknown): OAuthReturnState | undefined {
  const oauth = (state as { oauth?: unknown } | null | undefined)?.oauth;
  if (typeof oauth !== 'object' || oauth === null) return undefined;
  const value = oauth as Record<string, unknown>;
  if (value.outcome === 'denied') return { outcome: 'denied' };
  if (value.outcome === 'authorised' && typeof value.expiresAt === 'number') {
    return {
      outcome: 'authorised',
      expiresAt: value.expiresAt,
      ...(typeof value.scaStatus === 'string' && { scaStatus: value.scaStatus }),
    };
  }
  return undefined;
}

/** 'ok' or 'nok' after the callback page brought the browser back, undefined otherwise. */
export function useScaReturn(): {
  outcome: 'ok' | 'nok' | undefined;
  /** Set when the round trip was OAuth. */
  oauth: OAuthReturnState | undefined;
} {
  const [params] = useSearchParams();
  const location = useLocation();
  const value = params.get('sca');
  const outcome = value === 'ok' || value === 'nok' ? value : undefined;
  return { outcome, oauth: outcome ? oauthStateOf(location.state) : undefined };
}

function oauthText(oauth: OAuthReturnState, subject: string): string {
  if (oauth.outcome === 'denied') {
    return `Back from the bank: the PSU denied the ${subject} on the bank’s OAuth page (access_denied). The status has been read again.`;
  }
  const status = oauth.scaStatus
    ? ` The bank reports the SCA status as ${scaStatusLabel(oauth.scaStatus).toLowerCase()} (${oauth.scaStatus}).`
    : '';
  const until = new Date(oauth.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Back from the bank: the PSU approved the ${subject} through OAuth.${status} The console holds an access token for this profile until ${until} and sends it with the profile’s requests.`;
}

/** What the return from the bank's page says, as the outcome banner tells it; undefined when the page was not reached so. */
export function useScaReturnStep(subject = 'authorisation'): { ok: boolean; detail?: string } | undefined {
  const { outcome, oauth } = useScaReturn();
  if (!outcome) return undefined;
  if (oauth) return { ok: oauth.outcome === 'authorised', detail: oauthText(oauth, subject) };
  return { ok: outcome === 'ok' };
}
