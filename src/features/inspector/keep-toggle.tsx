// "Keep" / "Kept" on a flow: a kept flow is never dropped to make room for newer ones.
import { exchangeLog, useKeptFlows } from '../../api';
import { Button } from '../../components/ui';

/** `unit`: the flow key (or an exchange's id when it has no flow); `label`: the flow's name, for screen readers. */
export function KeepToggle({ unit, label }: { unit: string; label: string }) {
  const kept = useKeptFlows().has(unit);
  return (
    <Button
      size="sm"
      variant={kept ? 'primary' : 'secondary'}
      aria-pressed={kept}
      title={
        kept
          ? 'Kept: the log does not drop it to make room. Select to let it go with the oldest again.'
          : 'Keep it: the log then never drops it to make room for newer flows.'
      }
      onClick={() => exchangeLog.keep([unit], !kept)}
    >
      {kept ? 'Kept' : 'Keep'}
      <span className="sr-only"> {label}</span>
    </Button>
  );
}
