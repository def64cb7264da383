// SCA data types, the authorisation request bodies (selected by member, not oneOf) and the authorisation responses.
import * as z from 'zod/mini';
import { Amount, linksSchema } from './common';
import { AuthenticationType, OtpFormat, ScaStatus, ScaStatusAuthorisationConfirmation } from './enums';
import { TppMessage } from './errors';

/** As 1.3.12 defines it: at most 35 characters, nothing more (a bank may offer an empty id). */
export const AuthenticationMethodId = z.string().check(z.maxLength(35));

/** The id a request selects: the sandbox and the console's forms send a non-empty one. */
const SelectedAuthenticationMethodId = AuthenticationMethodId.check(z.minLength(1));

export const AuthenticationObject = z.object({
  authenticationType: AuthenticationType,
  authenticationVersion: z.optional(z.string()),
  authenticationMethodId: AuthenticationMethodId,
  /** Label for the PSU, e.g. "SMS OTP on phone +49160 xxxxx 28". */
  name: z.optional(z.string()),
  explanation: z.optional(z.string()),
});
export type AuthenticationObject = z.infer<typeof AuthenticationObject>;

export const ChallengeData = z.object({
  /** Base64 PNG (≤ 512 KB) for PHOTO_OTP / CHIP_OTP. */
  image: z.optional(z.base64()),
  data: z.optional(z.array(z.string())),
  imageLink: z.optional(z.url()),
  otpMaxLength: z.optional(z.number().check(z.int())),
  otpFormat: z.optional(OtpFormat),
  /** Must be shown to the PSU. */
  additionalInformation: z.optional(z.string()),
});
export type ChallengeData = z.infer<typeof ChallengeData>;

export const ScaMethods = z.array(AuthenticationObject);
export const PsuMessageText = z.string().check(z.maxLength(500));

const psuDataKeys = ['password', 'encryptedPassword', 'additionalPassword', 'additionalEncryptedPassword'] as const;

export const PsuData = z
  .object({
    password: z.optional(z.string()),
    encryptedPassword: z.optional(z.string()),
    additionalPassword: z.optional(z.string()),
    additionalEncryptedPassword: z.optional(z.string()),
  })
  .check(
    z.refine((data) => psuDataKeys.some((key) => data[key] !== undefined), {
      message: `needs at least one of ${psuDataKeys.join(', ')}`,
    }),
  );
export type PsuData = z.infer<typeof PsuData>;

export const UpdatePsuAuthentication = z.object({ psuData: PsuData });
export type UpdatePsuAuthentication = z.infer<typeof UpdatePsuAuthentication>;

export const SelectPsuAuthenticationMethod = z.object({ authenticationMethodId: SelectedAuthenticationMethodId });
export type SelectPsuAuthenticationMethod = z.infer<typeof SelectPsuAuthenticationMethod>;

/** The OTP or other SCA data; binary data is sent base64-encoded. */
export const TransactionAuthorisation = z.object({ scaAuthenticationData: z.string().check(z.minLength(1)) });
export type TransactionAuthorisation = z.infer<typeof TransactionAuthorisation>;

/** Sent after redirect/OAuth SCA to the `confirmation` link. */
export const AuthorisationConfirmation = z.object({ confirmationCode: z.string().check(z.minLength(1)) });
export type AuthorisationConfirmation = z.infer<typeof AuthorisationConfirmation>;

export type AuthorisationBody =
  | { kind: 'empty' }
  | { kind: 'psuData'; psuData: PsuData }
  | { kind: 'authenticationMethodId'; authenticationMethodId: string }
  | { kind: 'scaAuthenticationData'; scaAuthenticationData: string }
  | { kind: 'confirmationCode'; confirmationCode: string };
export type AuthorisationBodyKind = AuthorisationBody['kind'];
export type StartAuthorisationBody = Exclude<AuthorisationBody, { kind: 'confirmationCode' }>;

export type SafeResult<T> = { success: true; data: T } | { success: false; error: { path: string; message: string } };

const variants = {
  psuData: UpdatePsuAuthentication,
  authenticationMethodId: SelectPsuAuthenticationMethod,
  scaAuthenticationData: TransactionAuthorisation,
  confirmationCode: AuthorisationConfirmation,
} as const;
type VariantKey = keyof typeof variants;
const variantKeys = Object.keys(variants) as VariantKey[];

