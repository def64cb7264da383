// The pain.001 payment products: single payments and bulks sent as a pain.001 document (application/xml), standing
// orders as multipart/form-data (xml_sct and json_standingorderType), read back as sent, authorised, accepted and
// cancelled like the JSON products; and every refusal of a document (malformed, DOCTYPE and entities, wrong namespace,
// missing elements, wrong counts and sums, oversized) a 400 FORMAT_ERROR with a tppMessages body.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorBodyNg,
  PaymentInitiationResponse201,
  PaymentInitiationStatusResponse,
  writePain001,
  type Pain001Transfer,
} from '../../src/xs2a';
import { addDays, isoDate } from './clock';
import { MAX_PAIN001_BYTES, MAX_PAIN001_TRANSACTIONS } from './domain/pain001';
import { closedAccounts } from './seed';
import { accountOf, authoriseEmbedded, expectSchema, fails, href, ok, send } from './testing/test-kit';
import { dropSchema } from './testing/oauth-test-kit';
import { createTestBank, openTestStore, TEST_START, ORIGIN, type TestBank } from './testing/test-support';

type Node = Record<string, unknown>;
const spec = JSON.parse(readFileSync(new URL('../../spec/psd2-api-1.3.12.json', import.meta.url), 'utf8')) as Node;
const CREDITOR_IBAN = 'DE02100100109307118603';
const CLOSED = closedAccounts[0]?.iban ?? '';
const TODAY = isoDate(new Date(TEST_START));
const EMBEDDED = (psuId: string) => ({ 'TPP-Redirect-Preferred': 'false', 'PSU-ID': psuId });
const XML = { 'Content-Type': 'application/xml' };

const transfer = (amount: string, creditorIban = CREDITOR_IBAN): Pain001Transfer => ({
  amount,
  currency: 'EUR',
  creditorName: 'Kaffee Handel GmbH',
  creditorIban,
  remittance: `Invoice ${amount}`,
});

const document = (transfers: Pain001Transfer[] = [transfer('12.50')], psuId = 'alice', batchBooking?: boolean) =>
  writePain001({
    messageId: 'MSG-1',
    createdAt: `${TODAY}T09:00:00Z`,
    debtorIban: accountOf(psuId).iban,
    debtorName: 'Alice',
    requestedExecutionDate: TODAY,
    batchBooking,
    transfers,
  });

