// The frames of the Accounts area's pages, shared by payment accounts and card accounts: a list page (heading, intro,
// tabs, the list read with the active consent) and an account's page (back link, the account's name once read, its
// reads with the active consent).
import { useState, type ComponentType, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useActiveProfile, type BankProfile } from '../../../api';
import { DocumentTitle, ErrorBoundary, PresenterDetails } from '../../../components/ui';
import { AccountsTabs } from '../components/accounts-tabs';
import { ConsentGate } from '../components/consent-gate';

/** A list of accounts read with the active consent (`read`), under a heading and the Accounts tabs. */
export function AccountListFrame({
  title,
  intro,
  what,
  read: Read,
}: {
  title: string;
  /** What the list holds, given the profile's name. */
  intro: (profileName: ReactNode) => ReactNode;
  /** What failed, for the error boundary ("the accounts"). */
  what: string;
  read: ComponentType<{ profile: BankProfile; consentId: string }>;
}) {
  const profile = useActiveProfile();
  return (
    <article className="max-w-4xl space-y-4">
      <DocumentTitle>{`${title} · XS2A Console`}</DocumentTitle>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="text-sm text-slate-700">
          {intro(<span className="font-medium text-slate-900">{profile.name}</span>)}
        </p>
      </div>
      <AccountsTabs />
      <ErrorBoundary what={what}>
        <ConsentGate key={profile.id} profile={profile}>
          {(consentId) => <Read key={consentId} profile={profile} consentId={consentId} />}
        </ConsentGate>
      </ErrorBoundary>
    </article>
  );
}

/** The props an account's reads take: what to read with, and where its name goes once read. */
export interface AccountReadProps {
  profile: BankProfile;
  consentId: string;
  accountId: string;
  onName: (name: string | undefined) => void;
}

/** One account's page (`:accountId` of the route): `noun` until its reads name it, e.g. "Account", "Card account". */
export function AccountPageFrame({
  noun,
  back,
  read: Read,
}: {
  noun: string;
  back: { to: string; label: string };
  read: ComponentType<AccountReadProps>;
}) {
  const { accountId = '' } = useParams();
  const profile = useActiveProfile();
  // The account's own name once its details are read; until then (or without a valid consent) the noun.
  const [name, setName] = useState<string>();
  return (
    <article className="max-w-5xl space-y-4">
      <DocumentTitle>{`${name ?? `${noun} ${accountId}`} · XS2A Console`}</DocumentTitle>
      <div className="space-y-1">
        <p className="text-sm">
          <Link to={back.to} className="text-blue-800 underline">
            {back.label}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{name ?? noun}</h1>
        <PresenterDetails summary="Technical details">
          <p className="font-mono text-xs break-all text-slate-700">account-id {accountId}</p>
        </PresenterDetails>
      </div>
      <ErrorBoundary what={`the ${noun.toLowerCase()}`}>
        <ConsentGate key={profile.id} profile={profile}>
          {/* One status check per consent, however many accounts are opened with it. */}
          {(consentId) => (
            <Read key={consentId} profile={profile} consentId={consentId} accountId={accountId} onName={setName} />
          )}
        </ConsentGate>
      </ErrorBoundary>
    </article>
  );
}
