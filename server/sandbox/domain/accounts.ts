// Account information: the account list, details, balances and transactions, each limited to what the consent grants.
// Every read goes through ConsentService.read; the SQL is store/accounts-store.ts.
import { addDays, isoDate } from '../clock';
import { bankError, formatError } from '../http/errors';
import { AccountsStore } from '../store/accounts-store';
import type { AccountRow, BalanceRow, TransactionRow } from '../store/schema';
import { href, type DomainContext, type LinkContext } from './context';
import type { ConsentService, Granted } from './consents';

export type Service = 'accounts' | 'balances' | 'transactions';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string) {
  return (
    DATE.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    isoDate(new Date(`${value}T00:00:00Z`)) === value
  );
}

export interface TransactionQuery {
  bookingStatus: string | undefined;
  dateFrom: string | undefined;
  dateTo: string | undefined;
  withBalance: string | undefined;
  page: string | undefined;
  pageSize: string | undefined;
  entryReferenceFrom: string | undefined;
  deltaList: string | undefined;
}

export class AccountService {
  private readonly store: AccountsStore;

  constructor(
    private readonly ctx: DomainContext,
    private readonly consents: ConsentService,
  ) {
    this.store = new AccountsStore(ctx.db);
  }

  private async account(accountId: string): Promise<AccountRow> {
    const account = await this.store.byId(accountId);
    if (!account)
      throw bankError('RESOURCE_UNKNOWN', `No account ${accountId} exists.`, {
        area: 'ais',
        where: 'path',
        prefer: 404,
      });
    return account;
  }

  private covers(granted: Granted, accountId: string, service: Service) {
    if (granted.listOnly) {
      throw bankError('CONSENT_INVALID', 'The consent covers the account list only (availableAccounts).', {
        area: 'ais',
      });
    }
    if (!granted[service].includes(accountId)) {
      throw bankError(
        'CONSENT_INVALID',
        `The consent does not cover ${service === 'accounts' ? 'this account' : `${service} of this account`}.`,
        {
          area: 'ais',
        },
      );
    }
  }

