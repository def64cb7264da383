import { describe, expect, it } from 'vitest';
import { filterRows, isFilterActive, nextSort, parseAmountBound, sortRows } from './filter-sort';
import { row } from './test-rows';
import { mergeRows, rowsOfReport } from './transaction-rows';

const rent = row({
  amount: '-950.00',
  creditorName: 'Hausverwaltung Ost',
  remittanceInformationUnstructured: 'Miete März',
  bookingDate: '2026-03-01',
});
const salary = row({
  amount: '3200.00',
  debtorName: 'Laurent Kaffeerösterei GmbH',
  remittanceInformationUnstructured: 'Gehalt 03/2026',
  bookingDate: '2026-02-27',
});
const coffee = row({
  amount: '-3.20',
  creditorName: 'Café Kranich',
  remittanceInformationUnstructuredArray: ['Karte 4821', 'Espresso'],
  bookingDate: '2026-03-02',
});
const fee = row({ amount: '-3.20', remittanceInformationStructured: 'RF18539007547034', bookingDate: '2026-03-02' });
const rows = [rent, salary, coffee, fee];

const filter = (text = '', minAmount = '', maxAmount = '') => ({ text, minAmount, maxAmount });

describe('rows', () => {
  it('name the counterparty by direction: the creditor of a debit, the debtor of a credit', () => {
    expect(rent.counterparty).toBe('Hausverwaltung Ost');
    expect(salary.counterparty).toBe('Laurent Kaffeerösterei GmbH');
    expect(fee.counterparty).toBeUndefined();
    expect(coffee.remittance).toBe('Karte 4821 · Espresso');
  });

  it('keep booked and pending apart and drop an entry a later page repeats', () => {
    const report = {
      booked: [{ transactionId: 'a', transactionAmount: { currency: 'EUR', amount: '1' } }],
      pending: [{ transactionId: 'p', transactionAmount: { currency: 'EUR', amount: '2' } }],
      _links: { account: { href: '/x' } },
    };
    const merged = mergeRows([rowsOfReport(report, 0), rowsOfReport(report, 1)]);
    expect(merged.booked.map((r) => r.key)).toEqual(['booked:a']);
    expect(merged.pending.map((r) => r.key)).toEqual(['pending:p']);
  });
});

describe('filterRows', () => {
  it('matches every word in counterparty names and remittance information, ignoring case and accents', () => {
    expect(filterRows(rows, filter('kaffeeroster'))).toEqual([salary]);
    expect(filterRows(rows, filter('CAFE espresso'))).toEqual([coffee]);
    expect(filterRows(rows, filter('miete'))).toEqual([rent]);
    expect(filterRows(rows, filter('rf18539'))).toEqual([fee]);
    expect(filterRows(rows, filter('cafe miete'))).toEqual([]);
    expect(filterRows(rows, filter('   '))).toEqual(rows);
  });

  it('keeps signed amounts within the range, bounds included; a comma is a decimal mark', () => {
    expect(filterRows(rows, filter('', '-3.20', '0'))).toEqual([coffee, fee]);
    expect(filterRows(rows, filter('', '0'))).toEqual([salary]);
    expect(filterRows(rows, filter('', '', '-100'))).toEqual([rent]);
    expect(filterRows(rows, filter('', '-3,2', '-3,2'))).toEqual([coffee, fee]);
  });

  it('ignores a bound that is not a number', () => {
    expect(parseAmountBound('abc')).toBeNaN();
    expect(parseAmountBound('')).toBeUndefined();
    expect(filterRows(rows, filter('', 'abc'))).toEqual(rows);
    expect(isFilterActive(filter('', ' '))).toBe(false);
    expect(isFilterActive(filter('', '', '5'))).toBe(true);
  });
});

describe('sortRows', () => {
  it('keeps the bank’s order without a sort', () => {
    expect(sortRows(rows, undefined)).toEqual(rows);
  });

  it('sorts by date, amount or counterparty in both directions, ties in the bank’s order', () => {
    expect(sortRows(rows, { key: 'date', direction: 'ascending' })).toEqual([salary, rent, coffee, fee]);
    expect(sortRows(rows, { key: 'date', direction: 'descending' })).toEqual([coffee, fee, rent, salary]);
    expect(sortRows(rows, { key: 'amount', direction: 'ascending' })).toEqual([rent, coffee, fee, salary]);
    expect(sortRows(rows, { key: 'amount', direction: 'descending' })).toEqual([salary, coffee, fee, rent]);
  });

  it('puts rows without a counterparty last in either direction', () => {
    expect(sortRows(rows, { key: 'counterparty', direction: 'ascending' })).toEqual([coffee, rent, salary, fee]);
    expect(sortRows(rows, { key: 'counterparty', direction: 'descending' })).toEqual([salary, rent, coffee, fee]);
  });

  it('does not change the input', () => {
    const copy = [...rows];
    sortRows(rows, { key: 'amount', direction: 'ascending' });
    expect(rows).toEqual(copy);
  });

  it('flips the direction on a second click and starts a new column in its natural direction', () => {
    expect(nextSort(undefined, 'date')).toEqual({ key: 'date', direction: 'descending' });
    expect(nextSort({ key: 'date', direction: 'descending' }, 'date')).toEqual({ key: 'date', direction: 'ascending' });
    expect(nextSort({ key: 'date', direction: 'descending' }, 'counterparty')).toEqual({
      key: 'counterparty',
      direction: 'ascending',
    });
  });
});
