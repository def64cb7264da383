// @vitest-environment happy-dom
// The Sandbox page against a stubbed admin API: the clock and its moves (said in the bank's words, and the console's
// reading of the bank's time renewed), a restore that asks first, a refused scenario that keeps what was typed, a bank
// without the admin API, and a sandbox that wants its token.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { bankToday, exchangeLog, profileStore } from '../../../api';
import {
  adminDiscoveryDocument,
  adminErrorResponse,
  answerAll,
  jsonResponse,
  sent,
  sentCount,
} from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { SandboxPage } from './sandbox-page';

const clockAt = (now: string, offsetMs = 0, frozen = false) => ({
  now,
  realTime: offsetMs === 0 && !frozen,
  frozen,
  offsetMs,
  realNow: now,
});

interface BankState {
  now: string;
  token?: string;
  scenarioRefusal?: Response;
  snapshots?: string[];
  offsetMs?: number;
  frozen?: boolean;
}

/** A sandbox's admin API in the stub: answers by method and path, with the state the test gives. */
function sandboxAdmin(state: BankState) {
  answerAll((request) => {
    const path = new URL(request.url).pathname.replace(/^\/sandbox\/admin/, '');
    if (state.token && request.headers.get('Authorization') !== `Bearer ${state.token}`) {
      return adminErrorResponse(
        401,
        'unauthorized',
        'The admin API needs the token SANDBOX_ADMIN_TOKEN as a Bearer token.',
      );
    }
    const key = `${request.method} ${path}`;
    if (key === 'GET ') return jsonResponse(adminDiscoveryDocument());
    if (key === 'GET /clock') return jsonResponse(clockAt(state.now, state.offsetMs, state.frozen));
    if (key === 'POST /clock/advance') {
      state.now = '2026-03-17T09:00:00.000Z';
      state.offsetMs = 86_400_000;
      return jsonResponse({
        ...clockAt(state.now, state.offsetMs),
        action: 'advance',
        message: `Moved forward by 1 day to ${state.now}. 1 payment settled.`,
        effects: { settled: 1 },
      });
    }
    if (key === 'POST /clock/freeze') {
      // Frozen an hour ago: the bank's time now stands an hour behind real time.
      [state.offsetMs, state.frozen] = [-3_600_000, true];
      return jsonResponse({
        ...clockAt(state.now, state.offsetMs, state.frozen),
        action: 'freeze',
        message: `The bank's clock stands still at ${state.now} until it is unfrozen.`,
      });
    }
    if (key.startsWith('POST /snapshots/')) return jsonResponse({ restored: path.split('/')[2] });
    if (key === 'GET /scenarios') return jsonResponse({ scenarios: [] });
    if (key === 'GET /scenarios/catalogue') {
      return jsonResponse({
        operations: {
          getBalances: {
            method: 'GET',
            path: '/v1/accounts/{account-id}/balances',
            area: 'AIS',
            errorCodes: ['ACCESS_EXCEEDED', 'CONSENT_EXPIRED'],
          },
        },
      });
    }
    if (key === 'POST /scenarios') return state.scenarioRefusal ?? jsonResponse({}, { status: 201 });
    if (key === 'GET /profiles')
      return jsonResponse({ current: 'standard', profiles: [{ name: 'standard', description: 'As started.' }] });
    if (key === 'GET /psus') {
      return jsonResponse({
        password: 'sandbox',
        psus: [
          {
            psuId: 'alice',
            name: 'Alice',
            accounts: [{ resourceId: 'acc-1', iban: 'DE89370400440532013000', currency: 'EUR', name: 'Girokonto' }],
          },
        ],
      });
    }
    if (key === 'GET /snapshots') {
      const names = state.snapshots ?? [];
      return jsonResponse({ snapshots: names.map((name) => ({ name, createdAt: state.now })) });
    }
    return adminErrorResponse(404, 'not_found', `No ${key}.`);
  });
}

function renderPage() {
  renderRoute('/test-bench', <SandboxPage />);
}

afterEach(() => {
  forgetPage();
  exchangeLog.clear();
});

