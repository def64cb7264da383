// The next SCA steps a bank's `_links` offer (start and update-PSU-data links), as ordered actions to render.
import { linkHref, type AuthorisationScope } from '../../api';

/**
 * A `_links` object as the bank sent it: link name → `{ href }` (unknown extra members are ignored). A bank that sends
 * the href as a plain string is followed all the same (see linkHref).
 */
export type ScaLinks = Record<string, { href: string } | string | undefined>;

/** What the PSU or the console sends when it follows a link. */
export type ScaStepKind =
  | 'identification' // PSU-ID header, body {}
  | 'authentication' // psuData.password
  | 'additionalAuthentication' // psuData.additionalPassword
  | 'encryptedAuthentication' // psuData.encryptedPassword (needs the bank's key: not supported)
  | 'selectMethod' // authenticationMethodId
  | 'authoriseTransaction'; // scaAuthenticationData (the OTP)

export type ScaAction =
  | { kind: 'redirect'; link: 'scaRedirect'; href: string; label: string; description: string }
  /** The bank's OAuth server metadata (`scaOAuth`): the console runs the authorisation code flow with PKCE there. */
  | { kind: 'oauth'; link: 'scaOAuth'; href: string; label: string; description: string }
  | { kind: 'confirmation'; link: 'confirmation'; href: string; label: string; description: string }
  | {
      /** POST to the authorisations collection: creates a new authorisation sub-resource. */
      kind: 'start';
      link: string;
      href: string;
      /** What goes with the start; 'none' is a plain start (PSU-ID from the profile, if any). */
      send: 'none' | ScaStepKind;
      label: string;
      description: string;
      unsupported?: string;
    }
  | {
      /** PUT on an existing authorisation sub-resource. */
      kind: 'update';
      link: string;
      href: string;
      send: ScaStepKind;
      /** The sub-resource's id, read from the href's last segment. */
      authorisationId?: string;
      label: string;
      description: string;
      unsupported?: string;
    }
  | { kind: 'scaStatus'; link: 'scaStatus'; href: string; authorisationId?: string; label: string; description: string }
  | { kind: 'status'; link: 'status'; href: string; label: string; description: string };

export type ScaActionKind = ScaAction['kind'];

const collectionSegments = ['authorisations', 'cancellation-authorisations'];

