import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ScaStatusResponse } from '../../xs2a/sca';
import { xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { authorisationKeys, flowOf, type AuthorisationScope } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';
import { authorisationPath, operationIdOf } from './scope';

export interface GetScaStatusVariables {
  profile: BankProfile;
  scope: AuthorisationScope;
  authorisationId: string;
  /** The bank's `scaStatus` link, instead of the spec's path. */
  href?: string;
}

export type GetScaStatusData = ScaStatusResponse;

/** GET …/authorisations/{authorisationId}: the authorisation's scaStatus. */
export function getScaStatus(
  { profile, scope, authorisationId, href }: GetScaStatusVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetScaStatusData>> {
  return xs2aRequest<GetScaStatusData>({
    profile,
    operationId: operationIdOf(scope, 'scaStatus'),
    method: 'GET',
    ...(href ? { href } : { path: authorisationPath(scope, authorisationId) }),
    flow: flowOf(scope),
    signal,
  });
}

export function scaStatusQueryOptions(variables: GetScaStatusVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: authorisationKeys.scaStatus(variables.profile.id, variables.scope, variables.authorisationId),
    queryFn: (context) => getScaStatus(variables, readSignal(context)),
  });
}

/** The scaStatus; pass `refetchInterval` to follow a decoupled authorisation until it is final. */
export function useScaStatus(variables: GetScaStatusVariables, options?: ReadOptions<GetScaStatusData>) {
  return useQuery({ ...scaStatusQueryOptions(variables), ...options });
}
