import { describe, expect, it } from 'vitest';
import type { TransactionPage } from '../../../api';
import { allPagesStatus, cutOffReason, pagesDeviations, rowsOfPages } from './all-pages';

function result(ids: string[], deviations: TransactionPage['deviations'] = []): TransactionPage {
  return {
    body: {
      account: { iban: 'DE16990100000010010001' },
      transactions: {
        booked: ids.map((id) => ({ transactionId: id, transactionAmount: { currency: 'EUR', amount: '1.00' } })),
        pending: [{ transactionAmount: { currency: 'EUR', amount: '2.00' } }],
        _links: { account: { href: '/v1/accounts/acc' } },
      },
    },
    status: 200,
    requestId: 'r',
    exchangeId: 'e',
    headers: {},
    deviations,
  };
}

describe('allPagesStatus', () => {
  const base = { running: true, fetching: false, failed: false, next: undefined };

  it('loads while a page is read or the next one is due', () => {
    expect(allPagesStatus({ ...base, fetching: true })).toBe('loading');
    expect(allPagesStatus(base)).toBe('loading');
    expect(allPagesStatus({ ...base, next: { href: '/p2' } })).toBe('loading');
  });

  it('is stopped when the user stopped with pages left, also before the first page', () => {
    expect(allPagesStatus({ ...base, running: false, next: { href: '/p2' } })).toBe('stopped');
    expect(allPagesStatus({ ...base, running: false })).toBe('stopped');
  });

  it('tells a failed read, the last page and a cut-off apart', () => {
    expect(allPagesStatus({ ...base, failed: true, next: { href: '/p2' } })).toBe('error');
    expect(allPagesStatus({ ...base, next: { end: 'complete' } })).toBe('complete');
    expect(allPagesStatus({ ...base, running: false, next: { end: 'complete' } })).toBe('complete');
    expect(allPagesStatus({ ...base, next: { end: 'loop' } })).toBe('cut-off');
  });

  it('names why loading was cut off', () => {
    expect(cutOffReason({ end: 'loop' }, 10)).toBe(`the bank's next link points back to a page already read`);
    expect(cutOffReason({ end: 'cap' }, 10)).toBe('stopped after 10 pages');
    expect(cutOffReason({ end: 'complete' }, 10)).toBeUndefined();
    expect(cutOffReason({ href: '/p2' }, 10)).toBeUndefined();
  });
});

describe('pagesDeviations', () => {
  it('lists each finding once, whatever the entry and page it was found on', () => {
    const deviations = pagesDeviations([
      result(['a'], [{ path: 'transactions.booked[0].amount', message: 'number' }]),
      result(
        ['b'],
        [
          { path: 'transactions.booked[17].amount', message: 'number' },
          { path: 'account', message: 'missing' },
        ],
      ),
    ]);
    expect(deviations).toEqual([
      { path: 'transactions.booked[].amount', message: 'number' },
      { path: 'account', message: 'missing' },
    ]);
  });

  it('stops at 50 findings', () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ path: `x${i}`, message: 'm' }));
    expect(pagesDeviations([result([], many)])).toHaveLength(50);
  });
});

describe('rowsOfPages', () => {
  it('joins the pages in order, each transaction once, with unique keys for entries without an id', () => {
    const first = result(['a', 'b']);
    const rows = rowsOfPages([first, result(['b', 'c'])]);
    expect(rows.booked.map((row) => row.key)).toEqual(['booked:a', 'booked:b', 'booked:c']);
    expect(rows.pending.map((row) => row.key)).toEqual(['pending:0.0', 'pending:1.0']);
    // A page already read keeps its rows when more pages arrive.
    expect(rowsOfPages([first]).booked[0]).toBe(rows.booked[0]);
  });
});
