// AIS card account data (1.3.12 /v1/card-accounts): card account details, balances and card transaction reports.
import * as z from 'zod/mini';
import { AccountDetailsLinks, BalanceList, DownloadLinks, ReportExchangeRate, accountNaming } from './accounts';
import { AccountReference, Address, Amount, CurrencyCode, IsoDate, IsoDateTime, linksSchema } from './common';
import { AccountStatus, AccountUsage } from './enums';

/** The file's pattern, spelled as the file spells it. */
const CARD_ACCEPTOR_PHONE = new RegExp('^\\+[0-9]{1,3}\\-[0-9()+\\-]{1,30}$');

const maskedPan = z.string().check(z.maxLength(35));

/** If true, debits are quoted positive on the reports (and balances follow); if false, negative. */
const DebitAccounting = z.optional(z.boolean());

export const CardAccountDetails = z.object({
  /** Becomes {account-id} in /v1/card-accounts/{account-id}. */
  resourceId: z.optional(z.string()),
  maskedPan,
  currency: CurrencyCode,
  ownerName: z.optional(z.string().check(z.maxLength(140))),
  ...accountNaming,
  debitAccounting: DebitAccounting,
  status: z.optional(AccountStatus),
  usage: z.optional(AccountUsage),
  details: z.optional(z.string().check(z.maxLength(1000))),
  /** The card's credit limit. */
  creditLimit: z.optional(Amount),
  balances: z.optional(BalanceList),
  _links: z.optional(AccountDetailsLinks),
});
export type CardAccountDetails = z.infer<typeof CardAccountDetails>;

/** GET /v1/card-accounts. */
export const CardAccountList = z.object({ cardAccounts: z.array(CardAccountDetails) });
export type CardAccountList = z.infer<typeof CardAccountList>;

/** GET /v1/card-accounts/{account-id}. */
export const CardAccountDetailsResponse = z.object({ cardAccount: CardAccountDetails });
export type CardAccountDetailsResponse = z.infer<typeof CardAccountDetailsResponse>;

/** GET /v1/card-accounts/{account-id}/balances. */
export const ReadCardAccountBalanceResponse = z.object({
  cardAccount: z.optional(AccountReference),
  debitAccounting: DebitAccounting,
  balances: BalanceList,
});
export type ReadCardAccountBalanceResponse = z.infer<typeof ReadCardAccountBalanceResponse>;

/** One card transaction: a purchase, refund or fee on the card. Only transactionAmount is required. */
export const CardTransaction = z.object({
  cardTransactionId: z.optional(z.string().check(z.maxLength(35))),
  terminalId: z.optional(z.string().check(z.maxLength(35))),
  /** The day the card was used. */
  transactionDate: z.optional(IsoDate),
  /** When the merchant took the card, by the merchant's terminal. */
  acceptorTransactionDateTime: z.optional(IsoDateTime),
  bookingDate: z.optional(IsoDate),
  valueDate: z.optional(IsoDate),
  /** In the card account's currency. */
  transactionAmount: Amount,
  grandTotalAmount: z.optional(Amount),
  currencyExchange: z.optional(z.array(ReportExchangeRate)),
  /** What the merchant charged, in the merchant's currency. */
  originalAmount: z.optional(Amount),
  /** The bank's charge for a purchase in another currency. */
  markupFee: z.optional(Amount),
  markupFeePercentage: z.optional(z.string()),
  cardAcceptorId: z.optional(z.string().check(z.maxLength(35))),
  cardAcceptorAddress: z.optional(Address),
  cardAcceptorPhone: z.optional(z.string().check(z.regex(CARD_ACCEPTOR_PHONE, 'must be +country-number'))),
  /** ISO 18245 merchant category code: four digits. */
  merchantCategoryCode: z.optional(z.string().check(z.minLength(4), z.maxLength(4))),
  /** The card number the transaction was made with, masked. */
  maskedPAN: z.optional(maskedPan),
  transactionDetails: z.optional(z.string().check(z.maxLength(1000))),
  /** Whether the transaction is already on an invoice (a card statement). */
  invoiced: z.optional(z.boolean()),
  proprietaryBankTransactionCode: z.optional(z.string().check(z.maxLength(35))),
});
export type CardTransaction = z.infer<typeof CardTransaction>;

export const CardTransactionList = z.array(CardTransaction);

/** A card report's `_links`: all optional in 1.3.12 (cardAccount, card, and the pages). */
export const CardAccountReportLinks = linksSchema(['cardAccount', 'card', 'first', 'next', 'previous', 'last']);

export const CardAccountReport = z.object({
  booked: z.optional(CardTransactionList),
  pending: z.optional(CardTransactionList),
  _links: CardAccountReportLinks,
});
export type CardAccountReport = z.infer<typeof CardAccountReport>;

/** GET /v1/card-accounts/{account-id}/transactions (the file's cardAccountsTransactionsResponse200). */
export const CardAccountsTransactionsResponse = z.object({
  cardAccount: z.optional(AccountReference),
  debitAccounting: DebitAccounting,
  cardTransactions: z.optional(CardAccountReport),
  balances: z.optional(BalanceList),
  _links: z.optional(DownloadLinks),
});
export type CardAccountsTransactionsResponse = z.infer<typeof CardAccountsTransactionsResponse>;
