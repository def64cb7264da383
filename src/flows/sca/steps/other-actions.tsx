// The bank's other links beside the current step: read the SCA status, refresh the resource, or take another start.
import { Button, SpecName } from '../../../components/ui';
import type { ScaAction } from '../links-to-actions';
import type { ScaFlow } from '../use-sca-flow';
import { StatusNote } from './read-step';

function OtherAction({ action, flow }: { action: ScaAction; flow: ScaFlow }) {
  if (action.kind === 'scaStatus') {
    return (
      <Button size="sm" onClick={() => flow.readStatus(action.href)} title={action.description}>
        {action.label}
      </Button>
    );
  }
  if (action.kind === 'status') {
    return (
      <Button size="sm" onClick={flow.refreshResource} title={action.description}>
        {action.label}
      </Button>
    );
  }
  if ((action.kind === 'start' || action.kind === 'update') && action.unsupported) {
    return (
      <span className="text-xs text-slate-600">
        <SpecName after=": ">{action.link}</SpecName>
        {action.unsupported}
      </span>
    );
  }
  return (
    <Button size="sm" variant="ghost" onClick={() => flow.choose(action.link)} title={action.description}>
      Instead: {action.label}
    </Button>
  );
}

/** The links the bank offers besides the current step (the redirect link is never one: it is only ever the step). */
export function OtherActions({ flow }: { flow: ScaFlow }) {
  const { step, chosen } = flow;
  const reading = step.kind === 'monitor' || step.kind === 'read';
  const others = flow.actions.filter(
    (a) => a.link !== chosen?.link && !(reading && a.kind === 'scaStatus') && a.kind !== 'redirect',
  );
  if (others.length === 0 || step.kind === 'done') return null;
  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <p className="text-sm font-medium text-slate-700">Other links the bank offers</p>
      <ul className="flex flex-wrap gap-2">
        {others.map((a) => (
          <li key={a.link}>
            <OtherAction action={a} flow={flow} />
          </li>
        ))}
      </ul>
      {step.kind !== 'read' && <StatusNote note={flow.state.statusNote} />}
    </div>
  );
}
