// The confirmation of funds service (PIIS) of 1.3.12: the request body `confirmationOfFunds` and its 200 answer
// (components.requestBodies.confirmationOfFunds and components.responses.OK_200_ConfirmationOfFunds).
import * as z from 'zod/mini';
import { AccountReferenceRequest, InstructedAmount } from './common';
import './zod-messages';

/** What a TPP asks: whether `instructedAmount` is available on `account` now. */
export const ConfirmationOfFunds = z.object({
  /** The card the PIISP issued, where there is one ("should be delivered if available"). */
  cardNumber: z.optional(z.string().check(z.maxLength(35))),
  account: AccountReferenceRequest,
  /** The merchant where the card is used, for the PSU's information. */
  payee: z.optional(z.string().check(z.maxLength(70))),
  instructedAmount: InstructedAmount,
});
export type ConfirmationOfFunds = z.infer<typeof ConfirmationOfFunds>;

/** The bank's answer: true if the funds are there at the time of the request, false otherwise. */
export const ConfirmationOfFundsResponse = z.object({ fundsAvailable: z.boolean() });
export type ConfirmationOfFundsResponse = z.infer<typeof ConfirmationOfFundsResponse>;
