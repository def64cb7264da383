// AIS account data: account details, balances and transaction reports (response bodies) and the report query.
import * as z from 'zod';
import {
  AccountOwner,
  AccountReference,
  Amount,
  Bban,
  Bicfi,
  CurrencyCode,
  IbanSyntax,
  IsoDate,
  IsoDateTime,
  linksSchema,
} from './common';
import {
  AccountStatus,
  AccountUsage,
  BalanceType,
  BookingStatusQuery,
  DayOfExecution,
  ExecutionRule,
  Frequency,
  MonthOfExecution,
} from './enums';
import { PurposeCode } from './purpose-codes';

export const Balance = z.object({
  balanceAmount: Amount,
  balanceType: BalanceType,
  creditLimitIncluded: z.boolean().optional(),
  lastChangeDateTime: IsoDateTime.optional(),
  referenceDate: IsoDate.optional(),
  /** entryReference of the last transaction included in this balance. */
  lastCommittedTransaction: z.string().max(35).optional(),
});
export type Balance = z.infer<typeof Balance>;

export const BalanceList = z.array(Balance);

export const AccountDetailsLinks = linksSchema(['balances', 'transactions']);

export const AccountDetails = z.object({
  /** Becomes {account-id} in /v1/accounts/{account-id}. */
  resourceId: z.string().optional(),
  iban: IbanSyntax.optional(),
  bban: Bban.optional(),
  msisdn: z.string().max(35).optional(),
  /** "XXX" for a multicurrency account. */
  currency: CurrencyCode,
  ownerName: z.string().max(140).optional(),
  ownerNames: z.array(AccountOwner).optional(),
  psuName: z.string().max(140).optional(),
  /** Set by the bank. */
  name: z.string().max(70).optional(),
  /** Set by the PSU. */
  displayName: z.string().max(70).optional(),
  product: z.string().max(35).optional(),
  cashAccountType: z.string().optional(),
  /** Absent means the account is usable. */
  status: AccountStatus.optional(),
  bic: Bicfi.optional(),
  linkedAccounts: z.string().max(70).optional(),
  usage: AccountUsage.optional(),
  details: z.string().max(500).optional(),
  balances: BalanceList.optional(),
  _links: AccountDetailsLinks.optional(),
});
export type AccountDetails = z.infer<typeof AccountDetails>;

/** GET /v1/accounts. An empty list is still a 200. */
export const AccountList = z.object({ accounts: z.array(AccountDetails) });
export type AccountList = z.infer<typeof AccountList>;

/** GET /v1/accounts/{account-id}. */
export const AccountDetailsResponse = z.object({ account: AccountDetails });
export type AccountDetailsResponse = z.infer<typeof AccountDetailsResponse>;

/** GET /v1/accounts/{account-id}/balances. */
export const ReadAccountBalanceResponse = z.object({
  account: AccountReference.optional(),
  balances: BalanceList,
});
export type ReadAccountBalanceResponse = z.infer<typeof ReadAccountBalanceResponse>;

export const ReportExchangeRate = z.object({
  sourceCurrency: CurrencyCode,
  exchangeRate: z.string(),
  unitCurrency: CurrencyCode,
  targetCurrency: CurrencyCode,
  quotationDate: IsoDate,
  contractIdentification: z.string().max(35).optional(),
});
export type ReportExchangeRate = z.infer<typeof ReportExchangeRate>;

export const RemittanceInformationStructured = z.object({
  reference: z.string().max(35),
  referenceType: z.string().max(35).optional(),
  referenceIssuer: z.string().max(35).optional(),
});
export type RemittanceInformationStructured = z.infer<typeof RemittanceInformationStructured>;

export const StandingOrderDetails = z.object({
  startDate: IsoDate,
  frequency: Frequency,
  endDate: IsoDate.optional(),
  executionRule: ExecutionRule.optional(),
  withinAMonthFlag: z.boolean().optional(),
  monthsOfExecution: z.array(MonthOfExecution).max(11).optional(),
  multiplicator: z.number().int().optional(),
  dayOfExecution: DayOfExecution.optional(),
  limitAmount: Amount.optional(),
});
export type StandingOrderDetails = z.infer<typeof StandingOrderDetails>;

const partyMembers = {
  endToEndId: z.string().max(35).optional(),
  mandateId: z.string().max(35).optional(),
  checkId: z.string().max(35).optional(),
  creditorId: z.string().max(35).optional(),
  transactionAmount: Amount,
  currencyExchange: z.array(ReportExchangeRate).optional(),
  creditorName: z.string().max(70).optional(),
  creditorAccount: AccountReference.optional(),
  creditorAgent: Bicfi.optional(),
  ultimateCreditor: z.string().max(70).optional(),
  debtorName: z.string().max(70).optional(),
  debtorAccount: AccountReference.optional(),
  debtorAgent: Bicfi.optional(),
  ultimateDebtor: z.string().max(70).optional(),
  remittanceInformationUnstructured: z.string().max(140).optional(),
  remittanceInformationUnstructuredArray: z.array(z.string().max(140)).optional(),
  remittanceInformationStructuredArray: z.array(RemittanceInformationStructured).optional(),
  purposeCode: PurposeCode.optional(),
};

