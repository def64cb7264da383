// What the account list and the card account list share: the heading with the withBalance switch and Refresh, the
// read's progress, wait, error and deviations, the empty list, and each item's title link, status and balances.
import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BankProfile, Deviation } from '../../../api';
import { Button, Checkbox, DeviationNotice, LoadingText, Spinner } from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import type { Balance } from '../../../xs2a';
import { AccountStatusBadge } from './account-facts';
import { BalancesTable } from './balances-table';
import { ReadError } from './read-error';

interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  data?: { deviations: Deviation[] } | undefined;
  refetch: () => unknown;
}

export function AccountListFrame({
  id,
  noun,
  count,
  profile,
  consentId,
  query,
  waitKey,
  withBalance,
  onWithBalance,
  children,
}: {
  id: string;
  /** "account", "card account". */
  noun: string;
  /** How many the bank listed, once read. */
  count: number | undefined;
  profile: BankProfile;
  consentId: string;
  query: ListQuery;
  waitKey: QueryKey;
  withBalance: boolean;
  onWithBalance: (on: boolean) => void;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {count === undefined
            ? `${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)} list`
            : `${count} ${noun}${count === 1 ? '' : 's'}`}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Checkbox
            label="With balances"
            hint="Sends withBalance=true; the consent must cover balances"
            checked={withBalance}
            onChange={(event) => onWithBalance(event.target.checked)}
          />
          <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching && <Spinner />}
            Refresh
          </Button>
        </div>
      </div>
      {query.isPending && <LoadingText>{`Reading the ${noun}s…`}</LoadingText>}
      <ReadWaitNotice queryKey={waitKey} />
      {query.isError && (
        <ReadError
          error={query.error}
          what={`the ${noun}s`}
          profile={profile}
          consentId={consentId}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.data && !query.isError && <DeviationNotice deviations={query.data.deviations} />}
      {count === 0 && (
        <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          {`The bank lists no ${noun} for this consent.`}
        </p>
      )}
      {count !== undefined && count > 0 && <ul className="space-y-3">{children}</ul>}
    </section>
  );
}

/** One listed account: its title (a link when the bank gave a resourceId), facts, status and balances on request. */
export function AccountListItem({
  noun,
  title,
  route,
  status,
  withBalance,
  balances,
  children,
}: {
  noun: string;
  title: string;
  /** Where the account opens; undefined without a resourceId. */
  route: string | undefined;
  status: string | undefined;
  withBalance: boolean;
  balances: readonly Balance[] | undefined;
  children: ReactNode;
}) {
  return (
    <li className="rounded border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1">
          <h3 className="text-base font-semibold">
            {route ? (
              <Link
                to={route}
                className="text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800"
              >
                {title}
              </Link>
            ) : (
              title
            )}
          </h3>
          {children}
          {!route && (
            <p className="text-xs text-slate-600">
              {`The bank gave no resourceId, so this ${noun} cannot be opened (it is its account-id).`}
            </p>
          )}
        </div>
        <AccountStatusBadge status={status} />
      </div>
      {withBalance && (
        <div className="mt-3">
          {balances ? (
            <BalancesTable balances={balances} caption={`Balances of ${title}`} compact />
          ) : (
            <p className="text-sm text-slate-600">{`No balances in the answer for this ${noun}.`}</p>
          )}
        </div>
      )}
    </li>
  );
}
