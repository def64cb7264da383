// The bodies of the account answers (list, details, balances, transaction report, transaction details), typed against
// the 1.3.12 model's response types: a body the model would reject does not compile. They are built from the rows as
// they are, with no parsing on the read path.
import type {
  AccountDetails,
  AccountDetailsResponse,
  AccountList,
  AccountReference,
  AccountReport,
  Balance,
  ReadAccountBalanceResponse,
  Transaction,
  TransactionDetailsResponse,
  TransactionsResponse,
} from '../../../../src/xs2a';
import { href, type LinkContext } from '../../domain/context';
import type {
  AccountBalances,
  AccountListing,
  AccountReading,
  ListedAccount,
  TransactionPage,
} from '../../domain/accounts';
import type { Granted } from '../../domain/consents';
import type { AccountRow, BalanceRow, TransactionRow } from '../../store/schema';
import type { LinkSet } from './links';

export function balanceBody(row: BalanceRow): Balance {
  const out: Balance = {
    balanceAmount: { currency: row.currency, amount: row.amount },
    balanceType: row.balance_type,
  };
  if (row.credit_limit_included !== null) out.creditLimitIncluded = row.credit_limit_included === 1;
  if (row.last_change_date_time) out.lastChangeDateTime = row.last_change_date_time;
  if (row.reference_date) out.referenceDate = row.reference_date;
  if (row.last_committed_transaction) out.lastCommittedTransaction = row.last_committed_transaction;
  return out;
}

export function transactionBody(row: TransactionRow, links: LinkContext): Transaction {
  // Members in the report's order; the required amount joins the same object after the dates.
  const head: Omit<Transaction, 'transactionAmount'> = { transactionId: row.transaction_id };
  if (row.entry_reference) head.entryReference = row.entry_reference;
  if (row.end_to_end_id) head.endToEndId = row.end_to_end_id;
  if (row.booking_date) head.bookingDate = row.booking_date;
  head.valueDate = row.value_date;
  const out: Transaction = Object.assign(head, { transactionAmount: { currency: row.currency, amount: row.amount } });
  if (row.creditor_name) out.creditorName = row.creditor_name;
  if (row.creditor_iban) out.creditorAccount = { iban: row.creditor_iban };
  if (row.debtor_name) out.debtorName = row.debtor_name;
  if (row.debtor_iban) out.debtorAccount = { iban: row.debtor_iban };
  if (row.remittance_information_unstructured)
    out.remittanceInformationUnstructured = row.remittance_information_unstructured;
  if (row.bank_transaction_code) out.bankTransactionCode = row.bank_transaction_code;
  if (row.proprietary_bank_transaction_code) out.proprietaryBankTransactionCode = row.proprietary_bank_transaction_code;
  out._links = { transactionDetails: href(links, `/v1/accounts/${row.account_id}/transactions/${row.transaction_id}`) };
  return out;
}

/** An account as the consent shows it: the owner's name if granted, links to the reads granted. */
function accountBody(account: AccountRow, granted: Granted, links: LinkContext): AccountDetails {
  const out: AccountDetails = {
    resourceId: account.resource_id,
    iban: account.iban,
    currency: account.currency,
    name: account.name,
    product: account.product,
    cashAccountType: account.cash_account_type,
    bic: account.bic,
    status: account.status,
    usage: account.usage,
  };
  if (account.display_name) out.displayName = account.display_name;
  if (granted.ownerName.includes(account.resource_id)) {
    out.ownerName = account.owner_name;
    out.ownerNames = [{ name: account.owner_name, role: 'owner' }];
  }
  const l = grantedLinks(account.resource_id, granted, links, '/v1/accounts');
  if (l) out._links = l;
  return out;
}

/** An account's links to the reads the consent grants below `base`, if it grants any. */
export function grantedLinks(id: string, granted: Granted, links: LinkContext, base: string): LinkSet | undefined {
  const l: LinkSet = {};
  if (!granted.listOnly && granted.balances.includes(id)) l.balances = href(links, `${base}/${id}/balances`);
  if (!granted.listOnly && granted.transactions.includes(id))
    l.transactions = href(links, `${base}/${id}/transactions`);
  return Object.keys(l).length > 0 ? l : undefined;
}

