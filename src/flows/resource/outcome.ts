// The real outcome of a payment or a consent after the latest step, in plain words: the resource's status as the bank
// reports it decides; the bank's last word on the latest authorisation (its scaStatus, read after every return from
// the bank) and the money it found say why, with the cause and its words from the model's one rule set
// (outcomeCause, causeWords in src/xs2a/status-maps.ts), which the narration and the flow story read too. Pure.
import { causeTitles, causeWords, outcomeCause, type OutcomeCause, type ResourceVerdict } from '../../xs2a/status-maps';

/** What a feature makes of its resource's status: one table per resource in src/xs2a/status-maps.ts. */
export type { ResourceVerdict };

/** The resource as the banner reads it. */
export interface ResourceFacts {
  /** "payment", "consent". */
  what: string;
  /** As the bank sent it; undefined until it is read. */
  status: string | undefined;
  verdict: ResourceVerdict;
  /** The status in plain words ("Settled", "Valid"). */
  label: string;
  /** What the bank said about it (psuMessage, tppMessages, no funds), in its words. */
  reasons: string[];
  /** The bank said the money is not there (saysFundsShort). */
  fundsShort?: boolean;
  /**
   * Set when the bank accepted some of what the resource holds and rejected the others (a basket's PATC): what it
   * holds ("payments and consents"). A bulk's PART says so by its status.
   */
  partly?: string;
}

/** The latest step taken on the resource in this page. */
export type LastStep =
  /** The bank has just created it (the 201 the form received). */
  | { kind: 'created'; accepted: string; httpStatus: number; requestId: string; messages: string[] }
  /** The bank's page (redirect or OAuth) sent the browser back; `detail` says what the OAuth return brought. */
  | { kind: 'returned'; ok: boolean; detail?: string }
  /** An authorisation in this page ended with this scaStatus (finalised, failed, exempted). */
  | { kind: 'sca'; scaStatus: string }
  /** Nothing happened in this page yet: the banner reports the status as read. */
  | { kind: 'none' };

/** The bank's last word on the resource's latest authorisation, read after a return from the bank or a rejection. */
export interface LatestAuthorisation {
  /** As the bank reported it; undefined while it is read, or when there is none. */
  scaStatus?: string;
  /** ASPSP-SCA-Approach of the authorisation (REDIRECT, DECOUPLED …). */
  scaApproach?: string;
  /** How the PSU came back from the bank's page, when the page was reached so. */
  returned?: 'ok' | 'nok';
  /** Being read: the banner waits for it before it says why. */
  reading: boolean;
}

export type OutcomeTone = 'success' | 'danger' | 'warning' | 'info';

export interface Outcome {
  tone: OutcomeTone;
  /** "Authorised", "Rejected", "SCA failed", "Cancelled", "Waiting for the PSU"… */
  title: string;
  text: string;
  /** The bank's reasons, each as it said it. */
  reasons: string[];
  /** What the latest step was, when it adds to the outcome (the creation's request id, the OAuth token's expiry). */
  context?: string;
  /** Why, when the bank's last word says more than the status. */
  cause?: OutcomeCause;
}

/** The status's code in parentheses for developers, left out when the plain name says it already ("Valid"). */
function codeNote(resource: ResourceFacts): string {
  const { status, label } = resource;
  return status === undefined || status.toLowerCase() === label.toLowerCase() ? '' : ` (${status})`;
}

function statusPhrase(resource: ResourceFacts): string {
  return resource.status === undefined ? '' : `${resource.label}${codeNote(resource)}`;
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const inSentence = (label: string) =>
  /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);

/** The scaStatus that explains the outcome: an end the page saw itself, else the bank's last word. */
function scaStatusOf(step: LastStep, sca: LatestAuthorisation | undefined): string | undefined {
  const ended = step.kind === 'sca' ? step.scaStatus : undefined;
  if (ended === 'failed' || ended === 'finalised' || ended === 'exempted') return ended;
  return sca?.scaStatus ?? ended;
}

function causeOf(resource: ResourceFacts, step: LastStep, sca: LatestAuthorisation | undefined) {
  return outcomeCause({
    verdict: resource.verdict,
    scaStatus: scaStatusOf(step, sca),
    scaApproach: sca?.scaApproach,
    fundsShort: resource.fundsShort,
    returned: step.kind === 'returned' ? (step.ok ? 'ok' : 'nok') : undefined,
  });
}

/** The latest step in words, while it still explains the outcome (the creation only until the status moves on). */
function stepContext(step: LastStep, resource: ResourceFacts): string | undefined {
  switch (step.kind) {
    case 'created': {
      if (['authorised', 'rejected', 'cancelled', 'ended'].includes(resource.verdict)) return undefined;
      const messages = step.messages.length > 0 ? ` The bank said: ${step.messages.join(' ')}` : '';
      return `The bank accepted the ${step.accepted} (${step.httpStatus}, X-Request-ID ${step.requestId}).${messages}`;
    }
    case 'returned':
      return step.detail ?? (step.ok ? 'Back from the bank’s page.' : 'Back from the bank’s page without an approval.');
    default:
      return undefined;
  }
}

