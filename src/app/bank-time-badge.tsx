// The header's bank time: shown when the active profile's bank keeps another time than this browser by more than a
// minute (a sandbox whose clock was moved, a bank whose machine is off), with the difference, and in its title where
// the console read it. It follows every new reading, so it changes as soon as the Sandbox page moves the clock.
import { useActiveProfile, useBankClock, type BankTimeReading } from '../api';
import { durationInWords } from '../components/ui';

/** Within this of the browser's time, the bank keeps the same time as far as the console is concerned. */
const SHOWN_BEYOND_MS = 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The bank's time as "1 Dec 10:00" (UTC, the bank's calendar), with the year when it is not the browser's. */
function shownTime(bankMs: number, browserMs: number): string {
  const at = new Date(bankMs);
  const year = at.getUTCFullYear() === new Date(browserMs).getUTCFullYear() ? '' : ` ${at.getUTCFullYear()}`;
  const time = [at.getUTCHours(), at.getUTCMinutes()].map((n) => String(n).padStart(2, '0')).join(':');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]}${year} ${time}`;
}

/** Where the reading came from, and when (the browser's time). */
function readFrom(reading: BankTimeReading): string {
  const at = new Date(reading.readAt).toLocaleTimeString('en-GB');
  const source = reading.source === 'sandbox-clock' ? 'the sandbox’s clock' : 'the bank’s Date header';
  return `Read from ${source} at ${at} (this browser’s time)${reading.frozen ? '; the clock stands still' : ''}.`;
}

export function BankTimeBadge() {
  const profile = useActiveProfile();
  const { bankNow, browserNow, reading } = useBankClock(profile, 15_000);
  const difference = bankNow - browserNow;
  if (!reading || Math.abs(difference) <= SHOWN_BEYOND_MS) return null;
  const words = durationInWords(difference);
  const ahead = difference > 0;
  return (
    <p
      role="group"
      aria-labelledby="bank-time-label"
      title={readFrom(reading)}
      data-testid="bank-time-badge"
      className="rounded border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs text-amber-950"
    >
      <span id="bank-time-label" className="font-medium">
        Bank time
      </span>{' '}
      <time dateTime={new Date(bankNow).toISOString()}>{shownTime(bankNow, browserNow)} UTC</time>
      <span aria-hidden="true">
        , {ahead ? '+' : '−'}
        {words}
      </span>
      <span className="sr-only">
        , {words} {ahead ? 'ahead of' : 'behind'} this browser’s clock
      </span>
    </p>
  );
}
