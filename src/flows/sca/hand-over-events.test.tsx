// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { flowEvents, recordHandOver } from '../../api';
import { CallbackNokPage, CallbackOkPage } from './callback-page';
import { bindRedirectState, createRedirectState } from './redirect-store';

const ROUTE = '/payments/payments/sepa-credit-transfers/p-1';
const scope = { kind: 'payment', service: 'payments', product: 'sepa-credit-transfers', paymentId: 'p-1' } as const;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/callback/ok', element: <CallbackOkPage /> },
      { path: '/callback/nok', element: <CallbackNokPage /> },
      { path: '*', element: <p>arrived</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  flowEvents.clear();
});

describe('the return from the bank’s page', () => {
  it.each([
    ['ok', '/callback/ok'],
    ['nok', '/callback/nok'],
  ] as const)('is recorded for the flow diagram as %s, on the flow of the hand-over', async (outcome, page) => {
    recordHandOver(scope, 'redirect', ROUTE);
    const state = createRedirectState('sandbox');
    bindRedirectState(state, ROUTE);
    renderAt(`${page}?state=${state}`);
    await screen.findByText('arrived');
    expect(flowEvents.list().map((event) => [event.kind, event.flow, 'outcome' in event && event.outcome])).toEqual([
      ['hand-over', 'payment:p-1', false],
      ['return', 'payment:p-1', outcome],
    ]);
  });

  it('records nothing for a state this tab does not know', async () => {
    renderAt('/callback/ok?state=unknown');
    await screen.findByText(/cannot tell which payment or consent/);
    expect(flowEvents.list()).toEqual([]);
  });
});
