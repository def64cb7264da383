// Decoupled SCA: waiting while the PSU approves in the banking app.
import type { AuthorisationScope, BankProfile } from '../../../api';
import { DecoupledMonitor } from '../decoupled-monitor';
import type { ScaNextStep } from '../sca-flow';
import type { ScaFlow } from '../use-sca-flow';
import { StepHeading, type StepHeadingProps } from './step-heading';

export function DecoupledStep({
  step,
  flow,
  profile,
  scope,
  heading,
}: {
  step: Extract<ScaNextStep, { kind: 'monitor' }>;
  flow: ScaFlow;
  profile: BankProfile;
  scope: AuthorisationScope;
  heading: StepHeadingProps;
}) {
  const { flow: state } = flow.state;
  return (
    <>
      <StepHeading {...heading}>Waiting for approval in the banking app</StepHeading>
      <DecoupledMonitor
        profile={profile}
        scope={scope}
        authorisationId={step.action.authorisationId ?? state.authorisationId ?? step.action.href}
        href={step.action.href}
        psuMessage={state.psuMessage}
        scaStatus={state.scaStatus}
        onStatus={flow.monitorStatus}
      />
    </>
  );
}