/** One element of a batch booking (entryDetails). Here remittanceInformationStructured is an object. */
export const EntryDetailsElement = z.object({
  ...partyMembers,
  remittanceInformationStructured: RemittanceInformationStructured.optional(),
});
export type EntryDetailsElement = z.infer<typeof EntryDetailsElement>;

/** A transaction's `_links`: if present, transactionDetails is required. */
export const TransactionLinks = linksSchema(['transactionDetails'], ['transactionDetails']);

/** One entry of a transaction report (the spec's `transactions` schema). Only transactionAmount is required. */
export const Transaction = z.object({
  ...partyMembers,
  /** Key for GET …/transactions/{transactionId}. */
  transactionId: z.string().optional(),
  /** Basis of entryReferenceFrom delta reports. */
  entryReference: z.string().max(35).optional(),
  batchIndicator: z.boolean().optional(),
  batchNumberOfTransactions: z.number().int().optional(),
  bookingDate: IsoDate.optional(),
  /** For pending entries, the expected value date. */
  valueDate: IsoDate.optional(),
  /** A plain string of ≤ 140 here, unlike the object in entryDetails. */
  remittanceInformationStructured: z.string().max(140).optional(),
  entryDetails: z.array(EntryDetailsElement).optional(),
  additionalInformation: z.string().max(500).optional(),
  /** Only for entries of the `information` list (standing orders). */
  additionalInformationStructured: z.object({ standingOrderDetails: StandingOrderDetails }).optional(),
  /** ISO "Domain-Family-SubFamily", e.g. PMNT-ICDT-STDO. */
  bankTransactionCode: z.string().optional(),
  proprietaryBankTransactionCode: z.string().max(35).optional(),
  balanceAfterTransaction: Balance.optional(),
  _links: TransactionLinks.optional(),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionList = z.array(Transaction);

/** Report `_links`: account is required; first/next/previous/last page through long reports. */
export const AccountReportLinks = linksSchema(['account', 'first', 'next', 'previous', 'last'], ['account']);

export const AccountReport = z.object({
  booked: TransactionList.optional(),
  pending: TransactionList.optional(),
  information: TransactionList.optional(),
  _links: AccountReportLinks,
});
export type AccountReport = z.infer<typeof AccountReport>;

export const DownloadLinks = linksSchema(['download'], ['download']);

/** GET /v1/accounts/{account-id}/transactions (JSON). For huge reports only `_links.download` may be present. */
export const TransactionsResponse = z.object({
  account: AccountReference.optional(),
  transactions: AccountReport.optional(),
  balances: BalanceList.optional(),
  _links: DownloadLinks.optional(),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** GET /v1/accounts/{account-id}/transactions/{transactionId}: note the double wrapping. */
export const TransactionDetailsResponse = z.object({
  transactionsDetails: z.object({ transactionDetails: Transaction }),
});
export type TransactionDetailsResponse = z.infer<typeof TransactionDetailsResponse>;

/** Query booleans arrive as the strings "true"/"false". */
export const BooleanQueryParam = z.enum(['true', 'false']).transform((value) => value === 'true');

export const WithBalanceQuery = z.object({ withBalance: BooleanQueryParam.optional() });
export type WithBalanceQuery = z.infer<typeof WithBalanceQuery>;

/**
 * Query of the transaction list. dateFrom is optional in the schema; the IG requires it unless a delta report is
 * asked for or bookingStatus is `information` (stated in the parameter's description), which is enforced here.
 */
export const TransactionListQuery = z
  .object({
    bookingStatus: BookingStatusQuery,
    dateFrom: IsoDate.optional(),
    dateTo: IsoDate.optional(),
    entryReferenceFrom: z.string().optional(),
    deltaList: BooleanQueryParam.optional(),
    withBalance: BooleanQueryParam.optional(),
  })
  .superRefine((query, ctx) => {
    const delta = query.entryReferenceFrom !== undefined || query.deltaList === true;
    if (query.dateFrom === undefined && !delta && query.bookingStatus !== 'information') {
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'is required unless a delta report is requested' });
    }
    if (query.dateFrom !== undefined && query.dateTo !== undefined && query.dateTo < query.dateFrom) {
      ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' });
    }
  });
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
