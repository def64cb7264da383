import { describe, expect, it } from 'vitest';
import { MASKED_DISPLAY, type Exchange } from '../../api';
import { cleanExchange } from '../../flows/replay/replay-clean';
import {
  BULK_ENTRIES,
  bulkFlow,
  cardFlow,
  DEBTOR_IBAN,
  MASKED_PAN,
} from '../../flows/test-export/testing/bulk-and-card-flows';
import { toHar } from './to-har';
import { BEARER, failedExchange, scaExchange, secretValues } from '../../api/test-exchanges';

describe('toHar', () => {
  const har = toHar([scaExchange(), failedExchange()], { secrets: [BEARER] });
  const [entry, failed] = har.log.entries;

  it('is a HAR 1.2 log with a creator and one entry per exchange', () => {
    expect(har.log.version).toBe('1.2');
    expect(har.log.creator).toEqual({ name: 'XS2A Console', version: expect.any(String) as string });
    expect(har.log.entries).toHaveLength(2);
  });

  it('records the request with headers, query string and post data', () => {
    expect(entry?.startedDateTime).toBe('2026-01-15T09:30:00.250Z');
    expect(entry?.time).toBe(85);
    expect(entry?.request).toMatchObject({
      method: 'PUT',
      url: 'https://bank.example/psd2/v1/payments/sepa-credit-transfers/pay-123/authorisations/auth-9?lang=en',
      httpVersion: 'HTTP/1.1',
      queryString: [{ name: 'lang', value: 'en' }],
      postData: { mimeType: 'application/json' },
      headersSize: -1,
    });
    expect(entry?.request.headers).toContainEqual({ name: 'PSU-ID', value: 'alice' });
    expect(entry?.request.headers).toContainEqual({ name: 'Authorization', value: '[redacted]' });
    const postText = entry?.request.postData?.text ?? '';
    expect(JSON.parse(postText)).toMatchObject({ scaAuthenticationData: '[redacted]' });
    expect(entry?.request.bodySize).toBe(new TextEncoder().encode(postText).length);
  });

  it('records the response with its content and timings', () => {
    expect(entry?.response).toMatchObject({
      status: 200,
      statusText: 'OK',
      httpVersion: 'HTTP/1.1',
      content: { mimeType: 'application/json' },
      redirectURL: '',
    });
    const content = entry?.response.content;
    expect(JSON.parse(content?.text ?? '')).toEqual({
      scaStatus: 'finalised',
      access_token: '[redacted]',
      tokens: { refresh_token: '[redacted]' },
    });
    expect(content?.size).toBe(content?.text?.length);
    expect(entry?.timings).toEqual({ send: 0, wait: 85, receive: 0 });
    expect(entry?._xs2a).toEqual({
      operationId: 'updatePaymentPsuData',
      requestId: '3f1c1a2e-5b7d-4e55-9c4b-0a1b2c3d4e5f',
      flow: 'payment:pay-123',
      deviations: [{ path: 'scaStatus', message: 'Invalid option' }],
    });
  });

  it('records a request without an answer as status 0 with the error', () => {
    expect(failed?.request.postData).toBeUndefined();
    expect(failed?.request.bodySize).toBe(0);
    expect(failed?.response).toMatchObject({
      status: 0,
      statusText: '',
      headers: [],
      content: { size: 0, mimeType: 'x-unknown' },
      _error: 'network: Failed to fetch',
    });
  });

  it('contains no secret anywhere', () => {
    const text = JSON.stringify(har);
    for (const secret of secretValues) expect(text).not.toContain(secret);
  });

  it('is valid JSON with the required HAR members in every entry', () => {
    const parsed = JSON.parse(JSON.stringify(har)) as typeof har;
    for (const e of parsed.log.entries) {
      expect(Object.keys(e)).toEqual(
        expect.arrayContaining(['startedDateTime', 'time', 'request', 'response', 'cache', 'timings']),
      );
      expect(Object.keys(e.request)).toEqual(
        expect.arrayContaining([
          'method',
          'url',
          'httpVersion',
          'cookies',
          'headers',
          'queryString',
          'headersSize',
          'bodySize',
        ]),
      );
      expect(Object.keys(e.response)).toEqual(
        expect.arrayContaining([
          'status',
          'statusText',
          'httpVersion',
          'cookies',
          'headers',
          'content',
          'redirectURL',
          'headersSize',
          'bodySize',
        ]),
      );
    }
  });
});

describe('toHar: headers not checked', () => {
  it('keeps the 1.3.12 headers a cross-origin answer hid, beside the deviations', () => {
    const [entry] = toHar([{ ...scaExchange(), uncheckedHeaders: ['X-Request-ID', 'Location'] }]).log.entries;
    expect(entry?._xs2a.uncheckedHeaders).toEqual(['X-Request-ID', 'Location']);
    expect(toHar([scaExchange()]).log.entries[0]?._xs2a).not.toHaveProperty('uncheckedHeaders');
  });
});

describe('toHar: status reads the log folded', () => {
  it('writes one entry per entry of the log, the folded reads counted on the entry that stands for them', () => {
    const folded = { count: 12, firstAt: Date.UTC(2026, 0, 15, 9, 30, 2), lastAt: Date.UTC(2026, 0, 15, 9, 30, 13) };
    const har = toHar([scaExchange(), { ...scaExchange(), id: 'exchange-2', folded }]);
    expect(har.log.entries).toHaveLength(2);
    const [first, latest] = har.log.entries;
    expect(first?._xs2a).not.toHaveProperty('foldedReads');
    expect(first).not.toHaveProperty('comment');
    expect(latest?._xs2a.foldedReads).toEqual(folded);
    expect(latest?.comment).toBe(
      'This status read stands for 13 reads with the same answer: itself and 12 earlier ones sent from ' +
        '2026-01-15T09:30:02.000Z to 2026-01-15T09:30:13.000Z, which were counted, not recorded one by one.',
    );
  });
});

describe('toHar of a bulk payment and of card reads in presenter mode', () => {
  const masked = (exchanges: Exchange[]) =>
    JSON.stringify(
      toHar(exchanges.map((exchange) => cleanExchange(exchange, { secrets: [], display: MASKED_DISPLAY }))),
    );

  it('holds no creditor’s account, no person among the creditors in full, and the masked PAN as it came', () => {
    const bulk = masked(bulkFlow());
    for (const entry of BULK_ENTRIES) expect(bulk).not.toContain(entry.creditorIban);
    expect(bulk).not.toContain(DEBTOR_IBAN);
    expect(bulk).not.toContain('Brandt');
    expect(bulk).toContain('Boulangerie Exemple');
    const cards = masked(cardFlow());
    expect(cards).toContain(MASKED_PAN);
    expect(cards).not.toContain('Alice Schneider');
  });
});