function fail(path: string, message: string): { success: false; error: { path: string; message: string } } {
  return { success: false, error: { path, message } };
}

// The spec declares these bodies as oneOf [{}, …]; `{}` matches everything, so oneOf rejects every non-empty body.
// Pick the variant by its distinguishing member instead.
function parseAuthorisationBody(body: unknown, allowed: readonly VariantKey[]): SafeResult<AuthorisationBody> {
  if (body === undefined || body === null || body === '') return { success: true, data: { kind: 'empty' } };
  if (typeof body !== 'object' || Array.isArray(body)) return fail('', 'body must be a JSON object');
  const record = body as Record<string, unknown>;
  const present = variantKeys.filter((key) => record[key] !== undefined);
  if (present.length === 0) return { success: true, data: { kind: 'empty' } };
  if (present.length > 1) {
    return fail(present[1] ?? '', `send only one of ${present.join(', ')} per request`);
  }
  const key = present[0] as VariantKey;
  if (!allowed.includes(key)) {
    return fail(key, `${key} can only be sent with PUT to an existing authorisation (the confirmation link)`);
  }
  const parsed = variants[key].safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(issue ? issue.path.join('.') : key, issue?.message ?? 'invalid');
  }
  const data = parsed.data as Record<string, unknown>;
  return { success: true, data: { kind: key, [key]: data[key] } as AuthorisationBody };
}

/** Body of POST …/authorisations (optional): empty, psuData, authenticationMethodId or scaAuthenticationData. */
export function parseStartAuthorisationBody(body: unknown): SafeResult<StartAuthorisationBody> {
  return parseAuthorisationBody(body, [
    'psuData',
    'authenticationMethodId',
    'scaAuthenticationData',
  ]) as SafeResult<StartAuthorisationBody>;
}

/** Body of PUT …/authorisations/{authorisationId}: like the start body, plus confirmationCode. */
export function parseUpdatePsuDataBody(body: unknown): SafeResult<AuthorisationBody> {
  return parseAuthorisationBody(body, variantKeys);
}

const fees = {
  transactionFees: z.optional(Amount),
  currencyConversionFees: z.optional(Amount),
  estimatedTotalAmount: z.optional(Amount),
  estimatedInterbankSettlementAmount: z.optional(Amount),
};

export const StartScaProcessLinks = linksSchema([
  'scaRedirect',
  'scaOAuth',
  'confirmation',
  'updatePsuIdentification',
  'startAuthorisationWithPsuAuthentication',
  'startAuthorisationWithEncryptedPsuAuthentication',
  'selectAuthenticationMethod',
  'authoriseTransaction',
  'scaStatus',
]);

export const StartScaprocessResponse = z.object({
  scaStatus: ScaStatus,
  authorisationId: z.string(),
  scaMethods: z.optional(ScaMethods),
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  _links: StartScaProcessLinks,
  psuMessage: z.optional(PsuMessageText),
});
export type StartScaprocessResponse = z.infer<typeof StartScaprocessResponse>;

export const UpdatePsuIdentificationLinks = linksSchema(['scaStatus', 'selectAuthenticationMethod']);

export const UpdatePsuIdentificationResponse = z.object({
  ...fees,
  scaMethods: z.optional(ScaMethods),
  _links: UpdatePsuIdentificationLinks,
  scaStatus: ScaStatus,
  psuMessage: z.optional(PsuMessageText),
});
export type UpdatePsuIdentificationResponse = z.infer<typeof UpdatePsuIdentificationResponse>;

export const UpdatePsuAuthenticationLinks = linksSchema([
  'updateAdditionalPsuAuthentication',
  'updateAdditionalEncryptedPsuAuthentication',
  'selectAuthenticationMethod',
  'authoriseTransaction',
  'scaStatus',
]);

export const UpdatePsuAuthenticationResponse = z.object({
  ...fees,
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  scaMethods: z.optional(ScaMethods),
  _links: z.optional(UpdatePsuAuthenticationLinks),
  scaStatus: ScaStatus,
  psuMessage: z.optional(PsuMessageText),
  authorisationId: z.optional(z.string()),
});
export type UpdatePsuAuthenticationResponse = z.infer<typeof UpdatePsuAuthenticationResponse>;

