// @vitest-environment happy-dom
// The payment page in presenter mode: no full IBAN or personal name anywhere on the page (fields, status, heading,
// raw JSON), ids and JSON folded behind disclosures, and one plain sentence on where the payment stands.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerByPath, forgetPage, renderRoute } from '../../../testing/pages';
import { paymentHistory } from '../model/payment-history';
import { PaymentPage } from './payment-page';

const paymentPath = '/v1/payments/sepa-credit-transfers/pay-1';
const DEBTOR = 'DE16100100000000000001';
const CREDITOR = 'DE89370400440532013000';

function bank(status: Record<string, unknown>) {
  const payment = {
    transactionStatus: status.transactionStatus,
    instructedAmount: { currency: 'EUR', amount: '12.50' },
    debtorAccount: { iban: DEBTOR },
    creditorAccount: { iban: CREDITOR },
    creditorName: 'Bob Laurent',
    remittanceInformationUnstructured: `Refund to ${CREDITOR}`,
  };
  answerByPath({
    [`${paymentPath}/status`]: status,
    [`${paymentPath}/authorisations`]: { authorisationIds: [] },
    [paymentPath]: payment,
  });
}

function renderPage() {
  renderRoute('/payments/:service/:product/:paymentId', <PaymentPage />, {
    at: '/payments/payments/sepa-credit-transfers/pay-1',
    presenter: true,
  });
}

afterEach(forgetPage);

describe('the payment page in presenter mode', () => {
  it('masks every IBAN and shortens every name, in the fields, the status and the raw JSON', async () => {
    paymentHistory.add('sandbox', {
      service: 'payments',
      product: 'sepa-credit-transfers',
      paymentId: 'pay-1',
      amount: '12.50',
      currency: 'EUR',
      creditorName: 'Bob Laurent',
      createdAt: Date.now(),
      statuses: [],
      links: {},
    });
    bank({ transactionStatus: 'ACSC', psuName: 'Alice Schneider', ownerNames: [{ name: 'Alice Schneider' }] });
    renderPage();
    await screen.findByText('The payment is settled: the money has left the account.');
    await screen.findByText('DE89 •••• •••• 3000');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment to Bob L.');
    expect(screen.getByText('DE16 •••• •••• 0001')).toBeTruthy();
    expect(screen.getByText('Refund to DE89 •••• •••• 3000')).toBeTruthy();
    expect(screen.getAllByText('Alice S.').length).toBeGreaterThan(0);

    // Everything in the document, including the closed disclosures' content.
    const text = document.body.textContent ?? '';
    for (const secret of [DEBTOR, CREDITOR, 'Bob Laurent', 'Alice Schneider', 'Laurent', 'Schneider']) {
      expect(text).not.toContain(secret);
    }
    // The raw JSON and the ids wait behind disclosures.
    const json = screen.getByRole('region', { name: 'Payment as JSON', hidden: true });
    expect(json.closest('details')?.open).toBe(false);
    expect(screen.getByText('pay-1', { exact: false }).closest('details')?.open).toBe(false);
  });

  it("narrates a rejection with the bank's reason", async () => {
    bank({
      transactionStatus: 'RJCT',
      psuMessage: 'The payment was rejected: the debtor account does not have the funds.',
    });
    renderPage();
    const narration = await screen.findByRole('region', { name: 'What is happening' });
    const noFunds = 'The bank found too little money in the account, so the payment was rejected.';
    await screen.findByText(noFunds);
    expect(narration.textContent).toBe(noFunds);
  });
});
