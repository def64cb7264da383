// The bodies of the authorisation answers (start, update PSU data, SCA status, the list), typed against the 1.3.12
// model's response types: a body the model would reject does not compile.
import {
  ScaStatus,
  type ScaApproach,
  type Authorisations,
  type AuthenticationObject,
  type ChallengeData,
  type ScaStatusResponse,
  type SelectPsuAuthenticationMethodResponse,
  type StartScaprocessResponse,
  type UpdatePsuAuthenticationResponse,
  type UpdatePsuDataResponse,
  type UpdatePsuIdentificationResponse,
} from '../../../../src/xs2a';
import { absoluteHref, href, type LinkContext } from '../../domain/context';
import { METADATA_PATH } from '../../domain/oauth';
import { authorisationPath, type ScaProgress } from '../../domain/sca';
import { isFinal } from '../../rules/sca';
import { SANDBOX_OTP } from '../../seed/test-psus';
import type { AuthorisationRow } from '../../store/schema';
import { startLinks, type LinkSet } from './links';

/** What every SCA answer needs: where links lead, and whether redirect SCA goes through the bank's OAuth server. */
export interface ScaAnswerContext {
  links: LinkContext;
  oauth: boolean;
  /** The parent's path below the prefix. */
  resourcePath: string;
}

const DECOUPLED_MESSAGE = 'Please confirm this request in your Sandbox Banking app.';

/** The scaStatus column as the model's enumeration. */
export const scaStatusOf = (auth: Pick<AuthorisationRow, 'sca_status'>): ScaStatus => ScaStatus.parse(auth.sca_status);

export function challengeFor(method: AuthenticationObject): ChallengeData {
  return {
    otpMaxLength: 6,
    otpFormat: 'integer',
    additionalInformation: `${method.name ?? method.authenticationType}: in this sandbox the one-time password is ${SANDBOX_OTP}.`,
  };
}

/** The body of a freshly started authorisation: its status and the links for the next step. */
export function startedBody(ctx: ScaAnswerContext, auth: AuthorisationRow): StartScaprocessResponse {
  const path = authorisationPath(ctx.resourcePath, auth);
  const l: LinkSet = {};
  let psuMessage: string | undefined;
  if (auth.sca_approach === 'REDIRECT') {
    // OAuth: the TPP finds the authorize endpoint in the metadata and names the resource in the scope.
    if (ctx.oauth) l.scaOAuth = absoluteHref(ctx.links, METADATA_PATH);
    else l.scaRedirect = absoluteHref(ctx.links, `/sca/${auth.authorisation_id}`);
  } else if (auth.sca_approach === 'EMBEDDED') {
    l.updatePsuAuthentication = href(ctx.links, path);
  } else if (auth.sca_status === 'received') {
    l.updatePsuIdentification = href(ctx.links, path);
  } else {
    psuMessage = DECOUPLED_MESSAGE;
  }
  l.scaStatus = href(ctx.links, path);
  const body = { scaStatus: scaStatusOf(auth), authorisationId: auth.authorisation_id };
  return psuMessage === undefined
    ? ({ ...body, _links: l } satisfies StartScaprocessResponse)
    : ({ ...body, psuMessage, _links: l } satisfies StartScaprocessResponse);
}

/**
 * The 201 body of a created resource (a payment, a consent) at `ctx.resourcePath`: its own members, then the implicit
 * authorisation's message and links or the link to start one, then self and status.
 */
export function createdBody<B extends object>(
  head: B,
  ctx: ScaAnswerContext,
  creation: { approach: ScaApproach; started: AuthorisationRow | undefined; psuKnown: boolean },
): B & { psuMessage?: string; _links: LinkSet } {
  const path = ctx.resourcePath;
  let l: LinkSet;
  let psuMessage: string | undefined;
  if (creation.started) {
    const sca = startedBody(ctx, creation.started);
    l = { ...sca._links };
    psuMessage = sca.psuMessage;
  } else {
    l = startLinks(creation.approach, `${path}/authorisations`, ctx.links, creation.psuKnown);
  }
  l.self = href(ctx.links, path);
  l.status = href(ctx.links, `${path}/status`);
  return psuMessage ? { ...head, psuMessage, _links: l } : { ...head, _links: l };
}

