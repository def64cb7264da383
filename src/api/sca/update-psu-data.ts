import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AuthorisationBodyKind,
  AuthorisationConfirmation,
  AuthorisationConfirmationResponse,
  ScaStatusResponse,
  SelectPsuAuthenticationMethod,
  SelectPsuAuthenticationMethodResponse,
  TransactionAuthorisation,
  UpdatePsuAuthentication,
  UpdatePsuAuthenticationResponse,
  UpdatePsuIdentificationResponse,
} from '../../xs2a/sca';
import { xs2aRequest, type Xs2aResult } from '../client';
import { flowOf, type AuthorisationScope } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import { authorisationStepTaken } from './cache-updates';
import { authorisationPath, operationIdOf } from './scope';

/** The steps of Appendix A, each with its body and its response. */
export interface UpdatePsuDataSteps {
  /** `{}` with the PSU-ID header (decoupled, or when the PSU is not identified yet). */
  identification: { body: Record<string, never>; data: UpdatePsuIdentificationResponse };
  /** The first factor, e.g. the password (embedded). */
  authentication: { body: UpdatePsuAuthentication; data: UpdatePsuAuthenticationResponse };
  selectMethod: { body: SelectPsuAuthenticationMethod; data: SelectPsuAuthenticationMethodResponse };
  /** The OTP. */
  authoriseTransaction: { body: TransactionAuthorisation; data: ScaStatusResponse };
  /** The confirmation code after a redirect or OAuth SCA (the `confirmation` link). */
  confirmation: { body: AuthorisationConfirmation; data: AuthorisationConfirmationResponse };
}
export type UpdatePsuDataStep = keyof UpdatePsuDataSteps;

const bodyKinds: Record<UpdatePsuDataStep, AuthorisationBodyKind> = {
  identification: 'empty',
  authentication: 'psuData',
  selectMethod: 'authenticationMethodId',
  authoriseTransaction: 'scaAuthenticationData',
  confirmation: 'confirmationCode',
};

export type UpdatePsuDataVariables<S extends UpdatePsuDataStep = UpdatePsuDataStep> = {
  [K in S]: {
    profile: BankProfile;
    scope: AuthorisationScope;
    authorisationId: string;
    /** The bank's link for this step (e.g. `authoriseTransaction`), instead of the spec's path. */
    href?: string;
    step: K;
    body: UpdatePsuDataSteps[K]['body'];
    /** PSU-ID for this call, replacing the profile's. */
    psuId?: string;
  };
}[S];

export type UpdatePsuDataData<S extends UpdatePsuDataStep = UpdatePsuDataStep> = UpdatePsuDataSteps[S]['data'];

/** PUT …/authorisations/{authorisationId}: one step of an embedded or decoupled SCA. */
export function updatePsuData<S extends UpdatePsuDataStep>(
  { profile, scope, authorisationId, href, step, body, psuId }: UpdatePsuDataVariables<S>,
  signal?: AbortSignal,
): Promise<Xs2aResult<UpdatePsuDataData<S>>> {
  return xs2aRequest<UpdatePsuDataData<S>>({
    profile,
    operationId: operationIdOf(scope, 'update'),
    method: 'PUT',
    ...(href ? { href } : { path: authorisationPath(scope, authorisationId) }),
    body,
    headers: { 'PSU-ID': psuId },
    flow: flowOf(scope),
    schema: { updateKind: bodyKinds[step] },
    signal,
  });
}

/**
 * Refreshes the authorisation's scaStatus, the scope's list, and the status and detail of its payment or consent; after
 * a failure too, since a wrong OTP counts against the attempts and the last one fails the authorisation.
 */
export function useUpdatePsuData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdatePsuDataVariables) => updatePsuData(variables),
    onSettled: (_data, _error, { profile, scope }) => authorisationStepTaken(queryClient, profile.id, scope),
  });
}
