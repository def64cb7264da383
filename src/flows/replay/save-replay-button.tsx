// "Save as replay" for a flow: writes the flow as one HTML file that opens offline anywhere. The replay code loads with
// the first click.
import { useState } from 'react';
import { Button } from '../../components/ui';
import type { SaveReplayInput } from './save-replay';

export function SaveReplayButton(props: SaveReplayInput) {
  const [outcome, setOutcome] = useState<'saved' | 'failed'>();
  async function save() {
    try {
      const { saveReplay } = await import('./save-replay');
      saveReplay(props);
      setOutcome('saved');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => void save()}>
        Save as replay
      </Button>
      <span aria-live="polite" className="text-xs text-slate-700">
        {outcome === 'saved' && 'Replay saved'}
        {outcome === 'failed' && 'Not saved; try again'}
      </span>
    </span>
  );
}
