// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consentKeys, exchangeLog, sessionTokens } from '../../api';
import { answerNext, jsonResponse, sent, sentCount } from '../../testing/http';
import { OAuthCallbackPage } from './oauth-callback-page';
import { peekOAuth, rememberOAuth, type PendingOAuth } from './oauth-store';
import { useScaReturnStep } from './sca-return-notice';

const BANK = 'https://bank.example/psd2';
/** The profile's bank (the built-in sandbox's base_url): the token is for its origin, the OAuth server lives elsewhere. */
const XS2A = `${window.location.origin}/sandbox`;
const pending: Omit<PendingOAuth, 'createdAt' | 'expiresAt'> = {
  profileId: 'sandbox',
  server: {
    issuer: `${BANK}/oauth`,
    authorizationEndpoint: `${BANK}/oauth/authorize`,
    tokenEndpoint: `${BANK}/oauth/token`,
  },
  clientId: 'xs2a-console',
  redirectUri: `${window.location.origin}/callback/oauth`,
  scope: 'AIS:c-1',
  codeVerifier: 'verifier-0123456789-0123456789-0123456789-abcdef',
  resource: { kind: 'consent', consentId: 'c-1' },
  returnTo: '/consents/c-1',
  scaStatusHref: `${XS2A}/v1/consents/c-1/authorisations/a-1`,
};

/** What the page returned to tells of the round trip. */
function ReturnStep() {
  const step = useScaReturnStep('authorisation of the consent');
  return step ? <p role="status">{step.detail ?? (step.ok ? 'ok' : 'nok')}</p> : null;
}

function Target() {
  const location = useLocation();
  return (
    <>
      <p data-testid="target">{`${location.pathname}${location.search}`}</p>
      <ReturnStep />
    </>
  );
}

function renderAt(path: string) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  const router = createMemoryRouter(
    [
      { path: '/callback/oauth', element: <OAuthCallbackPage /> },
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

let sequence = 0;
/** A state of its own per test: the callback is completed once per address. */
const newState = () => `state-${Date.now()}-${(sequence += 1)}`;

beforeEach(() => {
  exchangeLog.clear();
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
  sessionTokens.reload();
});

describe('the OAuth callback page', () => {
  it('exchanges the code, keeps the token for the profile and returns to the consent, finalised', async () => {
    const state = newState();
    rememberOAuth(state, pending);
    answerNext(
      jsonResponse({ access_token: 'token-xyz-1', token_type: 'Bearer', expires_in: 3600, scope: 'AIS:c-1' }),
      jsonResponse({ scaStatus: 'finalised' }),
    );
    const { invalidate, router } = renderAt(`/callback/oauth?code=code-1&state=${state}`);

    expect((await screen.findByTestId('target')).textContent).toBe('/consents/c-1?sca=ok');
    expect(router.state.location.state).toMatchObject({ oauth: { outcome: 'authorised', scaStatus: 'finalised' } });
    expect(screen.getByRole('status').textContent).toMatch(
      /PSU approved the authorisation of the consent through OAuth\. The bank reports the SCA status as finalised \(finalised\)\. The console holds an access token for this profile until/,
    );
    const [token] = sessionTokens.list('sandbox');
    expect(token).toMatchObject({ scope: 'AIS:c-1', accessToken: 'token-xyz-1' });
    expect((token?.expiresAt ?? 0) - (token?.obtainedAt ?? 0)).toBe(3_600_000);
    expect((await sent(0)).url).toBe(`${BANK}/oauth/token`);
    // The SCA status is read with the new token.
    const statusRead = await sent(1);
    expect(statusRead.url).toBe(pending.scaStatusHref);
    expect(statusRead.headers.get('Authorization')).toBe('Bearer token-xyz-1');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: consentKeys.all('sandbox') });
    expect(peekOAuth(state)).toBeUndefined();
    expect(JSON.stringify(exchangeLog.list())).not.toMatch(/token-xyz-1|code-1|verifier-0123/);
  });

  it('explains an unknown state and asks the bank for nothing', async () => {
    rememberOAuth(newState(), pending);
    renderAt('/callback/oauth?code=code-2&state=made-up');
    expect((await screen.findByRole('alert')).textContent).toMatch(/The console does not know this authorisation/);
    expect(screen.getByRole('link', { name: 'Consents' }).getAttribute('href')).toBe('/consents');
    expect(screen.queryByText(/code-2/)).toBeNull();
    expect(sentCount()).toBe(0);
    expect(sessionTokens.list('sandbox')).toEqual([]);
  });

  it('says the PSU denied it even when the state is unknown', async () => {
    renderAt('/callback/oauth?error=access_denied');
    await screen.findByRole('alert');
    expect(screen.getByText(/PSU denied the authorisation \(access_denied\)/)).toBeTruthy();
  });

  it('returns to the resource after a denial, which shows it and reads the status again', async () => {
    const state = newState();
    rememberOAuth(state, pending);
    const { invalidate } = renderAt(`/callback/oauth?error=access_denied&state=${state}`);
    expect((await screen.findByTestId('target')).textContent).toBe('/consents/c-1?sca=nok');
    expect(screen.getByRole('status').textContent).toMatch(
      /the PSU denied the authorisation of the consent on the bank’s OAuth page \(access_denied\)\. The status has been read again/,
    );
    expect(invalidate).toHaveBeenCalledWith({ queryKey: consentKeys.all('sandbox') });
    expect(sentCount()).toBe(0);
    expect(peekOAuth(state)).toBeUndefined();
  });

  it('shows a failed token exchange in plain words, with the way back', async () => {
    const state = newState();
    rememberOAuth(state, pending);
    answerNext(jsonResponse({ error: 'invalid_grant', error_description: 'code expired' }, { status: 400 }));
    renderAt(`/callback/oauth?code=code-3&state=${state}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The bank did not issue an access token/);
    expect(alert.textContent).toMatch(/invalid_grant/);
    expect(alert.textContent).toMatch(/The bank says: code expired/);
    expect(alert.textContent).toMatch(/What to check: Authorise again/);
    expect(screen.getByRole('link', { name: 'Back to the consent' }).getAttribute('href')).toBe(
      '/consents/c-1?sca=nok',
    );
    expect(sessionTokens.list('sandbox')).toEqual([]);
  });

  it('shows another OAuth error of the bank without asking for a token', async () => {
    const state = newState();
    rememberOAuth(state, pending);
    renderAt(`/callback/oauth?error=invalid_scope&error_description=unknown+consent&state=${state}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/The bank did not authorise/);
    expect(alert.textContent).toMatch(/does not accept the scope/);
    expect(sentCount()).toBe(0);
  });
});
