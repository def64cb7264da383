// The real outcome of a payment or a consent after the latest step, in plain words: the resource's status as the bank
// reports it decides, the SCA's end and the return from the bank's page only say how it got there. Pure.
import type { ResourceVerdict } from '../../xs2a/status-maps';

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
}

function statusPhrase(resource: ResourceFacts): string {
  return resource.status === undefined ? '' : `${resource.label} (${resource.status})`;
}

/** Why an authorisation that ended did not authorise, or the return that says the PSU did not finish. */
function failedStep(step: LastStep): 'sca-failed' | 'not-completed' | undefined {
  if (step.kind === 'sca' && step.scaStatus === 'failed') return 'sca-failed';
  if (step.kind === 'returned' && !step.ok) return 'not-completed';
  return undefined;
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
      return (
        step.detail ??
        (step.ok
          ? 'Back from the bank’s page.'
          : 'Back from the bank’s page: the PSU did not complete the authorisation (denied, failed or cancelled).')
      );
    default:
      return undefined;
  }
}

function finalOutcome(resource: ResourceFacts, step: LastStep): Omit<Outcome, 'reasons'> | undefined {
  const { what } = resource;
  const status = statusPhrase(resource);
  switch (resource.verdict) {
    case 'authorised':
      return { tone: 'success', title: 'Authorised', text: `The bank reports the ${what} as ${status}.` };
    case 'rejected':
      return failedStep(step) === 'sca-failed'
        ? {
            tone: 'danger',
            title: 'SCA failed',
            text: `The PSU’s authorisation failed at the bank, and the bank rejected the ${what}: ${status}.`,
          }
        : { tone: 'danger', title: 'Rejected', text: `The bank rejected the ${what}: ${status}.` };
    case 'cancelled':
      return { tone: 'warning', title: 'Cancelled', text: `The ${what} is ${status}.` };
    case 'ended':
      return { tone: 'warning', title: resource.label, text: `The ${what} is over: ${status}.` };
    default:
      return undefined;
  }
}

function openOutcome(resource: ResourceFacts, step: LastStep): Omit<Outcome, 'reasons'> | undefined {
  const { what } = resource;
  const status = statusPhrase(resource);
  const failed = failedStep(step);
  if (failed === 'sca-failed') {
    return {
      tone: 'danger',
      title: 'SCA failed',
      text: `The PSU’s authorisation failed at the bank; the ${what} is ${status || 'not authorised'}.`,
    };
  }
  if (failed === 'not-completed') {
    return {
      tone: 'danger',
      title: 'Not authorised',
      text: `The PSU did not complete the authorisation at the bank; the ${what} is ${status || 'not authorised'}.`,
    };
  }
  if (resource.status === undefined) {
    return step.kind === 'none'
      ? undefined
      : { tone: 'info', title: 'Reading the outcome', text: `Reading the ${what}’s status from the bank…` };
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

/** The banner's outcome, or undefined when there is nothing to say yet (no status read, no step taken). */
export function resolveOutcome(resource: ResourceFacts, step: LastStep): Outcome | undefined {
  const outcome = finalOutcome(resource, step) ?? openOutcome(resource, step);
  if (!outcome) return undefined;
  const context = stepContext(step, resource);
  return { ...outcome, reasons: resource.reasons, ...(context && { context }) };
}
