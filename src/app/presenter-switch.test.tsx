// @vitest-environment happy-dom
// The header's presenter-mode switch: an accessible switch, remembered for the tab (sessionStorage, never
// localStorage), scaling the type at the root and folding raw JSON behind a disclosure with the bank data masked.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRESENTER_STORAGE_KEY, presenterMode } from '../api';
import { JsonView } from '../components/ui';
import { createQueryClient } from './providers';
import { PresenterView } from './presenter-switch';
import { routes } from './routes';
import { noSandboxAdmin } from '../testing/http';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(noSandboxAdmin);
afterEach(() => {
  cleanup();
  presenterMode.set(false);
  sessionStorage.clear();
  localStorage.clear();
});

describe('presenter mode switch', () => {
  it('is a labelled switch in the header that turns the mode on and off for this tab', async () => {
    const user = userEvent.setup();
    renderAt('/');
    const toggle = await screen.findByRole('switch', { name: 'Presenter mode' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(document.documentElement.classList.contains('presenter')).toBe(false);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.classList.contains('presenter')).toBe(true);
    expect(sessionStorage.getItem(PRESENTER_STORAGE_KEY)).toBe('on');
    expect(JSON.stringify({ ...localStorage })).not.toContain('presenter');

    // A new render of the console in the same tab (e.g. back from the bank's page) finds the mode still on.
    cleanup();
    renderAt('/payments');
    expect((await screen.findByRole('switch', { name: 'Presenter mode' })).getAttribute('aria-checked')).toBe('true');
    expect(document.documentElement.classList.contains('presenter')).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Presenter mode' }));
    expect(sessionStorage.getItem(PRESENTER_STORAGE_KEY)).toBeNull();
    expect(document.documentElement.classList.contains('presenter')).toBe(false);
  });

  it('folds raw JSON behind a disclosure with IBANs masked and names shortened', async () => {
    const user = userEvent.setup();
    const body = { creditorName: 'Bob Laurent', creditorAccount: { iban: 'DE89370400440532013000' } };
    presenterMode.set(true);
    render(
      <PresenterView>
        <JsonView label="Payment as JSON" value={body} />
      </PresenterView>,
    );
    const summary = screen.getByText('Payment as JSON', { selector: 'summary' });
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).not.toContain('DE89370400440532013000');
    expect(details?.textContent).not.toContain('Bob Laurent');
    await user.click(summary);
    const json = screen.getByRole('region', { name: 'Payment as JSON' });
    expect(json.textContent).toContain('"iban": "DE89 •••• •••• 3000"');
    expect(json.textContent).toContain('"creditorName": "Bob L."');

    act(() => presenterMode.set(false));
    expect(screen.getByRole('region', { name: 'Payment as JSON' }).textContent).toContain('DE89370400440532013000');
    expect(document.querySelector('details')).toBeNull();
  });
});
