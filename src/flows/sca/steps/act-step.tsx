// A step the console can take: the bank's page (redirect, OAuth) or the form of an embedded step.
import type { ReactNode } from 'react';
import { buildUrl, usePresenterMode, type BankProfile } from '../../../api';
import { Button } from '../../../components/ui';
import type { ScaAction } from '../links-to-actions';
import { withPresenterFlag } from '../new-sca-redirect';
import { stepTitle, submitLabel } from '../step-text';
import type { ScaFlow } from '../use-sca-flow';
import { ConfirmationForm } from './confirmation-step';
import { AdditionalAuthenticationForm, AuthenticationForm, IdentificationForm, StartForm } from './credentials-step';
import { MethodForm } from './method-step';
import { OtpStep } from './otp-step';
import { StepHeading, type StepHeadingProps } from './step-heading';
import type { StepFormProps } from './step-form';

function BankPageLink({ href, onFollow }: { href: string; onFollow: () => void }) {
  const presenting = usePresenterMode();
  return (
    <a
      href={withPresenterFlag(href, presenting)}
      onClick={onFollow}
      className="inline-flex items-center gap-1.5 rounded border border-blue-700 bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      Continue at the bank
      <span aria-hidden="true">→</span>
    </a>
  );
}

function StepControls({ action, flow, profile }: { action: ScaAction; flow: ScaFlow; profile: BankProfile }) {
  const { state, pending } = flow;
  // Each answer remounts the step's form, so nothing typed for one step is carried into the next.
  const key = state.answers;
  const form: StepFormProps = {
    pending,
    submitLabel: submitLabel(action),
    onSubmit: (input) => flow.send(action, input),
    ...(state.failure?.field && { rejected: state.failure.field }),
  };
  if (action.kind === 'redirect') {
    return <BankPageLink href={buildUrl(profile.baseUrl, { href: action.href })} onFollow={flow.bankPageOpened} />;
  }
  if (action.kind === 'oauth') {
    return (
      <Button variant="primary" onClick={() => flow.authoriseWithOAuth(action.href)} disabled={pending}>
        {pending ? 'Opening the bank’s login…' : action.label}
      </Button>
    );
  }
  if (action.kind === 'confirmation') return <ConfirmationForm key={key} {...form} />;
  if (action.kind !== 'start' && action.kind !== 'update') return null;
  const forms: Record<typeof action.send, ReactNode> = {
    none: <StartForm key={key} {...form} />,
    identification: <IdentificationForm key={key} {...form} psuId={state.psuId} />,
    authentication: <AuthenticationForm key={key} {...form} psuId={state.psuId} />,
    additionalAuthentication: <AdditionalAuthenticationForm key={key} {...form} />,
    selectMethod: <MethodForm key={key} {...form} methods={state.flow.scaMethods} />,
    authoriseTransaction: (
      <OtpStep key={key} {...form} challenge={state.flow.challengeData} method={state.flow.chosenScaMethod} />
    ),
    encryptedAuthentication: null,
  };
  return forms[action.send];
}

export function ActStep({
  action,
  flow,
  profile,
  heading,
}: {
  action: ScaAction;
  flow: ScaFlow;
  profile: BankProfile;
  heading: StepHeadingProps;
}) {
  return (
    <>
      <StepHeading {...heading}>{stepTitle(action)}</StepHeading>
      <p className="text-sm text-slate-700">{action.description}</p>
      <StepControls action={action} flow={flow} profile={profile} />
    </>
  );
}
