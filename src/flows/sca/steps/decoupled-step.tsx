// Decoupled SCA: waiting while the PSU approves in the banking app.
import { usePresenterMode, useSandboxAdmin, type AuthorisationScope, type BankProfile } from '../../../api';
import { PRESENTER_FLAG } from '../new-sca-redirect';
import { DecoupledMonitor } from '../decoupled-monitor';
import type { ScaNextStep } from '../sca-flow';
import type { ScaFlow } from '../use-sca-flow';
import { StepHeading, type StepHeadingProps } from './step-heading';

/**
 * The sandbox's banking app (`{base_url}/app`), where its PSU approves: linked only when the bank is the sandbox (it
 * answers the sandbox's admin API), and in presenter mode with the sandbox's presenter flag, so the app masks too.
 */
function SandboxBankingAppLink({ profile }: { profile: BankProfile }) {
  const admin = useSandboxAdmin(profile);
  const presenting = usePresenterMode();
  if (!admin.data?.available) return null;
  const app = `${profile.baseUrl.replace(/\/+$/, '')}/app`;
  const href = presenting ? `${app}?${PRESENTER_FLAG}=1` : app;
  return (
    <p className="text-sm">
      <a href={href} target="_blank" rel="noopener noreferrer" className="text-blue-800 underline">
        Open the sandbox’s banking app
      </a>{' '}
      (a new tab) to approve or deny as the PSU.
    </p>
  );
}

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
      <SandboxBankingAppLink profile={profile} />
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
