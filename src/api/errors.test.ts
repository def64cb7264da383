import { beforeAll, describe, expect, it } from 'vitest';
import { describeXs2aError, hasCode, loadMessageMeanings, Xs2aError, type Xs2aErrorDetails } from './errors';

const base = { requestId: 'req-1', exchangeId: 'exchange-1', url: 'https://bank.example/psd2/v1/consents' };
const error = (details: Partial<Xs2aErrorDetails>) => new Xs2aError({ kind: 'http', ...base, ...details });

beforeAll(() => loadMessageMeanings());

describe('describeXs2aError', () => {
  it('names the exchange the log recorded, so the page can offer to edit and resend it', () => {
    expect(describeXs2aError(error({ status: 400, exchangeId: 'exchange-12' })).exchangeId).toBe('exchange-12');
    expect(describeXs2aError(error({ status: 400, exchangeId: '' }))).not.toHaveProperty('exchangeId');
  });

  it('titles a refusal with its status and first code, and explains every message', () => {
    const description = describeXs2aError(
      error({
        status: 400,
        tppMessages: [
          { category: 'ERROR', code: 'FORMAT_ERROR', path: 'instructedAmount.amount', text: 'invalid amount' },
          { category: 'ERROR', code: 'BANK_SPECIFIC_42' },
        ],
      }),
    );
    expect(description).toMatchObject({
      title: 'The bank refused the request (400 FORMAT_ERROR)',
      summary: 'invalid amount',
      requestId: 'req-1',
      status: 400,
    });
    expect(description.messages).toEqual([
      {
        code: 'FORMAT_ERROR',
        meaning: expect.stringMatching(/header or body field is malformed/) as unknown,
        text: 'invalid amount',
        path: 'instructedAmount.amount',
      },
      {
        code: 'BANK_SPECIFIC_42',
        meaning: expect.stringMatching(/not a 1\.3\.12 message code/) as unknown,
        text: undefined,
        path: undefined,
      },
    ]);
  });

  it('lists the problem and its additionalErrors as messages', () => {
    const description = describeXs2aError(
      error({
        status: 401,
        problem: {
          type: 'about:blank',
          title: 'Consent expired',
          code: 'CONSENT_EXPIRED',
          additionalErrors: [{ code: 'TOKEN_EXPIRED', detail: 'the token expired too' }],
        },
      }),
    );
    expect(description.title).toBe('The bank refused the request (401 CONSENT_EXPIRED)');
    expect(description.messages).toEqual([
      { code: 'CONSENT_EXPIRED', meaning: expect.stringMatching(/expired/) as unknown, text: 'Consent expired' },
      {
        code: 'TOKEN_EXPIRED',
        meaning: expect.stringMatching(/token has expired/) as unknown,
        text: 'the token expired too',
        advice: expect.stringMatching(/authorising again/) as unknown,
      },
    ]);
  });

  it('says the bank failed for a 5xx', () => {
    expect(describeXs2aError(error({ status: 503, statusText: 'Service Unavailable' }))).toMatchObject({
      title: 'The bank could not process the request (503)',
      summary: expect.stringMatching(
        /503 Service Unavailable with no error body\. The problem is on the bank’s side/,
      ) as unknown,
      messages: [],
    });
  });

  it('explains a bodiless 404 and an HTML page', () => {
    expect(describeXs2aError(error({ status: 404, bodyText: '' })).summary).toMatch(/check the base_url/);
    expect(describeXs2aError(error({ status: 404, bodyText: '<html><body>Not found</body></html>' })).summary).toMatch(
      /HTML page, not an XS2A error body/,
    );
  });

  it('has its own plain words for network, timeout, abort and unreadable answers', () => {
    expect(describeXs2aError(error({ kind: 'network' }))).toMatchObject({
      title: 'The bank could not be reached',
      summary: expect.stringMatching(/https:\/\/bank\.example.*unreachable.*CORS/s) as unknown,
    });
    expect(describeXs2aError(error({ kind: 'timeout', timeoutMs: 30_000 }))).toMatchObject({
      title: 'The bank did not answer in time',
      summary: expect.stringMatching(/within 30 s\. .*longer request timeout in Settings/) as unknown,
    });
    expect(describeXs2aError(error({ kind: 'aborted' })).title).toBe('The request was cancelled');
    expect(describeXs2aError(error({ kind: 'invalid-response', status: 200, statusText: 'OK' }))).toMatchObject({
      title: 'The bank’s answer could not be read',
      summary: expect.stringMatching(/answered 200 OK but the body is not the JSON/) as unknown,
    });
  });

  it('describes any other error by its message', () => {
    expect(describeXs2aError(new Error('boom'))).toEqual({
      title: 'Something went wrong',
      summary: 'boom',
      messages: [],
    });
    expect(describeXs2aError('plain')).toMatchObject({ summary: 'plain' });
  });
});

