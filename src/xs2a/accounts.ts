// AIS account data: account details, balances and transaction reports (response bodies) and the report query.
import * as z from 'zod/mini';
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
  creditLimitIncluded: z.optional(z.boolean()),
  lastChangeDateTime: z.optional(IsoDateTime),
  referenceDate: z.optional(IsoDate),
  /** entryReference of the last transaction included in this balance. */
  lastCommittedTransaction: z.optional(z.string().check(z.maxLength(35))),
});
export type Balance = z.infer<typeof Balance>;

export const BalanceList = z.array(Balance);

export const AccountDetailsLinks = linksSchema(['balances', 'transactions']);

/** What the bank and the PSU call an account, and its product: the same on accounts and card accounts. */
export const accountNaming = {
  /** Set by the bank. */
  name: z.optional(z.string().check(z.maxLength(70))),
  /** Set by the PSU. */
  displayName: z.optional(z.string().check(z.maxLength(70))),
  product: z.optional(z.string().check(z.maxLength(35))),
};

export const AccountDetails = z.object({
  /** Becomes {account-id} in /v1/accounts/{account-id}. */
  resourceId: z.optional(z.string()),
  iban: z.optional(IbanSyntax),
  bban: z.optional(Bban),
  msisdn: z.optional(z.string().check(z.maxLength(35))),
  /** "XXX" for a multicurrency account. */
  currency: CurrencyCode,
  ownerName: z.optional(z.string().check(z.maxLength(140))),
  ownerNames: z.optional(z.array(AccountOwner)),
  psuName: z.optional(z.string().check(z.maxLength(140))),
  ...accountNaming,
  cashAccountType: z.optional(z.string()),
  /** Absent means the account is usable. */
  status: z.optional(AccountStatus),
  bic: z.optional(Bicfi),
  linkedAccounts: z.optional(z.string().check(z.maxLength(70))),
  usage: z.optional(AccountUsage),
  details: z.optional(z.string().check(z.maxLength(500))),
  balances: z.optional(BalanceList),
  _links: z.optional(AccountDetailsLinks),
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
  account: z.optional(AccountReference),
  balances: BalanceList,
});
export type ReadAccountBalanceResponse = z.infer<typeof ReadAccountBalanceResponse>;

export const ReportExchangeRate = z.object({
  sourceCurrency: CurrencyCode,
  exchangeRate: z.string(),
  unitCurrency: CurrencyCode,
  targetCurrency: CurrencyCode,
  quotationDate: IsoDate,
  contractIdentification: z.optional(z.string().check(z.maxLength(35))),
});
export type ReportExchangeRate = z.infer<typeof ReportExchangeRate>;

export const RemittanceInformationStructured = z.object({
  reference: z.string().check(z.maxLength(35)),
  referenceType: z.optional(z.string().check(z.maxLength(35))),
  referenceIssuer: z.optional(z.string().check(z.maxLength(35))),
});
export type RemittanceInformationStructured = z.infer<typeof RemittanceInformationStructured>;

export const StandingOrderDetails = z.object({
  startDate: IsoDate,
  frequency: Frequency,
  endDate: z.optional(IsoDate),
  executionRule: z.optional(ExecutionRule),
  withinAMonthFlag: z.optional(z.boolean()),
  monthsOfExecution: z.optional(z.array(MonthOfExecution).check(z.maxLength(11))),
  multiplicator: z.optional(z.number().check(z.int())),
  dayOfExecution: z.optional(DayOfExecution),
  limitAmount: z.optional(Amount),
});
export type StandingOrderDetails = z.infer<typeof StandingOrderDetails>;

const partyMembers = {
  endToEndId: z.optional(z.string().check(z.maxLength(35))),
  mandateId: z.optional(z.string().check(z.maxLength(35))),
  checkId: z.optional(z.string().check(z.maxLength(35))),
  creditorId: z.optional(z.string().check(z.maxLength(35))),
  transactionAmount: Amount,
  currencyExchange: z.optional(z.array(ReportExchangeRate)),
  creditorName: z.optional(z.string().check(z.maxLength(70))),
  creditorAccount: z.optional(AccountReference),
  creditorAgent: z.optional(Bicfi),
  ultimateCreditor: z.optional(z.string().check(z.maxLength(70))),
  debtorName: z.optional(z.string().check(z.maxLength(70))),
  debtorAccount: z.optional(AccountReference),
  debtorAgent: z.optional(Bicfi),
  ultimateDebtor: z.optional(z.string().check(z.maxLength(70))),
  remittanceInformationUnstructured: z.optional(z.string().check(z.maxLength(140))),
  remittanceInformationUnstructuredArray: z.optional(z.array(z.string().check(z.maxLength(140)))),
  remittanceInformationStructuredArray: z.optional(z.array(RemittanceInformationStructured)),
  purposeCode: z.optional(PurposeCode),
};

