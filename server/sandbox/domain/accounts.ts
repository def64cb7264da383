// Account information: the account list, details, balances and transactions, each limited to what the consent grants.
// Every read goes through ConsentService.read; the SQL is store/accounts-store.ts.
import { addDays, isoDate } from '../clock';
import { bankError, formatError } from '../rules/bank-error';
import { AccountsStore } from '../store/accounts-store';
import type { AccountRow, BalanceRow, TransactionRow } from '../store/schema';
import type { DomainContext } from './context';
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

const BOOKING_STATUSES = ['booked', 'pending', 'both'] as const;
const isBookingStatus = (value: string): value is ParsedTransactionQuery['bookingStatus'] =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

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

/** The report query after its checks, with the bank's defaults filled in. */
export interface ParsedTransactionQuery {
  bookingStatus: 'booked' | 'pending' | 'both';
  dateFrom: string;
  dateTo: string;
  withBalance: boolean;
  page: number;
  pageSize: number;
}

/** The account list: the consent's accounts in the PSU's order, with the balances asked for and granted. */
export interface AccountListing {
  accounts: readonly AccountRow[];
  granted: Granted;
  /** By account id; an account without an entry is listed without balances. */
  balances: Map<string, BalanceRow[]>;
}

/** One account as the consent lets it be read; `balances` when asked for and granted. */
export interface AccountReading {
  account: AccountRow;
  granted: Granted;
  balances?: BalanceRow[];
}

export interface AccountBalances {
  account: AccountRow;
  balances: BalanceRow[];
}

/** One page of a transaction report; `balances` when the query asked for them. */
export interface TransactionPage {
  account: AccountRow;
  query: ParsedTransactionQuery;
  /** The bank's page size: the page links name pageSize only when the query's differs. */
  defaultPageSize: number;
  lastPage: number;
  rows: TransactionRow[];
  balances?: BalanceRow[];
}

export class AccountService {
  private readonly store: AccountsStore;
  private readonly listed = new WeakMap<Granted, readonly AccountRow[]>();

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

  /**
   * A grant's accounts in the PSU's order. Account rows never change while the bank runs (store/accounts-store.ts keeps
   * them) and a grant never changes either, so each grant's list is built once and shared by its reads (read-only).
   */
  private async listedAccounts(granted: Granted): Promise<readonly AccountRow[]> {
    let accounts = this.listed.get(granted);
    if (!accounts) {
      accounts = (await this.store.byIds(granted.accounts)).sort(
        (a, b) => a.psu_id.localeCompare(b.psu_id) || a.position - b.position,
      );
      this.listed.set(granted, accounts);
    }
    return accounts;
  }

  private balancesOf(accountIds: string[]): Promise<Map<string, BalanceRow[]>> {
    return this.store.balancesOf(accountIds);
  }

  private withBalance(value: string | undefined): boolean {
    if (value === undefined) return false;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw formatError('withBalance must be true or false.', 'withBalance', 'ais');
  }

  async list(consentId: string, psuPresent: boolean, withBalanceParam: string | undefined): Promise<AccountListing> {
    const wantBalances = this.withBalance(withBalanceParam);
    return this.consents.read(
      consentId,
      psuPresent,
      () => undefined,
      async (granted) => {
        const accounts = await this.listedAccounts(granted);
        const balanceIds = wantBalances
          ? accounts.map((a) => a.resource_id).filter((id) => granted.listWithBalances || granted.balances.includes(id))
          : [];
        return { accounts, granted, balances: await this.balancesOf(balanceIds) };
      },
    );
  }

  async details(
    consentId: string,
    psuPresent: boolean,
    accountId: string,
    withBalanceParam: string | undefined,
  ): Promise<AccountReading> {
    const wantBalances = this.withBalance(withBalanceParam);
    const account = await this.account(accountId);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'accounts'),
      async (granted) => {
        if (!wantBalances || !granted.balances.includes(accountId)) return { account, granted };
        return { account, granted, balances: (await this.balancesOf([accountId])).get(accountId) ?? [] };
      },
    );
  }

  async balances(consentId: string, psuPresent: boolean, accountId: string): Promise<AccountBalances> {
    const account = await this.account(accountId);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'balances'),
      async () => ({ account, balances: (await this.balancesOf([accountId])).get(accountId) ?? [] }),
    );
  }

  async transactions(
    consentId: string,
    psuPresent: boolean,
    accountId: string,
    query: TransactionQuery,
  ): Promise<TransactionPage> {
    const account = await this.account(accountId);
    const q = this.parseQuery(query);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'transactions'),
      () => this.transactionPage(account, q),
    );
  }

  private async transactionPage(account: AccountRow, q: ParsedTransactionQuery): Promise<TransactionPage> {
    const accountId = account.resource_id;
    const statuses: ('booked' | 'pending')[] = q.bookingStatus === 'both' ? ['booked', 'pending'] : [q.bookingStatus];
    const filter = {
      accountId,
      statuses,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
    };
    const total = await this.store.countTransactions(filter);
    const lastPage = Math.max(0, Math.ceil(total / q.pageSize) - 1);
    if (q.page > lastPage) {
      throw formatError(`page ${q.page} is beyond the last page (${lastPage}).`, 'page', 'ais');
    }
    const rows = await this.store.transactionPage(filter, q.pageSize, q.page);
    const page = { account, query: q, defaultPageSize: this.ctx.config.transactionsPageSize, lastPage, rows };
    if (!q.withBalance) return page;
    return { ...page, balances: (await this.balancesOf([accountId])).get(accountId) ?? [] };
  }

  async transactionDetails(
    consentId: string,
    psuPresent: boolean,
    accountId: string,
    transactionId: string,
  ): Promise<TransactionRow> {
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
        return row;
      },
    );
  }

  private parseQuery(query: TransactionQuery): ParsedTransactionQuery {
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
    if (!isBookingStatus(bookingStatus)) {
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
