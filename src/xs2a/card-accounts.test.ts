// The card account schemas against the official 1.3.12 file (spec/psd2-api-1.3.12.json, The Berlin Group, CC BY 4.0):
// every member the file defines is read, and the file's own examples parse (spec-audit.test.ts checks that nothing is
// stricter than the file).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  CardAccountDetails,
  CardAccountDetailsResponse,
  CardAccountList,
  CardAccountReport,
  CardAccountsTransactionsResponse,
  CardTransaction,
  ReadCardAccountBalanceResponse,
} from './card-accounts';
import { maskBankData } from './masking';
import { matchOperation, operations } from './operations';

type Node = Record<string, unknown>;
const spec = JSON.parse(readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8')) as Node & {
  components: { schemas: Record<string, Node>; examples: Record<string, { value: unknown }> };
};

const memberNames = (schema: { def: { shape: Record<string, unknown> } }) => Object.keys(schema.def.shape).sort();
const fileMembers = (name: string) => Object.keys(spec.components.schemas[name]?.properties as Node).sort();

describe('card account schemas', () => {
  it.each([
    ['cardAccountList', CardAccountList],
    ['cardAccountDetails', CardAccountDetails],
    ['readCardAccountBalanceResponse-200', ReadCardAccountBalanceResponse],
    ['cardAccountsTransactionsResponse200', CardAccountsTransactionsResponse],
    ['cardAccountReport', CardAccountReport],
    ['cardTransaction', CardTransaction],
  ] as const)('%s has every member the file defines, and no other', (name, schema) => {
    expect(memberNames(schema)).toEqual(fileMembers(name));
  });

  it('reads the file’s examples of a card account list and a card account', () => {
    const { examples } = spec.components;
    expect(z.safeParse(CardAccountList, examples.cardAccountListExample1?.value).success).toBe(true);
    expect(z.safeParse(CardAccountDetailsResponse, examples.cardAccountDetailsExample?.value).success).toBe(true);
  });

  it('finds the file’s own slip in its card balances example: debitAccounting as an entry of the balance list', () => {
    const result = z.safeParse(
      ReadCardAccountBalanceResponse,
      spec.components.examples.balancesExample_CardAccount?.value,
    );
    expect(result.success).toBe(false);
    expect(new Set(result.error?.issues.map((issue) => issue.path.slice(0, 2).join('.')))).toEqual(
      new Set(['balances.0']),
    );
  });

  it('reads a card transaction in another currency, with its merchant', () => {
    const purchase = {
      cardTransactionId: 'ct-1',
      transactionDate: '2026-03-02',
      bookingDate: '2026-03-04',
      transactionAmount: { currency: 'EUR', amount: '-46.12' },
      originalAmount: { currency: 'GBP', amount: '-39.00' },
      currencyExchange: [
        {
          sourceCurrency: 'GBP',
          exchangeRate: '1.1595',
          unitCurrency: 'GBP',
          targetCurrency: 'EUR',
          quotationDate: '2026-03-02',
        },
      ],
      markupFee: { currency: 'EUR', amount: '0.90' },
      markupFeePercentage: '2',
      cardAcceptorId: 'TESCO-LON-0042',
      cardAcceptorAddress: { townName: 'London', country: 'GB' },
      merchantCategoryCode: '5411',
      maskedPAN: '525412******3241',
      invoiced: true,
    };
    expect(z.safeParse(CardTransaction, purchase).success).toBe(true);
    expect(z.safeParse(CardTransaction, { ...purchase, merchantCategoryCode: '541' }).success).toBe(false);
    expect(z.safeParse(CardTransaction, { ...purchase, cardAcceptorAddress: { townName: 'London' } }).success).toBe(
      false,
    );
  });
});

describe('card account operations', () => {
  it('live under /v1/card-accounts, beside the accounts', () => {
    expect(matchOperation('GET', '/psd2/v1/card-accounts')?.name).toBe('getCardAccountList');
    expect(matchOperation('GET', '/v1/card-accounts/c-1')).toEqual({
      name: 'readCardAccountDetails',
      params: { 'account-id': 'c-1' },
    });
    expect(matchOperation('GET', '/v1/card-accounts/c-1/balances')?.name).toBe('getCardAccountBalances');
    expect(matchOperation('GET', '/v1/card-accounts/c-1/transactions?bookingStatus=booked')?.name).toBe(
      'getCardAccountTransactionList',
    );
    expect(matchOperation('GET', '/v1/card-accounts/c-1/transactions/t-1')).toBeUndefined();
    expect(operations.getCardAccountTransactionList.response).toBe(CardAccountsTransactionsResponse);
  });
});

describe('card account data in presenter mode', () => {
  it('masks the card number of a card account and of a card transaction, and keeps the merchant', () => {
    const masked = maskBankData({
      cardAccount: { maskedPan: '4539987423930580' },
      cardTransactions: {
        booked: [
          { maskedPAN: '4539987423930580', transactionDetails: 'REWE Markt GmbH', cardAcceptorId: '150578794875711' },
        ],
      },
    }) as { cardAccount: { maskedPan: string }; cardTransactions: { booked: Record<string, string>[] } };
    expect(masked.cardAccount.maskedPan).not.toContain('423930');
    expect(masked.cardTransactions.booked[0]?.maskedPAN).toBe(masked.cardAccount.maskedPan);
    expect(masked.cardTransactions.booked[0]?.transactionDetails).toBe('REWE Markt GmbH');
  });
});