/** One element of a batch booking (entryDetails). Here remittanceInformationStructured is an object. */
export const EntryDetailsElement = z.object({
  ...partyMembers,
  remittanceInformationStructured: z.optional(RemittanceInformationStructured),
});
export type EntryDetailsElement = z.infer<typeof EntryDetailsElement>;

/** A transaction's `_links`: if present, transactionDetails is required. */
export const TransactionLinks = linksSchema(['transactionDetails'], ['transactionDetails']);

/** One entry of a transaction report (the spec's `transactions` schema). Only transactionAmount is required. */
export const Transaction = z.object({
  ...partyMembers,
  /** Key for GET …/transactions/{transactionId}. */
  transactionId: z.optional(z.string()),
  /** Basis of entryReferenceFrom delta reports. */
  entryReference: z.optional(z.string().check(z.maxLength(35))),
  batchIndicator: z.optional(z.boolean()),
  batchNumberOfTransactions: z.optional(z.number().check(z.int())),
  bookingDate: z.optional(IsoDate),
  /** For pending entries, the expected value date. */
  valueDate: z.optional(IsoDate),
  /** A plain string of ≤ 140 here, unlike the object in entryDetails. */
  remittanceInformationStructured: z.optional(z.string().check(z.maxLength(140))),
  entryDetails: z.optional(z.array(EntryDetailsElement)),
  additionalInformation: z.optional(z.string().check(z.maxLength(500))),
  /** Only for entries of the `information` list (standing orders). */
  additionalInformationStructured: z.optional(z.object({ standingOrderDetails: StandingOrderDetails })),
  /** ISO "Domain-Family-SubFamily", e.g. PMNT-ICDT-STDO. */
  bankTransactionCode: z.optional(z.string()),
  proprietaryBankTransactionCode: z.optional(z.string().check(z.maxLength(35))),
  balanceAfterTransaction: z.optional(Balance),
  _links: z.optional(TransactionLinks),
});
export type Transaction = z.infer<typeof Transaction>;

export const TransactionList = z.array(Transaction);

/** Report `_links`: account is required; first/next/previous/last page through long reports. */
export const AccountReportLinks = linksSchema(['account', 'first', 'next', 'previous', 'last'], ['account']);

export const AccountReport = z.object({
  booked: z.optional(TransactionList),
  pending: z.optional(TransactionList),
  information: z.optional(TransactionList),
  _links: AccountReportLinks,
});
export type AccountReport = z.infer<typeof AccountReport>;

export const DownloadLinks = linksSchema(['download'], ['download']);

/** GET /v1/accounts/{account-id}/transactions (JSON). For huge reports only `_links.download` may be present. */
export const TransactionsResponse = z.object({
  account: z.optional(AccountReference),
  transactions: z.optional(AccountReport),
  balances: z.optional(BalanceList),
  _links: z.optional(DownloadLinks),
});
export type TransactionsResponse = z.infer<typeof TransactionsResponse>;

/** GET /v1/accounts/{account-id}/transactions/{transactionId}: note the double wrapping. */
export const TransactionDetailsResponse = z.object({
  transactionsDetails: z.object({ transactionDetails: Transaction }),
});
export type TransactionDetailsResponse = z.infer<typeof TransactionDetailsResponse>;

/** Query booleans arrive as the strings "true"/"false". */
export const BooleanQueryParam = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);

export const WithBalanceQuery = z.object({ withBalance: z.optional(BooleanQueryParam) });
export type WithBalanceQuery = z.infer<typeof WithBalanceQuery>;

/**
 * Query of the transaction list. dateFrom is optional in the schema; the IG requires it unless a delta report is
 * asked for or bookingStatus is `information` (stated in the parameter's description), which is enforced here.
 */
export const TransactionListQuery = z
  .object({
    bookingStatus: BookingStatusQuery,
    dateFrom: z.optional(IsoDate),
    dateTo: z.optional(IsoDate),
    entryReferenceFrom: z.optional(z.string()),
    deltaList: z.optional(BooleanQueryParam),
    withBalance: z.optional(BooleanQueryParam),
  })
  .check(
    z.superRefine((query, ctx) => {
      const delta = query.entryReferenceFrom !== undefined || query.deltaList === true;
      if (query.dateFrom === undefined && !delta && query.bookingStatus !== 'information') {
        ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: 'is required unless a delta report is requested' });
      }
      if (query.dateFrom !== undefined && query.dateTo !== undefined && query.dateTo < query.dateFrom) {
        ctx.addIssue({ code: 'custom', path: ['dateTo'], message: 'must not be before dateFrom' });
      }
    }),
  );
export type TransactionListQuery = z.infer<typeof TransactionListQuery>;