function identifiedBody(ctx: ScaAnswerContext, auth: AuthorisationRow): UpdatePsuIdentificationResponse {
  const path = authorisationPath(ctx.resourcePath, auth);
  const l: LinkSet = { scaStatus: href(ctx.links, path) };
  if (auth.sca_approach === 'EMBEDDED') l.updatePsuAuthentication = href(ctx.links, path);
  const body = { scaStatus: scaStatusOf(auth), _links: l } satisfies UpdatePsuIdentificationResponse;
  return auth.sca_approach === 'DECOUPLED' ? { ...body, psuMessage: DECOUPLED_MESSAGE } : body;
}

function methodChosenBody(
  ctx: ScaAnswerContext,
  progress: Extract<ScaProgress, { step: 'methodChosen' }>,
): UpdatePsuAuthenticationResponse | SelectPsuAuthenticationMethodResponse {
  const path = authorisationPath(ctx.resourcePath, progress.auth);
  const _links = { authoriseTransaction: href(ctx.links, path), scaStatus: href(ctx.links, path) };
  const chosen = { chosenScaMethod: progress.method, challengeData: challengeFor(progress.method), _links };
  if (!progress.withPassword) {
    return { scaStatus: 'scaMethodSelected', ...chosen } satisfies SelectPsuAuthenticationMethodResponse;
  }
  return {
    scaStatus: 'scaMethodSelected',
    authorisationId: progress.auth.authorisation_id,
    ...chosen,
  } satisfies UpdatePsuAuthenticationResponse;
}

function otpCheckedBody(ctx: ScaAnswerContext, auth: AuthorisationRow): ScaStatusResponse {
  const path = authorisationPath(ctx.resourcePath, auth);
  const body = { scaStatus: scaStatusOf(auth), _links: { scaStatus: href(ctx.links, path) } };
  return auth.sca_status === 'failed'
    ? ({ ...body, psuMessage: 'The authorisation failed.' } satisfies ScaStatusResponse)
    : (body satisfies ScaStatusResponse);
}

/** The 200 body of a PUT update-PSU-data step. */
export function progressBody(ctx: ScaAnswerContext, progress: ScaProgress): UpdatePsuDataResponse {
  switch (progress.step) {
    case 'started':
      return startedBody(ctx, progress.auth);
    case 'identified':
      return identifiedBody(ctx, progress.auth);
    case 'authenticated': {
      const path = authorisationPath(ctx.resourcePath, progress.auth);
      return {
        scaStatus: 'psuAuthenticated',
        authorisationId: progress.auth.authorisation_id,
        scaMethods: progress.methods,
        _links: { selectAuthenticationMethod: href(ctx.links, path), scaStatus: href(ctx.links, path) },
      } satisfies UpdatePsuAuthenticationResponse;
    }
    case 'methodChosen':
      return methodChosenBody(ctx, progress);
    case 'otpChecked':
      return otpCheckedBody(ctx, progress.auth);
  }
}

/** The 201 body of a started authorisation; embedded SCA started with the password answers its first step. */
export function startBody(ctx: ScaAnswerContext, progress: ScaProgress): StartScaprocessResponse {
  if (progress.step === 'started') return startedBody(ctx, progress.auth);
  const body = progressBody(ctx, progress);
  return { ...body, authorisationId: progress.auth.authorisation_id, _links: body._links ?? {} };
}

/** The SCA status read (operations 8 and 15). */
export function scaStatusBody(auth: AuthorisationRow, psuName?: string): ScaStatusResponse {
  const status = scaStatusOf(auth);
  const body: ScaStatusResponse = { scaStatus: status };
  if (psuName && isFinal(status)) body.psuName = psuName;
  if (status === 'finalised' || status === 'failed') body.trustedBeneficiaryFlag = false;
  return body;
}

export const authorisationsBody = (authorisationIds: string[]): Authorisations => ({ authorisationIds });
