// The client's bodies that are no JSON: a pain.001 document or a multipart body sent as its text with its own
// Content-Type, and a payment read whose answer is a document (its text returned, its Content-Type checked).
import { beforeEach, describe, expect, it } from 'vitest';
import { exchangeLog } from '../exchange-log';
import { testProfile } from '../test-kit';
import { answerNext, ECHOED_REQUEST_ID, jsonResponse, sent } from '../../testing/http';
import { getPaymentDocument } from './get-payment';
import { initiatePayment } from './initiate-payment';

beforeEach(() => {
  exchangeLog.clear();
});

const XML = '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>';
const created = { transactionStatus: 'RCVD', paymentId: 'p1', _links: { self: { href: '/v1/payments/x/p1' } } };

describe('a pain.001 initiation', () => {
  it('sends the document as it is, with its Content-Type, and the log keeps its text', async () => {
    answerNext(
      jsonResponse(created, {
        status: 201,
        headers: { Location: '/v1/payments/x/p1', 'ASPSP-SCA-Approach': 'REDIRECT' },
      }),
    );
    const result = await initiatePayment({
      profile: testProfile(),
      service: 'payments',
      product: 'pain.001-sepa-credit-transfers',
      document: { text: XML, contentType: 'application/xml' },
    });
    expect(result.body.paymentId).toBe('p1');
    const request = await sent();
    expect(request.headers.get('Content-Type')).toBe('application/xml');
    expect(request.body).toBe(XML);
    expect(request.url).toMatch(/\/v1\/payments\/pain\.001-sepa-credit-transfers$/);
    expect(exchangeLog.list()[0]?.request.body).toBe(XML);
  });
});

describe('a pain.001 payment read', () => {
  const variables = {
    profile: testProfile(),
    service: 'payments',
    product: 'pain.001-sepa-credit-transfers',
    paymentId: 'p1',
  } as const;

  it('returns the document as text, asking for XML', async () => {
    answerNext(
      new Response(XML, { headers: { 'Content-Type': 'application/xml', 'X-Request-ID': ECHOED_REQUEST_ID } }),
    );
    const result = await getPaymentDocument(variables);
    expect(result.body).toBe(XML);
    expect(result.deviations).toEqual([]);
    expect((await sent()).headers.get('Accept')).toBe('application/xml, text/xml');
  });

  it('names an answer of another type as a deviation, and still returns its text', async () => {
    answerNext(jsonResponse({ transactionStatus: 'RCVD' }));
    const result = await getPaymentDocument(variables);
    expect(result.body).toBe('{"transactionStatus":"RCVD"}');
    expect(result.deviations).toEqual([
      { path: '(Content-Type)', message: 'expected application/xml or text/xml, got application/json' },
    ]);
  });
});