  private describeAccount(account: AccountRow, granted: Granted, links: LinkContext): Record<string, unknown> {
    const out: Record<string, unknown> = {
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
    const l: Record<string, { href: string }> = {};
    if (!granted.listOnly && granted.balances.includes(account.resource_id))
      l.balances = href(links, `/v1/accounts/${account.resource_id}/balances`);
    if (!granted.listOnly && granted.transactions.includes(account.resource_id))
      l.transactions = href(links, `/v1/accounts/${account.resource_id}/transactions`);
    if (Object.keys(l).length > 0) out._links = l;
    return out;
  }

  private async balancesOf(accountIds: string[]): Promise<Map<string, Record<string, unknown>[]>> {
    const rows = await this.store.balancesOf(accountIds);
    return new Map([...rows].map(([accountId, balances]) => [accountId, balances.map(describeBalance)]));
  }

  private withBalance(value: string | undefined): boolean {
    if (value === undefined) return false;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw formatError('withBalance must be true or false.', 'withBalance', 'ais');
  }

  async list(consentId: string, psuPresent: boolean, withBalanceParam: string | undefined, links: LinkContext) {
    const wantBalances = this.withBalance(withBalanceParam);
    return this.consents.read(
      consentId,
      psuPresent,
      () => undefined,
      async (granted) => {
        const accounts = (await this.store.byIds(granted.accounts)).sort(
          (a, b) => a.psu_id.localeCompare(b.psu_id) || a.position - b.position,
        );
        const balanceIds = wantBalances
          ? accounts.map((a) => a.resource_id).filter((id) => granted.listWithBalances || granted.balances.includes(id))
          : [];
        const balances = await this.balancesOf(balanceIds);
        return {
          accounts: accounts.map((a) => {
            const out = this.describeAccount(a, granted, links);
            const b = balances.get(a.resource_id);
            if (b) out.balances = b;
            return out;
          }),
        };
      },
    );
  }

  async details(
    consentId: string,
    psuPresent: boolean,
    accountId: string,
    withBalanceParam: string | undefined,
    links: LinkContext,
  ) {
    const wantBalances = this.withBalance(withBalanceParam);
    const account = await this.account(accountId);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'accounts'),
      async (granted) => {
        const out = this.describeAccount(account, granted, links);
        if (wantBalances && granted.balances.includes(accountId))
          out.balances = (await this.balancesOf([accountId])).get(accountId) ?? [];
        return { account: out };
      },
    );
  }

  async balances(consentId: string, psuPresent: boolean, accountId: string) {
    const account = await this.account(accountId);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'balances'),
      async () => ({
        account: { iban: account.iban, currency: account.currency },
        balances: (await this.balancesOf([accountId])).get(accountId) ?? [],
      }),
    );
  }

  async transactions(
    consentId: string,
    psuPresent: boolean,
    accountId: string,
    query: TransactionQuery,
    links: LinkContext,
  ) {
    const account = await this.account(accountId);
    const q = this.parseQuery(query);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'transactions'),
      () => this.transactionPage(account, q, links),
    );
  }

  private async transactionPage(account: AccountRow, q: ReturnType<AccountService['parseQuery']>, links: LinkContext) {
    const accountId = account.resource_id;
    const filter = {
      accountId,
      statuses: (q.bookingStatus === 'both' ? ['booked', 'pending'] : [q.bookingStatus]) as ('booked' | 'pending')[],
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
    };
    const total = await this.store.countTransactions(filter);
    const lastPage = Math.max(0, Math.ceil(total / q.pageSize) - 1);
    if (q.page > lastPage) {
      throw formatError(`page ${q.page} is beyond the last page (${lastPage}).`, 'page', 'ais');
    }
    const rows = await this.store.transactionPage(filter, q.pageSize, q.page);
    const booked: Record<string, unknown>[] = [];
    const pending: Record<string, unknown>[] = [];
    for (const row of rows) (row.booking_status === 'booked' ? booked : pending).push(describeTransaction(row, links));
    const report: Record<string, unknown> = {};
    if (q.bookingStatus !== 'pending') report.booked = booked;
    if (q.bookingStatus !== 'booked') report.pending = pending;
    const pagePath = (page: number) => {
      const params = new URLSearchParams({ bookingStatus: q.bookingStatus, dateFrom: q.dateFrom, dateTo: q.dateTo });
      if (q.withBalance) params.set('withBalance', 'true');
      if (q.pageSize !== this.ctx.config.transactionsPageSize) params.set('pageSize', String(q.pageSize));
      params.set('page', String(page));
      return href(links, `/v1/accounts/${accountId}/transactions?${params.toString()}`);
    };
    const l: Record<string, { href: string }> = { account: href(links, `/v1/accounts/${accountId}`) };
    if (lastPage > 0) {
      l.first = pagePath(0);
      if (q.page > 0) l.previous = pagePath(q.page - 1);
      if (q.page < lastPage) l.next = pagePath(q.page + 1);
      l.last = pagePath(lastPage);
    }
    report._links = l;
    const out: Record<string, unknown> = {
      account: { iban: account.iban, currency: account.currency },
      transactions: report,
    };
    if (q.withBalance) out.balances = (await this.balancesOf([accountId])).get(accountId) ?? [];
    return out;
  }

  async transactionDetails(
    consentId: string,
    psuPresent: boolean,
    accountId: string,
    transactionId: string,
    links: LinkContext,
  ) {
    await this.account(accountId);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'transactions'),
      async () => {
        const row = await this.store.transaction(accountId, transactionId);
        if (!row)
          throw bankError('RESOURCE_UNKNOWN', `No transaction ${transactionId} on this account.`, {
            area: 'ais',
            where: 'path',
            prefer: 404,
          });
        return { transactionsDetails: { transactionDetails: describeTransaction(row, links) } };
      },
    );
  }

  private parseQuery(query: TransactionQuery) {
    const today = isoDate(this.ctx.clock.now());
    if (query.entryReferenceFrom !== undefined) {
      throw bankError('PARAMETER_NOT_SUPPORTED', 'This bank does not offer delta reports by entryReferenceFrom.', {
        area: 'ais',
        path: 'entryReferenceFrom',
      });
    }
    if (query.deltaList !== undefined) {
      throw bankError('PARAMETER_NOT_SUPPORTED', 'This bank does not offer deltaList reports.', {
        area: 'ais',
        path: 'deltaList',
      });
    }
    const bookingStatus = query.bookingStatus;
    if (!bookingStatus) throw formatError('The bookingStatus query parameter is required.', 'bookingStatus', 'ais');
    if (bookingStatus === 'information' || bookingStatus === 'all') {
      throw bankError(
        'PARAMETER_NOT_SUPPORTED',
        `This bank does not offer bookingStatus=${bookingStatus}; use booked, pending or both.`,
        {
          area: 'ais',
          path: 'bookingStatus',
        },
      );
    }
    if (!['booked', 'pending', 'both'].includes(bookingStatus)) {
      throw formatError(
        `bookingStatus must be booked, pending or both, not "${bookingStatus}".`,
        'bookingStatus',
        'ais',
      );
    }
    if (!query.dateFrom) throw formatError('The dateFrom query parameter is required.', 'dateFrom', 'ais');
    if (!validDate(query.dateFrom))
      throw formatError(`dateFrom must be a date (YYYY-MM-DD), not "${query.dateFrom}".`, 'dateFrom', 'ais');
    const dateTo = query.dateTo ?? today;
    if (!validDate(dateTo)) throw formatError(`dateTo must be a date (YYYY-MM-DD), not "${dateTo}".`, 'dateTo', 'ais');
    if (query.dateFrom > dateTo)
      throw bankError('PERIOD_INVALID', 'dateFrom lies after dateTo.', { area: 'ais', path: 'dateFrom' });
    if (query.dateFrom < addDays(today, -731)) {
      throw bankError('PERIOD_INVALID', 'This bank keeps transactions for the last two years only.', {
        area: 'ais',
        path: 'dateFrom',
      });
    }
    const int = (value: string | undefined, name: string, fallback: number, min: number, max: number) => {
      if (value === undefined) return fallback;
      const n = Number(value);
      if (!/^\d+$/.test(value) || n < min || n > max)
        throw formatError(`${name} must be a whole number from ${min} to ${max}.`, name, 'ais');
      return n;
    };
    const { transactionsPageSize, maxTransactionsPageSize } = this.ctx.config;
    return {
      bookingStatus,
      dateFrom: query.dateFrom,
      dateTo,
      withBalance: this.withBalance(query.withBalance),
      page: int(query.page, 'page', 0, 0, 1_000_000),
      pageSize: int(query.pageSize, 'pageSize', transactionsPageSize, 1, maxTransactionsPageSize),
    };
  }
}

export function describeBalance(row: BalanceRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    balanceAmount: { currency: row.currency, amount: row.amount },
    balanceType: row.balance_type,
  };
  if (row.credit_limit_included !== null) out.creditLimitIncluded = row.credit_limit_included === 1;
  if (row.last_change_date_time) out.lastChangeDateTime = row.last_change_date_time;
  if (row.reference_date) out.referenceDate = row.reference_date;
  if (row.last_committed_transaction) out.lastCommittedTransaction = row.last_committed_transaction;
  return out;
}

export function describeTransaction(row: TransactionRow, links: LinkContext): Record<string, unknown> {
  const out: Record<string, unknown> = { transactionId: row.transaction_id };
  if (row.entry_reference) out.entryReference = row.entry_reference;
  if (row.end_to_end_id) out.endToEndId = row.end_to_end_id;
  if (row.booking_date) out.bookingDate = row.booking_date;
  out.valueDate = row.value_date;
  out.transactionAmount = { currency: row.currency, amount: row.amount };
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
