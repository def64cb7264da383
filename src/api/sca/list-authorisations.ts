import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Authorisations } from '../../xs2a/sca';
import { xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { authorisationKeys, flowOf, type AuthorisationScope } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';
import { authorisationsPath, operationIdOf } from './scope';

export interface ListAuthorisationsVariables {
  profile: BankProfile;
  scope: AuthorisationScope;
}

export type ListAuthorisationsData = Authorisations;

/** GET …/authorisations (or …/cancellation-authorisations): the ids of the scope's authorisations. */
export function listAuthorisations(
  { profile, scope }: ListAuthorisationsVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<ListAuthorisationsData>> {
  return xs2aRequest<ListAuthorisationsData>({
    profile,
    operationId: operationIdOf(scope, 'list'),
    method: 'GET',
    path: authorisationsPath(scope),
    flow: flowOf(scope),
    signal,
  });
}

export function authorisationsQueryOptions(variables: ListAuthorisationsVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: authorisationKeys.list(variables.profile.id, variables.scope),
    queryFn: (context) => listAuthorisations(variables, readSignal(context)),
  });
}

export function useAuthorisations(
  variables: ListAuthorisationsVariables,
  options?: ReadOptions<ListAuthorisationsData>,
) {
  return useQuery({ ...authorisationsQueryOptions(variables), ...options });
}
