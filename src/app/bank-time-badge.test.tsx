// @vitest-environment happy-dom
// The header's bank time: hidden while the bank keeps the browser's time (within a minute), shown with the difference
// and where it was read when it does not, and renewed by every new reading (a clock moved from the Sandbox page).
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteBankDate, noteSandboxClock, profileStore } from '../api';
import { noSandboxAdmin } from '../testing/http';
import { forgetPage } from '../testing/pages';
import { createQueryClient } from './providers';
import { routes } from './routes';

const BROWSER = Date.parse('2026-11-26T10:00:00Z');

function renderShell() {
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const badge = () => screen.queryByRole('group', { name: 'Bank time' });

describe('the header’s bank time', () => {
  beforeEach(() => {
    noSandboxAdmin();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(BROWSER);
  });
  afterEach(() => {
    forgetPage();
    vi.useRealTimers();
  });

  it('is hidden while the bank’s Date is within a minute of the browser’s time', async () => {
    noteBankDate(profileStore.active(), new Date(BROWSER + 50_000).toUTCString(), BROWSER, BROWSER);
    renderShell();
    await screen.findByRole('group', { name: 'Active consent' });
    expect(badge()).toBeNull();
  });

  it('shows the bank’s time and the difference, says where it was read, and follows the sandbox’s clock', async () => {
    const profile = profileStore.active();
    noteBankDate(profile, 'Tue, 01 Dec 2026 10:00:00 GMT', BROWSER, BROWSER);
    renderShell();
    const shown = await screen.findByRole('group', { name: 'Bank time' });
    expect(shown.textContent).toBe('Bank time 1 Dec 10:00 UTC, +5 days, 5 days ahead of this browser’s clock');
    expect(shown.getAttribute('title')).toMatch(/^Read from the bank’s Date header at \d\d:\d\d:\d\d/);

    // The Sandbox page sets the clock back to an hour and a half behind real time, and stops it.
    act(() => {
      noteSandboxClock(profile, { now: '2026-11-26T08:30:00.000Z', frozen: true }, BROWSER, BROWSER);
    });
    expect(shown.textContent).toContain('Bank time 26 Nov 08:30 UTC, −1 hour 30 minutes');
    expect(shown.textContent).toContain('1 hour 30 minutes behind this browser’s clock');
    expect(shown.getAttribute('title')).toMatch(/^Read from the sandbox’s clock at .*; the clock stands still\.$/);

    // Back to real time: hidden.
    act(() => {
      noteSandboxClock(profile, { now: new Date(BROWSER + 10).toISOString() }, BROWSER + 5, BROWSER + 10);
    });
    expect(badge()).toBeNull();
  });

  it('names the year when the bank’s is not the browser’s', async () => {
    noteBankDate(profileStore.active(), 'Sat, 02 Jan 2027 09:05:00 GMT', BROWSER, BROWSER);
    renderShell();
    expect((await screen.findByRole('group', { name: 'Bank time' })).textContent).toMatch(
      /^Bank time 2 Jan 2027 09:05 UTC, \+36 days 23 hours/,
    );
  });
});
