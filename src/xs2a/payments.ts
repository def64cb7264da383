// Payment initiation: JSON request bodies (strict, for the sandbox) and the PIS response bodies (lenient, for checks).
import * as z from 'zod';
import {
  AccountOwner,
  AccountReference,
  AccountReferenceRequest,
  Address,
  Amount,
  Bicfi,
  InstructedAmount,
  IsoDate,
  IsoDateTime,
  Links,
  linksSchema,
} from './common';
import { DayOfExecution, ExecutionRule, Frequency, MonthOfExecution, TransactionStatus } from './enums';
import type { PaymentService } from './enums';
import { TppMessage, TppMessage201PaymentInitiation } from './errors';
import { AuthenticationObject, ChallengeData, PsuMessageText, ScaMethods } from './sca';

// ---------------------------------------------------------------- request bodies

const requestCore = {
  endToEndIdentification: z.string().min(1).max(35).optional(),
  debtorAccount: AccountReferenceRequest,
  instructedAmount: InstructedAmount,
  creditorAccount: AccountReferenceRequest,
  creditorAgent: Bicfi.optional(),
  creditorName: z
    .string()
    .max(70)
    .refine((name) => name.trim().length > 0, 'must not be blank'),
  creditorAddress: Address.optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
};

const periodicMembers = {
  startDate: IsoDate,
  endDate: IsoDate.optional(),
  executionRule: ExecutionRule.optional(),
  frequency: Frequency,
  dayOfExecution: DayOfExecution.optional(),
  monthsOfExecution: z.array(MonthOfExecution).max(11).optional(),
};

/**
 * Body of POST /v1/payments/{product} (paymentInitiation_json). 1.3.12 defines only these members; the IG's
 * ultimateDebtor, purposeCode, requestedExecutionDate etc. are commented out of the schema for all JSON products.
 */
export const PaymentInitiationJson = z.object({
  ...requestCore,
  creditorAgentName: z.string().max(140).optional(),
});
export type PaymentInitiationJson = z.infer<typeof PaymentInitiationJson>;

type PeriodicFields = {
  startDate: string;
  endDate?: string | undefined;
  frequency: Frequency;
  monthsOfExecution?: MonthOfExecution[] | undefined;
};

// Rules the spec states only in prose.
function checkPeriodicRules(value: PeriodicFields, ctx: z.RefinementCtx): void {
  if (value.endDate !== undefined && value.endDate < value.startDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'must not be before startDate' });
  }
  const months = value.monthsOfExecution;
  if (value.frequency === 'MonthlyVariable') {
    if (months === undefined || months.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['monthsOfExecution'],
        message: 'is required when frequency is MonthlyVariable',
      });
    }
  } else if (months !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['monthsOfExecution'],
      message: 'is only allowed when frequency is MonthlyVariable',
    });
  }
  if (months !== undefined && new Set(months).size !== months.length) {
    ctx.addIssue({ code: 'custom', path: ['monthsOfExecution'], message: 'must not repeat a month' });
  }
}

/** Body of POST /v1/periodic-payments/{product} (periodicPaymentInitiation_json). No creditorAgentName here. */
export const PeriodicPaymentInitiationJson = z
  .object({ ...requestCore, ...periodicMembers })
  .superRefine(checkPeriodicRules);
export type PeriodicPaymentInitiationJson = z.infer<typeof PeriodicPaymentInitiationJson>;

/** One payment inside a bulk (paymentInitiationBulkElement_json): no debtorAccount, no dates. */
export const PaymentInitiationBulkElementJson = z.object({
  endToEndIdentification: requestCore.endToEndIdentification,
  instructedAmount: InstructedAmount,
  creditorAccount: AccountReferenceRequest,
  creditorAgent: Bicfi.optional(),
  creditorAgentName: z.string().max(140).optional(),
  creditorName: requestCore.creditorName,
  creditorAddress: Address.optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
});
export type PaymentInitiationBulkElementJson = z.infer<typeof PaymentInitiationBulkElementJson>;

/** Body of POST /v1/bulk-payments/{product} (bulkPaymentInitiation_json). */
export const BulkPaymentInitiationJson = z.object({
  batchBookingPreferred: z.boolean().optional(),
  debtorAccount: AccountReferenceRequest,
  requestedExecutionDate: IsoDate.optional(),
  requestedExecutionTime: IsoDateTime.optional(),
  payments: z.array(PaymentInitiationBulkElementJson).min(1),
});
export type BulkPaymentInitiationJson = z.infer<typeof BulkPaymentInitiationJson>;

