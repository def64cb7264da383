// Payment initiation: JSON request bodies (strict, for the sandbox) and the PIS response bodies (lenient, for checks).
import * as z from 'zod/mini';
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
  endToEndIdentification: z.optional(z.string().check(z.minLength(1), z.maxLength(35))),
  debtorAccount: AccountReferenceRequest,
  instructedAmount: InstructedAmount,
  creditorAccount: AccountReferenceRequest,
  creditorAgent: z.optional(Bicfi),
  creditorName: z.string().check(
    z.maxLength(70),
    z.refine((name) => name.trim().length > 0, 'must not be blank'),
  ),
  creditorAddress: z.optional(Address),
  remittanceInformationUnstructured: z.optional(z.string().check(z.maxLength(140))),
};

/** When a standing order runs: in its request body and in the bank's report of it. */
const scheduleMembers = {
  startDate: IsoDate,
  endDate: z.optional(IsoDate),
  executionRule: z.optional(ExecutionRule),
  frequency: Frequency,
  dayOfExecution: z.optional(DayOfExecution),
};

const periodicMembers = {
  ...scheduleMembers,
  monthsOfExecution: z.optional(z.array(MonthOfExecution).check(z.maxLength(11))),
};

/**
 * Body of POST /v1/payments/{product} (paymentInitiation_json). 1.3.12 defines only these members; the IG's
 * ultimateDebtor, purposeCode, requestedExecutionDate etc. are commented out of the schema for all JSON products.
 */
export const PaymentInitiationJson = z.object({
  ...requestCore,
  creditorAgentName: z.optional(z.string().check(z.maxLength(140))),
});
export type PaymentInitiationJson = z.infer<typeof PaymentInitiationJson>;

type PeriodicFields = {
  startDate: string;
  endDate?: string | undefined;
  frequency: Frequency;
  monthsOfExecution?: MonthOfExecution[] | undefined;
};

// Rules the spec states only in prose.
function checkPeriodicRules(value: PeriodicFields, ctx: z.core.$RefinementCtx): void {
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
  .check(z.superRefine(checkPeriodicRules));
export type PeriodicPaymentInitiationJson = z.infer<typeof PeriodicPaymentInitiationJson>;

/** One payment inside a bulk (paymentInitiationBulkElement_json): no debtorAccount, no dates. */
export const PaymentInitiationBulkElementJson = z.object({
  endToEndIdentification: requestCore.endToEndIdentification,
  instructedAmount: InstructedAmount,
  creditorAccount: AccountReferenceRequest,
  creditorAgent: z.optional(Bicfi),
  creditorAgentName: z.optional(z.string().check(z.maxLength(140))),
  creditorName: requestCore.creditorName,
  creditorAddress: z.optional(Address),
  remittanceInformationUnstructured: z.optional(z.string().check(z.maxLength(140))),
});
export type PaymentInitiationBulkElementJson = z.infer<typeof PaymentInitiationBulkElementJson>;

/** Body of POST /v1/bulk-payments/{product} (bulkPaymentInitiation_json). */
export const BulkPaymentInitiationJson = z.object({
  batchBookingPreferred: z.optional(z.boolean()),
  debtorAccount: AccountReferenceRequest,
  requestedExecutionDate: z.optional(IsoDate),
  requestedExecutionTime: z.optional(IsoDateTime),
  payments: z.array(PaymentInitiationBulkElementJson).check(z.minLength(1)),
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
  transactionFees: z.optional(Amount),
  /** Singular here; the PUT responses call it currencyConversionFees. */
  currencyConversionFee: z.optional(Amount),
  estimatedTotalAmount: z.optional(Amount),
  estimatedInterbankSettlementAmount: z.optional(Amount),
  transactionFeeIndicator: z.optional(z.boolean()),
  scaMethods: z.optional(ScaMethods),
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  _links: PaymentInitiationLinks,
  psuMessage: z.optional(PsuMessageText),
  tppMessages: z.optional(z.array(TppMessage201PaymentInitiation)),
});
export type PaymentInitiationResponse201 = z.infer<typeof PaymentInitiationResponse201>;

const responseCore = {
  endToEndIdentification: z.optional(z.string().check(z.maxLength(35))),
  debtorAccount: AccountReference,
  instructedAmount: Amount,
  creditorAccount: AccountReference,
  creditorAgent: z.optional(Bicfi),
  creditorName: z.string().check(z.maxLength(70)),
  creditorAddress: z.optional(Address),
  remittanceInformationUnstructured: z.optional(z.string().check(z.maxLength(140))),
  transactionStatus: z.optional(TransactionStatus),
  /** Singular, generic messages. */
  tppMessage: z.optional(z.array(TppMessage)),
};

/** GET /v1/payments/{product}/{paymentId}. The spec leaves out creditorAgentName here. */
export const PaymentInitiationWithStatusResponse = z.object(responseCore);
export type PaymentInitiationWithStatusResponse = z.infer<typeof PaymentInitiationWithStatusResponse>;

/** GET /v1/periodic-payments/{product}/{paymentId}. The spec leaves out monthsOfExecution here. */
export const PeriodicPaymentInitiationWithStatusResponse = z.object({
  ...responseCore,
  ...scheduleMembers,
});
export type PeriodicPaymentInitiationWithStatusResponse = z.infer<typeof PeriodicPaymentInitiationWithStatusResponse>;

export const PaymentInitiationBulkElementResponse = z.object({
  endToEndIdentification: z.optional(z.string().check(z.maxLength(35))),
  instructedAmount: Amount,
  creditorAccount: AccountReference,
  creditorAgent: z.optional(Bicfi),
  creditorAgentName: z.optional(z.string().check(z.maxLength(140))),
  creditorName: z.string().check(z.maxLength(70)),
  creditorAddress: z.optional(Address),
  remittanceInformationUnstructured: z.optional(z.string().check(z.maxLength(140))),
});

/** GET /v1/bulk-payments/{product}/{paymentId}. */
export const BulkPaymentInitiationWithStatusResponse = z.object({
  batchBookingPreferred: z.optional(z.boolean()),
  requestedExecutionDate: z.optional(IsoDate),
  acceptorTransactionDateTime: z.optional(IsoDateTime),
  debtorAccount: AccountReference,
  paymentInformationId: z.optional(z.string().check(z.maxLength(35))),
  payments: z.array(PaymentInitiationBulkElementResponse),
  transactionStatus: z.optional(TransactionStatus),
  tppMessage: z.optional(z.array(TppMessage)),
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
  fundsAvailable: z.optional(z.boolean()),
  psuMessage: z.optional(PsuMessageText),
  /** Only after successful SCA. */
  ownerNames: z.optional(z.array(AccountOwner)),
  psuName: z.optional(z.string().check(z.maxLength(140))),
  _links: z.optional(Links),
  tppMessage: z.optional(z.array(TppMessage)),
});
export type PaymentInitiationStatusResponse = z.infer<typeof PaymentInitiationStatusResponse>;

export const PaymentInitiationCancelResponse202 = z.object({
  transactionStatus: TransactionStatus,
  scaMethods: z.optional(ScaMethods),
  chosenScaMethod: z.optional(AuthenticationObject),
  challengeData: z.optional(ChallengeData),
  _links: z.optional(PaymentInitiationCancelLinks),
});
export type PaymentInitiationCancelResponse202 = z.infer<typeof PaymentInitiationCancelResponse202>;
