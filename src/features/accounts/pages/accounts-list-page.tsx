// /accounts: the accounts the active consent gives access to (GET /v1/accounts), with their balances on request.
import { lazy } from 'react';
import { useActiveProfile } from '../../../api';
import { ErrorBoundary, DocumentTitle } from '../../../components/ui';
import { AccountsTabs } from '../components/accounts-tabs';
import { ConsentGate } from '../components/consent-gate';

const AccountsRead = lazy(async () => ({ default: (await import('../components/accounts-read')).AccountsRead }));

export function AccountsListPage() {
  const profile = useActiveProfile();
  return (
    <article className="max-w-4xl space-y-4">
      <DocumentTitle>{'Accounts · XS2A Console'}</DocumentTitle>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Accounts</h1>
        <p className="text-sm text-slate-700">
          The accounts the active consent of <span className="font-medium text-slate-900">{profile.name}</span> gives
          access to, as the bank lists them (GET /v1/accounts).
        </p>
      </div>
      <AccountsTabs />
      <ErrorBoundary what="the accounts">
        <ConsentGate key={profile.id} profile={profile}>
          {(consentId) => <AccountsRead key={consentId} profile={profile} consentId={consentId} />}
        </ConsentGate>
      </ErrorBoundary>
    </article>
  );
}
