// The end of an authorisation: finalised, exempted or failed.
import type { FinalScaStatus } from '../sca-flow';
import { doneText } from '../step-text';
import { StepHeading, type StepHeadingProps } from './step-heading';

export function DoneStep({ scaStatus, heading }: { scaStatus: FinalScaStatus; heading: StepHeadingProps }) {
  return (
    <div role="status">
      <StepHeading {...heading}>
        <span aria-hidden="true">{scaStatus === 'failed' ? '✕ ' : '✓ '}</span>
        {doneText[scaStatus].title}
      </StepHeading>
      <p className="text-sm text-slate-700">{doneText[scaStatus].text}</p>
    </div>
  );
}
