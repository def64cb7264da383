// /accounts/cards/:accountId: a card account's details, balances and card transactions, read with the active consent.
import { lazy } from 'react';
import { AccountPageFrame } from './account-page-frames';

const CardAccountRead = lazy(async () => ({
  default: (await import('../components/card-account-read')).CardAccountRead,
}));

export function CardAccountPage() {
  return (
    <AccountPageFrame
      noun="Card account"
      back={{ to: '/accounts/cards', label: 'Card accounts' }}
      read={CardAccountRead}
    />
  );
}
