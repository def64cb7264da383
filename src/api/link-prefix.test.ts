// A bank's link without the base_url's prefix: followed as given first, then under the base_url when nothing answers
// at the link's own path, with the deviation named on the result and in the inspector.
import { beforeEach, describe, expect, it } from 'vitest';
import { xs2aRequest, type Xs2aRequestOptions } from './client';
import { describeXs2aError, Xs2aError } from './errors';
import { exchangeLog } from './exchange-log';
import { underBaseUrl } from './link-prefix';
import { bankLinkDescription } from './links';
import { testProfile } from './test-kit';
import { answerNext, jsonResponse, networkError, sent, sentCount } from '../testing/http';

beforeEach(() => {
  exchangeLog.clear();
});

const BASE = 'https://bank.example/psd2';
const statusByLink: Xs2aRequestOptions = {
  profile: testProfile({ baseUrl: BASE }),
  operationId: 'getConsentStatus',
  method: 'GET',
  href: '/v1/consents/c1/status',
};
const notFound = () => new Response('Not found', { status: 404 });

async function failure(options: Xs2aRequestOptions): Promise<Xs2aError> {
  try {
    await xs2aRequest(options);
  } catch (error) {
    if (error instanceof Xs2aError) return error;
    throw error;
  }
  throw new Error('the request succeeded');
}

describe('underBaseUrl', () => {
  it.each([
    ['/v1/a?x=1', 'https://bank.example/v1/a?x=1', 'https://bank.example/psd2/v1/a?x=1'],
    ['https://bank.example/v1/a', 'https://bank.example/v1/a', 'https://bank.example/psd2/v1/a'],
  ])('puts %s under the prefix, query kept', (href, given, used) => {
    expect(underBaseUrl(`${BASE}/`, new URL(href, BASE).href)).toEqual({ given, used, prefix: '/psd2' });
  });

  it.each([
    ['a base_url without a prefix', 'https://bank.example', 'https://bank.example/v1/a'],
    ['a link that carries the prefix', BASE, 'https://bank.example/psd2/v1/a'],
    ['a link on another origin', BASE, 'https://auth.bank.example/v1/a'],
    ['a base_url that is no URL', 'bank', 'https://bank.example/v1/a'],
  ])('leaves alone %s', (_, baseUrl, url) => {
    expect(underBaseUrl(baseUrl, url)).toBeUndefined();
  });
});

describe('a bank link without the base_url’s prefix', () => {
  it('is tried as given, then under the base_url when the host root answers 404, and the deviation is named', async () => {
    answerNext(notFound(), jsonResponse({ consentStatus: 'valid' }));
    const result = await xs2aRequest<{ consentStatus: string }>(statusByLink);
    expect(result.body.consentStatus).toBe('valid');
    expect(sentCount()).toBe(2);
    expect((await sent(0)).url).toBe('https://bank.example/v1/consents/c1/status');
    expect((await sent(1)).url).toBe('https://bank.example/psd2/v1/consents/c1/status');
    expect(result.deviations.map((d) => d.message)).toContainEqual(
      expect.stringContaining(
        'The bank’s link /v1/consents/c1/status left out its prefix /psd2; the console used /psd2/v1/consents/c1/status',
      ),
    );
    // Each try is an exchange of its own: the first says why the console tried again, the second names the deviation.
    const [first, second] = exchangeLog.list();
    expect(exchangeLog.list().map((exchange) => exchange.request.url)).toEqual([
      'https://bank.example/v1/consents/c1/status',
      'https://bank.example/psd2/v1/consents/c1/status',
    ]);
    expect(first?.triedAgain).toBe(
      'The bank’s link /v1/consents/c1/status answered 404: it leaves out the base_url’s prefix /psd2, so the console tried /psd2/v1/consents/c1/status next.',
    );
    expect(second?.deviations.find((deviation) => deviation.path === 'link')?.message).toContain('left out its prefix');
    expect(result.linkPrefix?.used).toBe('https://bank.example/psd2/v1/consents/c1/status');
  });

  it('is tried under the base_url when the host root gives no answer (no CORS there)', async () => {
    answerNext(networkError(), jsonResponse({ consentStatus: 'valid' }));
    await expect(xs2aRequest(statusByLink)).resolves.toMatchObject({ body: { consentStatus: 'valid' } });
    expect(exchangeLog.list()[0]?.triedAgain).toContain('gave no answer');
  });

  it('is followed only once when it answers as given', async () => {
    answerNext(jsonResponse({ consentStatus: 'valid' }));
    const result = await xs2aRequest(statusByLink);
    expect(sentCount()).toBe(1);
    expect(result.deviations).toEqual([]);
    expect(result.linkPrefix).toBeUndefined();
  });

  it('is not tried again when the bank refuses it with an error of its own', async () => {
    answerNext(jsonResponse({ tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN' }] }, { status: 403 }));
    expect((await failure(statusByLink)).status).toBe(403);
    expect(sentCount()).toBe(1);
  });

  it('a link that carries the prefix and leads nowhere is not tried elsewhere', async () => {
    answerNext(notFound());
    const error = await failure({ ...statusByLink, href: '/psd2/v1/consents/c1/status' });
    expect(sentCount()).toBe(1);
    expect(error.linkPrefix).toBeUndefined();
  });

  it('says so when the link leads nowhere under the base_url either', async () => {
    answerNext(notFound(), notFound());
    const error = await failure(statusByLink);
    expect(sentCount()).toBe(2);
    expect(error.url).toBe('https://bank.example/psd2/v1/consents/c1/status');
    expect(describeXs2aError(error).advice).toContain(
      'The bank’s link /v1/consents/c1/status left out its prefix /psd2; the console used /psd2/v1/consents/c1/status.',
    );
    // A panel that names the link the bank gave does not claim the base_url played no part.
    const link = { name: 'scaStatus', href: '/v1/consents/c1/status' };
    const { summary } = bankLinkDescription(describeXs2aError(error), error, link);
    expect(summary).toContain('it led nowhere as the bank gave it, nor under the base_url');
    expect(summary).not.toContain('played no part');
  });

  it('sends an SCA step (PUT) under the base_url too, with a fresh X-Request-ID and the same body', async () => {
    answerNext(notFound(), jsonResponse({ scaStatus: 'psuAuthenticated', _links: {} }));
    await xs2aRequest({
      profile: testProfile({ baseUrl: BASE }),
      operationId: 'updatePaymentPsuData',
      method: 'PUT',
      href: '/v1/payments/sepa-credit-transfers/p1/authorisations/a1',
      body: { psuData: { password: 'secret' } },
    });
    const [first, second] = [await sent(0), await sent(1)];
    expect(second.url).toBe('https://bank.example/psd2/v1/payments/sepa-credit-transfers/p1/authorisations/a1');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('X-Request-ID')).not.toBe(first.headers.get('X-Request-ID'));
  });

  it('goes through the relay both times when the profile has one', async () => {
    answerNext(notFound(), jsonResponse({ consentStatus: 'valid' }));
    await xs2aRequest({ ...statusByLink, profile: testProfile({ baseUrl: BASE, relayTarget: 'bank' }) });
    const urls = [await sent(0), await sent(1)].map((request) => new URL(request.url));
    expect(urls.map((url) => url.pathname)).toEqual(['/relay/bank', '/relay/bank']);
    expect(urls.map((url) => url.searchParams.get('url'))).toEqual([
      'https://bank.example/v1/consents/c1/status',
      'https://bank.example/psd2/v1/consents/c1/status',
    ]);
  });
});
