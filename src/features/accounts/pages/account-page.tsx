// /accounts/:accountId: the account's details (GET account), its balances and its transactions, read with the active
// consent.
import { lazy } from 'react';
import { AccountPageFrame } from './account-page-frames';

const AccountRead = lazy(async () => ({ default: (await import('../components/account-read')).AccountRead }));

export function AccountPage() {
  return <AccountPageFrame noun="Account" back={{ to: '/accounts', label: 'Accounts' }} read={AccountRead} />;
}
