// /accounts/:accountId: the account's details (GET account), its balances and its transactions, read with the active
// consent.
import { lazy, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useActiveProfile } from '../../../api';
import { ErrorBoundary, PresenterDetails, DocumentTitle } from '../../../components/ui';
import { ConsentGate } from '../components/consent-gate';

const AccountRead = lazy(async () => ({ default: (await import('../components/account-read')).AccountRead }));

export function AccountPage() {
  const { accountId = '' } = useParams();
  const profile = useActiveProfile();
  // The account's own name once its details are read; until then (or without a valid consent) "Account".
  const [name, setName] = useState<string>();
  return (
    <article className="max-w-5xl space-y-4">
      <DocumentTitle>{`${name ?? `Account ${accountId}`} · XS2A Console`}</DocumentTitle>
      <div className="space-y-1">
        <p className="text-sm">
          <Link to="/accounts" className="text-blue-800 underline">
            Accounts
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{name ?? 'Account'}</h1>
        <PresenterDetails summary="Technical details">
          <p className="font-mono text-xs break-all text-slate-700">account-id {accountId}</p>
        </PresenterDetails>
      </div>
      <ErrorBoundary what="the account">
        <ConsentGate key={profile.id} profile={profile}>
          {/* One status check per consent, however many accounts are opened with it. */}
          {(consentId) => (
            <AccountRead
              key={consentId}
              profile={profile}
              consentId={consentId}
              accountId={accountId}
              onName={setName}
            />
          )}
        </ConsentGate>
      </ErrorBoundary>
    </article>
  );
}
