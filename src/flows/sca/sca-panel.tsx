// The SCA of one payment, cancellation or consent: renders the next step the bank's `_links` offer (redirect link,
// explicit start, the embedded wizard, the decoupled monitor) and follows the bank's answers to the end.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import {
  bankLinkDescription,
  buildUrl,
  consentKeys,
  describeXs2aError,
  getScaStatus,
  hasCode,
  linkHref,
  paymentKeys,
  readLinks,
  stringLinksNote,
  useStartAuthorisation,
  useUpdatePsuData,
  Xs2aError,
  type AuthorisationScope,
  type BankProfile,
  type StartAuthorisationBody,
  type UpdatePsuDataVariables,
} from '../../api';
import { Button, ErrorCallout, KeyValueList, Panel, type HeadingLevel } from '../../components/ui';
import type { ScaStatus } from '../../xs2a/enums';
import type { AuthenticationObject, ChallengeData } from '../../xs2a/sca';
import { DecoupledMonitor } from './decoupled-monitor';
import { rememberFlow } from './flow-memory';
import { linksToActions, type ScaAction, type ScaLinks } from './links-to-actions';
import { newScaRedirect } from './new-sca-redirect';
import { beginOAuth } from './oauth-begin';
import { initialFlowState, isFinal, nextStep, scaFlowReducer, type ScaStepBody } from './sca-flow';
import { ScaStatusBadge } from './sca-status-badge';
import {
  AdditionalAuthenticationForm,
  AuthenticationForm,
  ChallengeDetails,
  ConfirmationForm,
  IdentificationForm,
  MethodForm,
  OtpForm,
  StartForm,
  type StepInput,
} from './sca-step-forms';

export interface ScaPanelProps {
  profile: BankProfile;
  scope: AuthorisationScope;
  /** From the 201 of the initiation, the 202 of a cancellation or a start-authorisation response. */
  links: ScaLinks | undefined;
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
  challengeData?: ChallengeData;
  title?: string;
  headingLevel?: HeadingLevel;
}

