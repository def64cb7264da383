// Where a bank's redirect SCA sends the browser back (TPP-Redirect-URI / TPP-Nok-Redirect-URI): finds the flow by its
// state and returns to the payment or consent page, or explains what happened when the state is unknown.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { bankRoundTripEnded, profileStore, recordReturn } from '../../api';
import { KeyValueList, LoadingText } from '../../components/ui';
import { CallbackFrame, ElsewhereLinks } from './callback-frame';
import { findFirstRedirectState, forgetRedirectState, isSafeReturnTo } from './redirect-store';

export type CallbackOutcome = 'ok' | 'nok';

/** returnTo with `sca=<outcome>` set, keeping its own query and hash (and never a second `sca`). */
export function returnUrl(returnTo: string, outcome: CallbackOutcome): string {
  const url = new URL(returnTo, 'http://console.invalid');
  url.searchParams.set('sca', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

function useReturnTarget() {
  const [params] = useSearchParams();
  // Resolved once: the state is forgotten as soon as it is used.
  const [found] = useState(() => findFirstRedirectState(params.getAll('state')));
  return { params, found: found?.entry.returnTo && isSafeReturnTo(found.entry.returnTo) ? found : undefined };
}

function CallbackPage({ outcome }: { outcome: CallbackOutcome }) {
  const { params, found } = useReturnTarget();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!found?.entry.returnTo) return;
    const { profileId, returnTo } = found.entry;
    // Come back in the profile the flow ran in, even if another one was chosen in the meantime.
    if (profileStore.active().id !== profileId && profileStore.get(profileId)) profileStore.setActive(profileId);
    bankRoundTripEnded(queryClient, profileId);
    forgetRedirectState(found.state);
    recordReturn(returnTo, 'redirect', outcome);
    void navigate(returnUrl(returnTo, outcome), { replace: true });
  }, [found, navigate, outcome, queryClient]);

  if (found) {
    return (
      <CallbackFrame documentTitle="Back from the bank · XS2A Console">
        <LoadingText>Returning to where the authorisation started…</LoadingText>
      </CallbackFrame>
    );
  }

  const extra = [...params.entries()].filter(([name]) => name !== 'state');
  return (
    <CallbackFrame documentTitle="Back from the bank · XS2A Console">
      {outcome === 'ok' ? (
        <p className="rounded border border-green-300 border-l-4 border-l-green-700 bg-green-50 p-3">
          <span aria-hidden="true">✓ </span>
          The bank sent the browser back to the TPP-Redirect-URI: it reports the authorisation as done.
        </p>
      ) : (
        <p className="rounded border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-3">
          <span aria-hidden="true">! </span>
          The bank sent the browser back to the TPP-Nok-Redirect-URI: the authorisation was not completed (the PSU
          denied it, it failed, or it was cancelled).
        </p>
      )}
      <p>
        The console cannot tell which payment or consent this was: the link is older than a day, was opened in another
        browser, or has already been used. Open the payment or consent to read its current status.
      </p>
      {extra.length > 0 && (
        <section aria-labelledby="callback-params" className="space-y-2">
          <h2 id="callback-params" className="text-lg font-semibold">
            Parameters the bank added
          </h2>
          <KeyValueList
            items={extra.map(([name, value]) => ({
              key: <code className="font-mono">{name}</code>,
              value: <code className="font-mono break-all">{value}</code>,
            }))}
          />
        </section>
      )}
      <ElsewhereLinks />
    </CallbackFrame>
  );
}

export function CallbackOkPage() {
  return <CallbackPage outcome="ok" />;
}

export function CallbackNokPage() {
  return <CallbackPage outcome="nok" />;
}
