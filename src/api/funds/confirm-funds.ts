import { useMutation } from '@tanstack/react-query';
import type { ConfirmationOfFunds, ConfirmationOfFundsResponse } from '../../xs2a/funds-confirmations';
import type { Xs2aResult } from '../client';
import type { BankProfile } from '../profiles/bank-profile';
import { v1Path } from '../urls';

export interface ConfirmFundsVariables {
  profile: BankProfile;
  body: ConfirmationOfFunds;
}

export type ConfirmFundsData = ConfirmationOfFundsResponse;

/** POST /v1/funds-confirmations: 200 with fundsAvailable, the bank's word on the amount at the time of the request. */
export async function confirmFunds(
  { profile, body }: ConfirmFundsVariables,
  signal?: AbortSignal,
): Promise<Xs2aResult<ConfirmFundsData>> {
  // The panel sends nothing before the user does: the client (and its answer checks) loads with the first send.
  const { xs2aRequest } = await import('../client');
  return xs2aRequest<ConfirmFundsData>({
    profile,
    operationId: 'checkAvailabilityOfFunds',
    method: 'POST',
    path: v1Path('funds-confirmations'),
    body,
    signal,
  });
}

/** A check asks and changes nothing: there is nothing to invalidate. */
export function useConfirmFunds() {
  return useMutation({ mutationFn: (variables: ConfirmFundsVariables) => confirmFunds(variables) });
}
