// @vitest-environment happy-dom
// The payment page's outcome banner: a rejection after the bank's page said ok is red with the bank's reason, an
// embedded authorisation that fails says "SCA failed" and its panel stays, and the creation's notice gives way. After
// a return from the bank, or a rejection, the page reads the latest authorisation's scaStatus before it says why; an
// error answer reads the payment's status again.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InitialEntry } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerAll, jsonResponse } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { PaymentPage } from './payment-page';

const paymentPath = '/v1/payments/sepa-credit-transfers/pay-1';

interface BankState {
  status: string;
  psuMessage?: string;
  /** The payment's one authorisation a1 and its scaStatus; none by default. */
  scaStatus?: string;
  /** A start of an authorisation is refused with 409, the payment being rejected already. */
  refuses?: boolean;
}

/** A bank whose payment has the status `state.status`; a PUT on the authorisation fails it and rejects the payment. */
function bank(state: BankState) {
  answerAll((request) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && state.refuses) {
      const text = `The payment is ${state.status}; it cannot be authorised any more.`;
      return jsonResponse({ tppMessages: [{ category: 'ERROR', code: 'STATUS_INVALID', text }] }, { status: 409 });
    }
    if (request.method === 'PUT') {
      state.status = 'RJCT';
      return jsonResponse({ scaStatus: 'failed', psuMessage: 'Authentication failed.' });
    }
    const status = { transactionStatus: state.status, ...(state.psuMessage && { psuMessage: state.psuMessage }) };
    if (path.endsWith('/status')) return jsonResponse(status);
    if (path.endsWith('/authorisations')) return jsonResponse({ authorisationIds: state.scaStatus ? ['a1'] : [] });
    if (path.endsWith('/authorisations/a1')) return jsonResponse({ scaStatus: state.scaStatus ?? 'received' });
    return jsonResponse({ ...status, instructedAmount: { currency: 'EUR', amount: '100.00' } });
  });
}

function renderPage(entry: InitialEntry) {
  renderRoute('/payments/:service/:product/:paymentId', <PaymentPage />, { at: entry });
}

const outcome = () => screen.getByRole('status', { name: 'Outcome' });

afterEach(forgetPage);

