// "Load all pages" as an infinite query: pages in the order the bank's next links give, stop and continue, restart,
// and where the pages end.
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerAll, answerNext, hang, jsonResponse, sent, sentCount } from '../../testing/http';
import { accountKeys } from '../keys';
import { testProfile } from '../test-kit';
import {
  LAST_TRANSACTIONS_PAGE_MARK,
  MAX_TRANSACTION_PAGES,
  nextTransactionPage,
  restartTransactionPages,
  stopTransactionPages,
  transactionPagesQueryOptions,
  type TransactionPage,
  type TransactionPagesVariables,
} from './transaction-pages';

const variables: TransactionPagesVariables = {
  profile: testProfile(),
  consentId: 'c1',
  accountId: 'acc',
  bookingStatus: 'booked',
  dateFrom: '2026-01-01',
};

/** A page of a report whose next link is `next` (none when undefined), its entry named after `n`. */
function page(n: number, next?: string) {
  return {
    account: { iban: 'DE16990100000010010001' },
    transactions: {
      booked: [{ transactionId: `t${n}`, transactionAmount: { currency: 'EUR', amount: '1.00' } }],
      _links: next ? { next: { href: next } } : {},
    },
  };
}

/** A bank of `count` pages, each pointing to the next as `?page=i`. */
function bank(count: number) {
  answerAll((request) => {
    const n = Number(new URL(request.url).searchParams.get('page') ?? 0);
    const next = n + 1 < count ? `/sandbox/v1/accounts/acc/transactions?page=${n + 1}` : undefined;
    return jsonResponse(page(n, next));
  });
}

let client: QueryClient;
/** The query string of every request sent, in order. */
async function requested(): Promise<string[]> {
  const all = await Promise.all(Array.from({ length: sentCount() }, (_, i) => sent(i)));
  return all.map((request) => new URL(request.url).search);
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  client.clear();
});

describe('the transaction pages query', () => {
  it('reads the first page with the filters, then every next link in order, and keeps each page as a page read alone', async () => {
    bank(3);
    performance.clearMarks(LAST_TRANSACTIONS_PAGE_MARK);
    const data = await client.fetchInfiniteQuery({ ...transactionPagesQueryOptions(variables), pages: 5 });
    expect(data.pages.map((p) => p.body.transactions?.booked?.[0]?.transactionId)).toEqual(['t0', 't1', 't2']);
    expect(data.pageParams).toEqual([
      undefined,
      '/sandbox/v1/accounts/acc/transactions?page=1',
      '/sandbox/v1/accounts/acc/transactions?page=2',
    ]);
    expect(await requested()).toEqual(['?bookingStatus=booked&dateFrom=2026-01-01', '?page=1', '?page=2']);
    const second = accountKeys.transactions('sandbox', 'c1', 'acc', {
      bookingStatus: 'booked',
      dateFrom: '2026-01-01',
      dateTo: undefined,
      withBalance: undefined,
      href: '/sandbox/v1/accounts/acc/transactions?page=1',
    });
    expect(client.getQueryData(second)).toBe(data.pages[1]);
    expect(performance.getEntriesByName(LAST_TRANSACTIONS_PAGE_MARK)).toHaveLength(1);
  });

  it('stops with the read in flight aborted and the pages read kept, then continues from the last next link', async () => {
    bank(3);
    const observer = new InfiniteQueryObserver(client, transactionPagesQueryOptions(variables));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));

    let signal: AbortSignal | undefined;
    answerNext((request) => {
      signal = request.signal;
      return hang();
    });
    const reading = observer.fetchNextPage();
    await vi.waitFor(() => expect(signal).toBeDefined());
    await stopTransactionPages(client, variables);
    await reading;
    expect(signal?.aborted).toBe(true);
    expect(observer.getCurrentResult()).toMatchObject({ isFetching: false, isError: false, hasNextPage: true });
    expect(observer.getCurrentResult().data?.pages).toHaveLength(1);

    await observer.fetchNextPage();
    await observer.fetchNextPage();
    expect(observer.getCurrentResult().data?.pages).toHaveLength(3);
    expect(observer.getCurrentResult().hasNextPage).toBe(false);
    expect(await requested()).toEqual(['?bookingStatus=booked&dateFrom=2026-01-01', '?page=1', '?page=1', '?page=2']);

    await restartTransactionPages(client, variables);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    expect((await requested()).at(-1)).toBe('?bookingStatus=booked&dateFrom=2026-01-01');
    unsubscribe();
  });

  it('passes a bank error on and keeps the pages read before it', async () => {
    bank(3);
    const observer = new InfiniteQueryObserver(client, transactionPagesQueryOptions(variables));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    answerNext(jsonResponse({ tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED' }] }, { status: 429 }));
    await observer.fetchNextPage();
    expect(observer.getCurrentResult()).toMatchObject({ isError: true, hasNextPage: true });
    expect(observer.getCurrentResult().error).toMatchObject({ kind: 'http', status: 429 });
    expect(observer.getCurrentResult().data?.pages).toHaveLength(1);
    unsubscribe();
  });
});

describe('nextTransactionPage', () => {
  const result = (body: unknown) =>
    ({ body, status: 200, requestId: 'r', exchangeId: 'e', headers: {}, deviations: [] }) as unknown as TransactionPage;

  it('follows the next link, as { href } or a plain string', () => {
    expect(nextTransactionPage([result(page(0, '/p1'))], [undefined])).toEqual({ href: '/p1' });
    const plain = result({ transactions: { _links: { next: '/p2' } } });
    expect(nextTransactionPage([plain], [undefined])).toEqual({ href: '/p2' });
  });

  it('ends when there is no next link, when it loops back, and at the page cap', () => {
    expect(nextTransactionPage([result(page(0))], [undefined])).toEqual({ end: 'complete' });
    expect(nextTransactionPage([], [])).toEqual({ end: 'complete' });
    expect(nextTransactionPage([result(page(0, '/p1')), result(page(1, '/p1'))], [undefined, '/p1'])).toEqual({
      end: 'loop',
    });
    const many = Array.from({ length: MAX_TRANSACTION_PAGES }, (_, i) => result(page(i, `/p${i + 1}`)));
    expect(nextTransactionPage(many, [undefined, ...many.slice(1).map((_, i) => `/p${i + 1}`)])).toEqual({
      end: 'cap',
    });
  });
});
