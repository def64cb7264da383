// @vitest-environment happy-dom
// The payment page of a bulk: its payments with what became of each (the rejected ones named by the bank), the bulk's
// status in plain words, and in presenter mode no full IBAN or name of a creditor anywhere.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answerByPath, forgetPage, renderRoute } from '../../../testing/pages';
import { PaymentPage } from './payment-page';

const path = '/v1/bulk-payments/sepa-credit-transfers/pay-1';
const DEBTOR = 'DE89370400440532013000';
const CREDITORS = ['DE02100100109307118603', 'DE75512108001245126199'];
const rejected = {
  category: 'WARNING',
  code: 'PAYMENT_FAILED',
  path: 'payments[1]',
  text: 'Payment 2 was rejected: the creditor account is closed.',
};

function bank() {
  answerByPath({
    [`${path}/status`]: { transactionStatus: 'PART', psuMessage: '1 of 2 payments accepted.', tppMessage: [rejected] },
    [`${path}/authorisations`]: { authorisationIds: [] },
    [path]: {
      batchBookingPreferred: true,
      debtorAccount: { iban: DEBTOR },
      payments: [
        {
          instructedAmount: { currency: 'EUR', amount: '10.00' },
          creditorAccount: { iban: CREDITORS[0] },
          creditorName: 'Hans Müller',
          remittanceInformationUnstructured: 'Invoice 1',
        },
        {
          instructedAmount: { currency: 'EUR', amount: '5.00' },
          creditorAccount: { iban: CREDITORS[1] },
          creditorName: 'Erik Brandt',
        },
      ],
      transactionStatus: 'PART',
      tppMessage: [rejected],
    },
  });
}

function renderPage(presenter: boolean) {
  renderRoute('/payments/:service/:product/:paymentId', <PaymentPage />, {
    at: '/payments/bulk-payments/sepa-credit-transfers/pay-1',
    presenter,
  });
}

afterEach(forgetPage);

describe('the payment page of a bulk', () => {
  it("lists each payment with its status, the rejected one with the bank's reason", async () => {
    bank();
    renderPage(false);
    const table = await screen.findByRole('table', { name: 'Payments of the bulk, each with its status' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)?.textContent)).toEqual([
      'Accepted',
      'RejectedPayment 2 was rejected: the creditor account is closed.',
    ]);
    expect(within(table).getByText('Hans Müller')).toBeTruthy();
    expect(screen.getByText('Batch booking preferred')).toBeTruthy();
    expect(
      await screen.findByText('The bank accepted some of the payments it holds and rejected the others (PART).'),
    ).toBeTruthy();
  });

  it("masks the creditors' IBANs and names in presenter mode", async () => {
    bank();
    renderPage(true);
    const table = await screen.findByRole('table', { name: 'Payments of the bulk, each with its status' });
    expect(within(table).getByText('DE02 •••• •••• 8603')).toBeTruthy();
    expect(within(table).getByText('Hans M.')).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const secret of [DEBTOR, ...CREDITORS, 'Hans Müller', 'Erik Brandt']) expect(text).not.toContain(secret);
  });
});
