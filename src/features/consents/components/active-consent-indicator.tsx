// The header's active consent: the active profile's consent with its status, a link to it, or a way to create one.
// It is in every page's first load, so it stays small: the status read and the read counter load only when needed.
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { exchangeLog, useActiveConsentId, useActiveProfile, usePresenterMode } from '../../../api';
import { isAccountRead } from '../model/account-read-operations';
import { consentRoute, shortId } from '../model/format';

const ActiveConsentStatus = lazy(async () => ({
  default: (await import('./active-consent-status')).ActiveConsentStatus,
}));

const linkClass =
  'rounded text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** Starts the console's count of reads without the PSU once the first account read shows up in the exchange log. */
function useReadCounterWhenNeeded() {
  useEffect(() => {
    let started = false;
    const check = () => {
      if (started || !exchangeLog.list().some(isAccountRead)) return;
      started = true;
      unsubscribe();
      void import('../model/start-read-counter').then((module) => module.ensureReadCounter());
    };
    const unsubscribe = exchangeLog.subscribe(check);
    check();
    return unsubscribe;
  }, []);
}

export function ActiveConsentIndicator() {
  const profile = useActiveProfile();
  const consentId = useActiveConsentId(profile.id);
  const presenting = usePresenterMode();
  useReadCounterWhenNeeded();

  return (
    <div role="group" aria-label="Active consent" className="flex min-w-0 items-center gap-2 text-sm">
      <span className="shrink-0 text-slate-600">Consent</span>
      {consentId ? (
        <span className="flex min-w-0 items-center gap-2">
          {presenting ? (
            // An audience has no use for the id: the link says what it opens.
            <Link to={consentRoute(consentId)} className={linkClass}>
              Open
              <span className="sr-only"> the active consent</span>
            </Link>
          ) : (
            <Link to={consentRoute(consentId)} className={`${linkClass} truncate font-mono text-xs`} title={consentId}>
              {shortId(consentId)}
              <span className="sr-only"> (open the active consent)</span>
            </Link>
          )}
          <Suspense fallback={<span className="text-xs text-slate-500">reading…</span>}>
            <ActiveConsentStatus key={`${profile.id}/${consentId}`} profile={profile} consentId={consentId} />
          </Suspense>
        </span>
      ) : (
        <span className="flex items-center gap-2">
          <span className="text-slate-700">No active consent</span>
          <Link to="/consents/new" className={linkClass}>
            Create one
          </Link>
        </span>
      )}
    </div>
  );
}
