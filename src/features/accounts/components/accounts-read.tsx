// The accounts list read with the active consent, once its status is valid: loaded with the first consent the page
// reads with, so the page without one loads none of it.
import { useState } from 'react';
import { accountKeys, useAccounts, useBankDataDisplay, type BankProfile } from '../../../api';
import type { AccountDetails } from '../../../xs2a';
import { ownerNamesOf } from './account-facts';
import { AccountListFrame, AccountListItem } from './account-list-frame';
import { ConsentStatusGate } from './consent-status-gate';
import { accountRoute, accountTitle, cashAccountTypeLabel, displayIban } from '../model/format';

export function AccountsRead({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  return (
    <ConsentStatusGate profile={profile} consentId={consentId}>
      {() => <AccountList profile={profile} consentId={consentId} />}
    </ConsentStatusGate>
  );
}

function AccountList({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  const [withBalance, setWithBalance] = useState(false);
  const query = useAccounts({ profile, consentId, withBalance });
  const accounts = query.isError ? undefined : query.data?.body.accounts;
  return (
    <AccountListFrame
      id="account-list-heading"
      noun="account"
      count={accounts?.length}
      profile={profile}
      consentId={consentId}
      query={query}
      waitKey={accountKeys.list(profile.id, consentId, withBalance)}
      withBalance={withBalance}
      onWithBalance={setWithBalance}
    >
      {accounts?.map((account, index) => (
        <AccountItem key={account.resourceId ?? index} account={account} withBalance={withBalance} />
      ))}
    </AccountListFrame>
  );
}

function AccountItem({ account, withBalance }: { account: AccountDetails; withBalance: boolean }) {
  const display = useBankDataDisplay();
  const title = accountTitle(account, display);
  const typeLabel = account.cashAccountType ? cashAccountTypeLabel(account.cashAccountType) : undefined;
  const owner = ownerNamesOf(account, display);
  const accountNumber = account.iban ? displayIban(account.iban) : (account.bban ?? account.msisdn);
  return (
    <AccountListItem
      noun="account"
      title={title}
      route={account.resourceId ? accountRoute(account.resourceId) : undefined}
      status={account.status}
      withBalance={withBalance}
      balances={account.balances}
    >
      {account.name && display.accountName(account.name) !== title && (
        <p className="text-sm text-slate-700">{display.accountName(account.name)}</p>
      )}
      <p className="font-mono text-sm break-all text-slate-800">
        {accountNumber === undefined ? '(no account number)' : display.account(accountNumber)}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
        <span>{account.currency === 'XXX' ? 'Multicurrency (XXX)' : account.currency}</span>
        {account.product && <span>{account.product}</span>}
        {account.cashAccountType && (
          <span>
            {/* Presenter mode names the type in words only. */}
            {!(display.masked && typeLabel) && <code className="font-mono text-xs">{account.cashAccountType}</code>}
            {typeLabel && ` ${typeLabel}`}
          </span>
        )}
        {owner && <span>Owner: {owner}</span>}
      </p>
    </AccountListItem>
  );
}
