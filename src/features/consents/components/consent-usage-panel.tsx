// How much of frequencyPerDay the consent has used today, as the console counted it (1.3.12 has no such field), and
// the last time the bank refused a read because of the consent.
import { consentAdvice, isoDay, useBankNow, type BankProfile } from '../../../api';
import { Panel, PresenterDetails } from '../../../components/ui';
import { readsOn, type ConsentHistoryEntry } from '../model/consent-history';
import { displayTime } from '../model/format';
import { ConsentAdviceLines } from './consent-advice-lines';

interface Props {
  profile: BankProfile;
  entry: ConsentHistoryEntry | undefined;
  /** As the bank reports it, else as requested. */
  frequencyPerDay: number | undefined;
}

export function ConsentUsagePanel({ profile, entry, frequencyPerDay }: Props) {
  // The bank's day (its budget resets then), which moves with the bank's clock.
  const bankNow = useBankNow(profile);
  const today = isoDay(bankNow);
  const used = entry ? readsOn(entry, today) : 0;
  const limit = frequencyPerDay ?? entry?.frequencyPerDay;
  const psuPresent = !!profile.psuHeaders.psuIpAddress?.trim();
  const refusal = entry?.lastRefusal;
  const exhausted = limit !== undefined && used >= limit;
  return (
    <Panel title="Reads without the PSU today">
      {entry ? (
        <>
          <p className="text-sm text-slate-900">
            <span className="text-lg font-semibold">{used}</span>
            {limit !== undefined && (
              <>
                {' '}
                of <span className="font-semibold">{limit}</span> allowed
              </>
            )}{' '}
            {used === 1 ? 'read' : 'reads'} on the bank’s day <time dateTime={today}>{today}</time> (UTC)
            {exhausted && <span className="font-medium text-amber-900"> — used up for today</span>}
          </p>
          {limit !== undefined && (
            <div
              role="meter"
              aria-label="Reads used today"
              aria-valuemin={0}
              aria-valuemax={limit}
              aria-valuenow={Math.min(used, limit)}
              aria-valuetext={`${used} of ${limit}`}
              className="h-2 max-w-sm overflow-hidden rounded bg-slate-200"
            >
              <div
                className={exhausted ? 'h-full bg-amber-600' : 'h-full bg-blue-700'}
                style={{ width: `${Math.min(100, (used / Math.max(limit, 1)) * 100)}%` }}
              />
            </div>
          )}
          <PresenterDetails summary="Technical details">
            <p className="text-xs text-slate-600">
              The console&apos;s own count: 1.3.12 has no field for it. It counts the account reads this browser made
              with this consent without PSU-IP-Address (the PSU not present, which is what frequencyPerDay limits) and
              that the bank answered with success. Reads by other apps or browsers are not in it.
            </p>
            <p className="text-xs text-slate-600">
              {psuPresent
                ? `The active profile sends PSU-IP-Address (${profile.psuHeaders.psuIpAddress}), so its reads count as made with the PSU present and are not limited.`
                : 'The active profile sends no PSU-IP-Address, so each of its account reads counts against frequencyPerDay.'}
            </p>
          </PresenterDetails>
        </>
      ) : (
        <p className="text-sm text-slate-700">
          This consent was not created from this browser with this profile, so the console has not counted its reads.
        </p>
      )}
      {refusal && (
        <div className="rounded border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-3 text-sm">
          <p>
            <span aria-hidden="true">! </span>
            Last refusal of an account read: <code className="font-mono text-xs font-semibold">{refusal.code}</code>
            {refusal.status !== undefined && (
              <span className="font-mono text-xs"> (HTTP {refusal.status})</span>
            )} at <time dateTime={new Date(refusal.at).toISOString()}>{displayTime(refusal.at)}</time>.
          </p>
          {refusal.text && (
            <p className="text-slate-800">
              <span className="font-medium">The bank says:</span> {refusal.text}
            </p>
          )}
          <ConsentAdviceLines advice={consentAdvice([refusal.code], { refused: 'this read', bankNow })} />
        </div>
      )}
    </Panel>
  );
}
