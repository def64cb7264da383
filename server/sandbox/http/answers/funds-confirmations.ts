// The body of the confirmation of funds answer, typed against the 1.3.12 model's response type.
import type { ConfirmationOfFundsResponse } from '../../../../src/xs2a';
import type { FundsCheck } from '../../domain/funds-confirmations';

export const fundsConfirmationBody = ({ fundsAvailable }: FundsCheck): ConfirmationOfFundsResponse => ({
  fundsAvailable,
});
