// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { activeConsent, profileStore } from '../../../api';
import { answerAll, answerNext, jsonResponse, sent, sentCount } from '../../../testing/http';
import { ActiveConsentIndicator } from './active-consent-indicator';

const answer = (body: unknown, status = 200) => jsonResponse(body, { status });

function renderIndicator() {
  const router = createMemoryRouter([{ path: '*', element: <ActiveConsentIndicator /> }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return screen.getByRole('group', { name: 'Active consent' });
}

afterEach(() => {
  cleanup();
  activeConsent.set(profileStore.active().id, undefined);
});

describe('ActiveConsentIndicator', () => {
  it('without an active consent offers to create one and reads nothing', () => {
    const group = renderIndicator();
    expect(within(group).getByText('No active consent')).toBeTruthy();
    expect(within(group).getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/consents/new');
    expect(sentCount()).toBe(0);
  });

  it('shows the active consent of the active profile with its status from one status read', async () => {
    answerAll(answer({ consentStatus: 'valid' }));
    activeConsent.set(profileStore.active().id, 'con-1234567890abcdef');
    const group = renderIndicator();
    const link = within(group).getByRole('link', { name: /con-1234…cdef/ });
    expect(link.getAttribute('href')).toBe('/consents/con-1234567890abcdef');
    expect(await within(group).findByText('valid')).toBeTruthy();
    expect(sentCount()).toBe(1);
    const { url, method } = await sent(0);
    expect(url).toMatch(/\/sandbox\/v1\/consents\/con-1234567890abcdef\/status$/);
    expect(method).toBe('GET');
  });

  it('says when a consent is not usable, and when its status cannot be read', async () => {
    answerNext(answer({ consentStatus: 'expired' }));
    activeConsent.set(profileStore.active().id, 'con-old');
    const group = renderIndicator();
    expect(await within(group).findByText('expired')).toBeTruthy();
    expect(within(group).getByText(/not usable for reads/)).toBeTruthy();

    answerNext(answer({ tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN', text: 'no such consent' }] }, 403));
    act(() => activeConsent.set(profileStore.active().id, 'con-gone'));
    expect(await within(group).findByText('status unknown')).toBeTruthy();
  });
});
