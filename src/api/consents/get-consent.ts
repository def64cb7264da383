import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsentInformationResponse } from '../../xs2a/consents';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { readSignal } from '../rate-limit';
import { consentKeys } from '../keys';
import type { BankProfile } from '../profiles/bank-profile';
import type { ReadOptions } from '../read-options';

export interface GetConsentVariables {
  profile: BankProfile;
  consentId: string;
}

export type GetConsentData = ConsentInformationResponse;

/** GET /v1/consents/{consentId}: the access granted (as the PSU may have narrowed it), validity and status. */
export function getConsent(
  { profile, consentId }: GetConsentVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<GetConsentData>> {
  return xs2aRequest<GetConsentData>({
    profile,
    operationId: 'getConsentInformation',
    method: 'GET',
    path: v1Path('consents', consentId),
    flow: `consent:${consentId}`,
    signal,
  });
}

export function consentQueryOptions(variables: GetConsentVariables) {
  // The key names the profile by its id alone: its headers and token do not change whose data it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: consentKeys.detail(variables.profile.id, variables.consentId),
    queryFn: (context) => getConsent(variables, readSignal(context)),
  });
}

export function useConsent(variables: GetConsentVariables, options?: ReadOptions<GetConsentData>) {
  return useQuery({ ...consentQueryOptions(variables), ...options });
}
