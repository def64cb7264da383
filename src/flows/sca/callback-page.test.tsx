// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentKeys, profileStore } from '../../api';
import { CallbackNokPage, CallbackOkPage, returnUrl } from './callback-page';
import { bindRedirectState, createRedirectState, findRedirectState } from './redirect-store';

function Target() {
  const location = useLocation();
  return <p data-testid="target">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const router = createMemoryRouter(
    [
      { path: '/callback/ok', element: <CallbackOkPage /> },
      { path: '/callback/nok', element: <CallbackNokPage /> },
      { path: '*', element: <Target /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { invalidate, router };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('returnUrl', () => {
  it('adds sca=ok|nok and keeps the route’s own query and hash', () => {
    expect(returnUrl('/payments/payments/sepa-credit-transfers/p-1', 'ok')).toBe(
      '/payments/payments/sepa-credit-transfers/p-1?sca=ok',
    );
    expect(returnUrl('/consents/c-1?tab=sca#top', 'nok')).toBe('/consents/c-1?tab=sca&sca=nok#top');
    expect(returnUrl('/consents/c-1?sca=ok', 'nok')).toBe('/consents/c-1?sca=nok');
  });
});

describe('callback pages', () => {
  it('return to the bound route with ?sca=ok, refresh the profile’s data and use the state up', async () => {
    const state = createRedirectState('sandbox');
    bindRedirectState(state, '/payments/payments/sepa-credit-transfers/p-1');
    // The bank may add its own parameters, an OAuth state among them, before or after ours.
    const { invalidate } = renderAt(`/callback/ok?state=bank-own-state&code=xyz&state=${state}`);
    expect((await screen.findByTestId('target')).textContent).toBe(
      '/payments/payments/sepa-credit-transfers/p-1?sca=ok',
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: paymentKeys.all('sandbox') });
    expect(invalidate).toHaveBeenCalledTimes(4);
    expect(findRedirectState(state)).toBeUndefined();
  });

  it('report nok the same way', async () => {
    const state = createRedirectState('sandbox');
    bindRedirectState(state, '/consents/c-9');
    renderAt(`/callback/nok?state=${state}`);
    expect((await screen.findByTestId('target')).textContent).toBe('/consents/c-9?sca=nok');
  });

  it('switch back to the profile the flow ran in', async () => {
    profileStore.save({
      id: 'p-other',
      name: 'Other bank',
      baseUrl: 'https://bank.example/psd2',
      psuHeaders: {},
      sca: {},
    });
    profileStore.setActive('p-other');
    const state = createRedirectState('sandbox');
    bindRedirectState(state, '/payments');
    renderAt(`/callback/ok?state=${state}`);
    await screen.findByTestId('target');
    expect(profileStore.active().id).toBe('sandbox');
  });

  it('explain an unknown, unbound or missing state in a plain page', () => {
    const unbound = createRedirectState('sandbox');
    for (const path of ['/callback/ok', `/callback/ok?state=${unbound}`, '/callback/ok?state=nope&error=x']) {
      renderAt(path);
      expect(screen.getByRole('heading', { level: 1, name: 'Back from the bank' })).toBeTruthy();
      expect(screen.getByText(/reports the authorisation as done/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Payments' }).getAttribute('href')).toBe('/payments');
      expect(screen.getByRole('link', { name: 'Consents' }).getAttribute('href')).toBe('/consents');
      expect(screen.queryByTestId('target')).toBeNull();
      cleanup();
    }
    renderAt('/callback/nok?state=nope&error=access_denied');
    expect(screen.getByText(/was not completed/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Parameters the bank added' })).toBeTruthy();
    expect(screen.getByText('access_denied')).toBeTruthy();
    expect(screen.queryByText('nope')).toBeNull();
  });
});