/** The query keys of the payment or consent an authorisation belongs to. */
function parentKey(profileId: string, scope: AuthorisationScope) {
  return scope.kind === 'consent'
    ? consentKeys.consent(profileId, scope.consentId)
    : paymentKeys.payment(profileId, scope.service, scope.product, scope.paymentId);
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

function stepTitle(action: ScaAction): string {
  switch (action.kind) {
    case 'redirect':
      return 'Continue at the bank';
    case 'oauth':
      return 'Authorise at the bank';
    case 'confirmation':
      return 'Confirm the authorisation';
    case 'start':
      if (action.send === 'authentication') return 'Log in to start the authorisation';
      if (action.send === 'identification') return 'Identify the PSU to start the authorisation';
      if (action.send === 'selectMethod') return 'Choose an SCA method to start the authorisation';
      if (action.send === 'authoriseTransaction') return 'Enter the one-time password to start the authorisation';
      return 'Start the authorisation';
    case 'update':
      if (action.send === 'identification') return 'Identify the PSU';
      if (action.send === 'authentication') return 'Log in';
      if (action.send === 'additionalAuthentication') return 'Additional password';
      if (action.send === 'selectMethod') return 'Choose an SCA method';
      if (action.send === 'authoriseTransaction') return 'Enter the one-time password';
      return action.label;
    default:
      return action.label;
  }
}

function submitLabel(action: ScaAction): string {
  if (action.kind === 'start') {
    if (action.send === 'authentication' || action.send === 'additionalAuthentication') return 'Log in';
    if (action.send === 'selectMethod') return 'Start with this method';
    if (action.send === 'authoriseTransaction') return 'Authorise';
    return 'Start authorisation';
  }
  if (action.kind === 'confirmation') return 'Confirm';
  if (action.kind !== 'update') return action.label;
  switch (action.send) {
    case 'identification':
      return 'Identify';
    case 'authentication':
    case 'additionalAuthentication':
      return 'Log in';
    case 'selectMethod':
      return 'Use this method';
    case 'authoriseTransaction':
      return 'Authorise';
    default:
      return action.label;
  }
}

function startBody(input: StepInput): StartAuthorisationBody | undefined {
  switch (input.kind) {
    case 'authentication':
      return { psuData: { password: input.password } };
    case 'additionalAuthentication':
      return { psuData: { additionalPassword: input.password } };
    case 'selectMethod':
      return { authenticationMethodId: input.authenticationMethodId };
    case 'authoriseTransaction':
      return { scaAuthenticationData: input.otp };
    case 'identification':
      return {};
    default:
      return undefined;
  }
}

type UpdateRequest = Pick<UpdatePsuDataVariables, 'step' | 'body'>;

function updateRequest(input: StepInput): UpdateRequest | undefined {
  switch (input.kind) {
    case 'identification':
      return { step: 'identification', body: {} };
    case 'authentication':
      return { step: 'authentication', body: { psuData: { password: input.password } } };
    case 'additionalAuthentication':
      return { step: 'authentication', body: { psuData: { additionalPassword: input.password } } };
    case 'selectMethod':
      return { step: 'selectMethod', body: { authenticationMethodId: input.authenticationMethodId } };
    case 'authoriseTransaction':
      return { step: 'authoriseTransaction', body: { scaAuthenticationData: input.otp } };
    case 'confirmation':
      return { step: 'confirmation', body: { confirmationCode: input.confirmationCode } };
    default:
      return undefined;
  }
}

/** The message put at the field the bank refused (the callout below the form gives the details). */
function fieldRejection(input: StepInput, error: unknown): string | undefined {
  if (!(error instanceof Xs2aError) || error.kind !== 'http') return undefined;
  if (input.kind === 'authoriseTransaction') return 'The bank did not accept this one-time password (details below).';
  // Only a refusal of the credentials themselves is put at the login's fields; any other error is the request's.
  if ((input.kind === 'authentication' || input.kind === 'additionalAuthentication') && wrongCredentials(error)) {
    return 'The bank did not accept the login (details below).';
  }
  return undefined;
}

function wrongCredentials(error: unknown): boolean {
  return hasCode(error, 'PSU_CREDENTIALS_INVALID');
}

const doneText: Record<'finalised' | 'failed' | 'exempted', { title: string; text: string }> = {
  finalised: { title: 'Authorised', text: 'The bank reports the SCA as finalised: the PSU authorised it.' },
  exempted: { title: 'No SCA needed', text: 'The bank exempted this from SCA; that counts as authorised.' },
  failed: {
    title: 'Authorisation failed',
    text: 'The bank reports the SCA as failed. This authorisation cannot be used any more; start a new one if the bank allows it.',
  },
};

/**
 * The next SCA steps a bank's `_links` offer, as actions: redirect link, explicit start, the embedded wizard (password,
 * method choice, OTP), the decoupled monitor, and the status reads. Remounts when the links it is given change.
 */
export function ScaPanel(props: ScaPanelProps) {
  const key = JSON.stringify([props.links, props.authorisationId, props.scaStatus, props.scaApproach]);
  return <ScaFlowView key={key} {...props} />;
}

function ScaFlowView({
  profile,
  scope,
  links,
  returnTo,
  scaApproach,
  psuMessage,
  onFinished,
  authorisationId,
  scaStatus,
  scaMethods,
  chosenScaMethod,
  challengeData,
  title = 'Strong customer authentication',
  headingLevel = 2,
}: ScaPanelProps) {
  const [state, dispatch] = useReducer(
    scaFlowReducer,
    { links, scaApproach, psuMessage, authorisationId, scaStatus, scaMethods, chosenScaMethod, challengeData },
    initialFlowState,
  );
  const [psuId, setPsuId] = useState(profile.psuHeaders.psuId ?? '');
  // `link`: the bank's link that was followed, so a 404 on it is named as the bank's link leading nowhere.
  const [error, setError] = useState<{
    error: unknown;
    hint?: string;
    field?: string;
    link?: { name: string; href: string };
  }>();
  const [chosenLink, setChosenLink] = useState<string>();
  // Each answer remounts the step's form, so nothing typed for one step is carried into the next.
  const [answers, setAnswers] = useState(0);
  const [pending, setPending] = useState(false);
  const [statusNote, setStatusNote] = useState<string>();
  const queryClient = useQueryClient();
  const start = useStartAuthorisation();
  const update = useUpdatePsuData();

  const actions = linksToActions(state.links, scope);
  // Links sent as plain strings are followed like `{ href }` ones; the panel names them as a deviation.
  const linksNote = stringLinksNote(readLinks(state.links).stringLinks);
  const step = nextStep(state, scope);
  const chosen =
    step.kind === 'act' && chosenLink
      ? (actions.find((a) => a.link === chosenLink) ?? step.action)
      : step.kind === 'act'
        ? step.action
        : undefined;

  useEffect(() => rememberFlow(profile.id, scope, state), [profile.id, scope, state]);

  const finished = useRef(false);
  useEffect(() => {
    if (step.kind !== 'done' || finished.current) return;
    finished.current = true;
    void queryClient.invalidateQueries({ queryKey: parentKey(profile.id, scope) });
    onFinished?.(step.scaStatus);
  }, [step, onFinished, profile.id, queryClient, scope]);

  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef(answers);
  useEffect(() => {
    if (focusedFor.current === answers) return;
    focusedFor.current = answers;
    // Move focus to the new step so keyboard and screen-reader users follow the flow.
    stepHeading.current?.focus();
  }, [answers]);

  const answered = (body: ScaStepBody, headers: Record<string, string>) => {
    const approach = headerOf(headers, 'ASPSP-SCA-Approach');
    dispatch({ type: 'answered', body, ...(approach && { scaApproach: approach }) });
    setError(undefined);
    setChosenLink(undefined);
    setStatusNote(undefined);
    setAnswers((n) => n + 1);
  };

  const readStatus = async (href?: string): Promise<ScaStepBody | undefined> => {
    const id = state.authorisationId;
    if (!id && !href) return undefined;
    const result = await getScaStatus({ profile, scope, authorisationId: id ?? '', ...(href && { href }) });
    const body = result.body as ScaStepBody;
    dispatch({ type: 'statusRead', body });
    return body;
  };

  const onMonitorStatus = useCallback((body: ScaStepBody) => dispatch({ type: 'statusRead', body }), []);

  async function perform(action: ScaAction, input: StepInput) {
    if ((input.kind === 'identification' || input.kind === 'authentication') && input.psuId) setPsuId(input.psuId);
    const psuIdToSend = 'psuId' in input && input.psuId ? input.psuId : psuId.trim() || undefined;
    setPending(true);
    setError(undefined);
    try {
      if (action.kind === 'start') {
        const redirect = newScaRedirect(profile);
        redirect.bindTo(returnTo);
        const body = startBody(input);
        const result = await start.mutateAsync({
          profile,
          scope,
          href: action.href,
          ...(body !== undefined && { body }),
          ...(psuIdToSend && { psuId: psuIdToSend }),
          tppRedirectUri: redirect.tppRedirectUri,
          tppNokRedirectUri: redirect.tppNokRedirectUri,
        });
        answered(result.body, result.headers);
        return;
      }
      if (action.kind === 'update' || action.kind === 'confirmation') {
        const request = updateRequest(input);
        const id = (action.kind === 'update' ? action.authorisationId : undefined) ?? state.authorisationId;
        if (!request) return;
        const result = await update.mutateAsync({
          profile,
          scope,
          authorisationId: id ?? '',
          href: action.href,
          ...request,
          ...(psuIdToSend && { psuId: psuIdToSend }),
        } as UpdatePsuDataVariables);
        answered(result.body, result.headers);
      }
    } catch (caught) {
      let hint: string | undefined;
      const scaStatusLink = linkHref(state.links?.scaStatus);
      if (input.kind === 'authoriseTransaction' && scaStatusLink) {
        // Whether the bank still allows another try decides what the PSU sees next.
        try {
          const body = await readStatus(scaStatusLink);
          hint = isFinal(body?.scaStatus)
            ? undefined
            : `The one-time password was not accepted. The authorisation is still open (scaStatus ${body?.scaStatus ?? 'unknown'}): check the code and try again.`;
        } catch {
          hint = 'The one-time password was not accepted. Check the code and try again while the bank allows it.';
        }
      } else if (input.kind === 'authentication' && wrongCredentials(caught)) {
        hint = 'The bank did not accept the login. Check the PSU-ID and password and try again.';
      }
      const field = fieldRejection(input, caught);
      setError({
        error: caught,
        link: { name: action.link, href: action.href },
        ...(hint && { hint }),
        ...(field && { field }),
      });
    } finally {
      setPending(false);
    }
  }

  async function authoriseWithOAuth(href: string) {
    setPending(true);
    setError(undefined);
    try {
      const scaStatusHref = linkHref(state.links?.scaStatus);
      const url = await beginOAuth({
        profile,
        scope,
        metadataHref: href,
        returnTo,
        ...(scaStatusHref && { scaStatusHref }),
      });
      // Stays pending: the browser is on its way to the bank's page.
      window.location.assign(url);
    } catch (caught) {
      setError({ error: caught, link: { name: 'scaOAuth', href } });
      setPending(false);
    }
  }

  async function onReadStatus(href: string) {
    setError(undefined);
    setStatusNote(undefined);
    try {
      const body = await readStatus(href);
      if (body?.scaStatus) setStatusNote(`Read at ${new Date().toLocaleTimeString()}.`);
    } catch (caught) {
      setError({ error: caught, link: { name: 'scaStatus', href } });
    }
  }

  const headingLevelOfStep = Math.min(headingLevel + 1, 6) as 3 | 4 | 5 | 6;
  const StepHeading = `h${headingLevelOfStep}` as const;

  const renderForm = (action: ScaAction): ReactNode => {
    const common = {
      pending,
      submitLabel: submitLabel(action),
      onSubmit: (input: StepInput) => void perform(action, input),
      ...(error?.field && { rejected: error.field }),
    };
    if (action.kind === 'redirect') {
      return (
        <a
          href={buildUrl(profile.baseUrl, { href: action.href })}
          className="inline-flex items-center gap-1.5 rounded border border-blue-700 bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Continue at the bank
          <span aria-hidden="true">→</span>
        </a>
      );
    }
    if (action.kind === 'oauth') {
      return (
        <Button variant="primary" onClick={() => void authoriseWithOAuth(action.href)} disabled={pending}>
          {pending ? 'Opening the bank’s login…' : action.label}
        </Button>
      );
    }
    if (action.kind === 'confirmation') return <ConfirmationForm key={answers} {...common} />;
    if (action.kind !== 'start' && action.kind !== 'update') return null;
    switch (action.send) {
      case 'none':
        return <StartForm key={answers} {...common} />;
      case 'identification':
        return <IdentificationForm key={answers} {...common} psuId={psuId} />;
      case 'authentication':
        return <AuthenticationForm key={answers} {...common} psuId={psuId} />;
      case 'additionalAuthentication':
        return <AdditionalAuthenticationForm key={answers} {...common} />;
      case 'selectMethod':
        return <MethodForm key={answers} {...common} methods={state.scaMethods} />;
      case 'authoriseTransaction':
        return (
          <div className="space-y-3">
            <ChallengeDetails challenge={state.challengeData} method={state.chosenScaMethod} />
            <OtpForm key={answers} {...common} challenge={state.challengeData} />
          </div>
        );
      case 'encryptedAuthentication':
        return null;
    }
  };

  const summary = [
    ...(state.scaApproach
      ? [{ key: 'SCA approach', value: <code className="font-mono">{state.scaApproach}</code> }]
      : []),
    ...(state.authorisationId
      ? [{ key: 'Authorisation', value: <code className="font-mono break-all">{state.authorisationId}</code> }]
      : []),
    ...(state.scaStatus ? [{ key: 'SCA status', value: <ScaStatusBadge status={state.scaStatus} /> }] : []),
  ];

  const others = actions.filter(
    (a) =>
      a.link !== chosen?.link &&
      !((step.kind === 'monitor' || step.kind === 'read') && a.kind === 'scaStatus') &&
      a.kind !== 'redirect',
  );

  return (
    <Panel title={title} level={headingLevel}>
      {summary.length > 0 && <KeyValueList items={summary} />}
      {state.psuMessage && step.kind !== 'monitor' && (
        <p className="rounded border border-slate-200 bg-slate-50 p-2 text-sm">
          <span className="font-medium">Message from the bank:</span> {state.psuMessage}
        </p>
      )}

      <div className="space-y-2">
        {step.kind === 'act' && chosen && (
          <>
            <StepHeading ref={stepHeading} tabIndex={-1} className="font-semibold focus:outline-none">
              {stepTitle(chosen)}
            </StepHeading>
            <p className="text-sm text-slate-700">{chosen.description}</p>
            {renderForm(chosen)}
          </>
        )}
        {step.kind === 'monitor' && (
          <>
            <StepHeading ref={stepHeading} tabIndex={-1} className="font-semibold focus:outline-none">
              Waiting for approval in the banking app
            </StepHeading>
            <DecoupledMonitor
              profile={profile}
              scope={scope}
              authorisationId={step.action.authorisationId ?? state.authorisationId ?? step.action.href}
              href={step.action.href}
              psuMessage={state.psuMessage}
              scaStatus={state.scaStatus}
              onStatus={onMonitorStatus}
            />
          </>
        )}
        {step.kind === 'done' && (
          <div role="status">
            <StepHeading ref={stepHeading} tabIndex={-1} className="font-semibold focus:outline-none">
              <span aria-hidden="true">{step.scaStatus === 'failed' ? '✕ ' : '✓ '}</span>
              {doneText[step.scaStatus].title}
            </StepHeading>
            <p className="text-sm text-slate-700">{doneText[step.scaStatus].text}</p>
          </div>
        )}
        {step.kind === 'read' && (
          <>
            <StepHeading ref={stepHeading} tabIndex={-1} className="font-semibold focus:outline-none">
              Waiting for the bank
            </StepHeading>
            <p className="text-sm text-slate-700">
              The bank offers no further step here. Read the SCA status to see whether the authorisation went through.
            </p>
            {step.action && (
              <Button variant="primary" onClick={() => step.action && void onReadStatus(step.action.href)}>
                {step.action.label}
              </Button>
            )}
            {statusNote && (
              <p role="status" className="text-xs text-slate-600">
                {statusNote}
              </p>
            )}
          </>
        )}
        {step.kind === 'unsupported' && (
          <>
            <StepHeading ref={stepHeading} tabIndex={-1} className="font-semibold focus:outline-none">
              The bank asks for a step the console cannot take
            </StepHeading>
            <ul className="list-inside list-disc text-sm text-slate-700">
              {step.actions.map((a) => (
                <li key={a.link}>
                  <code className="font-mono">{a.link}</code>:{' '}
                  {'unsupported' in a && a.unsupported ? a.unsupported : a.description}
                </li>
              ))}
            </ul>
          </>
        )}
        {step.kind === 'none' && (
          <p className="text-sm text-slate-700">
            The bank&apos;s answer offers no SCA step (no scaRedirect, start or update links).
          </p>
        )}
        {linksNote && (
          <p className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
            <span aria-hidden="true">⚠ </span>
            {linksNote}
          </p>
        )}
      </div>

      {error && <StepError error={error.error} hint={error.hint} link={error.link} />}

      {others.length > 0 && step.kind !== 'done' && (
        <div className="space-y-2 border-t border-slate-200 pt-3">
          <p className="text-sm font-medium text-slate-700">Other links the bank offers</p>
          <ul className="flex flex-wrap gap-2">
            {others.map((a) => (
              <li key={a.link}>
                <OtherAction
                  action={a}
                  onChoose={() => setChosenLink(a.link)}
                  onReadStatus={(href) => void onReadStatus(href)}
                  onRefreshParent={() => void queryClient.invalidateQueries({ queryKey: parentKey(profile.id, scope) })}
                />
              </li>
            ))}
          </ul>
          {statusNote && step.kind !== 'read' && (
            <p role="status" className="text-xs text-slate-600">
              {statusNote}
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}

function StepError({ error, hint, link }: { error: unknown; hint?: string; link?: { name: string; href: string } }) {
  const description = bankLinkDescription(describeXs2aError(error), error, link);
  return <ErrorCallout alert {...description} summary={hint ?? description.summary} />;
}

function OtherAction({
  action,
  onChoose,
  onReadStatus,
  onRefreshParent,
}: {
  action: ScaAction;
  onChoose: () => void;
  onReadStatus: (href: string) => void;
  onRefreshParent: () => void;
}) {
  switch (action.kind) {
    case 'scaStatus':
      return (
        <Button size="sm" onClick={() => onReadStatus(action.href)} title={action.description}>
          {action.label}
        </Button>
      );
    case 'status':
      return (
        <Button size="sm" onClick={onRefreshParent} title={action.description}>
          {action.label}
        </Button>
      );
    case 'start':
    case 'update':
      if (action.unsupported) {
        return (
          <span className="text-xs text-slate-600">
            <code className="font-mono">{action.link}</code>: {action.unsupported}
          </span>
        );
      }
      return (
        <Button size="sm" variant="ghost" onClick={onChoose} title={action.description}>
          Instead: {action.label}
        </Button>
      );
    default:
      return (
        <Button size="sm" variant="ghost" onClick={onChoose} title={action.description}>
          Instead: {action.label}
        </Button>
      );
  }
}