export const SelectPsuAuthenticationMethodLinks = linksSchema([
  'scaRedirect',
  'scaOAuth',
  'confirmation',
  'updatePsuIdentification',
  'updatePsuAuthentication',
  'updateAdditionalPsuAuthentication',
  'updateAdditionalEncryptedPsuAuthentication',
  'authoriseTransaction',
  'scaStatus',
]);

export const SelectPsuAuthenticationMethodResponse = z.object({
  ...fees,
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  _links: z.optional(SelectPsuAuthenticationMethodLinks),
  scaStatus: ScaStatus,
  psuMessage: z.optional(PsuMessageText),
});
export type SelectPsuAuthenticationMethodResponse = z.infer<typeof SelectPsuAuthenticationMethodResponse>;

/** Every link name 1.3.12 defines (`_linksAll`), used by SCA status and error bodies. */
export const allLinkNames = [
  'scaRedirect',
  'scaOAuth',
  'confirmation',
  'startAuthorisation',
  'startAuthorisationWithPsuIdentification',
  'updatePsuIdentification',
  'startAuthorisationWithProprietaryData',
  'updateProprietaryData',
  'startAuthorisationWithPsuAuthentication',
  'updatePsuAuthentication',
  'startAuthorisationWithEncryptedPsuAuthentication',
  'updateEncryptedPsuAuthentication',
  'updateAdditionalPsuAuthentication',
  'updateAdditionalEncryptedPsuAuthentication',
  'startAuthorisationWithAuthenticationMethodSelection',
  'selectAuthenticationMethod',
  'startAuthorisationWithTransactionAuthorisation',
  'authoriseTransaction',
  'self',
  'status',
  'scaStatus',
  'account',
  'balances',
  'transactions',
  'transactionDetails',
  'cardAccount',
  'cardTransactions',
  'first',
  'next',
  'previous',
  'last',
  'download',
] as const;
export const LinksAll = linksSchema(allLinkNames);

export const ScaStatusResponse = z.object({
  scaStatus: ScaStatus,
  psuMessage: z.optional(PsuMessageText),
  psuName: z.optional(z.string().check(z.maxLength(140))),
  /** Only with a final scaStatus: whether the payee is on the PSU's trusted-beneficiary list. */
  trustedBeneficiaryFlag: z.optional(z.boolean()),
  _links: z.optional(LinksAll),
  /** Singular in this response, unlike the `tppMessages` of 201s and errors. */
  tppMessage: z.optional(z.array(TppMessage)),
});
export type ScaStatusResponse = z.infer<typeof ScaStatusResponse>;

export const AuthorisationConfirmationLinks = linksSchema(['scaStatus']);

export const AuthorisationConfirmationResponse = z.object({
  scaStatus: ScaStatusAuthorisationConfirmation,
  _links: AuthorisationConfirmationLinks,
  psuMessage: z.optional(PsuMessageText),
});
export type AuthorisationConfirmationResponse = z.infer<typeof AuthorisationConfirmationResponse>;

export const Authorisations = z.object({ authorisationIds: z.array(z.string()) });
export type Authorisations = z.infer<typeof Authorisations>;

const updatePsuDataResponses = {
  empty: UpdatePsuIdentificationResponse,
  psuData: UpdatePsuAuthenticationResponse,
  authenticationMethodId: SelectPsuAuthenticationMethodResponse,
  scaAuthenticationData: ScaStatusResponse,
  confirmationCode: AuthorisationConfirmationResponse,
} as const;

/** The 200 body schema of a PUT update-PSU-data call, by the kind of body that was sent. */
export function updatePsuDataResponseSchemaFor<K extends AuthorisationBodyKind>(
  kind: K,
): (typeof updatePsuDataResponses)[K] {
  return updatePsuDataResponses[kind];
}

/** Any of the five PUT responses (the spec's oneOf; use updatePsuDataResponseSchemaFor when the step is known). */
export const UpdatePsuDataResponse = z.union([
  UpdatePsuIdentificationResponse,
  UpdatePsuAuthenticationResponse,
  SelectPsuAuthenticationMethodResponse,
  ScaStatusResponse,
  AuthorisationConfirmationResponse,
]);
export type UpdatePsuDataResponse = z.infer<typeof UpdatePsuDataResponse>;
