// The account's details, balances and transactions read with the active consent, once its status is valid: loaded with
// the first consent the account page reads with, so the page without one loads none of it.
import { useEffect, useState } from 'react';
import {
  accountKeys,
  hasCode,
  linkOf,
  useAccount,
  useBalances,
  useBankDataDisplay,
  type BankProfile,
} from '../../../api';
import {
  Button,
  Checkbox,
  DeviationNotice,
  ErrorBoundary,
  JsonView,
  KeyValueList,
  LoadingText,
  Panel,
  Spinner,
} from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import { accountFactItems } from './account-facts';
import { BalancesTable } from './balances-table';
import { ConsentStatusGate } from './consent-status-gate';
import { FundsCheckSection } from './funds-check-section';
import { ReadError } from './read-error';
import { TransactionsPanel } from './transactions-panel';
import { consentBlockingCodes } from '../model/consent-verdict';
import { accountTitle } from '../model/format';
import { fundsCheckAccount } from '../model/funds-check-account';

/** The account `accountId` read with `consentId` once the consent's status is valid; its name goes to `onName`. */
export function AccountRead({
  profile,
  consentId,
  accountId,
  onName,
}: {
  profile: BankProfile;
  consentId: string;
  accountId: string;
  onName: (name: string | undefined) => void;
}) {
  return (
    <ConsentStatusGate profile={profile} consentId={consentId}>
      {() => (
        <AccountView
          key={`${consentId}/${accountId}`}
          profile={profile}
          consentId={consentId}
          accountId={accountId}
          onName={onName}
        />
      )}
    </ConsentStatusGate>
  );
}

type Coverage = 'unknown' | 'offered' | 'not-offered';

/** Whether the account's `_links` offer a service: banks list balances and transactions only when the consent covers them. */
function coverage(links: unknown, loaded: boolean, name: string): Coverage {
  if (!loaded || links === undefined) return 'unknown';
  return linkOf(links, name) !== undefined ? 'offered' : 'not-offered';
}

type ReadContext = { profile: BankProfile; consentId: string; accountId: string };

/**
 * The account's details, then its balances: balances and transactions wait for the details, whose links say whether
 * the consent covers them (a read the bank would refuse still counts against frequencyPerDay), and nothing more is read
 * after a refusal for the consent's sake (expired, deleted, today's reads used up).
 */
function useAccountReads({ profile, consentId, accountId }: ReadContext, withBalance: boolean) {
  const details = useAccount({ profile, consentId, accountId, withBalance });
  const account = details.isError ? undefined : details.data?.body.account;
  const blocked = details.isError && consentBlockingCodes.some((code) => hasCode(details.error, code));
  const settled = !details.isPending && !blocked;
  const links: unknown = account?._links;
  const [forced, setForced] = useState<{ balances?: boolean; transactions?: boolean }>({});
  const reads = (name: 'balances' | 'transactions') =>
    settled && (coverage(links, account !== undefined, name) !== 'not-offered' || forced[name] === true);
  const readBalances = reads('balances');
  const balances = useBalances({ profile, consentId, accountId }, { enabled: readBalances });
  return {
    details,
    account,
    blocked,
    settled,
    readBalances,
    readTransactions: reads('transactions'),
    balances,
    balanceList: blocked || balances.isError ? undefined : balances.data?.body.balances,
    readAnyway: (name: 'balances' | 'transactions') => setForced((f) => ({ ...f, [name]: true })),
  };
}

type AccountReads = ReturnType<typeof useAccountReads>;

function RefreshButton({ query }: { query: { isFetching: boolean; refetch: () => unknown } }) {
  return (
    <Button size="sm" disabled={query.isFetching} onClick={() => void query.refetch()}>
      {query.isFetching && <Spinner />}
      Refresh
    </Button>
  );
}

