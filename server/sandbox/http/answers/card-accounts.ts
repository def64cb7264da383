// The bodies of the card account answers (list, details, balances, card transaction report), typed against the 1.3.12
// model's response types as the account answers are, and built from the rows as they are.
import type {
  CardAccountDetails,
  CardAccountDetailsResponse,
  CardAccountList,
  CardAccountReport,
  CardAccountsTransactionsResponse,
  CardTransaction,
  ReadCardAccountBalanceResponse,
  AccountReference,
  Address,
} from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';
import type { AccountBalances, AccountListing, AccountReading, TransactionPage } from '../../domain/accounts';
import type { Granted } from '../../domain/consents';
import type { CardAccountRow, CardTransactionRow } from '../../store/schema';
import { balanceBody, grantedLinks, pageLinks, reportLists } from './accounts';

const BASE = '/v1/card-accounts';

/** Debits are reported negative, as on the bank's accounts. */
const DEBIT_ACCOUNTING = false;

function cardAccountBody(card: CardAccountRow, granted: Granted, links: LinkContext): CardAccountDetails {
  const out: CardAccountDetails = {
    resourceId: card.resource_id,
    maskedPan: card.masked_pan,
    currency: card.currency,
    name: card.name,
    product: card.product,
    debitAccounting: DEBIT_ACCOUNTING,
    status: card.status,
    usage: card.usage,
    creditLimit: { currency: card.currency, amount: card.credit_limit },
  };
  if (card.display_name) out.displayName = card.display_name;
  if (granted.ownerName.includes(card.resource_id)) out.ownerName = card.owner_name;
  const l = grantedLinks(card.resource_id, granted, links, BASE);
  if (l) out._links = l;
  return out;
}

const referenceOf = (card: CardAccountRow): AccountReference => ({
  maskedPan: card.masked_pan,
  currency: card.currency,
});

/** One card transaction: the merchant, the amount charged and, for another currency, what the merchant asked. */
export function cardTransactionBody(row: CardTransactionRow): CardTransaction {
  const head: Omit<CardTransaction, 'transactionAmount'> = {
    cardTransactionId: row.transaction_id,
    transactionDate: row.entry_date,
  };
  if (row.acceptor_date_time) head.acceptorTransactionDateTime = row.acceptor_date_time;
  if (row.terminal_id) head.terminalId = row.terminal_id;
  if (row.booking_date) head.bookingDate = row.booking_date;
  if (row.value_date) head.valueDate = row.value_date;
  const out: CardTransaction = Object.assign(head, {
    transactionAmount: { currency: row.currency, amount: row.amount },
  });
  if (row.original_amount && row.original_currency) {
    out.originalAmount = { currency: row.original_currency, amount: row.original_amount };
    if (row.exchange_rate) {
      out.currencyExchange = [
        {
          sourceCurrency: row.original_currency,
          exchangeRate: row.exchange_rate,
          unitCurrency: row.original_currency,
          targetCurrency: row.currency,
          quotationDate: row.entry_date,
        },
      ];
    }
  }
  if (row.markup_fee) out.markupFee = { currency: row.currency, amount: row.markup_fee };
  if (row.markup_fee_percentage) out.markupFeePercentage = row.markup_fee_percentage;
  if (row.card_acceptor_id) out.cardAcceptorId = row.card_acceptor_id;
  if (row.acceptor_country) {
    const address: Address = { country: row.acceptor_country };
    if (row.acceptor_street) address.streetName = row.acceptor_street;
    if (row.acceptor_town) address.townName = row.acceptor_town;
    if (row.acceptor_post_code) address.postCode = row.acceptor_post_code;
    out.cardAcceptorAddress = address;
  }
  if (row.merchant_category_code) out.merchantCategoryCode = row.merchant_category_code;
  out.maskedPAN = row.masked_pan;
  out.transactionDetails = row.details;
  out.invoiced = row.invoiced === 1;
  if (row.proprietary_bank_transaction_code) out.proprietaryBankTransactionCode = row.proprietary_bank_transaction_code;
  return out;
}

/** GET /v1/card-accounts. */
export function cardAccountListBody(
  { accounts, granted, balances }: AccountListing<CardAccountRow>,
  links: LinkContext,
): CardAccountList {
  return {
    cardAccounts: accounts.map((card) => {
      const out = cardAccountBody(card, granted, links);
      const b = balances.get(card.resource_id);
      if (b) out.balances = b.map(balanceBody);
      return out;
    }),
  };
}

/** GET /v1/card-accounts/{account-id}. */
export function cardAccountDetailsBody(
  reading: AccountReading<CardAccountRow>,
  links: LinkContext,
): CardAccountDetailsResponse {
  const out = cardAccountBody(reading.account, reading.granted, links);
  if (reading.balances) out.balances = reading.balances.map(balanceBody);
  return { cardAccount: out };
}

/** GET /v1/card-accounts/{account-id}/balances. */
export const cardBalancesBody = ({
  account,
  balances,
}: AccountBalances<CardAccountRow>): ReadCardAccountBalanceResponse => ({
  cardAccount: referenceOf(account),
  debitAccounting: DEBIT_ACCOUNTING,
  balances: balances.map(balanceBody),
});

/** GET /v1/card-accounts/{account-id}/transactions: one page of booked and/or pending card transactions. */
export function cardTransactionsBody(
  page: TransactionPage<CardAccountRow, CardTransactionRow>,
  links: LinkContext,
): CardAccountsTransactionsResponse {
  const _links: CardAccountReport['_links'] = {
    cardAccount: href(links, `${BASE}/${page.account.resource_id}`),
    ...pageLinks(page, links, BASE),
  };
  const report: CardAccountReport = Object.assign(reportLists(page, cardTransactionBody), { _links });
  const out = {
    cardAccount: referenceOf(page.account),
    debitAccounting: DEBIT_ACCOUNTING,
    cardTransactions: report,
  } satisfies CardAccountsTransactionsResponse;
  return page.balances ? { ...out, balances: page.balances.map(balanceBody) } : out;
}
