// @vitest-environment happy-dom
// The pain.001 model of the console: the document written from the form (escaped), read back in words, checked for
// well-formedness and for what a bank objects to; a standing order's multipart body, written and taken apart.
import { describe, expect, it } from 'vitest';
import { emptyBulkForm } from './bulk-payment-form';
import { emptyPaymentForm } from './payment-form';
import {
  historyBody,
  multipartParts,
  pain001Request,
  pain001Template,
  readPain001Document,
  standingOrderPart,
  wellFormedError,
} from './pain001';

const values = {
  ...emptyPaymentForm(),
  debtorIban: 'DE16 9901 0000 0010 0100 01',
  creditorIban: 'FR14 2004 1010 0505 0001 3M02 606',
  creditorName: 'Boulangerie <Exemple> & Fils',
  amount: '12.50',
  remittanceInformationUnstructured: 'Croissants "au beurre"',
};

function reading(text: string) {
  const check = readPain001Document(text);
  if (!check.ok) throw new Error(check.error);
  return check.reading;
}

describe('the pain.001 template', () => {
  it('is written from the form, escaped, and reads back as it was typed', () => {
    const text = pain001Template({ service: 'payments', values, debtorName: 'Alice Schneider' }, '2026-11-27');
    expect(text).toContain('<Nm>Boulangerie &#60;Exemple&#62; &#38; Fils</Nm>');
    expect(text).toContain('<ReqdExctnDt>2026-11-27</ReqdExctnDt>');
    const r = reading(text);
    expect(r).toMatchObject({
      debtorName: 'Alice Schneider',
      debtorIban: 'DE16990100000010010001',
      requestedExecutionDate: '2026-11-27',
      totals: [{ currency: 'EUR', amount: '12.50' }],
      problems: [],
    });
    expect(r.transfers).toEqual([
      {
        creditorName: 'Boulangerie <Exemple> & Fils',
        creditorIban: 'FR1420041010050500013M02606',
        amount: '12.50',
        currency: 'EUR',
        remittance: 'Croissants "au beurre"',
      },
    ]);
    expect(historyBody('payments', r)).toEqual({
      debtorAccount: { iban: 'DE16990100000010010001' },
      instructedAmount: { currency: 'EUR', amount: '12.50' },
      creditorAccount: { iban: 'FR1420041010050500013M02606' },
      creditorName: 'Boulangerie <Exemple> & Fils',
    });
  });

  it("writes a bulk's rows as its transfers, with their count and sum", () => {
    const bulk = {
      ...emptyBulkForm(),
      debtorIban: 'DE16990100000010010001',
      batchBookingPreferred: true,
      rows: [
        {
          id: 1,
          creditorName: 'A',
          creditorIban: 'FR1420041010050500013M02606',
          amount: '10',
          currency: 'EUR',
          remittance: '',
        },
        {
          id: 2,
          creditorName: 'B',
          creditorIban: 'DE02100100109307118603',
          amount: '2.25',
          currency: 'EUR',
          remittance: '',
        },
      ],
    };
    const text = pain001Template({ service: 'bulk-payments', bulk }, '2026-11-27');
    expect(text).toContain('<BtchBookg>true</BtchBookg>');
    expect(text.match(/<NbOfTxs>2<\/NbOfTxs>/g)).toHaveLength(2);
    expect(text.match(/<CtrlSum>12.25<\/CtrlSum>/g)).toHaveLength(2);
    const r = reading(text);
    expect(r.transfers.map((t) => t.creditorName)).toEqual(['A', 'B']);
    expect(historyBody('bulk-payments', r)).toMatchObject({ payments: [{ creditorName: 'A' }, { creditorName: 'B' }] });
  });
});

describe('reading a document', () => {
  const text = pain001Template({ service: 'payments', values }, '2026-11-27');

  it('says in words why it is not well-formed, or why it is refused before it is read', () => {
    expect(wellFormedError(text)).toBeUndefined();
    expect(wellFormedError(text.replace('</Cdtr>', ''))).toMatch(/^The XML is not well-formed: /);
    expect(wellFormedError('')).toMatch(/empty/);
    expect(wellFormedError(`<!DOCTYPE a [<!ENTITY x "y">]>${text.replace(/^<\?xml[^>]*>\n/, '')}`)).toMatch(/DOCTYPE/);
    expect(readPain001Document('<a>')).toMatchObject({ ok: false });
  });

  it('names counts and sums that disagree, missing fields and another namespace', () => {
    const wrong = text
      .replace(/<NbOfTxs>1<\/NbOfTxs>/, '<NbOfTxs>2</NbOfTxs>')
      .replace(/<CtrlSum>12.50<\/CtrlSum>\n(\s*<InitgPty>)/, '<CtrlSum>13</CtrlSum>\n$1')
      .replace(/<Cdtr>.*<\/Cdtr>/, '')
      .replace('pain.001.001.03', 'pain.008.001.02');
    expect(reading(wrong).problems).toEqual([
      'The document is in the namespace "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02", not a pain.001 one.',
      'GrpHdr/NbOfTxs says 2, but the document orders 1.',
      'GrpHdr/CtrlSum says 13, but the amounts add up to 12.50.',
      'Payment 1 lacks the creditor name.',
    ]);
  });
});

describe("a standing order's multipart body", () => {
  it('carries the document and the schedule, and is taken apart again', () => {
    const periodic = { ...values, startDate: '2026-12-01', frequency: 'Monthly', executionRule: 'following' };
    const schedule = standingOrderPart(periodic, 'sepa-credit-transfers');
    expect(schedule).toEqual({ startDate: '2026-12-01', frequency: 'Monthly', executionRule: 'following' });
    const xml = pain001Template({ service: 'periodic-payments', values: periodic }, '2026-11-27');
    const request = pain001Request('periodic-payments', xml, schedule);
    expect(request.contentType).toMatch(/^multipart\/form-data; boundary=xs2a-console-/);
    const parts = multipartParts(request.text, request.contentType);
    expect(parts?.xml_sct).toBe(xml);
    expect(JSON.parse(parts?.json_standingorderType ?? '')).toEqual(schedule);
    expect(pain001Request('payments', xml, undefined)).toEqual({ text: xml, contentType: 'application/xml' });
  });
});
