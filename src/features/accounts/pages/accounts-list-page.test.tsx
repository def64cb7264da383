// @vitest-environment happy-dom
// The accounts list against a stubbed bank, through the real fetch layer: reads carry the active consent, switching the
// consent never shows the other consent's accounts, and a consent that is not valid stops every account read.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { accountKeys, activeConsent, consentKeys, profileStore } from '../../../api';
import { answerAll, jsonResponse } from '../../../testing/http';
import { forgetPage, renderRoute, testQueryClient } from '../../../testing/pages';
import { AccountsListPage } from './accounts-list-page';

interface Call {
  path: string;
  consentId: string | null;
}

/** A bank with one account per consent; `hold` keeps a consent's account list unanswered until released. */
function bank(statuses: Record<string, string>) {
  const calls: Call[] = [];
  const held = new Map<string, () => void>();
  const holding = new Set<string>();
  answerAll(async (request) => {
    const url = new URL(request.url);
    const consentId = request.headers.get('Consent-ID');
    calls.push({ path: url.pathname, consentId });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const status = /\/v1\/consents\/([^/]+)\/status$/.exec(url.pathname);
    if (status?.[1]) return json({ consentStatus: statuses[status[1]] ?? 'valid' });
    if (url.pathname.endsWith('/v1/accounts') && consentId) {
      if (holding.has(consentId)) await new Promise<void>((resolve) => held.set(consentId, resolve));
      return json({
        accounts: [
          {
            resourceId: `acc-${consentId}`,
            iban: 'DE16990100000010010001',
            currency: 'EUR',
            name: `Account of consent ${consentId}`,
          },
        ],
      });
    }
    return json({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] }, 404);
  });
  return {
    calls,
    hold: (consentId: string) => holding.add(consentId),
    release: (consentId: string) => {
      holding.delete(consentId);
      held.get(consentId)?.();
    },
  };
}

function renderPage(client = testQueryClient()) {
  renderRoute('/accounts', <AccountsListPage />, { client });
  return client;
}

afterEach(() => {
  forgetPage();
  activeConsent.set(profileStore.active().id, undefined);
});

describe('the accounts list', () => {
  it('reads with the active consent and never shows another consent’s accounts after a switch', async () => {
    const profileId = profileStore.active().id;
    const { calls, hold, release } = bank({});
    activeConsent.set(profileId, 'con-A');
    const client = renderPage();
    expect(await screen.findByText('Account of consent con-A')).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith('/v1/accounts')).map((c) => c.consentId)).toEqual(['con-A']);

    // Consent B's list is slow: while it loads, A's accounts must be gone, not shown as B's.
    hold('con-B');
    act(() => activeConsent.set(profileId, 'con-B'));
    await waitFor(() => expect(calls.some((c) => c.consentId === 'con-B')).toBe(true));
    expect(screen.queryByText('Account of consent con-A')).toBeNull();
    expect(screen.getByText('Reading the accounts…')).toBeTruthy();
    act(() => release('con-B'));
    expect(await screen.findByText('Account of consent con-B')).toBeTruthy();
    expect(screen.queryByText('Account of consent con-A')).toBeNull();

    // Each consent's data sits under its own key.
    const list = (consentId: string) =>
      client.getQueryData<{ body: { accounts: { name: string }[] } }>(accountKeys.list(profileId, consentId, false));
    expect(list('con-A')?.body.accounts[0]?.name).toBe('Account of consent con-A');
    expect(list('con-B')?.body.accounts[0]?.name).toBe('Account of consent con-B');

    // Back to A: A's own accounts, never B's.
    act(() => activeConsent.set(profileId, 'con-A'));
    expect(await screen.findByText('Account of consent con-A')).toBeTruthy();
    expect(screen.queryByText('Account of consent con-B')).toBeNull();
    const accountCalls = calls.filter((c) => c.path.endsWith('/v1/accounts'));
    expect(accountCalls.every((c) => c.consentId === 'con-A' || c.consentId === 'con-B')).toBe(true);
  });

  it('flags a consent that is not valid before any account read', async () => {
    const profileId = profileStore.active().id;
    const { calls } = bank({ 'con-old': 'expired' });
    activeConsent.set(profileId, 'con-old');
    renderPage();
    expect(await screen.findByRole('heading', { name: /The consent has expired/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the consent' }).getAttribute('href')).toBe('/consents/con-old');
    expect(calls.map((c) => c.path)).toEqual(['/sandbox/v1/consents/con-old/status']);
  });

  it('does not trust a status cached from an earlier visit: the consent is checked again before any read', async () => {
    const profileId = profileStore.active().id;
    const { calls } = bank({ 'con-gone': 'terminatedByTpp' });
    activeConsent.set(profileId, 'con-gone');
    const client = testQueryClient();
    client.setQueryData(consentKeys.status(profileId, 'con-gone'), {
      body: { consentStatus: 'valid' },
      status: 200,
      requestId: 'r',
      headers: {},
      deviations: [],
      exchangeId: 'e',
    });
    renderPage(client);
    expect(await screen.findByRole('heading', { name: 'The consent was deleted' })).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/sandbox/v1/consents/con-gone/status']);
  });

  it('points to the consents page when no consent is active', () => {
    bank({});
    renderPage();
    expect(screen.getByRole('heading', { name: 'No active consent' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a consent or choose one' }).getAttribute('href')).toBe('/consents');
  });
});

describe('a bank that sends optional fields as null', () => {
  it('reads null as absent: no "null" owner, no credit limit read from a null, and the deviation named', async () => {
    answerAll((request) => {
      if (new URL(request.url).pathname.endsWith('/status')) return jsonResponse({ consentStatus: 'valid' });
      return jsonResponse({
        accounts: [
          {
            resourceId: 'acc-1',
            iban: 'DE16990100000010010001',
            currency: 'EUR',
            name: 'Girokonto',
            ownerName: null,
            ownerNames: null,
            displayName: null,
            product: null,
            cashAccountType: null,
            status: null,
            _links: null,
            balances: [
              {
                balanceType: 'interimBooked',
                balanceAmount: { currency: 'EUR', amount: '10.00' },
                creditLimitIncluded: null,
                referenceDate: null,
                lastChangeDateTime: null,
              },
            ],
          },
        ],
      });
    });
    activeConsent.set(profileStore.active().id, 'con-nulls');
    renderPage();
    await userEvent.setup().click(await screen.findByLabelText(/With balances/));
    const item = (await screen.findByText('Girokonto')).closest('li') as HTMLElement;
    const balances = await within(item).findByRole('table', { name: /Balances of/ });
    expect(item.textContent).not.toContain('null');
    expect(item.textContent).not.toContain('Owner');
    expect(within(item).getByText('no status (usable)')).toBeTruthy();
    expect(within(balances).queryByText(/Not included|Included/)).toBeNull();
    const notice = screen.getByText(/deviates from XS2A 1\.3\.12/).closest('details') as HTMLElement;
    expect(notice.textContent).toMatch(/accounts\[0\]\.ownerName: sent as null/);
    expect(notice.textContent).toMatch(/creditLimitIncluded: sent as null/);
  });
});