describe('the outcome banner of a payment', () => {
  it('is red with the bank’s reason when the bank rejects the payment the PSU approved at its page', async () => {
    bank({ status: 'RJCT', psuMessage: 'The payment was rejected: the debtor account does not have the funds.' });
    renderPage('/payments/payments/sepa-credit-transfers/pay-1?sca=ok');
    await waitFor(() => expect(outcome().textContent).toContain('Rejected'));
    expect(outcome().querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('danger');
    expect(within(outcome()).getByRole('list', { name: 'The bank’s reason' }).textContent).toContain(
      'does not have the funds',
    );
    expect(outcome().textContent).not.toMatch(/as done|✓/);
  });

  it('explains carol’s rejection: approved, then the bank found too little money, not the SCA or its timing', async () => {
    bank({
      status: 'RJCT',
      psuMessage: 'The payment was rejected: the debtor account does not have the funds.',
      scaStatus: 'finalised',
    });
    renderPage('/payments/payments/sepa-credit-transfers/pay-1?sca=ok');
    await waitFor(() => expect(outcome().textContent).toContain('Rejected: not enough money'));
    expect(outcome().textContent).toContain(
      'The PSU approved, then the bank found too little money in the account and rejected the payment (RJCT).',
    );
    expect(outcome().textContent).not.toMatch(/SCA|in time/);
    expect(screen.getByRole('status', { name: 'Transaction status' }).textContent).not.toMatch(/SCA|in time/);
  });

  it('reads dave’s scaStatus after his return from the bank’s page: “SCA failed”, not “rejected: Rejected”', async () => {
    bank({ status: 'RJCT', scaStatus: 'failed' });
    renderPage('/payments/payments/sepa-credit-transfers/pay-1?sca=nok');
    await waitFor(() => expect(outcome().textContent).toContain('SCA failed'));
    expect(outcome().textContent).toContain(
      'The approval at the bank failed, and the bank rejected the payment (RJCT).',
    );
    expect(outcome().textContent).not.toMatch(/rejected the payment: Rejected|did not complete/);
  });

  it('says the PSU cancelled in the banking app when the decoupled authorisation ended failed', async () => {
    bank({ status: 'RJCT', scaStatus: 'failed' });
    renderPage({
      pathname: '/payments/payments/sepa-credit-transfers/pay-1',
      state: {
        created: { requestId: 'req-1', status: 201, deviations: [] },
        links: { scaStatus: { href: `${paymentPath}/authorisations/a1` } },
        scaApproach: 'DECOUPLED',
      },
    });
    await waitFor(() => expect(outcome().textContent).toContain('SCA cancelled by the PSU'));
    expect(outcome().textContent).toContain('The PSU cancelled in the banking app, and the bank rejected the payment');
    expect(outcome().textContent).not.toMatch(/^✕ Rejected/);
  });

  it('reads the status again after an error answer, so the banner does not stay “Waiting for the PSU”', async () => {
    const state: BankState = { status: 'RCVD', refuses: true };
    bank(state);
    renderPage({
      pathname: '/payments/payments/sepa-credit-transfers/pay-1',
      state: {
        created: { requestId: 'req-1', status: 201, deviations: [] },
        links: { startAuthorisationWithPsuAuthentication: { href: `${paymentPath}/authorisations` } },
        scaApproach: 'EMBEDDED',
      },
    });
    await waitFor(() => expect(outcome().textContent).toContain('Waiting for the PSU'));
    // Elsewhere, the bank rejected the payment; this page has not read it.
    state.status = 'RJCT';
    const user = userEvent.setup();
    // The panel's steps load with its first showing.
    await screen.findByLabelText('Password');
    const panel = screen.getByRole('region', { name: 'Authorise the payment' });
    const password = within(panel).getByLabelText('Password');
    const psuId = within(panel).queryByLabelText('PSU-ID');
    if (psuId) await user.type(psuId, 'dave');
    await user.type(password, 'sandbox');
    await user.click(within(panel).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(outcome().textContent).toContain('The bank rejected the payment (RJCT).'));
    expect(outcome().textContent).not.toContain('Waiting for the PSU');
  });

  it('is green once the status authorises the payment', async () => {
    bank({ status: 'ACSC' });
    renderPage('/payments/payments/sepa-credit-transfers/pay-1?sca=ok');
    await waitFor(() => expect(outcome().textContent).toContain('Authorised'));
    expect(outcome().textContent).toContain('Settled (ACSC)');
    expect(outcome().querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('success');
  });

  it('says "SCA failed" when the embedded authorisation fails, and keeps the panel with its outcome', async () => {
    bank({ status: 'RCVD' });
    renderPage({
      pathname: '/payments/payments/sepa-credit-transfers/pay-1',
      state: {
        created: { requestId: 'req-1', status: 201, deviations: [] },
        links: { updatePsuAuthentication: { href: `${paymentPath}/authorisations/a1` } },
        scaApproach: 'EMBEDDED',
      },
    });
    await waitFor(() => expect(outcome().textContent).toContain('Waiting for the PSU'));
    expect(outcome().textContent).toContain('The bank accepted the initiation (201, X-Request-ID req-1)');
    const user = userEvent.setup();
    // The panel's steps load with its first showing.
    await screen.findByLabelText('Password');
    const panel = screen.getByRole('region', { name: 'Authorise the payment' });
    const password = within(panel).getByLabelText('Password');
    const psuId = within(panel).queryByLabelText('PSU-ID');
    if (psuId) await user.type(psuId, 'dave');
    await user.type(password, 'sandbox');
    await user.click(within(panel).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(outcome().textContent).toContain('SCA failed'));
    await waitFor(() => expect(outcome().textContent).toContain('the bank rejected the payment (RJCT)'));
    expect(outcome().textContent).not.toContain('The bank accepted the initiation');
    expect(screen.getByRole('region', { name: 'Authorise the payment' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Authorisation failed' })).toBeTruthy();
  });
});

describe('the page a form submit opens', () => {
  const createdEntry = {
    pathname: '/payments/payments/sepa-credit-transfers/pay-1',
    state: { created: { requestId: 'req-1', status: 201, deviations: [] }, links: {} },
  };

  it('opens at its top with focus on its heading', async () => {
    bank({ status: 'RCVD' });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderPage(createdEntry);
    const heading = await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });

  it('leaves focus and scrolling alone when the page is opened another way', async () => {
    bank({ status: 'RCVD' });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderPage('/payments/payments/sepa-credit-transfers/pay-1');
    const heading = await screen.findByRole('heading', { level: 1 });
    await screen.findByRole('status', { name: 'Transaction status' });
    expect(document.activeElement).not.toBe(heading);
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });
});