/** A multipart/form-data body of named text parts, written as a client writes one. */
function multipart(parts: Record<string, { type: string; text: string }>) {
  const boundary = 'test-boundary-7MA4YWxkTrZu0gW';
  const body = Object.entries(parts)
    .map(
      ([name, part]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\nContent-Type: ${part.type}\r\n\r\n${part.text}\r\n`,
    )
    .join('');
  return { rawBody: `${body}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
}

const standingOrder = { startDate: addDays(TODAY, 1), frequency: 'Monthly', executionRule: 'following' };

async function initiate(bank: TestBank, path: string, rawBody: string, headers: Record<string, string> = {}) {
  const res = await send(bank, 'POST', path, { rawBody, headers: { ...XML, ...headers } });
  const created = ok(res, 201, PaymentInitiationResponse201);
  return { res, created, self: href(created._links.self) };
}

const statusOf = async (bank: TestBank, self: string) =>
  ok(await send(bank, 'GET', `${self}/status`), 200, PaymentInitiationStatusResponse);

describe('pain.001 single payments', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('answers 201 with Location and links; the read answers the document as sent, the status JSON', async () => {
    const sent = document();
    const { res, created, self } = await initiate(bank, '/v1/payments/pain.001-sepa-credit-transfers', sent);
    expect(created.transactionStatus).toBe('RCVD');
    expect(res.headers.get('Location')).toBe(`${ORIGIN}${self}`);
    expect(res.headers.get('ASPSP-SCA-Approach')).toBe('REDIRECT');
    expect(href(created._links.scaRedirect)).toMatch(/\/sca\/auth-/);
    const read = await send(bank, 'GET', self);
    expect(read.status).toBe(200);
    expect(read.headers.get('Content-Type')).toBe('application/xml');
    expect(read.body).toBe(sent);
    const status = await send(bank, 'GET', `${self}/status`);
    expect(status.headers.get('Content-Type')).toBe('application/json');
    expect(ok(status, 200, PaymentInitiationStatusResponse).transactionStatus).toBe('RCVD');
  });

  it('is authorised, accepted and settled like a JSON payment', async () => {
    const { self } = await initiate(
      bank,
      '/v1/payments/pain.001-sepa-credit-transfers',
      document([transfer('3.00')], 'bob'),
      EMBEDDED('bob'),
    );
    expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'bob')).scaStatus).toBe('finalised');
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');
    bank.clock.advance(bank.sandbox.config.settlementDelayMs);
    await bank.runDue();
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACSC');
  });

  it('is cancelled at once before its authorisation', async () => {
    const { self } = await initiate(bank, '/v1/payments/pain.001-sepa-credit-transfers', document());
    expect((await send(bank, 'DELETE', self)).status).toBe(204);
    expect((await statusOf(bank, self)).transactionStatus).toBe('CANC');
  });

  it("reads the official file's own example, its spaced IBAN included", async () => {
    const examples = (spec.components as Node).examples as Record<string, { value: string }>;
    const example = examples['pain.001.001_SCT_singleTransaction']?.value ?? '';
    // Its creditor IBAN's check digits are wrong: the spec's usual creditor takes its place, its leading space kept.
    const sent = example
      .replace('DE87200500001234567890', accountOf('alice').iban)
      .replace(' DE23100120020123456789', ` ${CREDITOR_IBAN}`);
    const { self } = await initiate(bank, '/v1/payments/pain.001-sepa-credit-transfers', sent);
    expect((await send(bank, 'GET', self)).body).toBe(sent);
  });

  it('keeps the product rules of its scheme: instant transfers are limited, SCT in EUR only', async () => {
    const big = document([transfer('100000.01')]);
    fails(
      await send(bank, 'POST', '/v1/payments/pain.001-instant-sepa-credit-transfers', { rawBody: big, headers: XML }),
      400,
      'FORMAT_ERROR',
    );
    const dollars = document([{ ...transfer('5.00'), currency: 'USD' }]);
    fails(
      await send(bank, 'POST', '/v1/payments/pain.001-sepa-credit-transfers', { rawBody: dollars, headers: XML }),
      400,
      'FORMAT_ERROR',
    );
  });

  it('is found only under its own product', async () => {
    const { created } = await initiate(bank, '/v1/payments/pain.001-sepa-credit-transfers', document());
    fails(await send(bank, 'GET', `/v1/payments/sepa-credit-transfers/${created.paymentId}`), 403, 'RESOURCE_UNKNOWN');
  });
});

describe('pain.001 bulk payments', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());

  it('orders one payment per credit transfer; a closed creditor leaves the bulk partially accepted', async () => {
    const sent = document([transfer('10.00'), transfer('20.50', CLOSED)], 'alice', true);
    const { created, self } = await initiate(
      bank,
      '/v1/bulk-payments/pain.001-sepa-credit-transfers',
      sent,
      EMBEDDED('alice'),
    );
    expect(created.tppMessages?.[0]?.text).toMatch(/^Batch booking applies/);
    expect((await send(bank, 'GET', self)).body).toBe(sent);
    expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'alice')).scaStatus).toBe('finalised');
    const status = await statusOf(bank, self);
    expect(status.transactionStatus).toBe('PART');
    expect(status.tppMessage?.[0]?.path).toBe('payments[1]');
  });

  it('takes no instant transfers as a bulk', async () => {
    const sent = document([transfer('1.00'), transfer('2.00')]);
    fails(
      await send(bank, 'POST', '/v1/bulk-payments/pain.001-instant-sepa-credit-transfers', {
        rawBody: sent,
        headers: XML,
      }),
      403,
      'PRODUCT_INVALID',
    );
  });
});

