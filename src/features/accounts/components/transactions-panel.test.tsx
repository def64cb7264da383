// @vitest-environment happy-dom
// The transactions panel against a scripted bank that deviates from 1.3.12 the way real banks do: the panel keeps its
// query form and rows, shows what the bank sent, and says where it deviates.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, bankToday, noteBankDate, noteSandboxClock, profileStore } from '../../../api';
import { answerAll, hang, jsonResponse } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { ErrorBoundary } from '../../../components/ui';
import { TransactionsPanel } from './transactions-panel';

type Answer = { status?: number; body: unknown; contentType?: string };

/** A bank whose answers are keyed by path (with query for the first page); records the paths asked for. */
function bank(answer: (url: URL) => Answer) {
  const paths: string[] = [];
  answerAll((request) => {
    const url = new URL(request.url);
    paths.push(url.pathname);
    const { status = 200, body, contentType = 'application/json' } = answer(url);
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': contentType },
    });
  });
  return { paths };
}

function renderPanel() {
  const profile = profileStore.active();
  renderRoute(
    '/accounts/:accountId',
    <ErrorBoundary what="the transactions">
      <TransactionsPanel
        profile={profile}
        consentId="con-1"
        accountId="acc-1"
        iban="DE16990100000010010001"
        currency="EUR"
        balances={undefined}
      />
    </ErrorBoundary>,
    { at: '/accounts/acc-1' },
  );
}

const account = { iban: 'DE16990100000010010001' };

// The virtualized table renders the rows that fit its scroll box: give the box a size, as a browser would.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

afterEach(() => {
  forgetPage();
  vi.unstubAllGlobals();
});

