// /accounts: the accounts the active consent gives access to (GET /v1/accounts), with their balances on request.
import { lazy } from 'react';
import { AccountListFrame } from './account-page-frames';

const AccountsRead = lazy(async () => ({ default: (await import('../components/accounts-read')).AccountsRead }));

export function AccountsListPage() {
  return (
    <AccountListFrame
      title="Accounts"
      what="the accounts"
      intro={(profile) => (
        <>The accounts the active consent of {profile} gives access to, as the bank lists them (GET /v1/accounts).</>
      )}
      read={AccountsRead}
    />
  );
}
