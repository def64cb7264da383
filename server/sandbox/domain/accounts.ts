// Account information: the account list, details, balances and transactions, each limited to what the consent grants,
// for payment accounts (AccountService) and, through the same reads over their own book, card accounts
// (domain/card-accounts.ts). Every read goes through ConsentService.read; the SQL is store/accounts-store.ts.
import { addDays, isoDate } from '../clock';
import { bankError, formatError } from '../rules/bank-error';
import { AccountsStore, type TransactionFilter } from '../store/accounts-store';
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

/** What the reads need of an account's row: whose it is and where in the PSU's list. */
export interface ListedAccount {
  resource_id: string;
  psu_id: string;
  position: number;
}

/** Where the bank keeps one family of accounts (payment accounts, card accounts), their balances and reports. */
export interface AccountBook<A extends ListedAccount, T> {
  byIds(ids: readonly string[]): Promise<A[]>;
  balancesOf(accountIds: readonly string[]): Promise<Map<string, BalanceRow[]>>;
  countTransactions(filter: TransactionFilter): Promise<number>;
  transactionPage(filter: TransactionFilter, pageSize: number, page: number): Promise<T[]>;
}

/** How a family of accounts is named in the bank's answers, and the report's bookingStatus values it does not offer. */
export interface AccountKind {
  /** "account", "card account". */
  noun: string;
  /** Values 1.3.12 defines for this report that this bank refuses as not supported (the others are format errors). */
  unofferedBookingStatuses: readonly string[];
}

/** The account list: the consent's accounts in the PSU's order, with the balances asked for and granted. */
export interface AccountListing<A extends ListedAccount = AccountRow> {
  accounts: readonly A[];
  granted: Granted;
  /** By account id; an account without an entry is listed without balances. */
  balances: Map<string, BalanceRow[]>;
}

/** One account as the consent lets it be read; `balances` when asked for and granted. */
export interface AccountReading<A extends ListedAccount = AccountRow> {
  account: A;
  granted: Granted;
  balances?: BalanceRow[];
}

export interface AccountBalances<A extends ListedAccount = AccountRow> {
  account: A;
  balances: BalanceRow[];
}

/** One page of a transaction report; `balances` when the query asked for them. */
export interface TransactionPage<A extends ListedAccount = AccountRow, T = TransactionRow> {
  account: A;
  query: ParsedTransactionQuery;
  /** The bank's page size: the page links name pageSize only when the query's differs. */
  defaultPageSize: number;
  lastPage: number;
  rows: T[];
  balances?: BalanceRow[];
}

/** The reads of one family of accounts under a consent: list, details, balances and transaction reports. */
export class AccountReads<A extends ListedAccount, T> {
  private readonly listed = new WeakMap<Granted, readonly A[]>();

  constructor(
    protected readonly ctx: DomainContext,
    protected readonly consents: ConsentService,
    private readonly book: AccountBook<A, T>,
    private readonly kind: AccountKind,
  ) {}

  protected async account(accountId: string): Promise<A> {
    const [account] = await this.book.byIds([accountId]);
    if (!account)
      throw bankError('RESOURCE_UNKNOWN', `No ${this.kind.noun} ${accountId} exists.`, {
        area: 'ais',
        where: 'path',
        prefer: 404,
      });
    return account;
  }

  protected covers(granted: Granted, accountId: string, service: Service) {
    if (granted.listOnly) {
      throw bankError('CONSENT_INVALID', 'The consent covers the account list only (availableAccounts).', {
        area: 'ais',
      });
    }
    if (!granted[service].includes(accountId)) {
      throw bankError(
        'CONSENT_INVALID',
        `The consent does not cover ${service === 'accounts' ? '' : `${service} of `}this ${this.kind.noun}.`,
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
  private async listedAccounts(granted: Granted): Promise<readonly A[]> {
    let accounts = this.listed.get(granted);
    if (!accounts) {
      accounts = (await this.book.byIds(granted.accounts)).sort(
        (a, b) => a.psu_id.localeCompare(b.psu_id) || a.position - b.position,
      );
      this.listed.set(granted, accounts);
    }
    return accounts;
  }

  private balancesOf(accountIds: string[]): Promise<Map<string, BalanceRow[]>> {
    return this.book.balancesOf(accountIds);
  }

  private withBalance(value: string | undefined): boolean {
    if (value === undefined) return false;
    if (value === 'true') return true;
    if (value === 'false') return false;
    throw formatError('withBalance must be true or false.', 'withBalance', 'ais');
  }

  async list(consentId: string, psuPresent: boolean, withBalanceParam: string | undefined): Promise<AccountListing<A>> {
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
  ): Promise<AccountReading<A>> {
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

  async balances(consentId: string, psuPresent: boolean, accountId: string): Promise<AccountBalances<A>> {
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
  ): Promise<TransactionPage<A, T>> {
    const account = await this.account(accountId);
    const q = this.parseQuery(query);
    return this.consents.read(
      consentId,
      psuPresent,
      (g) => this.covers(g, accountId, 'transactions'),
      () => this.transactionPage(account, q),
    );
  }

  private async transactionPage(account: A, q: ParsedTransactionQuery): Promise<TransactionPage<A, T>> {
    const accountId = account.resource_id;
    const statuses: ('booked' | 'pending')[] = q.bookingStatus === 'both' ? ['booked', 'pending'] : [q.bookingStatus];
    const filter = {
      accountId,
      statuses,
      dateFrom: q.dateFrom,
      dateTo: q.dateTo,
    };
    const total = await this.book.countTransactions(filter);
    const lastPage = Math.max(0, Math.ceil(total / q.pageSize) - 1);
    if (q.page > lastPage) {
      throw formatError(`page ${q.page} is beyond the last page (${lastPage}).`, 'page', 'ais');
    }
    const rows = await this.book.transactionPage(filter, q.pageSize, q.page);
    const page = { account, query: q, defaultPageSize: this.ctx.config.transactionsPageSize, lastPage, rows };
    if (!q.withBalance) return page;
    return { ...page, balances: (await this.balancesOf([accountId])).get(accountId) ?? [] };
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
    if (this.kind.unofferedBookingStatuses.includes(bookingStatus)) {
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

/** Payment accounts (/v1/accounts), and the details of one of their transactions. */
export class AccountService extends AccountReads<AccountRow, TransactionRow> {
  private readonly store: AccountsStore;

  constructor(ctx: DomainContext, consents: ConsentService) {
    const store = new AccountsStore(ctx.db);
    super(ctx, consents, store, { noun: 'account', unofferedBookingStatuses: ['information', 'all'] });
    this.store = store;
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
}
