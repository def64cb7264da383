// @vitest-environment happy-dom
// The authorisations panel offers "Start new authorisation" only when the resource's state allows one, and otherwise
// says why; the list is read from a stubbed bank through the real fetch layer.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtInSandboxProfile, type AuthorisationScope } from '../../api';
import { answerAll } from '../../testing/http';
import { AuthorisationsPanel } from './authorisations-panel';

const profile = builtInSandboxProfile('http://bank.test');
const scope: AuthorisationScope = { kind: 'consent', consentId: 'consent-1' };

function renderPanel(startRefusal?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthorisationsPanel profile={profile} scope={scope} returnTo="/consents/consent-1" startRefusal={startRefusal} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  answerAll(
    new Response(JSON.stringify({ authorisationIds: ['auth-1'] }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
});

afterEach(() => {
  cleanup();
});

describe('AuthorisationsPanel', () => {
  it('offers a new authorisation when nothing speaks against it', async () => {
    renderPanel();
    expect(await screen.findByText('auth-1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start new authorisation' })).toBeTruthy();
    expect(screen.queryByText(/No new authorisation can be started/)).toBeNull();
  });

  it('does not offer one the bank would refuse, and says why', async () => {
    renderPanel('the consent is already valid.');
    expect(await screen.findByText('auth-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start new authorisation' })).toBeNull();
    expect(screen.getByText('No new authorisation can be started: the consent is already valid.')).toBeTruthy();
    // Existing authorisations can still be read.
    expect(screen.getByRole('button', { name: 'Read SCA status of auth-1' })).toBeTruthy();
  });
});
