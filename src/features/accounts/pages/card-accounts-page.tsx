// /accounts/cards: the card accounts the active consent gives access to (GET /v1/card-accounts).
import { lazy } from 'react';
import { AccountListFrame } from './account-page-frames';

const CardAccountsRead = lazy(async () => ({
  default: (await import('../components/card-accounts-read')).CardAccountsRead,
}));

export function CardAccountsPage() {
  return (
    <AccountListFrame
      title="Card accounts"
      what="the card accounts"
      intro={(profile) => (
        <>
          The credit and company cards the active consent of {profile} gives access to, as the bank lists them (GET
          /v1/card-accounts).
        </>
      )}
      read={CardAccountsRead}
    />
  );
}