/** Top-level members each JSON body defines, so a server can reject members that belong to another body. */
export const singlePaymentKeys: readonly string[] = Object.keys(PaymentInitiationJson.shape);
export const periodicPaymentKeys: readonly string[] = [...Object.keys(requestCore), ...Object.keys(periodicMembers)];
export const bulkPaymentKeys: readonly string[] = Object.keys(BulkPaymentInitiationJson.shape);

const keysByService: Record<PaymentService, readonly string[]> = {
  payments: singlePaymentKeys,
  'periodic-payments': periodicPaymentKeys,
  'bulk-payments': bulkPaymentKeys,
};

export function paymentBodyKeysFor(service: PaymentService): readonly string[] {
  return keysByService[service];
}

/**
 * Members of `body` that 1.3.12 defines only for another payment service's body, e.g. `startDate` in a single
 * payment or `creditorAgentName` in a periodic one. Unknown members (defined nowhere) are not reported.
 */
export function foreignPaymentKeys(service: PaymentService, body: Record<string, unknown>): string[] {
  const own = new Set(keysByService[service]);
  const others = new Set(Object.values(keysByService).flat());
  return Object.keys(body).filter((key) => !own.has(key) && others.has(key));
}

export function paymentBodySchemaFor(service: 'payments'): typeof PaymentInitiationJson;
export function paymentBodySchemaFor(service: 'periodic-payments'): typeof PeriodicPaymentInitiationJson;
export function paymentBodySchemaFor(service: 'bulk-payments'): typeof BulkPaymentInitiationJson;
export function paymentBodySchemaFor(
  service: PaymentService,
): typeof PaymentInitiationJson | typeof PeriodicPaymentInitiationJson | typeof BulkPaymentInitiationJson;
/** The JSON body schema for a payment service; choose by path, never by trying oneOf (open schemas overlap). */
export function paymentBodySchemaFor(service: PaymentService) {
  if (service === 'payments') return PaymentInitiationJson;
  if (service === 'periodic-payments') return PeriodicPaymentInitiationJson;
  return BulkPaymentInitiationJson;
}

// ---------------------------------------------------------------- responses

