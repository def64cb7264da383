// /replay: opens a replay file saved by the console and shows it again, read-only. Only the file's data block is read,
// through its schema; the file's markup is never shown or run. The reader and the views load once a file is opened.
import { useId, useState, type ChangeEvent } from 'react';
import { usePresenterMode } from '../../../api';
import type { ReplayReading } from '../../../flows/replay/replay-data';
import type { ShownReplay } from '../../../flows/replay/replay-shown';
import { DocumentTitle } from '../../../components/ui';

/** Far above any usual replay: one flow, a few dozen exchanges (the exchange log holds 2,000 entries at most). */
export const MAX_REPLAY_BYTES = 20 * 1024 * 1024;

export function ReplayPage() {
  const inputId = useId();
  const [reading, setReading] = useState<(ReplayReading & { fileName: string }) | undefined>();
  // The view comes with the reader, so a file read is shown at once.
  const [View, setView] = useState<typeof ShownReplay>();
  // A replay saved without masking is masked on display while presenter mode is on.
  const presenting = usePresenterMode();

  async function open(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > MAX_REPLAY_BYTES) {
      setReading({ ok: false, problem: 'This file is too large to be a replay.', fileName: file.name });
      return;
    }
    try {
      const [shown, text] = await Promise.all([import('../../../flows/replay/replay-shown'), file.text()]);
      setView(() => shown.ShownReplay);
      setReading({ ...shown.readReplayFile(text), fileName: file.name });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      setReading({ ok: false, problem: `The console could not read it: ${why}`, fileName: file.name });
    }
  }

  return (
    <article className="max-w-4xl space-y-4">
      <DocumentTitle>Open a replay · XS2A Console</DocumentTitle>
      <h1 className="text-2xl font-semibold">Open a replay</h1>
      <p className="text-sm text-slate-700">
        A replay is a flow saved with “Save as replay” on a payment or consent page: one HTML file that also opens by
        itself in any browser. Open one here to show it again with the console’s views. Nothing is sent to any bank.
      </p>
      <div className="space-y-1">
        <label htmlFor={inputId} className="block text-sm font-medium">
          Replay file (.html)
        </label>
        <input
          id={inputId}
          type="file"
          accept=".html,.htm,text/html"
          onChange={(event) => void open(event)}
          className="block text-sm file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
        />
      </div>
      {reading && !reading.ok && (
        <div role="alert" className="rounded border border-red-300 border-l-4 border-l-red-700 bg-red-50 p-3 text-sm">
          <p className="font-semibold">{reading.fileName} cannot be shown.</p>
          <p>{reading.problem}</p>
        </div>
      )}
      {reading?.ok && View && <View data={reading.data} masked={presenting} />}
    </article>
  );
}