describe('a transaction report from a deviating bank', () => {
  it('shows amounts sent as JSON numbers, flagged beside them, and keeps the query form', async () => {
    bank(() => ({
      body: {
        account,
        transactions: {
          booked: [
            {
              transactionId: 't1',
              bookingDate: '2026-11-20',
              creditorName: 'Rösterei',
              transactionAmount: { currency: 'EUR', amount: -12.5 },
            },
          ],
          pending: [],
          _links: { account: { href: '/v1/accounts/acc-1' } },
        },
      },
    }));
    renderPanel();
    const table = await screen.findByRole('table', { name: /Transactions from/ });
    expect(screen.queryByText(/Could not show/)).toBeNull();
    expect(screen.getByRole('form', { name: 'Transaction report' })).toBeTruthy();
    const row = (await within(table).findByText('Rösterei')).closest('tr');
    expect(row?.textContent).toMatch(/12\.50/);
    expect(within(row as HTMLElement).getByTitle(/JSON number/)).toBeTruthy();
  });

  it('shows a booking date with a time as the date, with the time beside it, and keeps the columns', async () => {
    bank(() => ({
      body: {
        account,
        transactions: {
          booked: [
            {
              transactionId: 't1',
              bookingDate: '2026-11-20T10:00:00Z',
              creditorName: 'Café',
              transactionAmount: { currency: 'EUR', amount: '-3.00' },
            },
          ],
          _links: { account: { href: '/v1/accounts/acc-1' } },
        },
      },
    }));
    renderPanel();
    const table = await screen.findByRole('table', { name: /Transactions from/ });
    const row = (await within(table).findByText('Café')).closest('tr') as HTMLElement;
    const time = row.querySelector('time');
    expect(time?.textContent).toBe('2026-11-20');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-20');
    expect(within(row).getByTitle(/10:00:00Z/)).toBeTruthy();
  });

  it('shows a structured remittance sent as an object by its reference and type, flagged, never [object Object]', async () => {
    bank(() => ({
      body: {
        account,
        transactions: {
          booked: [
            {
              transactionId: 't1',
              bookingDate: '2026-11-20',
              debtorName: 'Stadtwerke',
              remittanceInformationUnstructured: 'Invoice 118',
              remittanceInformationStructured: {
                reference: 'RF18539007547034',
                referenceType: 'SCOR',
                referenceIssuer: 'ISO',
              },
              transactionAmount: { currency: 'EUR', amount: '40.00' },
            },
          ],
          _links: { account: { href: '/v1/accounts/acc-1' } },
        },
      },
    }));
    renderPanel();
    const table = await screen.findByRole('table', { name: /Transactions from/ });
    const row = (await within(table).findByText('Stadtwerke')).closest('tr') as HTMLElement;
    expect(row.textContent).not.toContain('[object Object]');
    expect(row.textContent).toContain('Invoice 118 · RF18539007547034 (SCOR)');
    expect(within(row).getByTitle(/remittanceInformationStructured.*an object/)).toBeTruthy();
  });

  it('a report the bank refused has no summary line above the error, in page view and when loading every page', async () => {
    bank(() => ({
      status: 406,
      body: {
        tppMessages: [{ category: 'ERROR', code: 'REQUESTED_FORMATS_INVALID', text: 'Only camt.053 is offered.' }],
      },
    }));
    renderPanel();
    expect((await screen.findAllByText(/Only camt\.053 is offered\./)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/entries on this page|on one page|Page 1/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load all pages' }));
    expect(await screen.findByText(/page 1 of the transactions/)).toBeTruthy();
    expect(screen.queryByText(/pages? read|entries/)).toBeNull();
  });

  it('follows a next link the bank sent as a plain string', async () => {
    const { paths } = bank((url) =>
      url.pathname.endsWith('/page2')
        ? {
            body: {
              account,
              transactions: {
                booked: [
                  {
                    transactionId: 't2',
                    creditorName: 'Second',
                    transactionAmount: { currency: 'EUR', amount: '1.00' },
                  },
                ],
                _links: {},
              },
            },
          }
        : {
            body: {
              account,
              transactions: {
                booked: [
                  {
                    transactionId: 't1',
                    creditorName: 'First',
                    transactionAmount: { currency: 'EUR', amount: '1.00' },
                  },
                ],
                _links: { account: '/v1/accounts/acc-1', next: '/v1/accounts/acc-1/transactions/page2' },
              },
            },
          },
    );
    renderPanel();
    await screen.findByText('First');
    const next = screen.getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toHaveProperty('disabled', false));
    expect(screen.getByText(/the links account, next as plain strings/)).toBeTruthy();
    await userEvent.click(next);
    await screen.findByText('Second');
    expect(paths.at(-1)).toBe('/v1/accounts/acc-1/transactions/page2');
  });

  it('says a 404 on the bank’s own next link is the bank’s link, not the base_url', async () => {
    bank((url) =>
      url.pathname.endsWith('/gone')
        ? { status: 404, body: '', contentType: 'text/plain' }
        : {
            body: {
              account,
              transactions: {
                booked: [
                  {
                    transactionId: 't1',
                    creditorName: 'First',
                    transactionAmount: { currency: 'EUR', amount: '1.00' },
                  },
                ],
                _links: {
                  account: { href: '/v1/accounts/acc-1' },
                  next: { href: '/v1/accounts/acc-1/transactions/gone' },
                },
              },
            },
          },
    );
    renderPanel();
    await screen.findByText('First');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByText(/own “next” link/);
    expect(alert.textContent).toMatch(/led nowhere/);
    expect(screen.queryByText(/check the base_url/)).toBeNull();
  });

  it('offers a report that comes only as a download, and says why the list is empty', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
        revokeObjectURL: () => {},
      }),
    );
    const { paths } = bank((url) =>
      url.pathname.endsWith('/download/d1')
        ? { body: '<Document>camt.052</Document>', contentType: 'application/xml' }
        : { body: { account, _links: { download: { href: '/v1/accounts/acc-1/transactions/download/d1' } } } },
    );
    renderPanel();
    expect(await screen.findByText(/only as a download/)).toBeTruthy();
    expect(screen.queryByText(/whole report is on one page/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Download the report/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(paths.at(-1)).toBe('/v1/accounts/acc-1/transactions/download/d1');
    expect(await created[0]?.text()).toBe('<Document>camt.052</Document>');
  });

  it('offers a download link the bank puts in the report’s own _links, and saves a JSON file as JSON', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (created.push(blob), 'blob:x'),
        revokeObjectURL: () => {},
      }),
    );
    bank((url) =>
      url.pathname.endsWith('/transactions/download')
        ? { body: { account, transactions: { booked: [{ transactionAmount: { currency: 'EUR', amount: '1.00' } }] } } }
        : {
            body: {
              account,
              transactions: { _links: { download: { href: '/v1/accounts/acc-1/transactions/download' } } },
            },
          },
    );
    renderPanel();
    expect(await screen.findByText(/only as a download/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Download the report/ }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(JSON.parse(await (created[0] as Blob).text())).toMatchObject({ transactions: { booked: [{}] } });
    expect(created[0]?.type).toMatch(/^application\/json/);
  });
});

/**
 * A bank of `count` report pages, one entry each, linked by `next`. `hang` pages wait for an abort the first time they
 * are asked for; `fail` pages answer 500 the first time.
 */
