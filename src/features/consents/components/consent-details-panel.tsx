// GET consent: the access the bank says the consent grants (after the PSU may have narrowed it), its validity, how
// often it may be used, and the raw answer.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import {
  linkOf,
  useBankDataDisplay,
  useBankNow,
  type BankProfile,
  type GetConsentData,
  type Xs2aResult,
} from '../../../api';
import { readDate } from '../../../xs2a/readers';
import { Button, DeviationNotice, JsonView, KeyValueList, LoadingText, Panel } from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import { displayReference, fewerAccountsGranted, timeLeft } from '../model/format';
import { ConsentErrorCallout } from './consent-error-callout';

type Access = GetConsentData['access'];

const globalText: Record<string, string> = {
  allPsd2: 'Details, balances and transactions of every payment account of the PSU',
  availableAccounts: 'The list of the PSU’s payment accounts (no balances, no transactions)',
  availableAccountsWithBalance: 'The list of the PSU’s payment accounts with their balances',
};

function ReferenceList({ title, refs }: { title: string; refs: unknown[] | undefined }) {
  const display = useBankDataDisplay();
  return (
    <div className="min-w-0">
      <h4 className="text-sm font-medium text-slate-700">{title}</h4>
      {refs === undefined ? (
        <p className="text-sm text-slate-600">Not granted</p>
      ) : refs.length === 0 ? (
        <p className="text-sm text-slate-600">Accounts the PSU chooses at the bank</p>
      ) : (
        <ul aria-label={title} className="font-mono text-xs text-slate-900">
          {refs.map((ref, index) => (
            <li key={index} className="break-all">
              {displayReference(ref, display.account)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AccessGranted({ access }: { access: Access }) {
  const global = (['allPsd2', 'availableAccounts', 'availableAccountsWithBalance'] as const).find(
    (name) => access[name] !== undefined,
  );
  const hasLists = access.accounts !== undefined || access.balances !== undefined || access.transactions !== undefined;
  const info = access.additionalInformation;
  const specNames = !useBankDataDisplay().masked;
  return (
    <div className="space-y-3">
      {global && (
        <p className="text-sm">
          {specNames && (
            <>
              <code className="font-mono text-xs font-semibold">
                {global}: {access[global]}
              </code>{' '}
              —{' '}
            </>
          )}
          {globalText[global]}
          {access[global] === 'allAccountsWithOwnerName' && ', with the owners’ names'}.
        </p>
      )}
      {hasLists && (
        <div className="grid gap-3 sm:grid-cols-3">
          <ReferenceList title="Account details" refs={access.accounts} />
          <ReferenceList title="Balances" refs={access.balances} />
          <ReferenceList title="Transactions" refs={access.transactions} />
        </div>
      )}
      {info?.ownerName && <ReferenceList title="Owner names of" refs={info.ownerName} />}
      {info?.trustedBeneficiaries && (
        <ReferenceList title="Trusted beneficiaries of" refs={info.trustedBeneficiaries} />
      )}
      {access.restrictedTo && access.restrictedTo.length > 0 && (
        <p className="text-sm">
          Only accounts of type{access.restrictedTo.length === 1 ? '' : 's'}{' '}
          <code className="font-mono text-xs">{access.restrictedTo.join(', ')}</code>.
        </p>
      )}
      {!global && !hasLists && <p className="text-sm text-slate-600">The bank reports no access.</p>}
    </div>
  );
}

/**
 * A date as the bank sent it: the date, with any time the bank added beside it and named as a deviation (1.3.12 has
 * a date here), so the value is shown whole and validity is still computed from the date.
 */
function DateValue({ value, field }: { value: unknown; field: string }) {
  const { date, time, text, deviation } = readDate(value);
  if (date === undefined) return <>{text || '—'}</>;
  return (
    <>
      <time dateTime={date}>{date}</time>
      {time && <span className="text-slate-600"> {time}</span>}
      {deviation && (
        <span className="ml-1 text-amber-800">
          <span aria-hidden="true">⚠ </span>
          {field}: {deviation}
        </span>
      )}
    </>
  );
}

/** Said when the bank granted fewer of the asked accounts, e.g. because the PSU holds only some of them. */
function FewerAccountsNote({ asked, granted }: { asked: Record<string, unknown>; granted: Access }) {
  const fewer = fewerAccountsGranted(asked, granted);
  if (!fewer) return null;
  return (
    <p
      role="note"
      aria-label="Fewer accounts granted"
      className="rounded border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-2 text-sm text-amber-950"
    >
      <span aria-hidden="true">! </span>
      The bank granted fewer accounts than the request named: {fewer.text}. Reads of the others will be refused.
    </p>
  );
}

export interface ConsentDetailsPanelProps {
  /** The consent's bank: how long it has left is counted on the bank's clock. */
  profile: BankProfile;
  query: UseQueryResult<Xs2aResult<GetConsentData>>;
  /** The query's key: a read the bank asked to hold back shows its countdown here. */
  queryKey: QueryKey;
  /** The access as this browser requested it, when it created the consent. */
  asked?: Record<string, unknown> | undefined;
}

export function ConsentDetailsPanel({ profile, query, queryKey, asked }: ConsentDetailsPanelProps) {
  const consent = query.data?.body;
  // Before the PSU authorised it, the bank repeats the request: only a valid consent's access is what was granted.
  const granted = consent?.consentStatus === 'valid' ? consent.access : undefined;
  const bankNow = useBankNow(profile);
  const left = consent ? timeLeft(consent.validUntil, bankNow) : undefined;
  const accountsHref = linkOf(consent?._links, 'account');
  const { recurringIndicator: recurring, frequencyPerDay: frequency } = (consent ?? {}) as Partial<GetConsentData>;
  const specNames = !useBankDataDisplay().masked;
  return (
    <Panel
      title="Access and validity"
      description="GET /v1/consents/{consentId}: what the bank says the consent grants. After redirect SCA this shows any access the PSU narrowed at the bank."
      actions={
        <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Read again
        </Button>
      }
    >
      {query.isPending && <LoadingText>Reading the consent…</LoadingText>}
      <ReadWaitNotice queryKey={queryKey} />
      {query.isError && <ConsentErrorCallout error={query.error} />}
      {consent && (
        <>
          <section aria-labelledby="consent-access-heading" className="space-y-2">
            <h3 id="consent-access-heading" className="text-sm font-semibold text-slate-900">
              Access granted
            </h3>
            {asked && granted && <FewerAccountsNote asked={asked} granted={granted} />}
            {/* A bank may leave out what 1.3.12 requires: an answer without its access grants none. */}
            <AccessGranted access={consent.access ?? {}} />
          </section>
          <KeyValueList
            items={[
              {
                key: 'Valid until',
                value: (
                  <>
                    <DateValue value={consent.validUntil} field="validUntil" />{' '}
                    <span className={left?.expired ? 'font-medium text-amber-900' : 'text-slate-600'}>
                      ({left?.text})
                    </span>
                  </>
                ),
              },
              // Said only when the answer says it (a bank may leave out what 1.3.12 requires).
              ...(recurring === undefined
                ? []
                : [
                    {
                      key: 'Recurring',
                      value: recurring ? `yes${specNames ? ' (recurringIndicator true)' : ''}` : 'no, one-off',
                    },
                  ]),
              ...(frequency === undefined
                ? []
                : [
                    {
                      key: 'Reads per day without the PSU',
                      value: `${frequency}${specNames ? ' (frequencyPerDay)' : ''}`,
                    },
                  ]),
              {
                key: 'Last action',
                value: (
                  <>
                    <DateValue value={consent.lastActionDate} field="lastActionDate" />
                    {specNames && (
                      <span className="text-slate-600"> (lastActionDate: the last change of its status)</span>
                    )}
                  </>
                ),
              },
              ...(accountsHref && specNames
                ? [
                    {
                      key: 'Accounts',
                      value: <code className="font-mono text-xs break-all">{accountsHref}</code>,
                    },
                  ]
                : []),
            ]}
          />
          <DeviationNotice deviations={query.data?.deviations ?? []} />
          <details className="text-sm">
            <summary className="cursor-pointer text-slate-700 focus-visible:outline-2 focus-visible:outline-blue-600">
              Response body
            </summary>
            <JsonView value={consent} label="GET consent response body" className="mt-2" />
          </details>
        </>
      )}
    </Panel>
  );
}