describe('pain.001 standing orders (multipart/form-data)', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  const PERIODIC = '/v1/periodic-payments/pain.001-sepa-credit-transfers';

  it('takes xml_sct and json_standingorderType and answers the read with both parts', async () => {
    const xml = document([transfer('25.00')]);
    const body = multipart({
      xml_sct: { type: 'application/xml', text: xml },
      json_standingorderType: { type: 'application/json', text: JSON.stringify(standingOrder) },
    });
    const { self } = await initiate(bank, PERIODIC, body.rawBody, { 'Content-Type': body.type, ...EMBEDDED('alice') });
    const read = await bank.sandbox.fetch(
      new Request(`${ORIGIN}${self}`, {
        headers: { 'X-Request-ID': crypto.randomUUID(), 'PSU-IP-Address': '192.168.8.78' },
      }),
    );
    expect(read.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await read.formData();
    expect(form.get('xml_sct')).toBe(xml);
    expect(JSON.parse(form.get('json_standingorderType') as string)).toEqual(standingOrder);
    expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'alice')).scaStatus).toBe('finalised');
    expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');
  });

  it('refuses a standing order without its parts, with a schedule of other members, or sent as XML alone', async () => {
    const xml = document();
    const only = multipart({ xml_sct: { type: 'application/xml', text: xml } });
    fails(
      await send(bank, 'POST', PERIODIC, { rawBody: only.rawBody, headers: { 'Content-Type': only.type } }),
      400,
      'FORMAT_ERROR',
    );
    const foreign = multipart({
      xml_sct: { type: 'application/xml', text: xml },
      json_standingorderType: {
        type: 'application/json',
        text: JSON.stringify({ ...standingOrder, debtorAccount: {} }),
      },
    });
    fails(
      await send(bank, 'POST', PERIODIC, { rawBody: foreign.rawBody, headers: { 'Content-Type': foreign.type } }),
      400,
      'FORMAT_ERROR',
    );
    const badJson = multipart({
      xml_sct: { type: 'application/xml', text: xml },
      json_standingorderType: { type: 'application/json', text: '{"startDate":' },
    });
    fails(
      await send(bank, 'POST', PERIODIC, { rawBody: badJson.rawBody, headers: { 'Content-Type': badJson.type } }),
      400,
      'FORMAT_ERROR',
    );
    fails(await send(bank, 'POST', PERIODIC, { rawBody: xml, headers: XML }), 415, 'FORMAT_ERROR');
  });
});

describe('pain.001 refusals', () => {
  let bank: TestBank;
  beforeAll(async () => {
    bank = await createTestBank();
  });
  afterAll(() => bank.close());
  const SINGLE = '/v1/payments/pain.001-sepa-credit-transfers';
  const BULK = '/v1/bulk-payments/pain.001-sepa-credit-transfers';

  async function refused(rawBody: string, pattern: RegExp, path = SINGLE) {
    const res = await send(bank, 'POST', path, { rawBody, headers: XML });
    const message = fails(res, 400, 'FORMAT_ERROR');
    expect(message?.text).toMatch(pattern);
    expectSchema(ErrorBodyNg, res.body);
  }

  it('refuses malformed XML and an empty body', async () => {
    await refused(
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn>',
      /not well-formed/,
    );
    await refused(document().replace('</Cdtr>', ''), /not well-formed/);
    await refused('', /empty/);
    await refused('just text', /not well-formed/);
  });

  it('refuses a DOCTYPE: no billion laughs, no external entity', async () => {
    const laughs = [
      '<?xml version="1.0"?>',
      '<!DOCTYPE Document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">',
      '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">&lol3;</Document>',
    ].join('\n');
    await refused(laughs, /DOCTYPE/);
    const external = document()
      .replace('<Document', '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document')
      .replace('Kaffee Handel GmbH', '&xxe;');
    await refused(external.replace('<?xml version="1.0" encoding="UTF-8"?>\n', ''), /DOCTYPE/);
    await refused(document().replace('Kaffee Handel GmbH', '&xxe;'), /not well-formed.*undefined entity/);
  });

  it('refuses another namespace, or elements outside it', async () => {
    await refused(document().replace('pain.001.001.03', 'pain.008.001.02'), /namespace/);
    await refused(document().replace('<Cdtr>', '<Cdtr xmlns="urn:other">'), /outside its pain.001 namespace/);
    await refused('<Document><CstmrCdtTrfInitn/></Document>', /namespace/);
  });

  it('refuses missing elements', async () => {
    await refused(document().replace(/<DbtrAcct>.*<\/DbtrAcct>/, ''), /lacks PmtInf\/DbtrAcct\/Id\/IBAN/);
    await refused(document().replace(/<Cdtr>.*<\/Cdtr>/, ''), /lacks CdtTrfTxInf 1\/Cdtr\/Nm/);
    await refused(document().replace(/<Amt>.*<\/Amt>/, ''), /lacks Amt\/InstdAmt/);
    await refused(document().replace(' Ccy="EUR"', ''), /currency/);
    await refused(document().replace(/<GrpHdr>[\s\S]*<\/GrpHdr>/, ''), /lacks CstmrCdtTrfInitn\/GrpHdr/);
  });

  it('refuses counts and control sums that disagree with the transfers', async () => {
    const two = document([transfer('10.00'), transfer('20.50')]);
    await refused(two.replace('<NbOfTxs>2</NbOfTxs>', '<NbOfTxs>3</NbOfTxs>'), /GrpHdr\/NbOfTxs 3/, BULK);
    await refused(two.replace('<CtrlSum>30.50</CtrlSum>', '<CtrlSum>30.51</CtrlSum>'), /GrpHdr\/CtrlSum 30.51/, BULK);
    await refused(two, /a single payment holds exactly one/);
    await refused(document().replace(/<NbOfTxs>1<\/NbOfTxs>/g, '<NbOfTxs>one</NbOfTxs>'), /no count/);
  });

  it('refuses a document beyond the size or the transfers this bank reads', async () => {
    const padding = `<!--${'x'.repeat(MAX_PAIN001_BYTES)}-->`;
    await refused(document().replace('<CstmrCdtTrfInitn>', `<CstmrCdtTrfInitn>${padding}`), /larger than 128 kB/);
    const many = Array.from({ length: MAX_PAIN001_TRANSACTIONS + 1 }, () => transfer('1.00'));
    const text = document(many)
      .replace(/ *<RmtInf>.*<\/RmtInf>\n/g, '')
      .replace(/ *<PmtId>.*<\/PmtId>\n/g, '');
    await refused(text.replace(/\n\s*/g, ''), /at most 500/, BULK);
  });

  it('refuses a body of another type with 415, and a JSON body is not taken for a pain.001 product', async () => {
    fails(await send(bank, 'POST', SINGLE, { body: { instructedAmount: {} } }), 415, 'FORMAT_ERROR');
    fails(
      await send(bank, 'POST', '/v1/payments/sepa-credit-transfers', { rawBody: document(), headers: XML }),
      415,
      'FORMAT_ERROR',
    );
  });
});

