// @vitest-environment happy-dom
// A read the bank answers 429 Too Many Requests with Retry-After: the panel shows the countdown and the data once the
// console's own try again succeeds, without the user clicking anything; Cancel ends the wait with the bank's 429 and
// its Try again. The console's waits run on vitest's fake timers: nothing here waits in real time.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeConsent, exchangeLog, profileStore, readWaits } from '../../../api';
import { answerAll } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { AccountsListPage } from './accounts-list-page';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** A bank whose account list answers 429 with Retry-After the first `refusals` times. */
function bank(refusals: number, retryAfter = '7') {
  let refused = 0;
  answerAll((request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/status')) return json({ consentStatus: 'valid' });
    if (path.endsWith('/v1/accounts') && refused < refusals) {
      refused += 1;
      const body = { tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED', text: 'Slow down' }] };
      return json(body, 429, { 'Retry-After': retryAfter });
    }
    return json({ accounts: [{ resourceId: 'acc-1', iban: 'DE16990100000010010001', currency: 'EUR', name: 'Giro' }] });
  });
}

/**
 * Lets the page and the stub move until `check` holds: real I/O, and the fake clock a millisecond a turn, so the
 * notifications React Query schedules with setTimeout run while the console's waits (whole seconds) stay ahead.
 */
async function until(check: () => boolean): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > 10_000) throw new Error('the page never got there');
    await act(async () => {
      vi.advanceTimersByTime(1);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

const countdown = () => screen.queryByText(/^The bank asked to wait:/);

beforeEach(() => {
  exchangeLog.clear();
  activeConsent.set(profileStore.active().id, 'con-1');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  for (const wait of readWaits.list()) wait.cancel();
  vi.useRealTimers();
  forgetPage();
});

describe('a read the bank asks to hold back', () => {
  it('shows the countdown, then the data once the console has tried again by itself', async () => {
    bank(1);
    renderRoute('/accounts', <AccountsListPage />);
    await until(() => countdown() !== null);
    expect(countdown()?.textContent).toBe('The bank asked to wait: trying again in 7 s');
    expect(screen.getByText(/with Retry-After: 7; try 2 of 4 comes next/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(countdown()?.textContent).toBe('The bank asked to wait: trying again in 4 s');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    await until(() => screen.queryByText('Giro') !== null);
    expect(countdown()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The inspector has both tries.
    expect(
      exchangeLog
        .list()
        .filter((e) => e.operationId === 'getAccountList')
        .map((e) => e.response?.status),
    ).toEqual([429, 200]);
  });

  it('ends the wait on Cancel with the bank’s 429 and a Try again', async () => {
    bank(1);
    renderRoute('/accounts', <AccountsListPage />);
    await until(() => countdown() !== null);
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    await until(() => screen.queryByRole('button', { name: 'Try again' }) !== null);
    const refusal = screen.getByText(/The bank refused the request \(429 ACCESS_EXCEEDED\)/).closest('div');
    expect(within(refusal as HTMLElement).getByText(/the wait was cancelled after 1 try/)).toBeTruthy();
    expect(countdown()).toBeNull();
    await act(() => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    await until(() => screen.queryByText('Giro') !== null);
  });

  it('shows an audience the wait without the status code or headers (presenter mode)', async () => {
    bank(1);
    renderRoute('/accounts', <AccountsListPage />, { presenter: true });
    await until(() => countdown() !== null);
    expect(countdown()?.textContent).toBe('The bank asked to wait: trying again in 7 s');
    expect(screen.queryByText(/429|Retry-After/)).toBeNull();
  });
});
