// The state of one SCA flow as the bank describes it (links, status, methods, challenge) and the step it asks for next.
// Pure: the panel feeds it the bank's answers and renders the step; nothing here talks HTTP.
import { linkHref, readLinks, type AuthorisationScope, type LinksReading } from '../../api';
import type { AuthenticationObject } from '../../xs2a/sca';
import { isScaStatusCode } from '../../xs2a/status-names';
import {
  authorisationIdFromHref,
  linksToActions,
  primaryAction,
  type ScaAction,
  type ScaLinks,
} from './links-to-actions';

/** The members of a start-authorisation, update-PSU-data or SCA-status body that steer the flow. */
export interface ScaStepBody {
  scaStatus?: string;
  authorisationId?: string;
  scaMethods?: AuthenticationObject[];
  chosenScaMethod?: AuthenticationObject;
  /** As the bank sent it; read with readChallengeData. */
  challengeData?: unknown;
  psuMessage?: string;
  /** As the bank sent them: an object of named links, or a list (see readLinks). */
  _links?: unknown;
}

/** How the bank's links deviated in this flow's answers so far: named by the panel. */
export type LinkForms = Pick<LinksReading, 'stringLinks' | 'listed'>;

export interface ScaFlowState {
  /** The links of the step the bank offers, each `{ href }` by its name, whatever form the bank sent them in. */
  links: ScaLinks | undefined;
  linkForms?: LinkForms;
  authorisationId?: string;
  scaStatus?: string;
  /** ASPSP-SCA-Approach of the latest answer that carried it. */
  scaApproach?: string;
  scaMethods?: AuthenticationObject[];
  chosenScaMethod?: AuthenticationObject;
  /** As the bank sent it; read with readChallengeData. */
  challengeData?: unknown;
  psuMessage?: string;
}

export type ScaFlowEvent =
  /** The bank answered a start (201) or a PUT step (200). */
  | { type: 'answered'; body: ScaStepBody; scaApproach?: string }
  /** An SCA status read (GET …/authorisations/{id}). */
  | { type: 'statusRead'; body: ScaStepBody };

const finalStatuses = ['finalised', 'failed', 'exempted'] as const;
export type FinalScaStatus = (typeof finalStatuses)[number];

export function isFinal(status: string | undefined): status is FinalScaStatus {
  return status !== undefined && (finalStatuses as readonly string[]).includes(status);
}

/** What a flow starts from: the answer that gave the links, or what is known of an authorisation continued. */
export interface ScaFlowInit {
  /** As the bank or the console's memory gives them: any form readLinks reads. */
  links: unknown;
  scaApproach?: string;
  psuMessage?: string;
  authorisationId?: string;
  scaStatus?: string;
  scaMethods?: AuthenticationObject[];
  chosenScaMethod?: AuthenticationObject;
  challengeData?: unknown;
}

/** Links read into `{ href }` by name, and how their form deviated, added to what earlier answers showed. */
function readStepLinks(value: unknown, before: LinkForms | undefined) {
  const reading = readLinks(value);
  const stringLinks = [...new Set([...(before?.stringLinks ?? []), ...reading.stringLinks])];
  const listed = reading.listed || (before?.listed ?? false);
  const linkForms = stringLinks.length > 0 || listed ? { stringLinks, listed } : undefined;
  return { links: reading.links, linkForms };
}

export function initialFlowState(init: ScaFlowInit): ScaFlowState {
  const read = init.links === undefined ? undefined : readStepLinks(init.links, undefined);
  const state: ScaFlowState = { links: read?.links };
  if (read?.linkForms) state.linkForms = read.linkForms;
  const fromLinks = idFromLinks(state.links);
  if (fromLinks !== undefined) state.authorisationId = fromLinks;
  for (const key of [
    'scaApproach',
    'psuMessage',
    'authorisationId',
    'scaStatus',
    'scaMethods',
    'chosenScaMethod',
    'challengeData',
  ] as const) {
    if (init[key] !== undefined) Object.assign(state, { [key]: init[key] });
  }
  return state;
}

