// One SCA flow behind a hook: its state in one reducer, the bank's answers fed into it, pending derived from the
// requests on their way, and the cache updates and focus moves that go with each answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  authorisedResourceChanged,
  getScaStatus,
  linkHref,
  useStartAuthorisation,
  useUpdatePsuData,
  type AuthorisationScope,
  type BankProfile,
} from '../../api';
import type { ScaStatus } from '../../xs2a/enums';
import { rememberFlow } from './flow-memory';
import { linksToActions, type ScaAction } from './links-to-actions';
import { newScaRedirect } from './new-sca-redirect';
import { beginOAuth } from './oauth-begin';
import { nextStep, type ScaFlowInit, type ScaStepBody } from './sca-flow';
import { initialPanelState, scaPanelReducer, type StepFailure } from './sca-panel-state';
import {
  fieldRejection,
  loginHint,
  otpRetryHint,
  startBody,
  stepRequest,
  typedPsuId,
  type StepInput,
} from './step-requests';

export interface ScaFlowOptions extends ScaFlowInit {
  profile: BankProfile;
  scope: AuthorisationScope;
  returnTo: string;
  onFinished?: ((scaStatus: ScaStatus) => void) | undefined;
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/** Moves focus to the step's heading after each answer, so keyboard and screen-reader users follow the flow. */
function useStepFocus(answers: number) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focusedFor = useRef(answers);
  useEffect(() => {
    if (focusedFor.current === answers) return;
    focusedFor.current = answers;
    heading.current?.focus();
  }, [answers]);
  return heading;
}

export function useScaFlow({ profile, scope, returnTo, onFinished, ...init }: ScaFlowOptions) {
  const [state, dispatch] = useReducer(
    scaPanelReducer,
    { ...init, psuId: profile.psuHeaders.psuId ?? '' },
    initialPanelState,
  );
  const queryClient = useQueryClient();
  const start = useStartAuthorisation();
  const update = useUpdatePsuData();
  const oauth = useMutation({
    mutationFn: async (href: string) => {
      const scaStatusHref = linkHref(state.flow.links?.scaStatus);
      const url = await beginOAuth({
        profile,
        scope,
        metadataHref: href,
        returnTo,
        ...(scaStatusHref && { scaStatusHref }),
      });
      window.location.assign(url);
    },
  });

  const actions = linksToActions(state.flow.links, scope);
  const step = nextStep(state.flow, scope);
  const chosen = step.kind !== 'act' ? undefined : (actions.find((a) => a.link === state.chosenLink) ?? step.action);
  // After a successful OAuth start the browser is on its way to the bank's page: the step stays pending.
  const pending = start.isPending || update.isPending || oauth.isPending || oauth.isSuccess;

  useEffect(() => rememberFlow(profile.id, scope, state.flow), [profile.id, scope, state.flow]);

  const finished = useRef(false);
  useEffect(() => {
    if (step.kind !== 'done' || finished.current) return;
    finished.current = true;
    authorisedResourceChanged(queryClient, profile.id, scope);
    onFinished?.(step.scaStatus);
  }, [step, onFinished, profile.id, queryClient, scope]);

  const headingRef = useStepFocus(state.answers);

  async function readStatus(href: string, note = false): Promise<ScaStepBody> {
    const id = state.flow.authorisationId ?? '';
    const body = (await getScaStatus({ profile, scope, authorisationId: id, href })).body as ScaStepBody;
    const at = note && body.scaStatus ? `Read at ${new Date().toLocaleTimeString()}.` : undefined;
    dispatch({ type: 'statusRead', body, note: at });
    return body;
  }

  /** Sends the step; the bank's answer goes to the flow at once, before any refreshed status can end the panel. */
  async function request(action: ScaAction, input: StepInput, psuId: string | undefined) {
    if (action.kind === 'start') {
      const redirect = newScaRedirect(profile);
      redirect.bindTo(returnTo);
      const body = startBody(input);
      return start.mutateAsync({
        profile,
        scope,
        href: action.href,
        ...(body !== undefined && { body }),
        ...(psuId && { psuId }),
        tppRedirectUri: redirect.tppRedirectUri,
        tppNokRedirectUri: redirect.tppNokRedirectUri,
      });
    }
    const stepAndBody = stepRequest(input);
    if ((action.kind !== 'update' && action.kind !== 'confirmation') || !stepAndBody) return undefined;
    const id = (action.kind === 'update' ? action.authorisationId : undefined) ?? state.flow.authorisationId;
    const variables = { profile, scope, authorisationId: id ?? '', href: action.href, ...stepAndBody };
    return update.mutateAsync({ ...variables, ...(psuId && { psuId }) });
  }

  async function failureOf(action: ScaAction, input: StepInput, caught: unknown): Promise<StepFailure> {
    let hint = loginHint(input, caught);
    const scaStatusLink = linkHref(state.flow.links?.scaStatus);
    if (input.kind === 'authoriseTransaction' && scaStatusLink) {
      // Whether the bank still allows another try decides what the PSU sees next.
      hint = otpRetryHint(await readStatus(scaStatusLink).catch(() => 'unreadable' as const));
    }
    const field = fieldRejection(input, caught);
    return {
      error: caught,
      link: { name: action.link, href: action.href },
      ...(hint && { hint }),
      ...(field && { field }),
    };
  }

  async function send(action: ScaAction, input: StepInput) {
    const typed = typedPsuId(input);
    dispatch({ type: 'sending', psuId: typed });
    try {
      const result = await request(action, input, typed ?? (state.psuId.trim() || undefined));
      if (!result) return;
      const approach = headerOf(result.headers, 'ASPSP-SCA-Approach');
      dispatch({ type: 'answered', body: result.body, ...(approach && { scaApproach: approach }) });
    } catch (caught) {
      dispatch({ type: 'failed', failure: await failureOf(action, input, caught) });
    }
  }

  async function authoriseWithOAuth(href: string) {
    dispatch({ type: 'sending' });
    try {
      await oauth.mutateAsync(href);
    } catch (caught) {
      dispatch({ type: 'failed', failure: { error: caught, link: { name: 'scaOAuth', href } } });
    }
  }

  async function readStatusOnRequest(href: string) {
    dispatch({ type: 'statusRequested' });
    try {
      await readStatus(href, true);
    } catch (caught) {
      dispatch({ type: 'failed', failure: { error: caught, link: { name: 'scaStatus', href } } });
    }
  }

  const monitorStatus = useCallback((body: ScaStepBody) => dispatch({ type: 'statusRead', body }), []);

  return {
    state,
    step,
    actions,
    chosen,
    pending,
    headingRef,
    send: (action: ScaAction, input: StepInput) => void send(action, input),
    authoriseWithOAuth: (href: string) => void authoriseWithOAuth(href),
    readStatus: (href: string) => void readStatusOnRequest(href),
    monitorStatus,
    choose: (link: string) => dispatch({ type: 'chosen', link }),
    refreshResource: () => authorisedResourceChanged(queryClient, profile.id, scope),
  };
}

export type ScaFlow = ReturnType<typeof useScaFlow>;
