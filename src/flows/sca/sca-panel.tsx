// The SCA of one payment, cancellation or consent: renders the next step the bank's `_links` offer (redirect link,
// explicit start, the embedded wizard, the decoupled monitor) and follows the bank's answers to the end.
import {
  bankLinkDescription,
  describeXs2aError,
  linksNote,
  prefixedLinkNote,
  type AuthorisationScope,
  type BankProfile,
} from '../../api';
import {
  DeviationNote,
  ErrorCallout,
  KeyValueList,
  Panel,
  PresenterDetails,
  usePresenterView,
  type HeadingLevel,
} from '../../components/ui';
import type { ScaStatus } from '../../xs2a/enums';
import type { AuthenticationObject } from '../../xs2a/sca';
import { SCA_PANEL_TITLE } from './lazy-sca-panel';
import type { ScaFlowState } from './sca-flow';
import type { StepFailure } from './sca-panel-state';
import { ScaStatusBadge } from './sca-status-badge';
import { ActStep } from './steps/act-step';
import { DecoupledStep } from './steps/decoupled-step';
import { DoneStep } from './steps/done-step';
import { OtherActions } from './steps/other-actions';
import { ReadStep, UnsupportedStep } from './steps/read-step';
import type { StepHeadingProps } from './steps/step-heading';
import { useScaFlow, type ScaFlow } from './use-sca-flow';

export interface ScaPanelProps {
  profile: BankProfile;
  scope: AuthorisationScope;
  /** From the 201 of the initiation, the 202 of a cancellation or a start-authorisation response, in any form. */
  links: unknown;
  /** Console route of the resource, for redirect round trips. */
  returnTo: string;
  /** ASPSP-SCA-Approach of the response that gave the links, if any. */
  scaApproach?: string;
  psuMessage?: string;
  /** finalised / failed / exempted: the parent refreshes its status. */
  onFinished?: (scaStatus: ScaStatus) => void;
  /** Known when continuing an existing authorisation. */
  authorisationId?: string;
  scaStatus?: string;
  /** From the same response as the links (e.g. startAuthorisationWithAuthenticationMethodSelection). */
  scaMethods?: AuthenticationObject[];
  chosenScaMethod?: AuthenticationObject;
  /** As the bank sent it. */
  challengeData?: unknown;
  title?: string;
  headingLevel?: HeadingLevel;
}

/**
 * The next SCA steps a bank's `_links` offer, as actions: redirect link, explicit start, the embedded wizard (password,
 * method choice, OTP), the decoupled monitor, and the status reads. Remounts when the links it is given change.
 */
export function ScaPanel(props: ScaPanelProps) {
  const key = JSON.stringify([props.links, props.authorisationId, props.scaStatus, props.scaApproach]);
  return <ScaFlowView key={key} {...props} />;
}

function FlowSummary({ state }: { state: ScaFlowState }) {
  const summary = [
    ...(state.scaApproach
      ? [{ key: 'SCA approach', value: <code className="font-mono">{state.scaApproach}</code> }]
      : []),
    ...(state.authorisationId
      ? [{ key: 'Authorisation', value: <code className="font-mono break-all">{state.authorisationId}</code> }]
      : []),
    ...(state.scaStatus ? [{ key: 'SCA status', value: <ScaStatusBadge status={state.scaStatus} /> }] : []),
  ];
  return summary.length > 0 ? (
    <PresenterDetails summary="Technical details">
      <KeyValueList items={summary} />
    </PresenterDetails>
  ) : null;
}

function StepView({
  flow,
  profile,
  scope,
  heading,
}: {
  flow: ScaFlow;
  profile: BankProfile;
  scope: AuthorisationScope;
  heading: StepHeadingProps;
}) {
  const { step, chosen } = flow;
  switch (step.kind) {
    case 'act':
      return chosen ? <ActStep action={chosen} flow={flow} profile={profile} heading={heading} /> : null;
    case 'monitor':
      return <DecoupledStep step={step} flow={flow} profile={profile} scope={scope} heading={heading} />;
    case 'done':
      return <DoneStep scaStatus={step.scaStatus} heading={heading} />;
    case 'read':
      return <ReadStep step={step} flow={flow} heading={heading} />;
    case 'unsupported':
      return <UnsupportedStep step={step} heading={heading} />;
    case 'none':
      return <NoStep />;
  }
}

/** The bank's answer offers no authorisation: said with its links' names to developers, plainly to an audience. */
function NoStep() {
  return (
    <p className="text-sm text-slate-700">
      {usePresenterView()
        ? 'The bank offers no way to approve this here.'
        : 'The bank’s answer offers no SCA step (no scaRedirect, start or update links).'}
    </p>
  );
}

function StepError({ failure }: { failure: StepFailure }) {
  const { error, hint, link } = failure;
  const description = bankLinkDescription(describeXs2aError(error), error, link);
  return <ErrorCallout alert {...description} summary={hint ?? description.summary} />;
}

function ScaFlowView({ title = SCA_PANEL_TITLE, headingLevel = 2, ...options }: ScaPanelProps) {
  const flow = useScaFlow(options);
  const { state, step } = flow;
  const heading: StepHeadingProps = {
    level: Math.min(headingLevel + 1, 6) as StepHeadingProps['level'],
    headingRef: flow.headingRef,
  };
  // Links sent as plain strings or as a list are followed like `{ href }` ones; the panel names the deviation.
  const forAudience = usePresenterView();
  const forms = state.flow.linkForms;
  const note = forms && linksNote({ links: {}, ...forms }, { forAudience });
  return (
    <Panel title={title} level={headingLevel}>
      <FlowSummary state={state.flow} />
      {state.flow.psuMessage && step.kind !== 'monitor' && (
        <p className="rounded border border-slate-200 bg-slate-50 p-2 text-sm">
          <span className="font-medium">Message from the bank:</span> {state.flow.psuMessage}
        </p>
      )}
      <div className="space-y-2">
        <StepView flow={flow} profile={options.profile} scope={options.scope} heading={heading} />
        {note && <DeviationNote words={note} />}
        {state.linkPrefix && <DeviationNote words={prefixedLinkNote(state.linkPrefix, { forAudience })} />}
      </div>
      {state.failure && <StepError failure={state.failure} />}
      <OtherActions flow={flow} />
    </Panel>
  );
}
