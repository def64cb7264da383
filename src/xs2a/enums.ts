// Code lists of XS2A 1.3.12 as zod enums, with plain-language descriptions for display.
import * as z from 'zod';

// Ordered roughly along the payment lifecycle rather than the spec's order, so UIs can list them as-is.
export const TransactionStatus = z.enum([
  'RCVD',
  'PDNG',
  'ACTC',
  'ACCP',
  'ACFC',
  'ACSP',
  'ACSC',
  'ACCC',
  'ACWC',
  'ACWP',
  'PATC',
  'PART',
  'RJCT',
  'CANC',
]);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const ConsentStatus = z.enum([
  'received',
  'rejected',
  'valid',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
  'partiallyAuthorised',
]);
export type ConsentStatus = z.infer<typeof ConsentStatus>;

export const ScaStatus = z.enum([
  'received',
  'psuIdentified',
  'psuAuthenticated',
  'scaMethodSelected',
  'started',
  'unconfirmed',
  'finalised',
  'failed',
  'exempted',
]);
export type ScaStatus = z.infer<typeof ScaStatus>;

/** The only two values the PUT-with-confirmationCode response may carry. */
export const ScaStatusAuthorisationConfirmation = z.enum(['finalised', 'failed']);
export type ScaStatusAuthorisationConfirmation = z.infer<typeof ScaStatusAuthorisationConfirmation>;

export const BalanceType = z.enum([
  'closingBooked',
  'expected',
  'openingBooked',
  'interimAvailable',
  'interimBooked',
  'forwardAvailable',
  'nonInvoiced',
]);
export type BalanceType = z.infer<typeof BalanceType>;

/** The `bookingStatus` query parameter of the transaction list. */
export const BookingStatusQuery = z.enum(['information', 'booked', 'pending', 'both', 'all']);
export type BookingStatusQuery = z.infer<typeof BookingStatusQuery>;

export const Frequency = z.enum([
  'Daily',
  'Weekly',
  'EveryTwoWeeks',
  'Monthly',
  'EveryTwoMonths',
  'Quarterly',
  'SemiAnnual',
  'Annual',
  'MonthlyVariable',
]);
export type Frequency = z.infer<typeof Frequency>;

export const ExecutionRule = z.enum(['following', 'preceding']);
export type ExecutionRule = z.infer<typeof ExecutionRule>;

export const PaymentService = z.enum(['payments', 'bulk-payments', 'periodic-payments']);
export type PaymentService = z.infer<typeof PaymentService>;

export const JsonPaymentProduct = z.enum([
  'sepa-credit-transfers',
  'instant-sepa-credit-transfers',
  'target-2-payments',
  'cross-border-credit-transfers',
]);
export type JsonPaymentProduct = z.infer<typeof JsonPaymentProduct>;

export const XmlPaymentProduct = z.enum([
  'pain.001-sepa-credit-transfers',
  'pain.001-instant-sepa-credit-transfers',
  'pain.001-target-2-payments',
  'pain.001-cross-border-credit-transfers',
]);
export type XmlPaymentProduct = z.infer<typeof XmlPaymentProduct>;

export const PaymentProduct = z.enum([...JsonPaymentProduct.options, ...XmlPaymentProduct.options]);
export type PaymentProduct = z.infer<typeof PaymentProduct>;

/** Values of the ASPSP-SCA-Approach response header (OAuth is reported as REDIRECT). */
export const ScaApproach = z.enum(['EMBEDDED', 'DECOUPLED', 'REDIRECT']);
export type ScaApproach = z.infer<typeof ScaApproach>;

export const AuthenticationType = z.enum(['SMS_OTP', 'CHIP_OTP', 'PHOTO_OTP', 'PUSH_OTP', 'SMTP_OTP']);
export type AuthenticationType = z.infer<typeof AuthenticationType>;

export const OtpFormat = z.enum(['characters', 'integer']);
export type OtpFormat = z.infer<typeof OtpFormat>;

export const AccountStatus = z.enum(['enabled', 'deleted', 'blocked']);
export type AccountStatus = z.infer<typeof AccountStatus>;

export const AccountUsage = z.enum(['PRIV', 'ORGA']);
export type AccountUsage = z.infer<typeof AccountUsage>;

export const TppMessageCategory = z.enum(['ERROR', 'WARNING']);
export type TppMessageCategory = z.infer<typeof TppMessageCategory>;

/** Values of availableAccounts, availableAccountsWithBalance and allPsd2 in a consent. */
export const AccountAccessType = z.enum(['allAccounts', 'allAccountsWithOwnerName']);
export type AccountAccessType = z.infer<typeof AccountAccessType>;

// Strings, not numbers, and without leading zeros: the spec's own "01" example is invalid.
/** "1".."31"; "31" means the last day of the month. */
export const DayOfExecution = z.enum([
  '1',
  '2',
  '3',
  '4',
  '5',
  '6',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
  '29',
  '30',
  '31',
]);
export type DayOfExecution = z.infer<typeof DayOfExecution>;

