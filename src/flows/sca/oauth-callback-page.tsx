// /callback/oauth: where the bank's OAuth server sends the browser back. Exchanges the code for the profile's session
// token and returns to the payment or consent page; explains an unknown state, a refusal or a failed exchange.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { bankRoundTripEnded, describeXs2aError, profileStore, recordReturn, type AuthorisationScope } from '../../api';
import { ErrorCallout, LoadingText } from '../../components/ui';
import { CallbackFrame, ElsewhereLinks } from './callback-frame';
import { returnUrl } from './callback-page';
import { completeOAuthCallback, type OAuthCallbackOutcome } from './oauth-callback';
import type { OAuthReturnState } from './sca-return-notice';

function resourceName(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'payment':
      return 'the payment';
    case 'payment-cancellation':
      return 'the cancellation';
    case 'consent':
      return 'the consent';
    case 'basket':
      return 'the signing basket';
  }
}

function Frame({ children }: { children: ReactNode }) {
  return <CallbackFrame documentTitle="Back from the bank (OAuth) · XS2A Console">{children}</CallbackFrame>;
}

/** What the page the round trip returns to learns of it (router state). */
function returnState(outcome: Extract<OAuthCallbackOutcome, { kind: 'authorised' | 'denied' }>): {
  oauth: OAuthReturnState;
} {
  if (outcome.kind === 'denied') return { oauth: { outcome: 'denied' } };
  return {
    oauth: {
      outcome: 'authorised',
      expiresAt: outcome.expiresAt,
      ...(outcome.scaStatus && { scaStatus: outcome.scaStatus }),
    },
  };
}

/**
 * Completes the round trip the address names: refreshes what the bank changed and returns to the resource, or gives
 * the outcome to explain (an unknown state or a failure). Undefined while it runs or while the browser moves on.
 */
function useOAuthCallback(): OAuthCallbackOutcome | undefined {
  const [params] = useSearchParams();
  const [outcome, setOutcome] = useState<OAuthCallbackOutcome>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const search = params.toString();

  useEffect(() => {
    let current = true;
    void completeOAuthCallback(new URLSearchParams(search)).then((result) => {
      if (!current) return;
      if (result.kind === 'unknown-state') {
        setOutcome(result);
        return;
      }
      const { entry } = result;
      // Come back in the profile the flow ran in, even if another one was chosen in the meantime.
      if (profileStore.active().id !== entry.profileId && profileStore.get(entry.profileId)) {
        profileStore.setActive(entry.profileId);
      }
      bankRoundTripEnded(queryClient, entry.profileId, entry.resource);
      // Back with a code counts as approved at the bank, even when the console could not exchange it for a token.
      recordReturn(entry.returnTo, 'oauth', result.kind === 'denied' ? 'nok' : 'ok');
      if (result.kind === 'failed') {
        setOutcome(result);
        return;
      }
      const to = returnUrl(entry.returnTo, result.kind === 'authorised' ? 'ok' : 'nok');
      void navigate(to, { replace: true, state: returnState(result) });
    });
    return () => {
      current = false;
    };
  }, [search, navigate, queryClient]);
  return outcome;
}

function FailedExchange({ outcome }: { outcome: Extract<OAuthCallbackOutcome, { kind: 'failed' }> }) {
  const { entry } = outcome;
  return (
    <Frame>
      <ErrorCallout alert {...describeXs2aError(outcome.error)} />
      <p>
        The PSU went through the bank’s page, but the console holds no token from it. The status of{' '}
        {resourceName(entry.resource)} shows whether the bank counts the authorisation all the same.
      </p>
      <nav aria-label="Continue" className="flex flex-wrap gap-4">
        <Link to={returnUrl(entry.returnTo, 'nok')} className="font-medium text-blue-800 underline">
          Back to {resourceName(entry.resource)}
        </Link>
      </nav>
    </Frame>
  );
}

function UnknownState({ error }: { error: string | undefined }) {
  return (
    <Frame>
      {error === 'access_denied' && (
        <p className="rounded border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-3">
          <span aria-hidden="true">! </span>
          The bank reports that the PSU denied the authorisation (access_denied).
        </p>
      )}
      <div role="alert" className="space-y-2">
        <h2 className="text-lg font-semibold">The console does not know this authorisation</h2>
        <p>
          The address the bank sent the browser back to has no state this tab is waiting for: the authorisation was
          started more than 30 minutes ago, in another tab or browser, or this address has been used already. No token
          was requested.
        </p>
      </div>
      <p>Open the payment or consent to read its current status, and authorise it again if it still waits for it.</p>
      <ElsewhereLinks />
    </Frame>
  );
}

export function OAuthCallbackPage() {
  const outcome = useOAuthCallback();
  if (outcome?.kind === 'failed') return <FailedExchange outcome={outcome} />;
  if (outcome?.kind === 'unknown-state') return <UnknownState error={outcome.error} />;
  return (
    <Frame>
      <LoadingText>Completing the authorisation with the bank…</LoadingText>
    </Frame>
  );
}