/** Link names of the 201 payment initiation (`_linksPaymentInitiation`); consents use the same set. */
export const PaymentLinks = [
  'scaRedirect',
  'scaOAuth',
  'confirmation',
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
export type PaymentLinkName = (typeof PaymentLinks)[number];
export const PaymentInitiationLinks = linksSchema(PaymentLinks);

/** Link names of the 202 cancellation response; they point at …/cancellation-authorisations. */
export const PaymentCancelLinks = [
  'startAuthorisation',
  'startAuthorisationWithPsuIdentification',
  'startAuthorisationWithPsuAuthentication',
  'startAuthorisationWithEncryptedPsuAuthentication',
  'startAuthorisationWithAuthenticationMethodSelection',
] as const;
export const PaymentInitiationCancelLinks = linksSchema(PaymentCancelLinks);

export const PaymentInitiationResponse201 = z.object({
  transactionStatus: TransactionStatus,
  paymentId: z.string(),
  transactionFees: Amount.optional(),
  /** Singular here; the PUT responses call it currencyConversionFees. */
  currencyConversionFee: Amount.optional(),
  estimatedTotalAmount: Amount.optional(),
  estimatedInterbankSettlementAmount: Amount.optional(),
  transactionFeeIndicator: z.boolean().optional(),
  scaMethods: ScaMethods.optional(),
  chosenScaMethod: AuthenticationObject.optional(),
  challengeData: ChallengeData.optional(),
  _links: PaymentInitiationLinks,
  psuMessage: PsuMessageText.optional(),
  tppMessages: z.array(TppMessage201PaymentInitiation).optional(),
});
export type PaymentInitiationResponse201 = z.infer<typeof PaymentInitiationResponse201>;

const responseCore = {
  endToEndIdentification: z.string().max(35).optional(),
  debtorAccount: AccountReference,
  instructedAmount: Amount,
  creditorAccount: AccountReference,
  creditorAgent: Bicfi.optional(),
  creditorName: z.string().max(70),
  creditorAddress: Address.optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
  transactionStatus: TransactionStatus.optional(),
  /** Singular, generic messages. */
  tppMessage: z.array(TppMessage).optional(),
};

/** GET /v1/payments/{product}/{paymentId}. The spec leaves out creditorAgentName here. */
export const PaymentInitiationWithStatusResponse = z.object(responseCore);
export type PaymentInitiationWithStatusResponse = z.infer<typeof PaymentInitiationWithStatusResponse>;

/** GET /v1/periodic-payments/{product}/{paymentId}. The spec leaves out monthsOfExecution here. */
export const PeriodicPaymentInitiationWithStatusResponse = z.object({
  ...responseCore,
  startDate: IsoDate,
  endDate: IsoDate.optional(),
  executionRule: ExecutionRule.optional(),
  frequency: Frequency,
  dayOfExecution: DayOfExecution.optional(),
});
export type PeriodicPaymentInitiationWithStatusResponse = z.infer<typeof PeriodicPaymentInitiationWithStatusResponse>;

export const PaymentInitiationBulkElementResponse = z.object({
  endToEndIdentification: z.string().max(35).optional(),
  instructedAmount: Amount,
  creditorAccount: AccountReference,
  creditorAgent: Bicfi.optional(),
  creditorAgentName: z.string().max(140).optional(),
  creditorName: z.string().max(70),
  creditorAddress: Address.optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
});

/** GET /v1/bulk-payments/{product}/{paymentId}. */
export const BulkPaymentInitiationWithStatusResponse = z.object({
  batchBookingPreferred: z.boolean().optional(),
  requestedExecutionDate: IsoDate.optional(),
  acceptorTransactionDateTime: IsoDateTime.optional(),
  debtorAccount: AccountReference,
  paymentInformationId: z.string().max(35).optional(),
  payments: z.array(PaymentInitiationBulkElementResponse),
  transactionStatus: TransactionStatus.optional(),
  tppMessage: z.array(TppMessage).optional(),
});
export type BulkPaymentInitiationWithStatusResponse = z.infer<typeof BulkPaymentInitiationWithStatusResponse>;

export function paymentInformationResponseSchemaFor(service: 'payments'): typeof PaymentInitiationWithStatusResponse;
export function paymentInformationResponseSchemaFor(
  service: 'periodic-payments',
): typeof PeriodicPaymentInitiationWithStatusResponse;
export function paymentInformationResponseSchemaFor(
  service: 'bulk-payments',
): typeof BulkPaymentInitiationWithStatusResponse;
export function paymentInformationResponseSchemaFor(
  service: PaymentService,
):
  | typeof PaymentInitiationWithStatusResponse
  | typeof PeriodicPaymentInitiationWithStatusResponse
  | typeof BulkPaymentInitiationWithStatusResponse;
/** The GET payment body schema by payment service (the spec's oneOf cannot tell single from periodic). */
export function paymentInformationResponseSchemaFor(service: PaymentService) {
  if (service === 'payments') return PaymentInitiationWithStatusResponse;
  if (service === 'periodic-payments') return PeriodicPaymentInitiationWithStatusResponse;
  return BulkPaymentInitiationWithStatusResponse;
}

export const PaymentInitiationStatusResponse = z.object({
  transactionStatus: TransactionStatus,
  /** Only after a funds check, and only with ACTC, ACWC or ACCP. */
  fundsAvailable: z.boolean().optional(),
  psuMessage: PsuMessageText.optional(),
  /** Only after successful SCA. */
  ownerNames: z.array(AccountOwner).optional(),
  psuName: z.string().max(140).optional(),
  _links: Links.optional(),
  tppMessage: z.array(TppMessage).optional(),
});
export type PaymentInitiationStatusResponse = z.infer<typeof PaymentInitiationStatusResponse>;

export const PaymentInitiationCancelResponse202 = z.object({
  transactionStatus: TransactionStatus,
  scaMethods: ScaMethods.optional(),
  chosenScaMethod: AuthenticationObject.optional(),
  challengeData: ChallengeData.optional(),
  _links: PaymentInitiationCancelLinks.optional(),
});
export type PaymentInitiationCancelResponse202 = z.infer<typeof PaymentInitiationCancelResponse202>;
