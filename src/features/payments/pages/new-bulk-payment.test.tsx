// @vitest-environment happy-dom
// The new payment page's bulk form: rows from pasted CSV, each row's messages at its fields with what was typed kept,
// the bank's messages placed at the row they name, and the bulkPaymentInitiation_json body sent to bulk-payments.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answerAll, jsonResponse, sent, sentCount } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { NewPaymentPage } from './new-payment-page';

const DEBTOR = 'DE89 3704 0044 0532 0130 00';
const CSV =
  'Name;IBAN;Amount;Currency;Reference\n"Kaffee, Handel";DE02100100109307118603;12,50;EUR;Invoice 1\nErik;DE02100100109307118604;3;EUR;';

/** The bank answers the initiation (a POST) with `answer`, and everything else the page reads with a bare 404. */
function bankAnswers(answer: () => Response) {
  answerAll((request) => (request.method === 'POST' ? answer() : new Response('', { status: 404 })));
}

/** The initiations the page sent. */
async function posts() {
  const all = await Promise.all(Array.from({ length: sentCount() }, (_, index) => sent(index)));
  return all.filter((request) => request.method === 'POST');
}

function renderPage() {
  renderRoute('/payments/new', <NewPaymentPage />, { at: '/payments/new?service=bulk-payments' });
}

async function fillFromCsv(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Debtor IBAN' }), DEBTOR);
  await user.click(screen.getByText('Paste CSV'));
  fireEvent.change(screen.getByRole('textbox', { name: /One payment a line/ }), { target: { value: CSV } });
  await user.click(screen.getByRole('button', { name: 'Fill rows' }));
  // The CSV parser loads with the first paste.
  await screen.findByText(/^Filled \d+ rows?\.$/);
}

afterEach(forgetPage);

describe('a new bulk payment', () => {
  it("fills rows from CSV, shows each row's problem at its field and keeps what was typed", async () => {
    const user = userEvent.setup();
    bankAnswers(() =>
      jsonResponse(
        { transactionStatus: 'RCVD', paymentId: 'pay-1', _links: { self: { href: '/v1/bulk-payments/x/pay-1' } } },
        { status: 201 },
      ),
    );
    renderPage();
    expect(screen.getByRole('radio', { name: 'Bulk payment (bulk-payments)' })).toHaveProperty('checked', true);
    await fillFromCsv(user);
    expect(screen.getByRole('status').textContent).toBe('Filled 2 rows.');
    const table = screen.getByRole('table', { name: 'Payments of the bulk' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: 'Creditor name, payment 1' })).toHaveProperty('value', 'Kaffee, Handel');
    expect(screen.getByRole('textbox', { name: 'Amount, payment 1' })).toHaveProperty('value', '12.50');

    await user.click(screen.getByRole('button', { name: 'Initiate bulk payment' }));
    expect(await posts()).toEqual([]);
    const iban = screen.getByRole('textbox', { name: 'Creditor IBAN, payment 2' });
    expect(iban.getAttribute('aria-invalid')).toBe('true');
    expect(iban).toHaveProperty('value', 'DE02 1001 0010 9307 1186 04');
    expect(document.getElementById(iban.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/check digits/);
    expect(screen.getByRole('textbox', { name: 'Creditor IBAN, payment 1' }).getAttribute('aria-invalid')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Remove payment 2' }));
    await user.click(screen.getByRole('button', { name: 'Add payment' }));
    expect(screen.getByRole('textbox', { name: 'Creditor name, payment 2' })).toHaveProperty('value', '');
    await user.click(screen.getByRole('button', { name: 'Remove payment 2' }));
    await user.click(screen.getByRole('checkbox', { name: /Batch booking preferred/ }));
    await user.click(screen.getByRole('button', { name: 'Initiate bulk payment' }));
    await waitFor(async () => expect(await posts()).toHaveLength(1));
    const [request] = await posts();
    if (!request) throw new Error('nothing sent');
    expect(new URL(request.url).pathname).toMatch(/\/v1\/bulk-payments\/sepa-credit-transfers$/);
    expect(request.body).toEqual({
      batchBookingPreferred: true,
      debtorAccount: { iban: 'DE89370400440532013000' },
      payments: [
        {
          instructedAmount: { currency: 'EUR', amount: '12.50' },
          creditorAccount: { iban: 'DE02100100109307118603' },
          creditorName: 'Kaffee, Handel',
          remittanceInformationUnstructured: 'Invoice 1',
        },
      ],
    });
  });

  it("places the bank's message at the row its path names", async () => {
    const user = userEvent.setup();
    bankAnswers(() =>
      jsonResponse(
        {
          tppMessages: [
            {
              category: 'ERROR',
              code: 'FORMAT_ERROR',
              path: 'payments[1].instructedAmount.amount',
              text: 'The amount is too small.',
            },
          ],
        },
        { status: 400 },
      ),
    );
    renderPage();
    await fillFromCsv(user);
    await user.clear(screen.getByRole('textbox', { name: 'Creditor IBAN, payment 2' }));
    await user.type(screen.getByRole('textbox', { name: 'Creditor IBAN, payment 2' }), 'DE89370400440532013000');
    await user.click(screen.getByRole('button', { name: 'Initiate bulk payment' }));
    const amount = screen.getByRole('textbox', { name: 'Amount, payment 2' });
    await screen.findAllByText(/The amount is too small/);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Amount, payment 1' }).getAttribute('aria-invalid')).toBeNull();
  });
});
