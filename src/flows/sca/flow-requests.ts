// The requests one SCA flow makes to the bank (a step, a status read) and how their outcome is fed to its reducer.
// The bank's answer goes to the flow at once, before any refreshed status can take the panel away from under it.
import type { Dispatch } from 'react';
import {
  getScaStatus,
  linkHref,
  type AuthorisationScope,
  type BankProfile,
  type StartAuthorisationData,
  type StartAuthorisationVariables,
  type UpdatePsuDataData,
  type UpdatePsuDataVariables,
  type Xs2aResult,
} from '../../api';
import type { ScaAction } from './links-to-actions';
import { newScaRedirect } from './new-sca-redirect';
import type { ScaStepBody } from './sca-flow';
import type { ScaPanelEvent, ScaPanelState, StepFailure } from './sca-panel-state';
import {
  fieldRejection,
  loginHint,
  otpRetryHint,
  startBody,
  stepRequest,
  typedPsuId,
  type StepInput,
} from './step-requests';

/** What the requests need of the flow: whose it is, where a redirect returns to, and its state and reducer. */
export interface FlowContext {
  profile: BankProfile;
  scope: AuthorisationScope;
  returnTo: string;
  state: ScaPanelState;
  dispatch: Dispatch<ScaPanelEvent>;
}

/** The mutations that send a step (the API layer's, with their cache updates). */
export interface StepMutations {
  start: (variables: StartAuthorisationVariables) => Promise<Xs2aResult<StartAuthorisationData>>;
  update: (variables: UpdatePsuDataVariables) => Promise<Xs2aResult<UpdatePsuDataData>>;
}

function headerOf(headers: Record<string, string>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(headers).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/** Reads the SCA status through the given link and feeds it to the flow; `note` records when, for a read on request. */
export async function readStatus(ctx: FlowContext, href: string, note = false): Promise<ScaStepBody> {
  const { profile, scope, state } = ctx;
  const authorisationId = state.flow.authorisationId ?? '';
  const result = await getScaStatus({ profile, scope, authorisationId, href });
  const body = result.body as ScaStepBody;
  const at = note && body.scaStatus ? `Read at ${new Date().toLocaleTimeString()}.` : undefined;
  ctx.dispatch({ type: 'statusRead', body, note: at, linkPrefix: result.linkPrefix });
  return body;
}

function requestStep(
  ctx: FlowContext,
  mutations: StepMutations,
  action: ScaAction,
  input: StepInput,
  psuId: string | undefined,
) {
  const { profile, scope } = ctx;
  if (action.kind === 'start') {
    const redirect = newScaRedirect(profile);
    redirect.bindTo(ctx.returnTo);
    const body = startBody(input);
    return mutations.start({
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
  const id = (action.kind === 'update' ? action.authorisationId : undefined) ?? ctx.state.flow.authorisationId;
  const variables = { profile, scope, authorisationId: id ?? '', href: action.href, ...stepAndBody };
  return mutations.update({ ...variables, ...(psuId && { psuId }) });
}

async function failureOf(ctx: FlowContext, action: ScaAction, input: StepInput, caught: unknown): Promise<StepFailure> {
  let hint = loginHint(input, caught);
  const scaStatusLink = linkHref(ctx.state.flow.links?.scaStatus);
  if (input.kind === 'authoriseTransaction' && scaStatusLink) {
    // Whether the bank still allows another try decides what the PSU sees next.
    hint = otpRetryHint(await readStatus(ctx, scaStatusLink).catch(() => 'unreadable' as const));
  }
  const field = fieldRejection(input, caught);
  return {
    error: caught,
    link: { name: action.link, href: action.href },
    ...(hint && { hint }),
    ...(field && { field }),
  };
}

/** Sends what the PSU gave for a step, with the PSU-ID typed for it or the one in use. */
export async function sendStep(ctx: FlowContext, mutations: StepMutations, action: ScaAction, input: StepInput) {
  const typed = typedPsuId(input);
  ctx.dispatch({ type: 'sending', psuId: typed });
  try {
    const result = await requestStep(ctx, mutations, action, input, typed ?? (ctx.state.psuId.trim() || undefined));
    if (!result) return;
    const approach = headerOf(result.headers, 'ASPSP-SCA-Approach');
    ctx.dispatch({
      type: 'answered',
      body: result.body,
      ...(approach && { scaApproach: approach }),
      linkPrefix: result.linkPrefix,
    });
  } catch (caught) {
    ctx.dispatch({ type: 'failed', failure: await failureOf(ctx, action, input, caught) });
  }
}

/** Runs a request the PSU asked for; its failure is shown with the bank's link it followed. */
export async function followLink(ctx: FlowContext, link: { name: string; href: string }, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (caught) {
    ctx.dispatch({ type: 'failed', failure: { error: caught, link } });
  }
}
