// Code lists of XS2A 1.3.12 as zod enums (the codes of those a page shows come from ./code-lists and ./status-names,
// which need no zod).
import * as z from 'zod/mini';
import './zod-messages';
import {
  balanceTypes,
  frequencies,
  jsonPaymentProducts,
  paymentProducts,
  paymentServices,
  xmlPaymentProducts,
} from './code-lists';
import { consentStatusCodes, finalScaStatuses, scaStatusCodes, transactionStatusCodes } from './status-names';

export {
  balanceTypeInfo,
  balanceTypes,
  frequencies,
  jsonPaymentProducts,
  paymentProducts,
  paymentServices,
  xmlPaymentProducts,
} from './code-lists';

// The code lists, names and meanings live in ./status-names, which needs no zod.
export const TransactionStatus = z.enum(transactionStatusCodes);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

export const ConsentStatus = z.enum(consentStatusCodes);
export type ConsentStatus = z.infer<typeof ConsentStatus>;

export const ScaStatus = z.enum(scaStatusCodes);
export type ScaStatus = z.infer<typeof ScaStatus>;

/** The only two values the PUT-with-confirmationCode response may carry. */
export const ScaStatusAuthorisationConfirmation = z.enum(['finalised', 'failed']);
export type ScaStatusAuthorisationConfirmation = z.infer<typeof ScaStatusAuthorisationConfirmation>;

export const BalanceType = z.enum(balanceTypes);
export type BalanceType = z.infer<typeof BalanceType>;

/** The `bookingStatus` query parameter of the transaction list. */
export const BookingStatusQuery = z.enum(['information', 'booked', 'pending', 'both', 'all']);
export type BookingStatusQuery = z.infer<typeof BookingStatusQuery>;

export const Frequency = z.enum(frequencies);
export type Frequency = z.infer<typeof Frequency>;

export const ExecutionRule = z.enum(['following', 'preceding']);
export type ExecutionRule = z.infer<typeof ExecutionRule>;

export const PaymentService = z.enum(paymentServices);
export type PaymentService = z.infer<typeof PaymentService>;

export const JsonPaymentProduct = z.enum(jsonPaymentProducts);
export type JsonPaymentProduct = z.infer<typeof JsonPaymentProduct>;

export const XmlPaymentProduct = z.enum(xmlPaymentProducts);
export type XmlPaymentProduct = z.infer<typeof XmlPaymentProduct>;

export const PaymentProduct = z.enum(paymentProducts);
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

export function isFinalScaStatus(status: ScaStatus): boolean {
  return finalScaStatuses.includes(status);
}

export { finalConsentStatuses, finalScaStatuses } from './status-names';
