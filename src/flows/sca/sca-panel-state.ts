// Everything one SCA panel keeps: the flow as the bank describes it (sca-flow.ts) and what the PSU did with it (the
// PSU-ID typed, the link chosen instead of the bank's first, the last refusal, the last status read). Pure.
import type { PrefixedLink } from '../../api';
import { initialFlowState, scaFlowReducer, type ScaFlowInit, type ScaFlowState, type ScaStepBody } from './sca-flow';

/** A step the bank refused or a read that failed, with the link that was followed. */
export interface StepFailure {
  error: unknown;
  /** Replaces the error's summary with what to do next. */
  hint?: string;
  /** Shown at the field the bank refused. */
  field?: string;
  /** The bank's link that was followed, so a 404 on it is named as the bank's link leading nowhere. */
  link?: { name: string; href: string };
}

export interface ScaPanelState {
  flow: ScaFlowState;
  /** The PSU-ID sent with the steps: the profile's, until the PSU types another. */
  psuId: string;
  /** Another of the bank's links the PSU chose over the first step. */
  chosenLink?: string;
  failure?: StepFailure;
  /** When the SCA status was last read on request. */
  statusNote?: string;
  /** The last of the bank's links that left out the base_url's prefix, followed under the base_url: named in the panel. */
  linkPrefix?: PrefixedLink;
  /** How many answers the bank gave: each one remounts the step's form, so nothing typed is carried over. */
  answers: number;
}

export type ScaPanelEvent =
  /** A step is on its way (with the PSU-ID typed for it, if any). */
  | { type: 'sending'; psuId?: string | undefined }
  /** The bank answered a start (201) or a PUT step (200). */
  | { type: 'answered'; body: ScaStepBody; scaApproach?: string; linkPrefix?: PrefixedLink | undefined }
  /** A status read is on its way at the PSU's request. */
  | { type: 'statusRequested' }
  /** An SCA status read came back; `note` says when, for reads the PSU asked for. */
  | { type: 'statusRead'; body: ScaStepBody; note?: string | undefined; linkPrefix?: PrefixedLink | undefined }
  | { type: 'failed'; failure: StepFailure }
  | { type: 'chosen'; link: string };

export function initialPanelState({ psuId, ...flow }: ScaFlowInit & { psuId: string }): ScaPanelState {
  return { flow: initialFlowState(flow), psuId, answers: 0 };
}

export function scaPanelReducer(state: ScaPanelState, event: ScaPanelEvent): ScaPanelState {
  switch (event.type) {
    case 'sending': {
      const { failure: _failure, ...rest } = state;
      return event.psuId ? { ...rest, psuId: event.psuId } : rest;
    }
    case 'answered': {
      const { failure: _failure, chosenLink: _chosen, statusNote: _note, ...rest } = state;
      const linkPrefix = event.linkPrefix ?? state.linkPrefix;
      return {
        ...rest,
        flow: scaFlowReducer(state.flow, event),
        answers: state.answers + 1,
        ...(linkPrefix && { linkPrefix }),
      };
    }
    case 'statusRequested': {
      const { failure: _failure, statusNote: _note, ...rest } = state;
      return rest;
    }
    case 'statusRead': {
      const flow = scaFlowReducer(state.flow, { type: 'statusRead', body: event.body });
      return {
        ...state,
        flow,
        ...(event.note && { statusNote: event.note }),
        ...(event.linkPrefix && { linkPrefix: event.linkPrefix }),
      };
    }
    case 'failed':
      return { ...state, failure: event.failure };
    case 'chosen':
      return { ...state, chosenLink: event.link };
  }
}
