// /consents: the consents this browser created with the active bank profile (XS2A has no list operation), which one
// is active, and a way to make another one active.
import { Link } from 'react-router-dom';
import {
  activeConsent,
  isoDay,
  useActiveConsentId,
  useActiveProfile,
  useBankDataDisplay,
  useBankNow,
} from '../../../api';
import { Badge, Button, PresenterDetails } from '../../../components/ui';
import { HistoryItem, HistoryList, HistoryListPage } from '../../../flows/resource';
import { ConsentStatusBadge } from '../components/consent-status-badge';
import { consentHistory, readsOn, type ConsentHistoryEntry } from '../model/consent-history';
import { consentStatusLabel, isFinalConsentStatus } from '../model/consent-status';
import { accessSummary, consentRoute, displayTime, timeLeft } from '../model/format';

export function ConsentsListPage() {
  const profile = useActiveProfile();
  const entries = consentHistory.useList(profile.id);
  const activeId = useActiveConsentId(profile.id);
  const bankNow = useBankNow(profile);

  return (
    <HistoryListPage
      title="Consents"
      intro={
        <>
          Account information consents created from this browser with the bank profile{' '}
          <span className="font-medium text-slate-900">{profile.name}</span>. XS2A has no operation that lists consents,
          so the console keeps this list itself, in this browser&apos;s storage. The active consent is the one the
          account pages read with.
        </>
      }
      create={{ to: '/consents/new', label: 'New consent' }}
    >
      {activeId && !entries.some((entry) => entry.consentId === activeId) && (
        <p className="rounded border border-slate-200 bg-white p-3 text-sm text-slate-700">
          The active consent{' '}
          <Link to={consentRoute(activeId)} className="font-mono text-xs text-blue-800 underline">
            {activeId}
          </Link>{' '}
          was not created from this browser with this profile, so it is not in the list.
        </p>
      )}
      <HistoryList
        count={entries.length}
        noun={{ one: 'consent', many: 'consents' }}
        empty={{
          text: 'Create a consent for account information; once the PSU has authorised it, make it active and read accounts, balances and transactions with it.',
          link: { to: '/consents/new', label: 'Create a consent' },
        }}
        onClear={() => consentHistory.clear(profile.id)}
      >
        {entries.map((entry) => (
          <ConsentListItem
            key={entry.consentId}
            entry={entry}
            bankNow={bankNow}
            active={entry.consentId === activeId}
            onMakeActive={() => activeConsent.set(profile.id, entry.consentId)}
          />
        ))}
      </HistoryList>
    </HistoryListPage>
  );
}

function ConsentListItem({
  entry,
  bankNow,
  active,
  onMakeActive,
}: {
  entry: ConsentHistoryEntry;
  /** The bank's time: validity and the day's reads follow the bank's calendar. */
  bankNow: number;
  active: boolean;
  onMakeActive: () => void;
}) {
  const left = timeLeft(entry.validUntil, bankNow);
  const status = entry.consentStatus;
  const display = useBankDataDisplay();
  const reads = readsOn(entry, isoDay(bankNow));
  return (
    <HistoryItem
      to={consentRoute(entry.consentId)}
      title={accessSummary(entry.access, { account: display.account, specNames: !display.masked })}
      tags={active && <Badge tone="info">active</Badge>}
      aside={
        <div className="flex flex-wrap items-center gap-2">
          {status && (
            <span className="flex items-center gap-1 text-xs text-slate-600">
              Last known status <ConsentStatusBadge status={status} />
              <span className="sr-only">{consentStatusLabel(status)}</span>
            </span>
          )}
          {!active && !isFinalConsentStatus(status) && (
            <Button size="sm" onClick={onMakeActive}>
              Make active<span className="sr-only"> {entry.consentId}</span>
            </Button>
          )}
        </div>
      }
    >
      <p className="text-xs text-slate-600">
        Created <time dateTime={new Date(entry.createdAt).toISOString()}>{displayTime(entry.createdAt)}</time> · valid
        until <time dateTime={entry.validUntil}>{entry.validUntil}</time>
        {left.expired ? ' (ended)' : ''} ·{' '}
        {entry.recurringIndicator
          ? `recurring, ${entry.frequencyPerDay} ${entry.frequencyPerDay === 1 ? 'read' : 'reads'} a day without the PSU`
          : 'one-off'}
        {reads > 0 && ` · ${reads} counted today`}
      </p>
      <PresenterDetails summary="Technical details">
        <p className="font-mono text-xs break-all text-slate-500">{entry.consentId}</p>
      </PresenterDetails>
    </HistoryItem>
  );
}
