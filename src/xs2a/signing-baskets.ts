// Signing baskets (1.3.12 /v1/signing-baskets): the request body `signingBasket` and the answers of creation, read and
// status (components.schemas signingBasket, signingBasketResponse-201/-200, signingBasketStatusResponse-200).
import * as z from 'zod/mini';
import { linksSchema } from './common';
import { TppMessage } from './errors';
import { ChallengeData, PsuMessageText, ScaMethods, AuthenticationObject } from './sca';
import { basketStatusCodes } from './status-names';
import './zod-messages';

export { basketStatusCodes };
/** transactionStatus_SBS: the codes a signing basket's status takes. */
export const BasketTransactionStatus = z.enum(basketStatusCodes);
export type BasketTransactionStatus = z.infer<typeof BasketTransactionStatus>;

const IdList = z.array(z.string().check(z.minLength(1))).check(z.minLength(1));

/** The creation body: payments and/or consents to authorise together; at least one entry. */
export const SigningBasket = z.strictObject({ paymentIds: z.optional(IdList), consentIds: z.optional(IdList) }).check(
  z.refine((body) => (body.paymentIds?.length ?? 0) + (body.consentIds?.length ?? 0) > 0, {
    message: 'A signing basket names at least one payment or consent.',
  }),
);
export type SigningBasket = z.infer<typeof SigningBasket>;

/** _linksSigningBasket: the link names a basket's answers carry. */
export const SigningBasketLinkNames = [
  'scaRedirect',
  'scaOAuth',
  'startAuthorisation',
  'startAuthorisationWithPsuIdentification',
  'startAuthorisationWithPsuAuthentication',
  'startAuthorisationWithEncryptedPsuAuthentication',
  'startAuthorisationWithAuthenticationMethodSelection',
  'startAuthorisationWithTransactionAuthorisation',
  'self',
  'status',
  'scaStatus',
] as const;
export const SigningBasketLinks = linksSchema(SigningBasketLinkNames);

export const SigningBasketResponse201 = z.object({
  transactionStatus: BasketTransactionStatus,
  basketId: z.string(),
  scaMethods: z.optional(ScaMethods),
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  _links: SigningBasketLinks,
  psuMessage: z.optional(PsuMessageText),
  tppMessages: z.optional(z.array(TppMessage)),
});
export type SigningBasketResponse201 = z.infer<typeof SigningBasketResponse201>;

/** The ids a basket's read names, as the file has them (any string). */
const AnsweredIds = z.array(z.string());

export const SigningBasketResponse200 = z.object({
  payments: z.optional(AnsweredIds),
  consents: z.optional(AnsweredIds),
  transactionStatus: BasketTransactionStatus,
  _links: z.optional(SigningBasketLinks),
});
export type SigningBasketResponse200 = z.infer<typeof SigningBasketResponse200>;

export const SigningBasketStatusResponse200 = z.object({ transactionStatus: BasketTransactionStatus });
export type SigningBasketStatusResponse200 = z.infer<typeof SigningBasketStatusResponse200>;