describe('the official file on the pain.001 products', () => {
  const paths = spec.paths as Record<string, Record<string, Node>>;
  const resolve = (node: unknown): Node => {
    let current = node as Node;
    while (typeof current.$ref === 'string') {
      let target: unknown = spec;
      for (const part of current.$ref.replace(/^#\//, '').split('/')) target = (target as Node)[part];
      current = target as Node;
    }
    return current;
  };

  it('takes XML and multipart initiations and answers the read with them, as this bank does', () => {
    const post = paths['/v1/{payment-service}/{payment-product}']?.post as Node;
    const request = resolve(post.requestBody).content as Record<string, Node>;
    expect(Object.keys(request)).toEqual(['application/json', 'application/xml', 'multipart/form-data']);
    const parts = resolve(request['multipart/form-data']?.schema).properties as Node;
    expect(Object.keys(parts)).toEqual(['xml_sct', 'json_standingorderType']);
    const schedule = resolve(parts.json_standingorderType).properties as Node;
    expect(Object.keys(schedule).sort()).toEqual(
      ['startDate', 'endDate', 'executionRule', 'frequency', 'dayOfExecution', 'monthsOfExecution'].sort(),
    );
    const created = resolve((post.responses as Node)['201']);
    expect(Object.keys(created.headers as Node)).toEqual(expect.arrayContaining(['Location', 'ASPSP-SCA-Approach']));
    const get = paths['/v1/{payment-service}/{payment-product}/{paymentId}']?.get as Node;
    const read = resolve((get.responses as Node)['200']).content as Node;
    expect(Object.keys(read)).toEqual(['application/json', 'application/xml', 'multipart/form-data']);
    const status = paths['/v1/{payment-service}/{payment-product}/{paymentId}/status']?.get as Node;
    const statusContent = resolve((status.responses as Node)['200']).content as Node;
    expect(Object.keys(statusContent)).toContain('application/json');
  });
});

describe('pain.001 payments on PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL;
  it.skipIf(!url)('keeps the document and reads it back as sent', async () => {
    const schema = `pain001_${Date.now()}`;
    const bank = await createTestBank({ store: await openTestStore(url, schema) });
    try {
      const sent = document([transfer('7.00')]);
      const { self } = await initiate(bank, '/v1/payments/pain.001-sepa-credit-transfers', sent, EMBEDDED('alice'));
      expect((await send(bank, 'GET', self)).body).toBe(sent);
      expect((await authoriseEmbedded(bank, `${self}/authorisations`, 'alice')).scaStatus).toBe('finalised');
      expect((await statusOf(bank, self)).transactionStatus).toBe('ACTC');
    } finally {
      await bank.close();
      await dropSchema(url ?? '', schema);
    }
  });
});
