// @vitest-environment happy-dom
// "Cancel payment" on the payment page: offered only while the payment can still be cancelled, and a cancellation the
// bank refuses closes its question and shows the bank's reason.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answerAll, jsonResponse } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { PaymentPage } from './payment-page';

function bank(status: string, onDelete?: () => Response) {
  answerAll((request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'DELETE' && onDelete) return onDelete();
    if (path.endsWith('/status')) return jsonResponse({ transactionStatus: status });
    if (path.endsWith('/authorisations')) return jsonResponse({ authorisationIds: [] });
    return jsonResponse({ transactionStatus: status, instructedAmount: { currency: 'EUR', amount: '12.50' } });
  });
}

function renderPage(service = 'payments') {
  renderRoute('/payments/:service/:product/:paymentId', <PaymentPage />, {
    at: `/payments/${service}/sepa-credit-transfers/pay-1`,
  });
}

afterEach(forgetPage);

describe('cancelling a payment', () => {
  it.each(['ACSC', 'ACCC', 'RJCT', 'CANC', 'PART'])('is not offered for the final status %s', async (status) => {
    bank(status);
    renderPage();
    await screen.findByRole('status', { name: 'Transaction status' });
    expect(screen.queryByRole('button', { name: 'Cancel payment…' })).toBeNull();
  });

  it('is offered while the payment is accepted but not settled, and for a settled standing order that still runs', async () => {
    bank('ACTC');
    renderPage();
    expect(await screen.findByRole('button', { name: 'Cancel payment…' })).toBeTruthy();
    cleanup();
    bank('ACSC');
    renderPage('periodic-payments');
    await screen.findByRole('status', { name: 'Transaction status' });
    expect(await screen.findByRole('button', { name: 'Cancel payment…' })).toBeTruthy();
  });

  it('closes its question when the bank refuses, and shows the bank’s reason', async () => {
    bank('ACTC', () =>
      jsonResponse(
        {
          tppMessages: [
            {
              category: 'ERROR',
              code: 'CANCELLATION_INVALID',
              text: 'A payment in status ACSC can no longer be cancelled.',
            },
          ],
        },
        { status: 405 },
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel payment…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the payment' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'A payment in status ACSC can no longer be cancelled.',
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Yes, cancel the payment' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Keep it' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel payment…' })).toBeTruthy();
  });

  it('offers to edit and resend the refused DELETE from its error, as every bank error does (409)', async () => {
    bank('ACTC', () =>
      jsonResponse(
        {
          tppMessages: [
            {
              category: 'ERROR',
              code: 'STATUS_INVALID',
              text: 'The payment changed while it was being cancelled; read its status and retry.',
            },
          ],
        },
        { status: 409 },
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel payment…' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('HTTP 409');
    const resend = within(alert).getByRole('link', { name: 'Edit and resend' });
    expect(resend.getAttribute('href')).toMatch(/^\/explore\?from=.+/);
  });
});