function pathSegments(href: string): string[] {
  const path = href.split(/[?#]/)[0] ?? '';
  // Absolute hrefs: drop scheme and host.
  const withoutOrigin = path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  return withoutOrigin.split('/').filter(Boolean);
}

/**
 * The authorisation id an href points at, when it addresses a sub-resource (…/authorisations/{id}); undefined for
 * the collection itself or any other resource.
 */
export function authorisationIdFromHref(href: string): string | undefined {
  const segments = pathSegments(href);
  const last = segments.at(-1);
  const parent = segments.at(-2);
  if (last === undefined || parent === undefined || !collectionSegments.includes(parent)) return undefined;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

type Subject = { thing: string; status: string };

function subjectOf(scope: AuthorisationScope): Subject {
  switch (scope.kind) {
    case 'payment':
      return { thing: 'the payment', status: 'payment status' };
    case 'payment-cancellation':
      return { thing: 'the cancellation of the payment', status: 'payment status' };
    case 'consent':
      return { thing: 'the consent', status: 'consent status' };
    case 'basket':
      return { thing: 'the signing basket', status: 'basket status' };
  }
}

const ENCRYPTED =
  'Encrypted PSU data needs the bank’s encryption key and format; the console does not support it yet. Use another approach (e.g. redirect).';

/** The start variants on a parent resource (payment 201, cancellation 202, consent 201), in the spec's order. */
const startLinks: { link: string; send: 'none' | ScaStepKind }[] = [
  { link: 'startAuthorisation', send: 'none' },
  { link: 'startAuthorisationWithPsuIdentification', send: 'identification' },
  { link: 'startAuthorisationWithPsuAuthentication', send: 'authentication' },
  { link: 'startAuthorisationWithEncryptedPsuAuthentication', send: 'encryptedAuthentication' },
  { link: 'startAuthorisationWithAuthenticationMethodSelection', send: 'selectMethod' },
  { link: 'startAuthorisationWithTransactionAuthorisation', send: 'authoriseTransaction' },
];

/** The PUT steps on a sub-resource, in the order an embedded or decoupled flow meets them. */
const updateLinks: { link: string; send: ScaStepKind }[] = [
  { link: 'updatePsuIdentification', send: 'identification' },
  { link: 'updatePsuAuthentication', send: 'authentication' },
  { link: 'updateEncryptedPsuAuthentication', send: 'encryptedAuthentication' },
  { link: 'updateAdditionalPsuAuthentication', send: 'additionalAuthentication' },
  { link: 'updateAdditionalEncryptedPsuAuthentication', send: 'encryptedAuthentication' },
  { link: 'selectAuthenticationMethod', send: 'selectMethod' },
  { link: 'authoriseTransaction', send: 'authoriseTransaction' },
];

function startText(send: 'none' | ScaStepKind, s: Subject): { label: string; description: string } {
  switch (send) {
    case 'none':
      return { label: 'Start authorisation', description: `Create an authorisation for ${s.thing}.` };
    case 'identification':
      return {
        label: 'Start authorisation with PSU-ID',
        description: `Create an authorisation for ${s.thing}, identifying the PSU by PSU-ID.`,
      };
    case 'authentication':
    case 'additionalAuthentication':
      return {
        label: 'Start authorisation with password',
        description: `Create an authorisation for ${s.thing} and send the PSU's online banking password with it.`,
      };
    case 'encryptedAuthentication':
      return {
        label: 'Start authorisation with encrypted password',
        description: `Create an authorisation for ${s.thing} with the PSU's password encrypted for the bank.`,
      };
    case 'selectMethod':
      return {
        label: 'Start authorisation with an SCA method',
        description: `Create an authorisation for ${s.thing} and choose the SCA method with it.`,
      };
    case 'authoriseTransaction':
      return {
        label: 'Start authorisation with the one-time password',
        description: `Create an authorisation for ${s.thing} and send the one-time password with it.`,
      };
  }
}

function updateText(send: ScaStepKind, s: Subject): { label: string; description: string } {
  switch (send) {
    case 'identification':
      return { label: 'Identify the PSU', description: 'Tell the bank which PSU authorises (PSU-ID header).' };
    case 'authentication':
      return { label: 'Log in with password', description: "Send the PSU's online banking password." };
    case 'additionalAuthentication':
      return { label: 'Send additional password', description: 'The bank asks for a second password.' };
    case 'encryptedAuthentication':
      return { label: 'Send encrypted password', description: "Send the PSU's password encrypted for the bank." };
    case 'selectMethod':
      return { label: 'Choose SCA method', description: 'Choose how the PSU receives the one-time password.' };
    case 'authoriseTransaction':
      return { label: 'Enter one-time password', description: `Authorise ${s.thing} with the one-time password.` };
  }
}

type HrefOf = (name: string) => string | undefined;
type StepAction = Extract<ScaAction, { kind: 'start' | 'update' }>;

/** The bank's pages the PSU goes to (redirect, OAuth) and the confirmation after them. */
function bankPageActions(hrefOf: HrefOf, s: Subject): ScaAction[] {
  const actions: ScaAction[] = [];
  const redirect = hrefOf('scaRedirect');
  if (redirect) {
    actions.push({
      kind: 'redirect',
      link: 'scaRedirect',
      href: redirect,
      label: 'Continue at the bank',
      description: `Open the bank's page, where the PSU logs in and approves ${s.thing}. The bank then sends the browser back to the console.`,
    });
  }
  const oauth = hrefOf('scaOAuth');
  if (oauth) {
    actions.push({
      kind: 'oauth',
      link: 'scaOAuth',
      href: oauth,
      label: 'Authorise at the bank (OAuth)',
      description: `Open the bank's OAuth login, where the PSU approves ${s.thing}. The bank sends the browser back to the console, which then gets an access token for this profile (OAuth 2.0 with PKCE).`,
    });
  }
  const confirmation = hrefOf('confirmation');
  if (confirmation) {
    actions.push({
      kind: 'confirmation',
      link: 'confirmation',
      href: confirmation,
      label: 'Confirm the authorisation',
      description: 'After the redirect, send the confirmation code the bank gave back to finish the authorisation.',
    });
  }
  return actions;
}

/** A PUT on the sub-resource the href addresses (its id read from the href's last segment, when it has one). */
function updateAction(link: string, href: string, send: ScaStepKind, s: Subject): StepAction {
  const authorisationId = authorisationIdFromHref(href);
  return {
    kind: 'update',
    link,
    href,
    send,
    ...(authorisationId !== undefined && { authorisationId }),
    ...updateText(send, s),
    ...(send === 'encryptedAuthentication' && { unsupported: ENCRYPTED }),
  };
}

/**
 * The starts and the PUT steps. A start link whose href addresses an existing sub-resource (the 201 of a start uses
 * `startAuthorisationWithPsuAuthentication` that way, as 1.3.12 allows) is a PUT on that sub-resource, not a new start.
 * One sub-resource rarely offers two ways to send the same thing; the first of each is kept.
 */
function stepActions(hrefOf: HrefOf, s: Subject): StepAction[] {
  const starts: StepAction[] = [];
  const updates: StepAction[] = [];
  for (const { link, send } of startLinks) {
    const href = hrefOf(link);
    if (!href) continue;
    if (send !== 'none' && authorisationIdFromHref(href) !== undefined) {
      updates.push(updateAction(link, href, send, s));
      continue;
    }
    starts.push({
      kind: 'start',
      link,
      href,
      send,
      ...startText(send, s),
      ...(send === 'encryptedAuthentication' && { unsupported: ENCRYPTED }),
    });
  }
  for (const { link, send } of updateLinks) {
    const href = hrefOf(link);
    if (href) updates.push(updateAction(link, href, send, s));
  }
  const seen = new Set<string>();
  const firstOfEach = updates.filter((update) => !seen.has(update.send) && seen.add(update.send));
  return [...starts, ...firstOfEach];
}

/** The reads: the authorisation's SCA status and the status of its payment or consent. */
function readActions(hrefOf: HrefOf, s: Subject): ScaAction[] {
  const actions: ScaAction[] = [];
  const scaStatus = hrefOf('scaStatus');
  if (scaStatus) {
    const authorisationId = authorisationIdFromHref(scaStatus);
    actions.push({
      kind: 'scaStatus',
      link: 'scaStatus',
      href: scaStatus,
      ...(authorisationId !== undefined && { authorisationId }),
      label: 'Read SCA status',
      description: 'Ask the bank how far this authorisation has got.',
    });
  }
  const status = hrefOf('status');
  if (status) {
    actions.push({
      kind: 'status',
      link: 'status',
      href: status,
      label: `Refresh ${s.status}`,
      description: `Read the ${s.status} again: it changes once the authorisation is finished.`,
    });
  }
  return actions;
}

/**
 * Turns a `_links` object into the SCA actions it offers, most important first: redirect, OAuth, confirmation, starts,
 * the embedded/decoupled PUT steps, then the reads (scaStatus, status). Links that are not SCA steps (self, account…)
 * are left out.
 */
export function linksToActions(links: ScaLinks | undefined, scope: AuthorisationScope): ScaAction[] {
  if (!links) return [];
  const s = subjectOf(scope);
  const hrefOf: HrefOf = (name) => linkHref(links[name]);
  return [...bankPageActions(hrefOf, s), ...stepActions(hrefOf, s), ...readActions(hrefOf, s)];
}

/** The action the PSU should take next: the first interactive one that the console can perform. */
export function primaryAction(actions: readonly ScaAction[]): ScaAction | undefined {
  return actions.find(
    (a) =>
      a.kind === 'redirect' ||
      a.kind === 'oauth' ||
      a.kind === 'confirmation' ||
      ((a.kind === 'start' || a.kind === 'update') && a.unsupported === undefined),
  );
}
