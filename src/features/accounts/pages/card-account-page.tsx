// /accounts/cards/:accountId: a card account's details, balances and card transactions, read with the active consent.
import { lazy, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useActiveProfile } from '../../../api';
import { ErrorBoundary, PresenterDetails } from '../../../components/ui';
import { ConsentGate } from '../components/consent-gate';

const CardAccountRead = lazy(async () => ({
  default: (await import('../components/card-account-read')).CardAccountRead,
}));

export function CardAccountPage() {
  const { accountId = '' } = useParams();
  const profile = useActiveProfile();
  const [name, setName] = useState<string>();
  return (
    <article className="max-w-5xl space-y-4">
      <title>{`${name ?? `Card account ${accountId}`} · XS2A Console`}</title>
      <div className="space-y-1">
        <p className="text-sm">
          <Link to="/accounts/cards" className="text-blue-800 underline">
            Card accounts
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{name ?? 'Card account'}</h1>
        <PresenterDetails summary="Technical details">
          <p className="font-mono text-xs break-all text-slate-700">account-id {accountId}</p>
        </PresenterDetails>
      </div>
      <ErrorBoundary what="the card account">
        <ConsentGate key={profile.id} profile={profile}>
          {(consentId) => (
            <CardAccountRead
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
