import { useMutation } from '@tanstack/react-query';
import type { Consents, ConsentsResponse201 } from '../../xs2a/consents';
import type { Xs2aResult } from '../client';
import { v1Path } from '../urls';
import { updateExchange } from '../exchange-log';
import type { BankProfile } from '../profiles/bank-profile';
import { scaStartHeaders, type RedirectOverrides } from '../tpp-headers';

export interface CreateConsentVariables extends RedirectOverrides {
  profile: BankProfile;
  body: Consents;
  /** PSU-ID for this call, replacing the profile's. */
  psuId?: string;
}

export type CreateConsentData = ConsentsResponse201;

/** POST /v1/consents: 201 with the consentId, its status and the next SCA steps. */
export async function createConsent(
  { profile, body, psuId, ...redirect }: CreateConsentVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<CreateConsentData>> {
  // The form's page sends nothing before the user does: the client (and its answer checks) loads with the first send.
  const { xs2aRequest } = await import('../client');
  const result = await xs2aRequest<CreateConsentData>({
    profile,
    operationId: 'createConsent',
    method: 'POST',
    path: v1Path('consents'),
    body,
    headers: scaStartHeaders(profile, 'initiation', { ...redirect, psuId }),
    signal,
  });
  // The consent's id only exists now: group this exchange with the rest of the consent's flow.
  if (typeof result.body?.consentId === 'string') {
    updateExchange(result.exchangeId, { flow: `consent:${result.body.consentId}` });
  }
  return result;
}

/** Nothing to invalidate: the consent is new. */
export function useCreateConsent() {
  return useMutation({ mutationFn: (variables: CreateConsentVariables) => createConsent(variables) });
}
