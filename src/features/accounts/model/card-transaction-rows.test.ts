import { describe, expect, it } from 'vitest';
import type { CardTransaction } from '../../../xs2a';
import { cardRow, cardTransactionWords, rowsOfCardReport } from './card-transaction-rows';
import { transactionsCsv } from './csv';

const abroad: CardTransaction = {
  cardTransactionId: 'ct-1',
  transactionDate: '2026-01-10',
  bookingDate: '2026-01-12',
  transactionAmount: { currency: 'EUR', amount: '-15.99' },
  originalAmount: { currency: 'GBP', amount: '-13.42' },
  currencyExchange: [
    {
      sourceCurrency: 'GBP',
      exchangeRate: '1.1712',
      unitCurrency: 'GBP',
      targetCurrency: 'EUR',
      quotationDate: '2026-01-10',
    },
  ],
  markupFee: { currency: 'EUR', amount: '0.28' },
  markupFeePercentage: '1.75',
  cardAcceptorAddress: { townName: 'London', country: 'GB' },
  merchantCategoryCode: '5411',
  transactionDetails: 'Tesco Express',
  invoiced: true,
};

describe('card transactions as table rows', () => {
  it('say where, what the merchant charged, the rate, the markup fee and whether invoiced, in plain words', () => {
    expect(cardTransactionWords(abroad)).toBe(
      'London, GB · charged 13.42 GBP by the merchant, at 1.1712 EUR per GBP, markup fee 0.28 EUR (1.75 %) · merchant category 5411 · on a statement',
    );
    expect(cardTransactionWords({ transactionAmount: { currency: 'EUR', amount: '-3' }, invoiced: false })).toBe(
      'not invoiced yet',
    );
  });

  it('show the merchant as the other side, dated by the booking, and export like account entries', () => {
    const row = cardRow(abroad, 'booked', '0');
    expect(row).toMatchObject({
      key: 'booked:ct-1',
      date: '2026-01-12',
      counterparty: 'Tesco Express',
      amount: '-15.99',
      currency: 'EUR',
    });
    expect(row.searchText).toContain('markup fee');
    const csv = transactionsCsv([row]);
    expect(csv).toContain('Tesco Express');
    expect(csv).toContain('13.42 GBP');
  });

  it('date a pending purchase by the day the card was used, and keep each row’s card transaction', () => {
    const pending: CardTransaction = {
      transactionDate: '2026-03-15',
      transactionAmount: { currency: 'EUR', amount: '-4.2' },
    };
    const { rows, byKey } = rowsOfCardReport({ booked: [abroad], pending: [pending], _links: {} });
    expect(rows.pending[0]?.date).toBe('2026-03-15');
    expect(byKey.get(rows.booked[0]?.key ?? '')).toBe(abroad);
    expect(byKey.get(rows.pending[0]?.key ?? '')).toBe(pending);
  });
});
