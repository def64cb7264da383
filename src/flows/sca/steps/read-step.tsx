// The bank offers no further step: the SCA status can be read on request. Also the steps the console cannot take.
import { Button, SpecName } from '../../../components/ui';
import type { ScaNextStep } from '../sca-flow';
import type { ScaFlow } from '../use-sca-flow';
import { StepHeading, type StepHeadingProps } from './step-heading';

/** When the SCA status was last read on request. */
export function StatusNote({ note }: { note: string | undefined }) {
  if (!note) return null;
  return (
    <p role="status" className="text-xs text-slate-600">
      {note}
    </p>
  );
}

export function ReadStep({
  step,
  flow,
  heading,
}: {
  step: Extract<ScaNextStep, { kind: 'read' }>;
  flow: ScaFlow;
  heading: StepHeadingProps;
}) {
  const { action } = step;
  return (
    <>
      <StepHeading {...heading}>Waiting for the bank</StepHeading>
      <p className="text-sm text-slate-700">
        The bank offers no further step here. Read the SCA status to see whether the authorisation went through.
      </p>
      {action && (
        <Button variant="primary" onClick={() => flow.readStatus(action.href)}>
          {action.label}
        </Button>
      )}
      <StatusNote note={flow.state.statusNote} />
    </>
  );
}

export function UnsupportedStep({
  step,
  heading,
}: {
  step: Extract<ScaNextStep, { kind: 'unsupported' }>;
  heading: StepHeadingProps;
}) {
  return (
    <>
      <StepHeading {...heading}>The bank asks for a step the console cannot take</StepHeading>
      <ul className="list-inside list-disc text-sm text-slate-700">
        {step.actions.map((a) => (
          <li key={a.link}>
            <SpecName after=": ">{a.link}</SpecName>
            {'unsupported' in a && a.unsupported ? a.unsupported : a.description}
          </li>
        ))}
      </ul>
    </>
  );
}