/** The sub-resource the links point at (an implicit start's 201 names it only in its scaStatus link). */
function idFromLinks(links: ScaLinks | undefined): string | undefined {
  for (const link of Object.values(links ?? {})) {
    const href = linkHref(link);
    const id = href !== undefined ? authorisationIdFromHref(href) : undefined;
    if (id !== undefined) return id;
  }
  return undefined;
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function scaFlowReducer(state: ScaFlowState, event: ScaFlowEvent): ScaFlowState {
  const body = event.body;
  if (event.type === 'answered') {
    // A step's answer describes the whole next step: what it does not repeat no longer applies, except the
    // authorisation's identity and its status link, which some answers leave out.
    const read = body._links === undefined ? undefined : readStepLinks(body._links, state.linkForms);
    const links: ScaLinks | undefined =
      read?.links ?? (state.links?.scaStatus ? { scaStatus: state.links.scaStatus } : undefined);
    return withoutUndefined({
      links,
      linkForms: read ? read.linkForms : state.linkForms,
      authorisationId: body.authorisationId ?? state.authorisationId ?? idFromLinks(links),
      scaStatus: body.scaStatus ?? state.scaStatus,
      scaApproach: event.scaApproach ?? state.scaApproach,
      scaMethods: body.scaMethods,
      chosenScaMethod: body.chosenScaMethod ?? (body.challengeData ? state.chosenScaMethod : undefined),
      challengeData: body.challengeData,
      psuMessage: body.psuMessage,
    });
  }
  // A status read keeps the step the PSU is in; links it carries are added (any name may appear there). The bank's
  // message of an open step ("Please confirm in your app") does not describe a finished authorisation: once the
  // status is final, only a message the read itself carries is shown.
  const read = readStepLinks(body._links, state.linkForms);
  const links = Object.keys(read.links).length > 0 ? { ...state.links, ...read.links } : state.links;
  return withoutUndefined({
    ...state,
    links,
    linkForms: read.linkForms,
    scaStatus: body.scaStatus ?? state.scaStatus,
    psuMessage: body.psuMessage ?? (isFinal(body.scaStatus) ? undefined : state.psuMessage),
  });
}

export type ScaNextStep =
  /** The authorisation is over. */
  | { kind: 'done'; scaStatus: FinalScaStatus }
  /** The console can take this step (a form or a link). */
  | { kind: 'act'; action: ScaAction }
  /** Waiting for the PSU elsewhere (decoupled: banking app), polled through the scaStatus link. */
  | { kind: 'monitor'; action: Extract<ScaAction, { kind: 'scaStatus' }> }
  /** Only reads are left; the status can be read on demand. */
  | { kind: 'read'; action: Extract<ScaAction, { kind: 'scaStatus' }> | undefined }
  /** The bank offers only steps the console cannot take (encrypted data). */
  | { kind: 'unsupported'; actions: ScaAction[] }
  /** No SCA link at all. */
  | { kind: 'none' };

// Statuses in which a decoupled authorisation waits for the PSU's app.
const waitingStatuses = ['started', 'psuIdentified', 'psuAuthenticated', 'scaMethodSelected', 'received'];

export function nextStep(state: ScaFlowState, scope: AuthorisationScope): ScaNextStep {
  if (isFinal(state.scaStatus)) return { kind: 'done', scaStatus: state.scaStatus };
  const actions = linksToActions(state.links, scope);
  const primary = primaryAction(actions);
  if (primary) return { kind: 'act', action: primary };
  const scaStatus = actions.find((a): a is Extract<ScaAction, { kind: 'scaStatus' }> => a.kind === 'scaStatus');
  const unsupported = actions.filter((a) => (a.kind === 'start' || a.kind === 'update') && a.unsupported);
  if (unsupported.length > 0) return { kind: 'unsupported', actions: unsupported };
  if (scaStatus) {
    const decoupled =
      state.scaApproach === 'DECOUPLED' || (state.scaApproach === undefined && state.scaStatus === 'started');
    // A status 1.3.12 does not define ("IN_PROGRESS") is not an end: a decoupled authorisation is still followed.
    const waiting =
      state.scaStatus === undefined || waitingStatuses.includes(state.scaStatus) || !isScaStatusCode(state.scaStatus);
    if (decoupled && waiting) {
      return { kind: 'monitor', action: scaStatus };
    }
    return { kind: 'read', action: scaStatus };
  }
  return actions.length > 0 ? { kind: 'read', action: undefined } : { kind: 'none' };
}

/** Plain-language name of an SCA status for badges ("Finalised", "PSU authenticated"…); other values as they are. */
export { scaStatusLabel } from '../../xs2a/status-names';
