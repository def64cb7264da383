// @vitest-environment happy-dom
// The account pages in presenter mode: the list, the details, the balances, the transactions (counterparties and their
// accounts) and an entry's details show no full IBAN and no full personal name, and the raw JSON waits behind a
// disclosure with the same data masked.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activeConsent, profileStore } from '../../../api';
import { answerAll } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { AccountPage } from './account-page';
import { AccountsListPage } from './accounts-list-page';

const OWN = 'DE16990100000010010001';
const OTHER = 'DE89370400440532013000';
const FULL_NAMES = ['Alice Schneider', 'Bob Laurent', 'Carol Jensen', 'Schneider', 'Laurent', 'Jensen'];

const account = {
  resourceId: 'acc-1',
  iban: OWN,
  currency: 'EUR',
  name: 'Girokonto',
  ownerName: 'Alice Schneider',
  ownerNames: [{ name: 'Alice Schneider', role: 'owner' }],
  psuName: 'Alice Schneider',
  _links: {
    balances: { href: '/v1/accounts/acc-1/balances' },
    transactions: { href: '/v1/accounts/acc-1/transactions' },
  },
};

/** An account the bank names after its holder, as some banks do, beside one named after its product. */
const namedAfterHolder = {
  resourceId: 'acc-2',
  iban: 'DE16990100000010010002',
  currency: 'EUR',
  name: 'Alice Schneider',
};
const namedAfterProduct = {
  resourceId: 'acc-3',
  iban: 'DE16990100000010010003',
  currency: 'EUR',
  name: 'Main account',
};

function bank() {
  answerAll((request) => {
    const path = new URL(request.url).pathname;
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    if (/\/v1\/consents\/[^/]+\/status$/.test(path)) return json({ consentStatus: 'valid' });
    if (path.endsWith('/v1/accounts')) return json({ accounts: [account, namedAfterHolder, namedAfterProduct] });
    if (path.endsWith('/v1/accounts/acc-1')) return json({ account });
    if (path.endsWith('/balances')) {
      return json({
        account: { iban: OWN },
        balances: [{ balanceType: 'interimAvailable', balanceAmount: { currency: 'EUR', amount: '100.00' } }],
      });
    }
    if (path.endsWith('/transactions')) {
      return json({
        account: { iban: OWN },
        transactions: {
          booked: [
            {
              transactionId: 't1',
              bookingDate: '2026-11-20',
              creditorName: 'Bob Laurent',
              creditorAccount: { iban: OTHER },
              debtorName: 'Alice Schneider',
              remittanceInformationUnstructured: `Rent to ${OTHER}`,
              transactionAmount: { currency: 'EUR', amount: '-12.50' },
            },
            {
              transactionId: 't2',
              bookingDate: '2026-11-19',
              debtorName: 'Carol Jensen',
              debtorAccount: { iban: OTHER },
              transactionAmount: { currency: 'EUR', amount: '30.00' },
            },
          ],
          pending: [],
        },
      });
    }
    return new Response(JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] }), {
      status: 404,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function renderAt(path: string, element: ReactNode, route: string) {
  renderRoute(route, element, { at: path, presenter: true });
}

/** All text of the page, closed disclosures and dialogs included. */
function expectNothingPersonal() {
  const text = document.body.textContent ?? '';
  for (const secret of [OWN, OTHER, ...FULL_NAMES]) expect(text).not.toContain(secret);
}

beforeAll(() => {
  // The virtualized table renders the rows that fit its scroll box: give the box a size, as a browser would.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1000 });
});

beforeEach(() => {
  activeConsent.set(profileStore.active().id, 'con-1');
  bank();
});

afterEach(forgetPage);

describe('the account pages in presenter mode', () => {
  it('list the accounts with masked IBANs and shortened owner names', async () => {
    renderAt('/accounts', <AccountsListPage />, '/accounts');
    expect(await screen.findByText('DE16 •••• •••• 0001')).toBeTruthy();
    expect(screen.getByText(/Owner: Alice S\. \(owner\)/)).toBeTruthy();
    // Account names: a person's shortened, a product's kept.
    expect(screen.getByRole('heading', { level: 3, name: 'Alice S.' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Main account' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Girokonto' })).toBeTruthy();
    expectNothingPersonal();
  });

  it('show the details, balances and transactions masked, and an entry’s details too', async () => {
    const user = userEvent.setup();
    renderAt('/accounts/acc-1', <AccountPage />, '/accounts/:accountId');
    const table = await screen.findByRole('table', { name: /Transactions from/ });
    await within(table).findByText('Bob L.');
    expect(within(table).getByText('Carol J.')).toBeTruthy();
    expect(screen.getAllByText('DE16 •••• •••• 0001').length).toBeGreaterThan(0);
    expect(screen.getByText('Alice S. (owner)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy IBAN' })).toBeNull();
    const json = screen.getByRole('region', { name: 'Account as JSON', hidden: true });
    expect(json.textContent).toContain('"ownerName": "Alice S."');
    expectNothingPersonal();

    await user.click(within(table).getByText('Bob L.'));
    const dialog = await screen.findByRole('dialog', { name: 'Transaction details' });
    expect(within(dialog).getByText('DE89 •••• •••• 3000')).toBeTruthy();
    expect(within(dialog).getByText('Rent to DE89 •••• •••• 3000')).toBeTruthy();
    expectNothingPersonal();
  });
});
