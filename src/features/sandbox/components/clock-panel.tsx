// The bank's clock: its time, and the moves (+1 hour, +1 day, to a date, freeze/unfreeze, back to real time), each
// answered with what it did in the bank's words. After a move the profile's payments, consents and accounts are read
// again, since what is due follows the bank's time, and the console's reading of the bank's time is renewed.
import { useState, type FormEvent } from 'react';
import type { BankClockState, ClockMove } from '../../../api';
import { Button, durationInWords, Field, LoadingText, Panel, TextInput } from '../../../components/ui';
import { AdminError } from './admin-error';

interface ClockPanelProps {
  clock: { data?: BankClockState; error: unknown; isPending: boolean };
  move: { mutate: (move: ClockMove) => void; isPending: boolean; error: unknown; data?: BankClockState };
}

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }) + ' UTC';

/** Where the bank's time stands against real time: "Real time.", "1 hour ahead of real time.", "Frozen, 2 days behind…". */
export function clockState(clock: BankClockState): string {
  if (clock.realTime) return 'Real time.';
  const { offsetMs } = clock;
  const against =
    Math.abs(offsetMs) < 60_000
      ? 'in step with real time'
      : `${durationInWords(offsetMs)} ${offsetMs > 0 ? 'ahead of' : 'behind'} real time`;
  return clock.frozen ? `Frozen, ${against}.` : `${against.charAt(0).toUpperCase()}${against.slice(1)}.`;
}

/** What the last move made happen, by a sandbox that does not say it in words, e.g. "settled: 2". */
function effectsText(effects: Record<string, number> | undefined): string {
  const done = Object.entries(effects ?? {}).filter(([, count]) => count > 0);
  return done.length === 0 ? 'Nothing fell due.' : done.map(([name, count]) => `${name}: ${count}`).join(', ');
}

export function ClockPanel({ clock, move }: ClockPanelProps) {
  const [date, setDate] = useState('');
  const current = clock.data;
  const busy = move.isPending;

  function toDate(event: FormEvent) {
    event.preventDefault();
    if (date) move.mutate({ kind: 'set', to: date });
  }

  return (
    <Panel
      title="The bank’s clock"
      description="POST {base_url}/admin/clock/advance, /set, /freeze, /unfreeze and /reset. Settlement, expiry of unauthorised payments and consents, bookings and daily read budgets follow the bank’s time."
    >
      {clock.isPending && <LoadingText>Reading the bank’s time…</LoadingText>}
      <AdminError error={clock.error} alert={false} />
      {current && (
        <div>
          <p className="text-sm text-slate-600">The bank’s time</p>
          <p className="font-mono text-lg text-slate-900" data-testid="bank-time">
            <time dateTime={current.now}>{dateTime(current.now)}</time>
          </p>
          <p className="text-sm text-slate-700">{clockState(current)}</p>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button disabled={busy} onClick={() => move.mutate({ kind: 'advance', by: 'PT1H' })}>
          +1 hour
        </Button>
        <Button disabled={busy} onClick={() => move.mutate({ kind: 'advance', by: 'P1D' })}>
          +1 day
        </Button>
        {current?.frozen ? (
          <Button disabled={busy} onClick={() => move.mutate({ kind: 'unfreeze' })}>
            Unfreeze
          </Button>
        ) : (
          <Button disabled={busy} onClick={() => move.mutate({ kind: 'freeze' })}>
            Freeze
          </Button>
        )}
        <Button disabled={busy || current?.realTime} onClick={() => move.mutate({ kind: 'reset' })}>
          Back to real time
        </Button>
      </div>
      <form onSubmit={toDate} className="flex flex-wrap items-end gap-2">
        <Field label="Move to a date" hint="The start of that day (UTC); the clock only moves forward.">
          <TextInput type="date" value={date} onChange={(event) => setDate(event.target.value)} className="w-44" />
        </Field>
        <Button type="submit" disabled={busy || !date} className="mb-5">
          Move clock
        </Button>
      </form>
      <p role="status" className="text-sm text-slate-700">
        {busy
          ? 'Moving the clock…'
          : move.data
            ? (move.data.message ?? `Clock moved. ${effectsText(move.data.effects)}`)
            : ''}
      </p>
      <AdminError error={move.error} />
    </Panel>
  );
}
