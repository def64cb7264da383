import { describe, expect, it } from 'vitest';
import { AccountDetails, AccountReport, Transaction, TransactionListQuery, TransactionsResponse } from './accounts';

describe('account responses', () => {
  it('accountDetails needs only currency and accepts a syntactically valid IBAN with a bad checksum', () => {
    expect(AccountDetails.safeParse({ currency: 'XXX' }).success).toBe(true);
    expect(AccountDetails.safeParse({ currency: 'EUR', iban: 'DE2310010010123456789' }).success).toBe(true);
    expect(AccountDetails.safeParse({ iban: 'DE89370400440532013000' }).success).toBe(false);
    expect(AccountDetails.safeParse({ currency: 'EUR', usage: 'PRIVATE' }).success).toBe(false);
    expect(AccountDetails.safeParse({ currency: 'EUR', status: 'closed' }).success).toBe(false);
  });

  it('a transaction needs transactionAmount; remittanceInformationStructured is a string here', () => {
    const amount = { currency: 'EUR', amount: '-12.30' };
    expect(
      Transaction.safeParse({ transactionAmount: amount, remittanceInformationStructured: 'RF18539007547034' }).success,
    ).toBe(true);
    expect(
      Transaction.safeParse({ transactionAmount: amount, remittanceInformationStructured: { reference: 'x' } }).success,
    ).toBe(false);
    expect(
      Transaction.safeParse({
        transactionAmount: amount,
        entryDetails: [{ transactionAmount: amount, remittanceInformationStructured: { reference: 'x' } }],
      }).success,
    ).toBe(true);
    expect(Transaction.safeParse({ transactionAmount: amount, purposeCode: 'SALA' }).success).toBe(true);
    expect(Transaction.safeParse({ transactionAmount: amount, purposeCode: 'XXXX' }).success).toBe(false);
    expect(Transaction.safeParse({ bookingDate: '2020-01-01' }).success).toBe(false);
  });

  it('report links: account is required; a transaction link object needs transactionDetails', () => {
    expect(AccountReport.safeParse({ booked: [], _links: { account: { href: '/v1/accounts/1' } } }).success).toBe(true);
    expect(AccountReport.safeParse({ booked: [] }).success).toBe(false);
    expect(AccountReport.safeParse({ booked: [], _links: { next: { href: '/x' } } }).success).toBe(false);
    const amount = { currency: 'EUR', amount: '1' };
    expect(Transaction.safeParse({ transactionAmount: amount, _links: { self: { href: '/x' } } }).success).toBe(false);
    expect(TransactionsResponse.safeParse({}).success).toBe(true);
  });
});

describe('transaction list query', () => {
  it('needs bookingStatus, and dateFrom unless delta or information', () => {
    expect(TransactionListQuery.safeParse({ bookingStatus: 'booked', dateFrom: '2024-01-01' }).success).toBe(true);
    expect(TransactionListQuery.safeParse({ dateFrom: '2024-01-01' }).success).toBe(false);
    expect(TransactionListQuery.safeParse({ bookingStatus: 'booked' }).success).toBe(false);
    expect(TransactionListQuery.safeParse({ bookingStatus: 'information' }).success).toBe(true);
    expect(TransactionListQuery.safeParse({ bookingStatus: 'both', deltaList: 'true' }).success).toBe(true);
    expect(TransactionListQuery.safeParse({ bookingStatus: 'both', entryReferenceFrom: 'E1' }).success).toBe(true);
    expect(
      TransactionListQuery.safeParse({ bookingStatus: 'booked', dateFrom: '2024-02-01', dateTo: '2024-01-01' }).success,
    ).toBe(false);
    expect(
      TransactionListQuery.safeParse({ bookingStatus: 'booked', dateFrom: '2024-01-01', withBalance: 'yes' }).success,
    ).toBe(false);
    expect(
      TransactionListQuery.parse({ bookingStatus: 'all', dateFrom: '2024-01-01', withBalance: 'true' }).withBalance,
    ).toBe(true);
  });
});
