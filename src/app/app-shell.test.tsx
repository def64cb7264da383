// @vitest-environment happy-dom
// The shell with its real route table: layout, navigation, profile choice, lazy pages and the not-found page.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http } from 'msw';
import { forgetAdminOffers, profileStore } from '../api';
import { adminDiscoveryDocument, jsonResponse, noSandboxAdmin, sent, server } from '../testing/http';
import { createQueryClient } from './providers';
import { routes } from './routes';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('console shell', () => {
  beforeEach(noSandboxAdmin);
  afterEach(() => {
    cleanup();
    forgetAdminOffers();
    for (const profile of profileStore.list()) if (!profile.builtIn) profileStore.remove(profile.id);
    profileStore.setActive('sandbox');
  });

  it('shows the labelled navigation, the profile choice and marks the current section', async () => {
    renderAt('/payments');
    await screen.findByRole('heading', { level: 1, name: 'Payments' });
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Payments' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Consents' }).getAttribute('aria-current')).toBeNull();
    const choice = screen.getByLabelText<HTMLSelectElement>('Bank profile');
    expect(choice.selectedOptions[0]?.textContent).toBe('Embedded sandbox');
  });

  it('offers the Sandbox page only when the bank’s admin API answers', async () => {
    renderAt('/payments');
    await screen.findByRole('heading', { level: 1, name: 'Payments' });
    // The check has been answered (404) and the page has rendered again since.
    await waitFor(async () => expect((await sent(0)).url).toMatch(/\/sandbox\/admin$/));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).queryByRole('link', { name: 'Sandbox' })).toBeNull();
    cleanup();
    // The answer is kept for the session; a new session asks again.
    forgetAdminOffers();

    server.use(http.get('*/admin', () => jsonResponse(adminDiscoveryDocument())));
    renderAt('/payments');
    await screen.findByRole('heading', { level: 1, name: 'Payments' });
    const shown = screen.getByRole('navigation', { name: 'Console sections' });
    expect(await within(shown).findByRole('link', { name: 'Sandbox' })).toBeTruthy();
  });

  it.each([
    ['/consents', 'Consents'],
    ['/accounts', 'Accounts'],
    ['/inspector', 'Inspector'],
    ['/settings', 'Settings'],
    ['/replay', 'Open a replay'],
  ])('renders the page at %s with its heading', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('shows the active profile and its base_url on the home page, and follows a switch', async () => {
    const user = userEvent.setup();
    profileStore.save({
      id: 'p-other',
      name: 'Other bank',
      baseUrl: 'https://other.example/psd2',
      psuHeaders: {},
      sca: {},
    });
    renderAt('/');
    await screen.findByRole('heading', { level: 1, name: 'XS2A Console' });
    expect(document.body.textContent).toContain(`${window.location.origin}/sandbox`);
    await user.selectOptions(screen.getByLabelText('Bank profile'), 'Other bank');
    expect(profileStore.active().id).toBe('p-other');
    expect(document.body.textContent).toContain('https://other.example/psd2');
  });

  it('answers unknown addresses with a not-found page', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