type Told = Omit<Outcome, 'reasons' | 'context'>;

function rejected(resource: ResourceFacts, cause: OutcomeCause | undefined): Told {
  const { what } = resource;
  const code = codeNote(resource);
  if (cause === undefined) return { tone: 'danger', title: 'Rejected', text: `The bank rejected the ${what}${code}.` };
  const words = capital(causeWords(cause));
  // "…found too little money in the account and rejected the payment"; otherwise the bank is named again.
  const rejection = cause.endsWith('no-funds') ? ` and rejected the ${what}` : `, and the bank rejected the ${what}`;
  return { tone: 'danger', title: causeTitles[cause], text: `${words}${rejection}${code}.`, cause };
}

function finalOutcome(resource: ResourceFacts, cause: OutcomeCause | undefined): Told | undefined {
  const { what } = resource;
  switch (resource.verdict) {
    case 'authorised':
      // A bulk whose authorisations are all done but some of whose payments the bank rejected: not a plain success.
      if (resource.status === 'PART' || resource.partly !== undefined) {
        return {
          tone: 'warning',
          title: 'Partially accepted',
          text: `The bank accepted some of the ${resource.partly ?? 'payments'} it holds and rejected the others${codeNote(resource)}.`,
        };
      }
      return {
        tone: 'success',
        title: 'Authorised',
        text: `The bank reports the ${what} as ${statusPhrase(resource)}.`,
      };
    case 'rejected':
      return rejected(resource, cause);
    case 'cancelled':
      return { tone: 'warning', title: 'Cancelled', text: `The ${what} was ${inSentence(statusPhrase(resource))}.` };
    case 'ended':
      return {
        tone: 'warning',
        title: resource.label,
        text: `The ${what} is over: ${inSentence(statusPhrase(resource))}.`,
      };
    default:
      return undefined;
  }
}

function openOutcome(resource: ResourceFacts, step: LastStep, cause: OutcomeCause | undefined): Told | undefined {
  const { what } = resource;
  const status = statusPhrase(resource);
  // Nothing is said before the status is read: it decides, the cause only says why.
  if (resource.status === undefined) {
    return step.kind === 'none'
      ? undefined
      : { tone: 'info', title: 'Reading the outcome', text: `Reading the ${what}’s status from the bank…` };
  }
  if (cause !== undefined) {
    return {
      tone: 'danger',
      title: causeTitles[cause],
      text: `${capital(causeWords(cause))}; the ${what} is not authorised${codeNote(resource) || ` (${resource.status})`}.`,
      cause,
    };
  }
  const finished = (step.kind === 'returned' && step.ok) || (step.kind === 'sca' && step.scaStatus !== 'failed');
  if (resource.verdict === 'unknown') {
    return {
      tone: 'info',
      title: 'Status not defined by 1.3.12',
      text: `The bank reports the ${what} as ${resource.status}, a status 1.3.12 does not define: see the status below.`,
    };
  }
  if (resource.verdict === 'processing') {
    return {
      tone: 'info',
      title: 'The bank is checking',
      text: `The bank is still processing the ${what}: ${status}.`,
    };
  }
  return finished
    ? {
        tone: 'info',
        title: 'Waiting for the bank',
        text: `The PSU finished at the bank, but the bank does not report the ${what} as authorised yet: ${status}.`,
      }
    : { tone: 'info', title: 'Waiting for the PSU', text: `The ${what} waits for the PSU’s authorisation: ${status}.` };
}

/**
 * Whether the banner waits for the bank's word on the authorisation before it says why: after a return from the bank
 * or a rejection, while that word is being read. An authorised, cancelled or ended resource needs none.
 */
function awaitsAuthorisationWord(resource: ResourceFacts, step: LastStep, sca: LatestAuthorisation | undefined) {
  if (!sca?.reading || resource.status === undefined) return false;
  if (step.kind === 'sca' && (step.scaStatus === 'failed' || step.scaStatus === 'finalised')) return false;
  return ['rejected', 'waiting', 'processing', 'unknown'].includes(resource.verdict);
}

/**
 * The banner's outcome, or undefined when there is nothing to say yet (no status read, no step taken). `sca` is the
 * bank's last word on the latest authorisation, when the page reads it.
 */
export function resolveOutcome(
  resource: ResourceFacts,
  step: LastStep,
  sca?: LatestAuthorisation,
): Outcome | undefined {
  const context = stepContext(step, resource);
  if (awaitsAuthorisationWord(resource, step, sca)) {
    return {
      tone: 'info',
      title: 'Reading the outcome',
      text: `Reading the ${resource.what}’s authorisation from the bank…`,
      reasons: [],
      ...(context && { context }),
    };
  }
  const cause = causeOf(resource, step, sca);
  const outcome = finalOutcome(resource, cause) ?? openOutcome(resource, step, cause);
  if (!outcome) return undefined;
  return { ...outcome, reasons: resource.reasons, ...(context && { context }) };
}
