// "Export as Playwright suite" in the inspector: a flow group's "In suite" checkbox, and a bar that downloads the
// chosen flows (or every exportable flow of the session) as one zip. The suite's writer, Prettier and the zip library
// load with the first download, so no page carries them before.
import { useState } from 'react';
import { Button } from '../../components/ui';

export function SuiteCheckbox({
  flow,
  label,
  chosen,
  onChange,
}: {
  flow: string;
  label: string;
  chosen: boolean;
  onChange: (flow: string, chosen: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-1 text-xs text-slate-700">
      <input
        type="checkbox"
        checked={chosen}
        aria-label={`Add ${label} to the Playwright suite`}
        onChange={(event) => onChange(flow, event.target.checked)}
      />
      In suite
    </label>
  );
}

/** Downloads the chosen flows, or all of `flows` when none is chosen, as one suite. */
export function SuiteExportBar({ flows, chosen }: { flows: readonly string[]; chosen: readonly string[] }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (flows.length === 0) return null;
  async function exportSuite(list: readonly string[]) {
    setBusy(true);
    setNote('Writing the suite…');
    try {
      const { savePlaywrightSuite } = await import('./export-suite');
      const saved = await savePlaywrightSuite(list);
      setNote(`Saved ${saved.fileName} with ${saved.specs} ${saved.specs === 1 ? 'test' : 'tests'}`);
    } catch {
      setNote('Not exported; try again');
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2 rounded border border-slate-200 bg-slate-50 px-2 py-1.5 text-sm">
      <span className="font-medium text-slate-800">Playwright suite</span>
      <Button size="sm" disabled={busy || chosen.length === 0} onClick={() => void exportSuite(chosen)}>
        Export {chosen.length} chosen {chosen.length === 1 ? 'flow' : 'flows'} as a suite
      </Button>
      <Button size="sm" variant="ghost" disabled={busy} onClick={() => void exportSuite(flows)}>
        Export all {flows.length} {flows.length === 1 ? 'flow' : 'flows'} as a suite
      </Button>
      <span aria-live="polite" className="text-xs text-slate-700 empty:hidden">
        {note}
      </span>
    </div>
  );
}
