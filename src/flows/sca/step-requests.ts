// What the PSU typed for an SCA step, the request body it becomes, and how the bank's refusal of it is put into words.
import {
  hasCode,
  Xs2aError,
  type StartAuthorisationBody,
  type UpdatePsuDataStep,
  type UpdatePsuDataSteps,
} from '../../api';
import { isFinal } from './sca-flow';

export type StepInput =
  | { kind: 'none' }
  | { kind: 'identification'; psuId: string }
  | { kind: 'authentication'; psuId: string; password: string }
  | { kind: 'additionalAuthentication'; password: string }
  | { kind: 'selectMethod'; authenticationMethodId: string }
  | { kind: 'authoriseTransaction'; otp: string }
  | { kind: 'confirmation'; confirmationCode: string };

/** One update-PSU-data step with its body. */
export type StepRequest = {
  [K in UpdatePsuDataStep]: { step: K; body: UpdatePsuDataSteps[K]['body'] };
}[UpdatePsuDataStep];

/** The step and body that carry the input, the same for a PUT on a sub-resource and a start with data. */
export function stepRequest(input: StepInput): StepRequest | undefined {
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
    case 'none':
      return undefined;
  }
}

/** The body a start sends with the input (a start carries no confirmation code); undefined for a plain start. */
export function startBody(input: StepInput): StartAuthorisationBody | undefined {
  const request = stepRequest(input);
  return request && request.step !== 'confirmation' ? request.body : undefined;
}

/** The PSU-ID the PSU typed for this step, if it asks for one. */
export function typedPsuId(input: StepInput): string | undefined {
  return (input.kind === 'identification' || input.kind === 'authentication') && input.psuId ? input.psuId : undefined;
}

function wrongCredentials(error: unknown): boolean {
  return hasCode(error, 'PSU_CREDENTIALS_INVALID');
}

/** The message put at the field the bank refused (the callout below the form gives the details). */
export function fieldRejection(input: StepInput, error: unknown): string | undefined {
  if (!(error instanceof Xs2aError) || error.kind !== 'http') return undefined;
  if (input.kind === 'authoriseTransaction') return 'The bank did not accept this one-time password (details below).';
  // Only a refusal of the credentials themselves is put at the login's fields; any other error is the request's.
  if ((input.kind === 'authentication' || input.kind === 'additionalAuthentication') && wrongCredentials(error)) {
    return 'The bank did not accept the login (details below).';
  }
  return undefined;
}

/** What a refused login tells the PSU to do, instead of the error's own summary. */
export function loginHint(input: StepInput, error: unknown): string | undefined {
  return input.kind === 'authentication' && wrongCredentials(error)
    ? 'The bank did not accept the login. Check the PSU-ID and password and try again.'
    : undefined;
}

/**
 * What a refused one-time password tells the PSU, from the SCA status read after it: try again while the bank keeps
 * the authorisation open, nothing more once it is over, or a guarded retry when the status could not be read.
 */
export function otpRetryHint(status: { scaStatus?: string | undefined } | 'unreadable'): string | undefined {
  if (status === 'unreadable') {
    return 'The one-time password was not accepted. Check the code and try again while the bank allows it.';
  }
  return isFinal(status.scaStatus)
    ? undefined
    : `The one-time password was not accepted. The authorisation is still open (scaStatus ${status.scaStatus ?? 'unknown'}): check the code and try again.`;
}