const referenceOf = (account: AccountRow): AccountReference => ({ iban: account.iban, currency: account.currency });

/** GET /v1/accounts. */
export function accountListBody({ accounts, granted, balances }: AccountListing, links: LinkContext): AccountList {
  return {
    accounts: accounts.map((a) => {
      const out = accountBody(a, granted, links);
      const b = balances.get(a.resource_id);
      if (b) out.balances = b.map(balanceBody);
      return out;
    }),
  };
}

/** GET /v1/accounts/{account-id}. */
export function accountDetailsBody(reading: AccountReading, links: LinkContext): AccountDetailsResponse {
  const out = accountBody(reading.account, reading.granted, links);
  if (reading.balances) out.balances = reading.balances.map(balanceBody);
  return { account: out };
}

/** GET /v1/accounts/{account-id}/balances. */
export const balancesBody = ({ account, balances }: AccountBalances): ReadAccountBalanceResponse => ({
  account: referenceOf(account),
  balances: balances.map(balanceBody),
});

type PageLinks = Pick<AccountReport['_links'], 'first' | 'previous' | 'next' | 'last'>;

/**
 * A report's page links below `base` (/v1/accounts, /v1/card-accounts): first/previous/next/last when there is more
 * than one page.
 */
export function pageLinks(page: TransactionPage<ListedAccount, unknown>, links: LinkContext, base: string): PageLinks {
  const { account, query: q, lastPage } = page;
  const pagePath = (n: number) => {
    const params = new URLSearchParams({ bookingStatus: q.bookingStatus, dateFrom: q.dateFrom, dateTo: q.dateTo });
    if (q.withBalance) params.set('withBalance', 'true');
    if (q.pageSize !== page.defaultPageSize) params.set('pageSize', String(q.pageSize));
    params.set('page', String(n));
    return href(links, `${base}/${account.resource_id}/transactions?${params.toString()}`);
  };
  const l: PageLinks = {};
  if (lastPage > 0) {
    l.first = pagePath(0);
    if (q.page > 0) l.previous = pagePath(q.page - 1);
    if (q.page < lastPage) l.next = pagePath(q.page + 1);
    l.last = pagePath(lastPage);
  }
  return l;
}

/** A page's rows as the report's booked and pending lists: each list the query asked for, empty or not. */
export function reportLists<T extends { booking_status: string }, B>(
  page: TransactionPage<ListedAccount, T>,
  body: (row: T) => B,
): { booked?: B[]; pending?: B[] } {
  const booked: B[] = [];
  const pending: B[] = [];
  for (const row of page.rows) (row.booking_status === 'booked' ? booked : pending).push(body(row));
  const { bookingStatus } = page.query;
  const lists: { booked?: B[]; pending?: B[] } = {};
  if (bookingStatus !== 'pending') lists.booked = booked;
  if (bookingStatus !== 'booked') lists.pending = pending;
  return lists;
}

/** GET /v1/accounts/{account-id}/transactions: one page of booked and/or pending entries. */
export function transactionsBody(page: TransactionPage, links: LinkContext): TransactionsResponse {
  const lists = reportLists(page, (row) => transactionBody(row, links));
  const _links: AccountReport['_links'] = {
    account: href(links, `/v1/accounts/${page.account.resource_id}`),
    ...pageLinks(page, links, '/v1/accounts'),
  };
  const report: AccountReport = Object.assign(lists, { _links });
  const out = { account: referenceOf(page.account), transactions: report } satisfies TransactionsResponse;
  return page.balances ? { ...out, balances: page.balances.map(balanceBody) } : out;
}

/** GET /v1/accounts/{account-id}/transactions/{transactionId}. */
export const transactionDetailsBody = (row: TransactionRow, links: LinkContext): TransactionDetailsResponse => ({
  transactionsDetails: { transactionDetails: transactionBody(row, links) },
});
