// The short notice a payment or consent page shows after a redirect or OAuth round trip (`?sca=ok` or `?sca=nok`).
import { useLocation, useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui';
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

/** 'ok' or 'nok' after the callback page brought the browser back, undefined otherwise; `dismiss` drops the marker. */
export function useScaReturn(): {
  outcome: 'ok' | 'nok' | undefined;
  /** Set when the round trip was OAuth. */
  oauth: OAuthReturnState | undefined;
  dismiss: () => void;
} {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const value = params.get('sca');
  const outcome = value === 'ok' || value === 'nok' ? value : undefined;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('sca');
        return next;
      },
      { replace: true },
    );
  return { outcome, oauth: outcome ? oauthStateOf(location.state) : undefined, dismiss };
}

function oauthText(oauth: OAuthReturnState, subject: string): string {
  if (oauth.outcome === 'denied') {
    return `Back from the bank: the PSU denied the ${subject} on the bank’s OAuth page (access_denied). The status below has been read again.`;
  }
  const status = oauth.scaStatus
    ? ` The bank reports the SCA status as ${scaStatusLabel(oauth.scaStatus).toLowerCase()} (${oauth.scaStatus}).`
    : '';
  const until = new Date(oauth.expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return `Back from the bank: the PSU approved the ${subject} through OAuth.${status} The console holds an access token for this profile until ${until} and sends it with the profile’s requests. The status below has been read again.`;
}

export function ScaReturnNotice({ subject = 'authorisation' }: { subject?: string }) {
  const { outcome, oauth, dismiss } = useScaReturn();
  if (!outcome) return null;
  const ok = oauth ? oauth.outcome === 'authorised' : outcome === 'ok';
  const text = oauth
    ? oauthText(oauth, subject)
    : ok
      ? `Back from the bank: it reports the ${subject} as done. The status below has been read again.`
      : `Back from the bank: the ${subject} was not completed (denied, failed or cancelled). The status below has been read again.`;
  return (
    <div
      role="status"
      className={`flex flex-wrap items-start justify-between gap-2 rounded border border-l-4 p-3 text-sm ${
        ok ? 'border-green-300 border-l-green-700 bg-green-50' : 'border-amber-300 border-l-amber-600 bg-amber-50'
      }`}
    >
      <p>
        <span aria-hidden="true">{ok ? '✓ ' : '! '}</span>
        {text}
      </p>
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}
