// /callback/oauth: where the bank's OAuth server sends the browser back. Exchanges the code for the profile's session
// token and returns to the payment or consent page; explains an unknown state, a refusal or a failed exchange.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import {
  accountKeys,
  authorisationKeys,
  consentKeys,
  describeXs2aError,
  paymentKeys,
  profileStore,
  type AuthorisationScope,
} from '../../api';
import { ErrorCallout, LoadingText } from '../../components/ui';
import { returnUrl } from './callback-page';
import { completeOAuthCallback, type OAuthCallbackOutcome } from './oauth-callback';
import type { PendingOAuth } from './oauth-store';
import type { OAuthReturnState } from './sca-return-notice';

function resourceName(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'payment':
      return 'the payment';
    case 'payment-cancellation':
      return 'the cancellation';
    case 'consent':
      return 'the consent';
  }
}

/** The profile's data as the bank now sees it: the authorisation changed the resource's status. */
function keysToRefresh(entry: PendingOAuth) {
  const { profileId, resource } = entry;
  const keys: readonly (readonly unknown[])[] = [
    paymentKeys.all(profileId),
    consentKeys.all(profileId),
    authorisationKeys.all(profileId),
  ];
  return resource.kind === 'consent' ? [...keys, accountKeys.all(profileId, resource.consentId)] : keys;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <article className="max-w-3xl space-y-4">
      <title>{'Back from the bank (OAuth) · XS2A Console'}</title>
      <h1 className="text-2xl font-semibold">Back from the bank</h1>
      {children}
    </article>
  );
}

function ElsewhereLinks() {
  return (
    <nav aria-label="Continue" className="flex flex-wrap gap-4">
      <Link to="/payments" className="font-medium text-blue-800 underline">
        Payments
      </Link>
      <Link to="/consents" className="font-medium text-blue-800 underline">
        Consents
      </Link>
    </nav>
  );
}

export function OAuthCallbackPage() {
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
      for (const queryKey of keysToRefresh(entry)) void queryClient.invalidateQueries({ queryKey });
      if (result.kind === 'failed') {
        setOutcome(result);
        return;
      }
      const state: { oauth: OAuthReturnState } =
        result.kind === 'authorised'
          ? {
              oauth: {
                outcome: 'authorised',
                expiresAt: result.expiresAt,
                ...(result.scaStatus && { scaStatus: result.scaStatus }),
              },
            }
          : { oauth: { outcome: 'denied' } };
      void navigate(returnUrl(entry.returnTo, result.kind === 'authorised' ? 'ok' : 'nok'), { replace: true, state });
    });
    return () => {
      current = false;
    };
  }, [search, navigate, queryClient]);

  if (!outcome || outcome.kind === 'authorised' || outcome.kind === 'denied') {
    return (
      <Frame>
        <LoadingText>Completing the authorisation with the bank…</LoadingText>
      </Frame>
    );
  }

  if (outcome.kind === 'failed') {
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

  return (
    <Frame>
      {outcome.error === 'access_denied' && (
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
