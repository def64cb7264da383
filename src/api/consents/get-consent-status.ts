import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentStatusResponse } from '../../xs2a/consents';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { consentKeys } from '../keys';
import type { ReadOptions } from '../read-options';
import type { GetConsentVariables } from './get-consent';

export type GetConsentStatusVariables = GetConsentVariables;
export type GetConsentStatusData = ConsentStatusResponse;

/** GET /v1/consents/{consentId}/status. */
export function getConsentStatus(
  { profile, consentId }: GetConsentStatusVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetConsentStatusData>> {
  return xs2aRequest<GetConsentStatusData>({
    profile,
    operationId: 'getConsentStatus',
    method: 'GET',
    path: `${v1Path('consents', consentId)}/status`,
    flow: `consent:${consentId}`,
    signal,
  });
}

export function consentStatusQueryOptions(variables: GetConsentStatusVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: consentKeys.status(variables.profile.id, variables.consentId),
    queryFn: (context) => getConsentStatus(variables, readSignal(context)),
  });
}

/** The status; pass `refetchInterval` to follow it (e.g. until the consent is valid or rejected). */
export function useConsentStatus(variables: GetConsentStatusVariables, options?: ReadOptions<GetConsentStatusData>) {
  return useQuery({ ...consentStatusQueryOptions(variables), ...options });
}