function AccountDetailsPanel({
  reads,
  context,
  withBalance,
  onWithBalance,
}: {
  reads: AccountReads;
  context: ReadContext;
  withBalance: boolean;
  onWithBalance: (on: boolean) => void;
}) {
  const { details, account } = reads;
  const display = useBankDataDisplay();
  return (
    <Panel
      title="Account details"
      description="GET /v1/accounts/{account-id}"
      actions={
        <>
          <Checkbox
            label="With balances"
            checked={withBalance}
            onChange={(event) => onWithBalance(event.target.checked)}
          />
          <RefreshButton query={details} />
        </>
      }
    >
      {details.isPending && <LoadingText>Reading the account…</LoadingText>}
      <ReadWaitNotice
        queryKey={accountKeys.detail(context.profile.id, context.consentId, context.accountId, withBalance)}
      />
      {details.isError && (
        <ReadError error={details.error} what="the account" {...context} onRetry={() => void details.refetch()} />
      )}
      {details.data && !details.isError && <DeviationNotice deviations={details.data.deviations} />}
      {details.data && !details.isError && !account && (
        <p className="text-sm text-slate-600">The bank&apos;s answer carries no account.</p>
      )}
      {account && details.data && (
        <>
          <KeyValueList items={accountFactItems(account, { withIds: true, display })} />
          {withBalance &&
            (account.balances ? (
              <BalancesTable balances={account.balances} caption="Balances in the account details" />
            ) : (
              <p className="text-sm text-slate-600">The answer carries no balances for this account.</p>
            ))}
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-slate-700">JSON</summary>
            <JsonView className="mt-2" value={details.data.body} label="Account as JSON" />
          </details>
        </>
      )}
    </Panel>
  );
}

function BalancesPanel({ reads, context }: { reads: AccountReads; context: ReadContext }) {
  const { blocked, settled, readBalances, balances, balanceList } = reads;
  return (
    <Panel
      title="Balances"
      description="GET /v1/accounts/{account-id}/balances"
      actions={readBalances && <RefreshButton query={balances} />}
    >
      {blocked && <NotRead what="balances" />}
      {!readBalances && settled && <NotOffered what="balances" onReadAnyway={() => reads.readAnyway('balances')} />}
      {readBalances && balances.isPending && <LoadingText>Reading the balances…</LoadingText>}
      <ReadWaitNotice queryKey={accountKeys.balances(context.profile.id, context.consentId, context.accountId)} />
      {!blocked && balances.isError && (
        <ReadError error={balances.error} what="the balances" {...context} onRetry={() => void balances.refetch()} />
      )}
      {balanceList && balances.data && (
        <>
          <DeviationNotice deviations={balances.data.deviations} />
          <BalancesTable balances={balanceList} caption="Balances of the account" />
        </>
      )}
    </Panel>
  );
}

function TransactionsSection({ reads, context }: { reads: AccountReads; context: ReadContext }) {
  const { blocked, settled, readTransactions, account, balanceList } = reads;
  if (blocked) {
    return (
      <Panel title="Transactions">
        <NotRead what="transactions" />
      </Panel>
    );
  }
  if (!settled) return null;
  if (!readTransactions) {
    return (
      <Panel title="Transactions">
        <NotOffered what="transactions" onReadAnyway={() => reads.readAnyway('transactions')} />
      </Panel>
    );
  }
  return <TransactionsPanel {...context} iban={account?.iban} currency={account?.currency} balances={balanceList} />;
}

function AccountView({ onName, ...context }: ReadContext & { onName: (name: string | undefined) => void }) {
  const [withBalance, setWithBalance] = useState(false);
  const reads = useAccountReads(context, withBalance);
  const display = useBankDataDisplay();
  const title = reads.account ? accountTitle(reads.account, display) : undefined;
  useEffect(() => {
    onName(title);
    return () => onName(undefined);
  }, [title, onName]);

  return (
    <div className="space-y-4">
      <AccountDetailsPanel reads={reads} context={context} withBalance={withBalance} onWithBalance={setWithBalance} />
      <ErrorBoundary what="the balances">
        <BalancesPanel reads={reads} context={context} />
      </ErrorBoundary>
      {reads.account && (
        <ErrorBoundary what="the funds check">
          <FundsCheckSection
            profile={context.profile}
            account={fundsCheckAccount(reads.account)}
            currency={typeof reads.account.currency === 'string' ? reads.account.currency : undefined}
          />
        </ErrorBoundary>
      )}
      <ErrorBoundary what="the transactions">
        <TransactionsSection reads={reads} context={context} />
      </ErrorBoundary>
    </div>
  );
}

function NotRead({ what }: { what: string }) {
  return (
    <p className="text-sm text-slate-700">
      Not read: the bank refused the account read above for the consent&apos;s sake, and would refuse the {what} the
      same way.
    </p>
  );
}

function NotOffered({ what, onReadAnyway }: { what: string; onReadAnyway: () => void }) {
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <p>
        The account&apos;s details offer no <code className="font-mono">{what}</code> link, so the consent most likely
        does not cover its {what}. Nothing was read: a refused read still counts against the consent&apos;s
        frequencyPerDay.
      </p>
      <Button size="sm" onClick={onReadAnyway}>
        Read the {what} anyway
      </Button>
    </div>
  );
}
