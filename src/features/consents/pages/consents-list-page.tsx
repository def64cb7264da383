// /consents: the consents this browser created with the active bank profile (XS2A has no list operation), which one
// is active, and a way to make another one active.
import { Link } from 'react-router-dom';
import { activeConsent, useActiveConsentId, useActiveProfile } from '../../../api';
import { Badge, Button, LinkButton } from '../../../components/ui';
import { ConsentStatusBadge } from '../components/consent-status-badge';
import { consentHistory, readsOn, useConsentHistory, type ConsentHistoryEntry } from '../model/consent-history';
import { consentStatusLabel, isFinalConsentStatus } from '../model/consent-status';
import { accessSummary, consentRoute, displayTime, timeLeft } from '../model/format';

export function ConsentsListPage() {
  const profile = useActiveProfile();
  const entries = useConsentHistory(profile.id);
  const activeId = useActiveConsentId(profile.id);

  return (
    <article className="max-w-4xl space-y-6">
      <title>{'Consents · XS2A Console'}</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Consents</h1>
          <p className="text-sm text-slate-700">
            Account information consents created from this browser with the bank profile{' '}
            <span className="font-medium text-slate-900">{profile.name}</span>. XS2A has no operation that lists
            consents, so the console keeps this list itself, in this browser&apos;s storage. The active consent is the
            one the account pages read with.
          </p>
        </div>
        <LinkButton to="/consents/new">New consent</LinkButton>
      </div>

      {activeId && !entries.some((entry) => entry.consentId === activeId) && (
        <p className="rounded border border-slate-200 bg-white p-3 text-sm text-slate-700">
          The active consent{' '}
          <Link to={consentRoute(activeId)} className="font-mono text-xs text-blue-800 underline">
            {activeId}
          </Link>{' '}
          was not created from this browser with this profile, so it is not in the list.
        </p>
      )}

      {entries.length === 0 ? (
        <section aria-labelledby="no-consents" className="rounded border border-dashed border-slate-300 bg-white p-6">
          <h2 id="no-consents" className="text-base font-semibold">
            No consents yet
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Create a consent for account information; once the PSU has authorised it, make it active and read accounts,
            balances and transactions with it.{' '}
            <Link to="/consents/new" className="text-blue-800 underline">
              Create a consent
            </Link>
            .
          </p>
        </section>
      ) : (
        <section aria-labelledby="consents-heading" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="consents-heading" className="text-base font-semibold">
              {entries.length} {entries.length === 1 ? 'consent' : 'consents'}, newest first
            </h2>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                if (window.confirm('Forget every consent in this list? The consents stay at the bank.')) {
                  consentHistory.clear(profile.id);
                }
              }}
            >
              Clear list
            </Button>
          </div>
          <ul
            aria-labelledby="consents-heading"
            className="divide-y divide-slate-200 rounded border border-slate-200 bg-white"
          >
            {entries.map((entry) => (
              <ConsentListItem
                key={entry.consentId}
                entry={entry}
                active={entry.consentId === activeId}
                onMakeActive={() => activeConsent.set(profile.id, entry.consentId)}
              />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function ConsentListItem({
  entry,
  active,
  onMakeActive,
}: {
  entry: ConsentHistoryEntry;
  active: boolean;
  onMakeActive: () => void;
}) {
  const left = timeLeft(entry.validUntil);
  const status = entry.consentStatus;
  const reads = readsOn(entry);
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 p-3 hover:bg-slate-50">
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={consentRoute(entry.consentId)}
            className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800"
          >
            {accessSummary(entry.access)}
          </Link>
          {active && <Badge tone="info">active</Badge>}
        </p>
        <p className="text-xs text-slate-600">
          Created <time dateTime={new Date(entry.createdAt).toISOString()}>{displayTime(entry.createdAt)}</time> · valid
          until <time dateTime={entry.validUntil}>{entry.validUntil}</time>
          {left.expired ? ' (ended)' : ''} ·{' '}
          {entry.recurringIndicator
            ? `recurring, ${entry.frequencyPerDay} ${entry.frequencyPerDay === 1 ? 'read' : 'reads'} a day without the PSU`
            : 'one-off'}
          {reads > 0 && ` · ${reads} counted today`}
        </p>
        <p className="font-mono text-xs break-all text-slate-500">{entry.consentId}</p>
      </div>
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
    </li>
  );
}
