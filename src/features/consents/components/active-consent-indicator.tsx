// The header's active consent: the active profile's consent with its status (one cached read, never polled), a link
// to it, or a way to create one. It is in every page's first load, so it uses no schemas.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useActiveConsentId, useActiveProfile, useConsentStatus, type BankProfile } from '../../../api';
import { Badge } from '../../../components/ui';
import { consentStatusLabel, isUsable } from '../model/consent-status';
import { consentRoute, shortId } from '../model/format';
import { ConsentStatusBadge } from './consent-status-badge';

const linkClass =
  'rounded text-blue-800 underline hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** A status read is worth one request per consent and page load; pages that change it invalidate it. */
const STATUS_STALE_MS = 5 * 60_000;

export function ActiveConsentIndicator() {
  const profile = useActiveProfile();
  const consentId = useActiveConsentId(profile.id);

  useEffect(() => {
    // Counts account reads made without the PSU for each consent's page, whichever page makes them.
    void import('../model/start-read-counter').then((module) => module.ensureReadCounter());
  }, []);

  return (
    <div role="group" aria-label="Active consent" className="flex min-w-0 items-center gap-2 text-sm">
      <span className="shrink-0 text-slate-600">Consent</span>
      {consentId ? (
        <ActiveConsent key={`${profile.id}/${consentId}`} profile={profile} consentId={consentId} />
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

function ActiveConsent({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  const status = useConsentStatus({ profile, consentId }, { staleTime: STATUS_STALE_MS });
  const value = status.data?.body.consentStatus;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Link to={consentRoute(consentId)} className={`${linkClass} truncate font-mono text-xs`} title={consentId}>
        {shortId(consentId)}
        <span className="sr-only"> (open the active consent)</span>
      </Link>
      {value ? (
        <>
          <ConsentStatusBadge status={value} />
          {!isUsable(value) && <span className="sr-only">{consentStatusLabel(value)}: not usable for reads</span>}
        </>
      ) : status.isError ? (
        <Badge tone="neutral" title="The consent's status could not be read">
          status unknown
        </Badge>
      ) : (
        <span className="text-xs text-slate-500">reading…</span>
      )}
    </span>
  );
}
