// The consent and account answers are typed against the 1.3.12 model: the bodies the builders make pass the model's
// schemas with their members in the order the bank has always sent them, and a body the model would reject is a type
// error (the @ts-expect-error lines fail `npm run typecheck` if it compiles).
import { describe, expect, it } from 'vitest';
import {
  AccountDetailsResponse,
  AccountList,
  ConsentInformationResponse,
  ConsentStatusResponse,
  ConsentsResponse201,
  ReadAccountBalanceResponse,
  TransactionDetailsResponse,
  TransactionsResponse,
  type AccountDetails,
  type Balance,
  type Transaction,
} from '../../../../src/xs2a';
import type { Granted } from '../../domain/consents';
import type { AccountRow, AuthorisationRow, BalanceRow, ConsentRow, TransactionRow } from '../../store/schema';
import {
  accountDetailsBody,
  accountListBody,
  balancesBody,
  transactionDetailsBody,
  transactionsBody,
} from './accounts';
import { consentBody, consentCreatedBody, consentStatusBody } from './consents';

const links = { origin: 'http://bank.localhost', prefix: '/bank' };

const consent: ConsentRow = {
  consent_id: 'con-1',
  access: '{"accounts":[],"balances":[]}',
  granted: null,
  recurring_indicator: 1,
  valid_until: '2026-03-01',
  frequency_per_day: 4,
  combined_service_indicator: 0,
  consent_status: 'received',
  last_action_date: '2026-01-10',
  psu_id: 'alice',
  sca_approach: 'REDIRECT',
  tpp_redirect_uri: null,
  tpp_nok_redirect_uri: null,
  usage_day: null,
  usage_count: 0,
  created_at: '2026-01-10T09:00:00.000Z',
  version: 0,
};

const auth: AuthorisationRow = {
  authorisation_id: 'auth-1',
  resource_type: 'consent',
  resource_id: 'con-1',
  kind: 'authorisation',
  sca_approach: 'DECOUPLED',
  sca_status: 'psuIdentified',
  psu_id: 'alice',
  chosen_method: null,
  otp_attempts: 0,
  tpp_redirect_uri: null,
  tpp_nok_redirect_uri: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
  version: 0,
};

const account: AccountRow = {
  resource_id: 'acc-1',
  psu_id: 'alice',
  iban: 'DE02100100109307118603',
  currency: 'EUR',
  name: 'Giro',
  display_name: 'Everyday',
  product: 'Girokonto',
  cash_account_type: 'CACC',
  bic: 'PBNKDEFFXXX',
  owner_name: 'Alice Adler',
  status: 'enabled',
  usage: 'PRIV',
  funds_rule: 'normal',
  position: 0,
};

const balance: BalanceRow = {
  account_id: 'acc-1',
  balance_type: 'interimAvailable',
  amount: '1200.00',
  currency: 'EUR',
  credit_limit_included: 0,
  last_change_date_time: null,
  reference_date: '2026-01-10',
  last_committed_transaction: null,
  position: 0,
};

const transaction = (over: Partial<TransactionRow> = {}): TransactionRow => ({
  transaction_id: 'tx-1',
  account_id: 'acc-1',
  booking_status: 'booked',
  entry_reference: 'E1',
  end_to_end_id: null,
  booking_date: '2026-01-09',
  value_date: '2026-01-09',
  entry_date: '2026-01-09',
  amount: '-12.50',
  currency: 'EUR',
  creditor_name: 'Bakery',
  creditor_iban: 'DE89370400440532013000',
  debtor_name: null,
  debtor_iban: null,
  remittance_information_unstructured: 'Bread',
  bank_transaction_code: null,
  proprietary_bank_transaction_code: null,
  seq: 1,
  ...over,
});

const granted: Granted = {
  accounts: ['acc-1'],
  balances: ['acc-1'],
  transactions: [],
  listOnly: false,
  listWithBalances: false,
  ownerName: ['acc-1'],
};

describe('consent answers', () => {
  it('build creation, read and status bodies the 1.3.12 schemas accept, members in order', () => {
    const created = consentCreatedBody({ consent, approach: 'DECOUPLED', started: auth }, links, false);
    expect(ConsentsResponse201.safeParse(created).success).toBe(true);
    expect(Object.keys(created)).toEqual(['consentStatus', 'consentId', 'psuMessage', '_links']);
    expect(Object.keys(created._links)).toEqual(['scaStatus', 'self', 'status']);
    const explicit = consentCreatedBody({ consent, approach: 'EMBEDDED', started: undefined }, links, false);
    expect(explicit._links).toEqual({
      startAuthorisationWithPsuAuthentication: { href: '/bank/v1/consents/con-1/authorisations' },
      self: { href: '/bank/v1/consents/con-1' },
      status: { href: '/bank/v1/consents/con-1/status' },
    });
    const valid = { ...consent, consent_status: 'valid' };
    const read = consentBody({ row: valid, access: { accounts: [{ iban: account.iban }] } }, links);
    expect(ConsentInformationResponse.parse(read)).toEqual(read);
    expect(Object.keys(read)).toEqual([
      'access',
      'recurringIndicator',
      'validUntil',
      'frequencyPerDay',
      'lastActionDate',
      'consentStatus',
      '_links',
    ]);
    expect(consentBody({ row: consent, access: {} }, links)).not.toHaveProperty('_links');
    expect(ConsentStatusResponse.parse(consentStatusBody(valid))).toEqual({ consentStatus: 'valid' });
  });

  it('refuses a stored status the model does not know', () => {
    expect(() => consentStatusBody({ ...consent, consent_status: 'approved' })).toThrow();
  });

  it('refuse, at compile time, bodies the model would reject', () => {
    const wrongStatus = {
      // @ts-expect-error: not a consent status of 1.3.12
      consentStatus: 'approved',
    } satisfies ConsentStatusResponse;
    const unknownMember = {
      consentStatus: 'received',
      consentId: 'con-1',
      _links: {},
      // @ts-expect-error: the 201 answer has no such member
      consentID: 'con-1',
    } satisfies ConsentsResponse201;
    expect([wrongStatus, unknownMember]).toHaveLength(2);
  });
});