describe('what to check', () => {
  const refusal = (code: string, relayTarget?: string) =>
    describeXs2aError(
      error({ status: 401, tppMessages: [{ category: 'ERROR', code }], ...(relayTarget && { relayTarget }) }),
    ).messages[0]?.advice;

  it('points certificate and signature refusals at the relay target’s config', () => {
    expect(refusal('CERTIFICATE_MISSING', 'strict')).toMatch(
      /relay target “strict” has tls\.cert and tls\.key \(or tls\.pfx\).*signing\.key and signing\.cert/,
    );
    expect(refusal('CERTIFICATE_INVALID', 'strict')).toMatch(/issued by a CA the bank trusts/);
    expect(refusal('CERTIFICATE_EXPIRED', 'strict')).toMatch(/has expired .*renew it/);
    expect(refusal('SIGNATURE_MISSING', 'strict')).toMatch(/give the relay target “strict” a signing key/);
    expect(refusal('SIGNATURE_INVALID', 'strict')).toMatch(/signing\.key of the relay target “strict” belongs/);
  });

  it('tells a profile without a relay that a browser cannot present the TPP’s certificates', () => {
    expect(refusal('CERTIFICATE_MISSING')).toMatch(/browser cannot present the TPP’s certificates.*Relay setting/);
    expect(refusal('SIGNATURE_MISSING')).toMatch(/relay target with signing/);
  });

  it('says how to get a new token', () => {
    expect(refusal('TOKEN_EXPIRED')).toMatch(/Get a new token by authorising again/);
    expect(refusal('TOKEN_UNKNOWN')).toMatch(/forget the session token/);
    expect(refusal('TOKEN_INVALID')).toMatch(/token it issued for this consent or payment/);
    expect(refusal('FORMAT_ERROR')).toBeUndefined();
  });

  it('explains the relay’s certificate and TLS failures', () => {
    const relay = (code: string) =>
      describeXs2aError(
        new Xs2aError({
          kind: 'relay',
          ...base,
          status: 502,
          relayTarget: 'strict',
          relayError: { code, message: `The relay failed (${code}).` },
        }),
      );
    expect(relay('CERTIFICATE_REJECTED')).toMatchObject({
      title: 'The console’s relay could not reach the bank',
      summary: 'The relay failed (CERTIFICATE_REJECTED).',
      advice: expect.stringMatching(
        /tls\.cert and tls\.key \(or tls\.pfx\) of the relay target “strict”.*restart/,
      ) as unknown,
    });
    expect(relay('TLS_FAILURE').advice).toMatch(/against tls\.ca of the relay target “strict”/);
    expect(relay('TARGET_NOT_ALLOWED').advice).toMatch(/alsoAllow/);
    expect(relay('TIMEOUT').advice).toBeUndefined();
  });
});

describe('hasCode', () => {
  it('finds a code in tppMessages, in the problem or in its additionalErrors', () => {
    const ng = error({ status: 401, tppMessages: [{ category: 'ERROR', code: 'CONSENT_INVALID' }] });
    expect(hasCode(ng, 'CONSENT_INVALID')).toBe(true);
    expect(hasCode(ng, 'CONSENT_EXPIRED')).toBe(false);
    const problem = error({
      status: 400,
      problem: { type: 'about:blank', code: 'FORMAT_ERROR', additionalErrors: [{ code: 'PERIOD_INVALID' }] },
    });
    expect(hasCode(problem, 'FORMAT_ERROR')).toBe(true);
    expect(hasCode(problem, 'PERIOD_INVALID')).toBe(true);
    expect(hasCode(problem, 'CONSENT_INVALID')).toBe(false);
  });

  it('is false for anything that is not an Xs2aError', () => {
    expect(hasCode(new Error('CONSENT_INVALID'), 'CONSENT_INVALID')).toBe(false);
    expect(hasCode(undefined, 'CONSENT_INVALID')).toBe(false);
  });
});
