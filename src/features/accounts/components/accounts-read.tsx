// The accounts list read with the active consent, once its status is valid: loaded with the first consent the page
// reads with, so the page without one loads none of it.
import { Link } from 'react-router-dom';
import { useState } from 'react';
import { accountKeys, useAccounts, useBankDataDisplay, type BankProfile } from '../../../api';
import { Button, Checkbox, DeviationNotice, LoadingText, Spinner } from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import type { AccountDetails } from '../../../xs2a';
import { AccountStatusBadge, ownerNamesOf } from './account-facts';
import { BalancesTable } from './balances-table';
import { ConsentStatusGate } from './consent-status-gate';
import { ReadError } from './read-error';
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
    <section aria-labelledby="account-list-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="account-list-heading" className="text-lg font-semibold">
          {accounts ? `${accounts.length} ${accounts.length === 1 ? 'account' : 'accounts'}` : 'Account list'}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox
            label="With balances"
            hint="Sends withBalance=true; the consent must cover balances"
            checked={withBalance}
            onChange={(event) => setWithBalance(event.target.checked)}
          />
          <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching && <Spinner />}
            Refresh
          </Button>
        </div>
      </div>

      {query.isPending && <LoadingText>Reading the accounts…</LoadingText>}
      <ReadWaitNotice queryKey={accountKeys.list(profile.id, consentId, withBalance)} />
      {query.isError && (
        <ReadError
          error={query.error}
          what="the accounts"
          profile={profile}
          consentId={consentId}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && !query.isError && <DeviationNotice deviations={query.data.deviations} />}
      {accounts && accounts.length === 0 && (
        <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          The bank lists no account for this consent.
        </p>
      )}
      {accounts && accounts.length > 0 && (
        <ul className="space-y-3">
          {accounts.map((account, index) => (
            <AccountItem key={account.resourceId ?? index} account={account} withBalance={withBalance} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AccountItem({ account, withBalance }: { account: AccountDetails; withBalance: boolean }) {
  const display = useBankDataDisplay();
  const title = accountTitle(account, display);
  const typeLabel = account.cashAccountType ? cashAccountTypeLabel(account.cashAccountType) : undefined;
  const owner = ownerNamesOf(account, display);
  const accountNumber = account.iban ? displayIban(account.iban) : (account.bban ?? account.msisdn);
  return (
    <li className="rounded border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <h3 className="text-base font-semibold">
            {account.resourceId ? (
              <Link
                to={accountRoute(account.resourceId)}
                className="text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800"
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </h3>
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
          {!account.resourceId && (
            <p className="text-xs text-slate-600">
              The bank gave no resourceId, so this account cannot be opened (it is its account-id).
            </p>
          )}
        </div>
        <AccountStatusBadge status={account.status} />
      </div>
      {withBalance && (
        <div className="mt-3">
          {account.balances ? (
            <BalancesTable balances={account.balances} caption={`Balances of ${title}`} compact />
          ) : (
            <p className="text-sm text-slate-600">No balances in the answer for this account.</p>
          )}
        </div>
      )}
    </li>
  );
}