describe('account answers', () => {
  it('build list, details and balances bodies the 1.3.12 schemas accept, members in order', () => {
    const balances = new Map([['acc-1', [balance]]]);
    const list = accountListBody({ accounts: [account], granted, balances }, links);
    expect(AccountList.parse(list)).toEqual(list);
    expect(Object.keys(list.accounts[0] ?? {})).toEqual([
      'resourceId',
      'iban',
      'currency',
      'name',
      'product',
      'cashAccountType',
      'bic',
      'status',
      'usage',
      'displayName',
      'ownerName',
      'ownerNames',
      '_links',
      'balances',
    ]);
    expect(list.accounts[0]?._links).toEqual({ balances: { href: '/bank/v1/accounts/acc-1/balances' } });
    expect(list.accounts[0]?.balances).toEqual([
      {
        balanceAmount: { currency: 'EUR', amount: '1200.00' },
        balanceType: 'interimAvailable',
        creditLimitIncluded: false,
        referenceDate: '2026-01-10',
      },
    ]);
    const listOnly = { ...granted, listOnly: true, ownerName: [] };
    const bare = accountListBody({ accounts: [account], granted: listOnly, balances: new Map() }, links);
    expect(bare.accounts[0]).not.toHaveProperty('_links');
    expect(bare.accounts[0]).not.toHaveProperty('ownerName');
    const details = accountDetailsBody({ account, granted, balances: [] }, links);
    expect(AccountDetailsResponse.parse(details)).toEqual(details);
    expect(details.account.balances).toEqual([]);
    expect(accountDetailsBody({ account, granted }, links).account).not.toHaveProperty('balances');
    const read = balancesBody({ account, balances: [balance] });
    expect(ReadAccountBalanceResponse.parse(read)).toEqual(read);
    expect(Object.keys(read)).toEqual(['account', 'balances']);
  });

  it('build a transaction page and a transaction the 1.3.12 schemas accept, members in order', () => {
    const query = {
      bookingStatus: 'both' as const,
      dateFrom: '2026-01-01',
      dateTo: '2026-01-10',
      withBalance: true,
      page: 1,
      pageSize: 1,
    };
    const rows = [
      transaction(),
      transaction({ transaction_id: 'tx-2', booking_status: 'pending', booking_date: null }),
    ];
    const page = { account, query, defaultPageSize: 50, lastPage: 2, rows, balances: [balance] };
    const body = transactionsBody(page, links);
    expect(TransactionsResponse.parse(body)).toEqual(body);
    expect(Object.keys(body)).toEqual(['account', 'transactions', 'balances']);
    expect(Object.keys(body.transactions ?? {})).toEqual(['booked', 'pending', '_links']);
    expect(Object.keys(body.transactions?._links ?? {})).toEqual(['account', 'first', 'previous', 'next', 'last']);
    expect(body.transactions?._links.next).toEqual({
      href:
        '/bank/v1/accounts/acc-1/transactions?bookingStatus=both&dateFrom=2026-01-01&dateTo=2026-01-10' +
        '&withBalance=true&pageSize=1&page=2',
    });
    expect(body.transactions?.pending?.[0]).not.toHaveProperty('bookingDate');
    const booked = transactionsBody({ ...page, query: { ...query, bookingStatus: 'booked' }, lastPage: 0 }, links);
    expect(Object.keys(booked.transactions ?? {})).toEqual(['booked', '_links']);
    expect(booked.transactions?._links).toEqual({ account: { href: '/bank/v1/accounts/acc-1' } });
    const details = transactionDetailsBody(transaction(), links);
    expect(TransactionDetailsResponse.parse(details)).toEqual(details);
    expect(Object.keys(details.transactionsDetails.transactionDetails)).toEqual([
      'transactionId',
      'entryReference',
      'bookingDate',
      'valueDate',
      'transactionAmount',
      'creditorName',
      'creditorAccount',
      'remittanceInformationUnstructured',
      '_links',
    ]);
  });

  it('refuse, at compile time, bodies the model would reject', () => {
    const wrongBalance: Balance = {
      balanceAmount: { currency: 'EUR', amount: '1.00' },
      // @ts-expect-error: not a balance type of 1.3.12
      balanceType: 'available',
    };
    // @ts-expect-error: a transaction needs its transactionAmount
    const noAmount: Transaction = { transactionId: 'tx-1' };
    const unknownMember = {
      currency: 'EUR',
      // @ts-expect-error: the account has no such member
      ownerNameList: ['Alice'],
    } satisfies AccountDetails;
    expect([wrongBalance, noAmount, unknownMember]).toHaveLength(3);
  });
});
