// One SCA flow behind a hook: its state in one reducer, the bank's answers fed into it, pending derived from the
// requests on their way, and the cache updates and focus moves that go with each answer.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  authorisedResourceChanged,
  linkHref,
  useStartAuthorisation,
  useUpdatePsuData,
  type AuthorisationScope,
  type BankProfile,
} from '../../api';
import type { ScaStatus } from '../../xs2a/enums';
import { rememberFlow } from './flow-memory';
import { followLink, readStatus, sendStep, type FlowContext } from './flow-requests';
import { linksToActions, type ScaAction } from './links-to-actions';
import { bankPageOpened } from './new-sca-redirect';
import { beginOAuth } from './oauth-begin';
import { nextStep, type ScaFlowInit, type ScaNextStep, type ScaStepBody } from './sca-flow';
import { initialPanelState, scaPanelReducer } from './sca-panel-state';
import type { StepInput } from './step-requests';

export interface ScaFlowOptions extends ScaFlowInit {
  profile: BankProfile;
  scope: AuthorisationScope;
  returnTo: string;
  onFinished?: ((scaStatus: ScaStatus) => void) | undefined;
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

/** Once the authorisation is over: its payment or consent is read again, and the page is told, once. */
function useFinish(step: ScaNextStep, { profile, scope, onFinished }: ScaFlowOptions) {
  const queryClient = useQueryClient();
  const finished = useRef(false);
  useEffect(() => {
    if (step.kind !== 'done' || finished.current) return;
    finished.current = true;
    authorisedResourceChanged(queryClient, profile.id, scope);
    onFinished?.(step.scaStatus);
  }, [step, onFinished, profile.id, queryClient, scope]);
  return () => authorisedResourceChanged(queryClient, profile.id, scope);
}

/** Starts the bank's OAuth login; on success the browser is on its way there, so it stays pending. */
function useOAuthStart({ profile, scope, returnTo, state }: FlowContext) {
  return useMutation({
    mutationFn: async (href: string) => {
      const scaStatusHref = linkHref(state.flow.links?.scaStatus);
      const metadata = { profile, scope, metadataHref: href, returnTo };
      window.location.assign(await beginOAuth({ ...metadata, ...(scaStatusHref && { scaStatusHref }) }));
    },
  });
}

export function useScaFlow(options: ScaFlowOptions) {
  const { profile, scope, returnTo, onFinished: _onFinished, ...init } = options;
  const [state, dispatch] = useReducer(
    scaPanelReducer,
    { ...init, psuId: profile.psuHeaders.psuId ?? '' },
    initialPanelState,
  );
  const ctx: FlowContext = { profile, scope, returnTo, state, dispatch };
  const start = useStartAuthorisation();
  const update = useUpdatePsuData();
  const oauth = useOAuthStart(ctx);

  const actions = linksToActions(state.flow.links, scope);
  const step = nextStep(state.flow, scope);
  const chosen = step.kind !== 'act' ? undefined : (actions.find((a) => a.link === state.chosenLink) ?? step.action);
  const pending = start.isPending || update.isPending || oauth.isPending || oauth.isSuccess;

  useEffect(() => rememberFlow(profile.id, scope, state.flow), [profile.id, scope, state.flow]);
  const refreshResource = useFinish(step, options);
  const headingRef = useStepFocus(state.answers);
  const monitorStatus = useCallback((body: ScaStepBody) => dispatch({ type: 'statusRead', body }), []);
  const mutations = { start: start.mutateAsync, update: update.mutateAsync };

  return {
    state,
    step,
    actions,
    chosen,
    pending,
    headingRef,
    send: (action: ScaAction, input: StepInput) => void sendStep(ctx, mutations, action, input),
    authoriseWithOAuth: (href: string) => {
      dispatch({ type: 'sending' });
      void followLink(ctx, { name: 'scaOAuth', href }, () => oauth.mutateAsync(href));
    },
    readStatus: (href: string) => {
      dispatch({ type: 'statusRequested' });
      void followLink(ctx, { name: 'scaStatus', href }, () => readStatus(ctx, href, true));
    },
    monitorStatus,
    choose: (link: string) => dispatch({ type: 'chosen', link }),
    bankPageOpened: () => bankPageOpened(scope, returnTo),
    refreshResource,
  };
}

export type ScaFlow = ReturnType<typeof useScaFlow>;