function pagedBank(count: number, { hang: hanging = [], fail = [] }: { hang?: number[]; fail?: number[] } = {}) {
  const asked: number[] = [];
  answerAll((request) => {
    const n = Number(new URL(request.url).searchParams.get('page') ?? 1);
    const first = !asked.includes(n);
    asked.push(n);
    if (first && hanging.includes(n)) return hang();
    if (first && fail.includes(n)) {
      return jsonResponse({ tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR' }] }, { status: 500 });
    }
    const next = n < count ? { next: { href: `/v1/accounts/acc-1/transactions?page=${n + 1}` } } : {};
    const booked = [
      { transactionId: `t${n}`, creditorName: `Shop ${n}`, transactionAmount: { currency: 'EUR', amount: '-1.00' } },
    ];
    return jsonResponse({ account, transactions: { booked, _links: next } });
  });
  return { asked };
}

describe('the default period on the bank’s calendar', () => {
  it('ends on the bank’s today, not the browser’s, so a booking of the bank’s today is shown; it follows a clock move', async () => {
    const profile = profileStore.active();
    const browserToday = new Date().toISOString().slice(0, 10);
    // The bank's clock stands five days ahead of the browser's.
    noteBankDate(profile, new Date(Date.now() + 5 * 86_400_000).toUTCString(), Date.now() - 5, Date.now());
    const today = bankToday(profile);
    expect(today).toBe(addDays(browserToday, 5));
    const asked: URLSearchParams[] = [];
    answerAll((request) => {
      const url = new URL(request.url);
      asked.push(url.searchParams);
      const dateTo = url.searchParams.get('dateTo') ?? '';
      const booked = [{ transactionId: 't1', bookingDate: addDays(browserToday, 5), creditorName: 'Bäckerei' }];
      return jsonResponse({
        account,
        transactions: {
          // The bank answers the period asked for: a booking dated after its end is not in it.
          booked: booked
            .filter((entry) => entry.bookingDate <= dateTo)
            .map((entry) => ({ ...entry, transactionAmount: { currency: 'EUR', amount: '-2.40' } })),
          _links: { account: { href: '/v1/accounts/acc-1' } },
        },
      });
    });
    renderPanel();
    const table = await screen.findByRole('table', { name: /Transactions from/ });
    expect(await within(table).findByText('Bäckerei')).toBeTruthy();
    expect(asked[0]?.get('dateTo')).toBe(today);
    expect(asked[0]?.get('dateFrom')).toBe(addDays(today, -90));
    expect(screen.getByLabelText('To (dateTo)')).toHaveProperty('value', today);

    // The sandbox's clock moves two more days: the period follows.
    act(() => {
      noteSandboxClock(profile, { now: `${addDays(today, 2)}T12:00:00.000Z` }, Date.now(), Date.now());
    });
    await waitFor(() => expect(screen.getByLabelText('To (dateTo)')).toHaveProperty('value', addDays(today, 2)));
    await waitFor(() => expect(asked.at(-1)?.get('dateTo')).toBe(addDays(today, 2)));
  });
});

describe('loading every page of a report', () => {
  /** The line that says what is loaded (an error callout has a status role of its own). */
  const status = () => {
    const line = screen.getAllByRole('status').find((element) => /entries/.test(element.textContent ?? ''));
    if (!line) throw new Error('No report status');
    return line;
  };

  it('follows the next links, stops on request and continues where it stopped', async () => {
    const { asked } = pagedBank(3, { hang: [2] });
    renderPanel();
    await screen.findByText('Shop 1');
    await userEvent.click(screen.getByRole('button', { name: 'Load all pages' }));
    await waitFor(() => expect(status().textContent).toMatch(/^Loading every page: 1 page read, 1 entries so far/));
    expect(status().getAttribute('aria-busy')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Stop loading' }));
    await waitFor(() =>
      expect(status().textContent).toBe('Stopped after 1 page: 1 entries loaded (0 pending, 1 booked).'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue loading' }));
    await waitFor(() => expect(status().textContent).toBe('All 3 pages loaded: 3 entries (0 pending, 3 booked).'));
    expect(screen.getByText('Shop 3')).toBeTruthy();
    // The first page in page view, then again for "load all"; page 2 once stopped and once read.
    expect(asked).toEqual([1, 1, 2, 2, 3]);

    await userEvent.click(screen.getByRole('button', { name: 'Show one page at a time' }));
    await screen.findByRole('navigation', { name: 'Report pages' });
    await waitFor(() => expect(status().textContent).toMatch(/^1 entries on this page/));
  });

  it('says which page failed, keeps what was read and continues from there', async () => {
    pagedBank(3, { fail: [3] });
    renderPanel();
    await screen.findByText('Shop 1');
    await userEvent.click(screen.getByRole('button', { name: 'Load all pages' }));
    expect(await screen.findByText(/page 3 of the transactions/)).toBeTruthy();
    expect(status().textContent).toBe('2 pages read: 2 entries (0 pending, 2 booked).');
    expect(screen.getByText('Shop 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue loading' }));
    await waitFor(() => expect(status().textContent).toBe('All 3 pages loaded: 3 entries (0 pending, 3 booked).'));
    expect(screen.queryByText(/page 3 of the transactions/)).toBeNull();
  });
});