describe('Sandbox page', () => {
  it('in presenter mode shows the test PSUs with their names shortened and IBANs masked', async () => {
    sandboxAdmin({ now: '2026-03-16T09:00:00.000Z' });
    renderRoute('/test-bench', <SandboxPage />, { presenter: true });
    const table = await screen.findByRole('table', { name: 'Test PSUs and their accounts' });
    expect(table.textContent).toContain('A.');
    expect(table.textContent).toContain('DE89 •••• •••• 3000');
    expect(table.textContent).not.toContain('Alice');
    expect(table.textContent).not.toContain('DE89370400440532013000');
    expect(table.textContent).toContain('Girokonto');
  });

  it('shows the bank’s time, moves it a day on, and records the calls for the inspector', async () => {
    const user = userEvent.setup();
    sandboxAdmin({ now: '2026-03-16T09:00:00.000Z' });
    renderPage();
    const clock = await screen.findByRole('region', { name: 'The bank’s clock' });
    expect(await within(clock).findByText('16 Mar 2026, 09:00:00 UTC')).toBeTruthy();
    expect(await screen.findByRole('cell', { name: /DE89370400440532013000/ })).toBeTruthy();

    // The console reads the bank's day from the sandbox's clock.
    expect(bankToday(profileStore.active())).toBe('2026-03-16');

    await user.click(within(clock).getByRole('button', { name: '+1 day' }));
    expect(await within(clock).findByText('Moved forward by 1 day to 2026-03-17T09:00:00.000Z. 1 payment settled.'));
    expect(await within(clock).findByText('17 Mar 2026, 09:00:00 UTC')).toBeTruthy();
    expect(within(clock).getByText('1 day ahead of real time.')).toBeTruthy();
    const advance = exchangeLog.list().find((exchange) => exchange.operationId === 'sandboxAdmin.clock.advance');
    expect(advance?.request.body).toEqual({ by: 'P1D' });
    expect(bankToday(profileStore.active())).toBe('2026-03-17');
  });

  it('says what freezing did in the bank’s words, and how far the clock stands behind, one hour in the singular', async () => {
    const user = userEvent.setup();
    sandboxAdmin({ now: '2026-03-16T09:00:00.000Z' });
    renderPage();
    const clock = await screen.findByRole('region', { name: 'The bank’s clock' });
    await user.click(await within(clock).findByRole('button', { name: 'Freeze' }));
    expect(
      await within(clock).findByText("The bank's clock stands still at 2026-03-16T09:00:00.000Z until it is unfrozen."),
    ).toBeTruthy();
    expect(await within(clock).findByText('Frozen, 1 hour behind real time.')).toBeTruthy();
    expect(within(clock).queryByText(/Clock moved/)).toBeNull();
  });

  it('asks before restoring a snapshot, and restores only when confirmed', async () => {
    const user = userEvent.setup();
    sandboxAdmin({ now: '2026-03-16T09:00:00.000Z', snapshots: ['before-demo'] });
    renderPage();
    const data = await screen.findByRole('region', { name: 'Data' });
    await user.click(await within(data).findByRole('button', { name: 'Restore snapshot…' }));
    expect(within(data).getByText(/goes back to the snapshot “before-demo”, its clock too/)).toBeTruthy();
    const restores = () => exchangeLog.list().filter((e) => e.operationId === 'sandboxAdmin.data.restoreSnapshot');
    await user.click(within(data).getByRole('button', { name: 'Keep it' }));
    expect(restores()).toHaveLength(0);
    await user.click(within(data).getByRole('button', { name: 'Restore snapshot…' }));
    await user.click(within(data).getByRole('button', { name: 'Yes, restore the snapshot' }));
    expect(await within(data).findByText('Snapshot restored.')).toBeTruthy();
    expect(restores().map((e) => e.request.url)).toEqual([expect.stringMatching(/\/snapshots\/before-demo\/restore$/)]);
  });

  it('explains a refused scenario and keeps what the user typed', async () => {
    const user = userEvent.setup();
    sandboxAdmin({
      now: '2026-03-16T09:00:00.000Z',
      scenarioRefusal: adminErrorResponse(400, 'invalid_scenario', 'psuId: the PSU nobody is not at this bank.'),
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'New scenario' });
    await within(form).findByRole('option', { name: 'getBalances' });
    await user.selectOptions(within(form).getByLabelText('Operation'), 'getBalances');
    await user.selectOptions(within(form).getByLabelText('Error code'), 'ACCESS_EXCEEDED');
    await user.type(within(form).getByLabelText('Count'), '2');
    await user.type(within(form).getByLabelText('PSU-ID'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Add scenario' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The sandbox did not accept these values');
    expect(alert.textContent).toContain('psuId: the PSU nobody is not at this bank.');
    expect(within(form).getByLabelText<HTMLSelectElement>('Operation').value).toBe('getBalances');
    expect(within(form).getByLabelText<HTMLSelectElement>('Error code').value).toBe('ACCESS_EXCEEDED');
    expect(within(form).getByLabelText<HTMLInputElement>('Count').value).toBe('2');
    expect(within(form).getByLabelText<HTMLInputElement>('PSU-ID').value).toBe('nobody');
    const request = await sent(sentCount() - 1);
    expect(request.body).toEqual({ operation: 'getBalances', error: 'ACCESS_EXCEEDED', count: 2, psuId: 'nobody' });
  });

  it('says so when the bank offers no admin API, and shows no controls', async () => {
    answerAll(jsonResponse({ tppMessages: [{ code: 'RESOURCE_UNKNOWN' }] }, { status: 404 }));
    renderPage();
    expect(await screen.findByText(/This bank offers no sandbox admin API/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'The bank’s clock' })).toBeNull();
  });

  it('asks for the admin token when the sandbox wants one, then shows its controls', async () => {
    const user = userEvent.setup();
    sandboxAdmin({ now: '2026-03-16T09:00:00.000Z', token: 'the-admin-token-123' });
    renderPage();
    const token = await screen.findByLabelText('Admin token');
    expect(screen.getByText(/This sandbox was started with SANDBOX_ADMIN_TOKEN/)).toBeTruthy();
    await user.type(token, 'the-admin-token-123');
    await user.click(screen.getByRole('button', { name: 'Use token' }));
    expect(await screen.findByRole('region', { name: 'The bank’s clock' })).toBeTruthy();
    expect(localStorage.length === 0 || !JSON.stringify({ ...localStorage }).includes('the-admin-token-123')).toBe(
      true,
    );
  });
});
