// @vitest-environment happy-dom
// The payment page against a bank that deviates from 1.3.12 the way real banks do: an amount as a JSON number, a
// lower-case transactionStatus and `_links` as plain strings. The page shows the data, names each deviation and keeps
// every action the bank's links offer. A status a signing basket's authorisation brought names the basket.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileStore } from '../../../api';
import { historyPrefixes } from '../../../flows/history';
import { answerByPath as bank, forgetPage, renderRoute } from '../../../testing/pages';
import { PaymentPage } from './payment-page';

const paymentPath = '/v1/payments/sepa-credit-transfers/pay-1';

function renderPage(links: Record<string, unknown>) {
  renderRoute('/payments/:service/:product/:paymentId', <PaymentPage />, {
    at: {
      pathname: '/payments/payments/sepa-credit-transfers/pay-1',
      state: {
        created: { requestId: 'req-1', status: 201, deviations: [], tppMessages: [] },
        links,
        scaApproach: 'REDIRECT',
      },
    },
  });
}

afterEach(forgetPage);

describe('a payment at a deviating bank', () => {
  it('says a lower-case status is not a 1.3.12 status and keeps the SCA the links offer', async () => {
    bank({
      [`${paymentPath}/status`]: { transactionStatus: 'rcvd' },
      [`${paymentPath}/authorisations`]: { authorisationIds: [] },
      [paymentPath]: { transactionStatus: 'rcvd', instructedAmount: { currency: 'EUR', amount: '12.50' } },
    });
    renderPage({ scaRedirect: { href: 'https://bank.test/sca/1' }, self: { href: paymentPath } });
    const status = await screen.findByRole('status', { name: 'Transaction status' });
    expect(status.textContent).toContain('the bank reports a status 1.3.12 does not define: rcvd');
    expect(status.textContent).toContain('probably RCVD');
    expect(await screen.findByRole('link', { name: /Continue at the bank/ })).toBeTruthy();
    expect(screen.queryByText(/already authorised/)).toBeNull();
  });

  it('follows SCA links sent as plain strings and says so', async () => {
    bank({
      [`${paymentPath}/status`]: { transactionStatus: 'RCVD' },
      [`${paymentPath}/authorisations`]: { authorisationIds: [] },
      [paymentPath]: { transactionStatus: 'RCVD', instructedAmount: { currency: 'EUR', amount: '12.50' } },
    });
    renderPage({ scaRedirect: 'https://bank.test/sca/1', scaStatus: `${paymentPath}/authorisations/a1` });
    const link = await screen.findByRole('link', { name: /Continue at the bank/ });
    expect(link.getAttribute('href')).toBe('https://bank.test/sca/1');
    expect(screen.queryByText(/offers no SCA step/)).toBeNull();
    expect(screen.getByText(/scaRedirect, scaStatus as plain strings/)).toBeTruthy();
  });

  it('shows an amount sent as a JSON number, flagged beside it', async () => {
    bank({
      [`${paymentPath}/status`]: { transactionStatus: 'ACSC' },
      [`${paymentPath}/authorisations`]: { authorisationIds: [] },
      [paymentPath]: { transactionStatus: 'ACSC', instructedAmount: { currency: 'EUR', amount: 12.5 } },
    });
    renderPage({});
    const term = await screen.findByText('Amount');
    const item = term.parentElement as HTMLElement;
    expect(within(item).getByText(/12[.,]50/)).toBeTruthy();
    expect(item.textContent).toContain('JSON number');
    expect(screen.queryByText(/Could not show/)).toBeNull();
  });
});

describe('a payment authorised in a signing basket', () => {
  it('names the basket beside the status its authorisation brought, in the timeline this browser saw', async () => {
    const profileId = profileStore.active().id;
    localStorage.setItem(
      `${historyPrefixes.payments}${profileId}`,
      JSON.stringify([
        {
          createdAt: 1,
          statuses: [
            { status: 'RCVD', at: 1 },
            { status: 'ACSC', at: 2, basketId: 'b-1' },
          ],
          links: {},
          service: 'payments',
          product: 'sepa-credit-transfers',
          paymentId: 'pay-1',
          amount: '12.50',
          currency: 'EUR',
          creditorName: 'Kiosk',
          transactionStatus: 'ACSC',
        },
      ]),
    );
    bank({
      [`${paymentPath}/status`]: { transactionStatus: 'ACSC' },
      [`${paymentPath}/authorisations`]: { authorisationIds: [] },
      [paymentPath]: { transactionStatus: 'ACSC', instructedAmount: { currency: 'EUR', amount: '12.50' } },
    });
    renderRoute('/payments/:service/:product/:paymentId', <PaymentPage />, {
      at: '/payments/payments/sepa-credit-transfers/pay-1',
    });
    const seen = (await screen.findByText('Seen by this browser')).parentElement as HTMLElement;
    const items = within(seen).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).not.toContain('basket');
    const basket = within(items[1] as HTMLElement).getByRole('link', { name: 'signing basket b-1' });
    expect(basket.getAttribute('href')).toBe('/baskets/b-1');
    expect(items[1]?.textContent).toContain('by the authorisation of signing basket b-1');
  });
});