/** "1".."12". */
export const MonthOfExecution = z.enum(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
export type MonthOfExecution = z.infer<typeof MonthOfExecution>;

/** SCA statuses after which the authorisation sub-resource no longer changes. */
export const finalScaStatuses: readonly ScaStatus[] = ['finalised', 'failed', 'exempted'];

export function isFinalScaStatus(status: ScaStatus): boolean {
  return finalScaStatuses.includes(status);
}

/** Consent statuses from which a consent never becomes usable again. */
export const finalConsentStatuses: readonly ConsentStatus[] = [
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
];

export const transactionStatusInfo: Record<TransactionStatus, { name: string; meaning: string }> = {
  RCVD: { name: 'Received', meaning: 'The bank has received the payment initiation; nothing has been checked yet.' },
  PDNG: { name: 'Pending', meaning: 'The bank is still running checks; the status will change again.' },
  ACTC: {
    name: 'AcceptedTechnicalValidation',
    meaning: 'Authentication and the syntax and content checks have passed.',
  },
  ACCP: {
    name: 'AcceptedCustomerProfile',
    meaning: 'Technical checks passed and the PSU is allowed to make this payment from this account.',
  },
  ACFC: {
    name: 'AcceptedFundsChecked',
    meaning: 'Technical and customer-profile checks passed, and an automatic check found enough funds.',
  },
  ACSP: {
    name: 'AcceptedSettlementInProcess',
    meaning: 'Every check passed and the bank has accepted the payment for execution.',
  },
  ACSC: {
    name: 'AcceptedSettlementCompleted',
    meaning:
      "The debtor's account has been debited. Banks only report this by bilateral agreement; it is not a booking confirmation.",
  },
  ACCC: {
    name: 'AcceptedCreditSettlementCompleted',
    meaning: "The money has arrived on the creditor's account. (1.3.12 mislabels this code with the ACSC name.)",
  },
  ACWC: {
    name: 'AcceptedWithChange',
    meaning: 'Accepted, but the bank will change something, for example the execution date.',
  },
  ACWP: {
    name: 'AcceptedWithoutPosting',
    meaning: "Accepted, but it will not be posted to the creditor customer's account.",
  },
  PATC: {
    name: 'PartiallyAcceptedTechnicalCorrect',
    meaning: 'Several authorisations are needed and only some are done; the data itself is valid.',
  },
  PART: {
    name: 'PartiallyAccepted',
    meaning: 'Bulk payments only: all authorisations are done, but some of the payments were rejected.',
  },
  RJCT: {
    name: 'Rejected',
    meaning: 'The bank rejected the payment, for example because SCA failed or was not completed in time.',
  },
  CANC: { name: 'Cancelled', meaning: 'The payment was cancelled before it was executed.' },
};

export const consentStatusInfo: Record<ConsentStatus, string> = {
  received: 'The bank accepted the consent request as well-formed, but the PSU has not authorised it yet.',
  rejected: 'The consent will never become usable, typically because its authorisation failed.',
  valid: 'Authorised: the TPP may read the account data it covers.',
  revokedByPsu: 'The PSU withdrew the consent directly at the bank.',
  expired: 'The consent passed its validUntil date (or the bank ended it, e.g. a newer recurring consent replaced it).',
  terminatedByTpp: 'The TPP deleted the consent with DELETE /v1/consents/{consentId}.',
  partiallyAuthorised: 'Several PSUs must authorise this consent and only some have done so.',
};

export const scaStatusInfo: Record<ScaStatus, string> = {
  received: 'The authorisation sub-resource exists; the SCA has not started.',
  psuIdentified: 'The bank knows which PSU is authorising.',
  psuAuthenticated: 'The PSU is identified and has passed the first factor, e.g. a password or token.',
  scaMethodSelected:
    'An SCA method has been chosen. With only one method available this can be the first status reported.',
  started: 'The SCA procedure is running, e.g. waiting for the PSU in the banking app.',
  unconfirmed: 'The PSU finished the SCA, but the TPP still has to confirm it (confirmation link).',
  finalised: 'SCA completed successfully. Final.',
  failed: 'SCA failed. Final: start a new authorisation to try again.',
  exempted: 'No SCA was needed (an exemption applied); counts as success. Final.',
};

export const balanceTypeInfo: Record<BalanceType, string> = {
  closingBooked: 'Booked balance at the end of the last reporting period (opening balance plus all bookings in it).',
  expected: 'Booked balance plus pending items known now: what the day should end with if nothing else happens.',
  openingBooked: 'Booked balance at the start of the reporting period; equals the previous closingBooked.',
  interimAvailable: 'Money available right now during the business day; may still change today.',
  interimBooked: 'Booked balance right now during the business day; may still change today.',
  forwardAvailable: 'Money that will be available to the account owner on a given future date.',
  nonInvoiced: 'Card accounts only: card spending not yet invoiced. Marked as still to be defined in 1.3.12.',
};
