// /accounts/cards: the card accounts the active consent gives access to (GET /v1/card-accounts).
import { lazy } from 'react';
import { useActiveProfile } from '../../../api';
import { ErrorBoundary } from '../../../components/ui';
import { AccountsTabs } from '../components/accounts-tabs';
import { ConsentGate } from '../components/consent-gate';

const CardAccountsRead = lazy(async () => ({
  default: (await import('../components/card-accounts-read')).CardAccountsRead,
}));

export function CardAccountsPage() {
  const profile = useActiveProfile();
  return (
    <article className="max-w-4xl space-y-4">
      <title>{'Card accounts · XS2A Console'}</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Card accounts</h1>
        <p className="text-sm text-slate-700">
          The credit and company cards the active consent of{' '}
          <span className="font-medium text-slate-900">{profile.name}</span> gives access to, as the bank lists them
          (GET /v1/card-accounts).
        </p>
      </div>
      <AccountsTabs />
      <ErrorBoundary what="the card accounts">
        <ConsentGate key={profile.id} profile={profile}>
          {(consentId) => <CardAccountsRead key={consentId} profile={profile} consentId={consentId} />}
        </ConsentGate>
      </ErrorBoundary>
    </article>
  );
}
