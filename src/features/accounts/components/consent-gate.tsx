// Account reads need the active consent: without one, the page says so and points to the consents; with one, the
// page's reads (loaded on demand) check the consent's status first (consent-status-gate.tsx).
import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useActiveConsentId, type BankProfile } from '../../../api';
import { LoadingText } from '../../../components/ui';

const linkClass = 'font-medium text-blue-800 underline hover:text-blue-950';

function NoConsent({ profileName }: { profileName: string }) {
  return (
    <section
      aria-labelledby="no-consent-heading"
      className="space-y-2 rounded border border-dashed border-slate-300 bg-white p-6"
    >
      <h2 id="no-consent-heading" className="text-base font-semibold">
        No active consent
      </h2>
      <p className="text-sm text-slate-700">
        Account reads need a consent: the bank answers every one of them only with a <code>Consent-ID</code> the PSU has
        authorised. The bank profile <span className="font-medium">{profileName}</span> has no active consent yet.
      </p>
      <p className="text-sm">
        <Link to="/consents" className={linkClass}>
          Create a consent or choose one
        </Link>
        , let the PSU authorise it, and make it the active one.
      </p>
    </section>
  );
}

/**
 * Renders `children` with the active consent's id, or says that there is none. The children check the consent's
 * status before they read (ConsentStatusGate); until their module is in, the page says it is checking it.
 */
export function ConsentGate({
  profile,
  children,
}: {
  profile: BankProfile;
  children: (consentId: string) => ReactNode;
}) {
  const consentId = useActiveConsentId(profile.id);
  if (consentId === undefined) return <NoConsent profileName={profile.name} />;
  return (
    <Suspense fallback={<LoadingText>Checking the consent’s status…</LoadingText>}>{children(consentId)}</Suspense>
  );
}
