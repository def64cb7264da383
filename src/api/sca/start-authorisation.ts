import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  SelectPsuAuthenticationMethod,
  StartScaprocessResponse,
  TransactionAuthorisation,
  UpdatePsuAuthentication,
} from '../../xs2a/sca';
import { xs2aRequest, type Xs2aResult } from '../client';
import { flowOf, type AuthorisationScope } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import { scaStartHeaders, type RedirectOverrides } from '../tpp-headers';
import { authorisationStepTaken } from './cache-updates';
import { authorisationsPath, operationIdOf } from './scope';

/** The optional body: nothing (or {}), the PSU's password (embedded), a method, or the OTP. */
export type StartAuthorisationBody =
  Record<string, never> | UpdatePsuAuthentication | SelectPsuAuthenticationMethod | TransactionAuthorisation;

export interface StartAuthorisationVariables extends RedirectOverrides {
  profile: BankProfile;
  scope: AuthorisationScope;
  body?: StartAuthorisationBody;
  /** A `startAuthorisation…` link from the bank, instead of the spec's path. */
  href?: string;
  /** PSU-ID for this call, replacing the profile's. */
  psuId?: string;
}

export type StartAuthorisationData = StartScaprocessResponse;

/** POST …/authorisations (or …/cancellation-authorisations): creates an authorisation sub-resource. */
export function startAuthorisation(
  { profile, scope, body, href, psuId, ...redirect }: StartAuthorisationVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<StartAuthorisationData>> {
  return xs2aRequest<StartAuthorisationData>({
    profile,
    operationId: operationIdOf(scope, 'start'),
    method: 'POST',
    ...(href ? { href } : { path: authorisationsPath(scope) }),
    body,
    headers: scaStartHeaders(profile, 'startAuthorisation', { ...redirect, psuId }),
    flow: flowOf(scope),
    signal,
  });
}

/** Refreshes the scope's authorisations and the status and detail of the payment or consent they belong to. */
export function useStartAuthorisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: StartAuthorisationVariables) => startAuthorisation(variables),
    onSuccess: (_data, { profile, scope }) => authorisationStepTaken(queryClient, profile.id, scope),
  });
}
