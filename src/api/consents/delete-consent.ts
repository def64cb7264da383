import { useMutation, useQueryClient } from '@tanstack/react-query';
import { v1Path, xs2aRequest, type Xs2aResult } from '../client';
import { accountKeys, authorisationKeys, consentKeys } from '../keys';
import type { GetConsentVariables } from './get-consent';

export type DeleteConsentVariables = GetConsentVariables;

/** DELETE /v1/consents/{consentId}: 204, the consent is then terminatedByTpp. */
export function deleteConsent(
  { profile, consentId }: DeleteConsentVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<undefined>> {
  return xs2aRequest<undefined>({
    profile,
    operationId: 'deleteConsent',
    method: 'DELETE',
    path: v1Path('consents', consentId),
    flow: `consent:${consentId}`,
    signal,
  });
}

/** Refreshes the consent and its authorisations, and forgets every account read it unlocked. */
export function useDeleteConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: DeleteConsentVariables) => deleteConsent(variables),
    onSuccess: async (_data, { profile, consentId }) => {
      queryClient.removeQueries({ queryKey: accountKeys.all(profile.id, consentId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: consentKeys.consent(profile.id, consentId) }),
        queryClient.invalidateQueries({
          queryKey: authorisationKeys.scope(profile.id, { kind: 'consent', consentId }),
        }),
      ]);
    },
  });
}
