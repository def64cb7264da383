import { describe, expect, it, vi } from 'vitest';
import { followPages } from './follow-pages';

interface Page {
  n: number;
  next?: string;
}

/** A bank of `count` pages, each pointing to the next as `?page=i`. */
function bank(count: number) {
  const fetchPage = vi.fn(async (href: string | undefined) => {
    await Promise.resolve();
    const n = href === undefined ? 0 : Number(new URL(href, 'https://bank.example').searchParams.get('page'));
    return { n, next: n + 1 < count ? `/v1/x?page=${n + 1}` : undefined } satisfies Page;
  });
  return { fetchPage, nextHref: (page: Page) => page.next };
}

describe('followPages', () => {
  it('reads the first page, then every next link in order, until there is none', async () => {
    const { fetchPage, nextHref } = bank(4);
    const seen: number[] = [];
    const outcome = await followPages({
      fetchPage,
      nextHref,
      onPage: (page, index) => seen.push(page.n * 10 + index),
      signal: new AbortController().signal,
    });
    expect(outcome).toEqual({ kind: 'complete', pages: 4 });
    expect(seen).toEqual([0, 11, 22, 33]);
    expect(fetchPage.mock.calls.map((call) => call[0])).toEqual([
      undefined,
      '/v1/x?page=1',
      '/v1/x?page=2',
      '/v1/x?page=3',
    ]);
  });

  it('stops when told and can resume from where it stopped', async () => {
    const { fetchPage, nextHref } = bank(5);
    const controller = new AbortController();
    const outcome = await followPages({
      fetchPage,
      nextHref,
      onPage: (page) => {
        if (page.n === 1) controller.abort();
      },
      signal: controller.signal,
    });
    expect(outcome).toEqual({ kind: 'stopped', pages: 2, resumeHref: '/v1/x?page=2' });

    const indexes: number[] = [];
    const resumed = await followPages({
      fetchPage,
      nextHref,
      onPage: (_page, index) => indexes.push(index),
      signal: new AbortController().signal,
      startHref: '/v1/x?page=2',
      startIndex: 2,
    });
    expect(resumed).toEqual({ kind: 'complete', pages: 3 });
    expect(indexes).toEqual([2, 3, 4]);
  });

  it('reports a stop during a request as stopped, not as an error', async () => {
    const controller = new AbortController();
    const outcome = await followPages<Page>({
      fetchPage: (_href, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('aborted')));
          controller.abort();
        }),
      nextHref: (page) => page.next,
      onPage: () => undefined,
      signal: controller.signal,
    });
    expect(outcome).toEqual({ kind: 'stopped', pages: 0, resumeHref: undefined });
  });

  it('passes a bank error on', async () => {
    await expect(
      followPages({
        fetchPage: () => Promise.reject(new Error('429 ACCESS_EXCEEDED')),
        nextHref: () => undefined,
        onPage: () => undefined,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('ACCESS_EXCEEDED');
  });

  it('cuts off a next link that loops back, and a report longer than the cap', async () => {
    const looping = await followPages<Page>({
      fetchPage: (href) => Promise.resolve({ n: href ? 1 : 0, next: '/v1/x?page=1' }),
      nextHref: (page) => page.next,
      onPage: () => undefined,
      signal: new AbortController().signal,
    });
    expect(looping).toMatchObject({ kind: 'cut-off', pages: 2 });

    const { fetchPage, nextHref } = bank(50);
    const capped = await followPages({
      fetchPage,
      nextHref,
      onPage: () => undefined,
      signal: new AbortController().signal,
      maxPages: 3,
    });
    expect(capped).toMatchObject({ kind: 'cut-off', pages: 3 });
  });
});
