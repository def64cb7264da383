// @vitest-environment happy-dom
// The new payment page with a pain.001 product: the XML editor loads with a document written from the form, reads it
// back in words, holds back a document that is not well-formed (its text kept, nothing sent), and sends a well-formed
// one as application/xml to the pain.001 product.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answerAll, jsonResponse, sent, sentCount } from '../../../testing/http';
import { forgetPage, renderRoute } from '../../../testing/pages';
import { NewPaymentPage } from './new-payment-page';

function bankAnswers(answer: () => Response) {
  answerAll((request) => (request.method === 'POST' ? answer() : new Response('', { status: 404 })));
}

async function posts() {
  const all = await Promise.all(Array.from({ length: sentCount() }, (_, index) => sent(index)));
  return all.filter((request) => request.method === 'POST');
}

afterEach(forgetPage);

describe('a new pain.001 payment', () => {
  it('writes the document from the form, holds back malformed XML and sends a well-formed document', async () => {
    const user = userEvent.setup();
    bankAnswers(() =>
      jsonResponse(
        { transactionStatus: 'RCVD', paymentId: 'pay-1', _links: { self: { href: '/v1/payments/x/pay-1' } } },
        { status: 201 },
      ),
    );
    renderRoute('/payments/new', <NewPaymentPage />, { at: '/payments/new?product=pain.001-sepa-credit-transfers' });
    const xml = await screen.findByRole('textbox', { name: 'Request body (pain.001 XML)' });
    await waitFor(() => expect((xml as HTMLTextAreaElement).value).toMatch(/^<\?xml/));

    await user.type(screen.getByLabelText('Debtor IBAN'), 'DE89 3704 0044 0532 0130 00');
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '7.25');
    await user.type(screen.getByRole('textbox', { name: 'Creditor IBAN' }), 'DE02100100109307118603');
    await user.type(screen.getByRole('textbox', { name: 'Creditor name' }), 'Kaffee Handel');
    await user.click(screen.getByRole('button', { name: 'Write the document from the form' }));
    const document = (xml as HTMLTextAreaElement).value;
    expect(document).toContain('<InstdAmt Ccy="EUR">7.25</InstdAmt>');
    expect(screen.getByText('Well-formed XML', { exact: false })).toBeTruthy();
    expect(screen.getByRole('cell', { name: 'Kaffee Handel' })).toBeTruthy();

    const broken = document.replace('</Cdtr>', '');
    fireEvent.change(xml, { target: { value: broken } });
    await user.click(screen.getByRole('button', { name: 'Initiate payment' }));
    expect(await screen.findByText('Not sent: the XML is not well-formed')).toBeTruthy();
    expect((xml as HTMLTextAreaElement).value).toBe(broken);
    expect(await posts()).toEqual([]);

    fireEvent.change(xml, { target: { value: document } });
    await user.click(screen.getByRole('button', { name: 'Initiate payment' }));
    await waitFor(async () => expect(await posts()).toHaveLength(1));
    const [post] = await posts();
    expect(post?.url).toMatch(/\/v1\/payments\/pain\.001-sepa-credit-transfers$/);
    expect(post?.headers.get('Content-Type')).toBe('application/xml');
    expect(post?.body).toBe(document);
  });
});
