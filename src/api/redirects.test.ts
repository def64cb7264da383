// A bank's redirect is its answer: the client never follows one, and shows it as what it is.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { xs2aRequest, type Xs2aRequestOptions } from './client';
import { describeXs2aError, Xs2aError } from './errors';
import { exchangeLog } from './exchange-log';
import { oauthFetch } from './oauth/oauth-fetch';
import { testProfile } from './test-kit';
import { answerAll, answerAsBrowser, answerNext, jsonResponse, sent, sentCount, withType } from '../testing/http';

beforeEach(() => {
  exchangeLog.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const password = { psuData: { password: 'correct horse' } };
const start: Xs2aRequestOptions = {
  profile: testProfile({ baseUrl: 'https://api.bank.example/psd2', psuHeaders: { psuId: 'alice' } }),
  operationId: 'startConsentAuthorisation',
  method: 'POST',
  path: '/v1/consents/c1/authorisations',
  body: password,
};
const viaRelay: Xs2aRequestOptions = { ...start, profile: { ...start.profile, relayTarget: 'bank-a' } };

/** What a browser hands back for a redirect under `redirect: 'manual'`: no status, no headers, no body. */
function opaqueRedirect(): Response {
  return withType(Response.error(), 'opaqueredirect');
}

/** The relay's answer for a bank's 3xx: 502 BANK_REDIRECT, the bank's status and Location in X-Relay-Status/-Location. */
function relayedRedirect(status: number, location: string): Response {
  const body = JSON.stringify({ relayError: { code: 'BANK_REDIRECT', message: `The bank answered ${status}.` } });
  return new Response(body, {
    status: 502,
    headers: {
      'Content-Type': 'application/json',
      'X-Relay-Error': 'BANK_REDIRECT',
      'X-Relay-Status': String(status),
      'X-Relay-Location': location,
    },
  });
}

async function failure(options: Xs2aRequestOptions): Promise<Xs2aError> {
  const outcome = await xs2aRequest(options).then(
    () => new Error('the request succeeded'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof Xs2aError)) throw outcome;
  return outcome;
}

describe('the client never follows a redirect', () => {
  it('sends every request with redirect: manual, directly and through the relay', async () => {
    answerAll(() => jsonResponse({ scaStatus: 'received' }));
    await xs2aRequest(start).catch(() => undefined);
    await xs2aRequest(viaRelay).catch(() => undefined);
    expect(sentCount()).toBe(2);
    for (const index of [0, 1]) expect((await sent(index)).redirect).toBe('manual');
  });

  it('sends the OAuth requests with redirect: manual too', async () => {
    answerNext(jsonResponse({ access_token: 't' }));
    await oauthFetch(
      'https://auth.bank.example/token',
      { method: 'POST', body: 'code=x' },
      {
        profile: start.profile,
        operationId: 'oauthToken',
      },
    );
    expect((await sent()).redirect).toBe('manual');
  });
});

describe('a bank that answers with a redirect', () => {
  it('is a redirect error in plain words when the browser hides the redirect (opaque), recorded as not followed', async () => {
    answerAsBrowser(opaqueRedirect);
    const error = await failure(start);
    expect(error).toMatchObject({ kind: 'redirect', status: undefined, location: undefined, tppMessages: [] });
    const description = describeXs2aError(error);
    expect(description.title).toBe('The bank answered with a redirect, which the console does not follow');
    expect(description.summary).toMatch(/browser does not show where it pointed/);
    expect(description.advice).toMatch(/base_url/);
    expect(error.message).toMatch(/^The bank answered with a redirect, which the console does not follow/);

    const [exchange] = exchangeLog.list();
    expect(exchange?.response).toBeUndefined();
    expect(exchange?.error).toEqual({ kind: 'redirect', message: error.message });
    expect(exchange?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('through the relay, shows the bank’s status and where it pointed, as text, and records the 3xx', async () => {
    const elsewhere = 'https://evil.example/collect?from=bank';
    answerNext(relayedRedirect(307, elsewhere));
    const error = await failure(viaRelay);
    expect(error).toMatchObject({ kind: 'redirect', status: 307, location: elsewhere, relayTarget: 'bank-a' });
    const description = describeXs2aError(error);
    expect(description).toMatchObject({
      title: 'The bank answered with a redirect (307), which the console does not follow',
      status: 307,
    });
    expect(description.summary).toContain(`It pointed to ${elsewhere}`);
    expect(sentCount()).toBe(1);

    const [exchange] = exchangeLog.list();
    expect(exchange?.response?.status).toBe(307);
    expect(exchange?.response?.headers['x-relay-location']).toBe(elsewhere);
    expect(exchange?.error?.kind).toBe('redirect');
  });

  it('through the relay, shows a relative location as the bank sent it, and sends nothing after it', async () => {
    answerNext(relayedRedirect(302, '/relay/other-target?url=x'));
    const error = await failure(viaRelay);
    expect(error).toMatchObject({ kind: 'redirect', status: 302, location: '/relay/other-target?url=x' });
    expect(sentCount()).toBe(1);
  });

  it('treats any readable 3xx answer as a redirect, with its Location when the bank exposes it', async () => {
    answerNext(new Response(null, { status: 303, headers: { Location: 'https://bank.example/login' } }));
    const error = await failure(start);
    expect(error).toMatchObject({ kind: 'redirect', status: 303, location: 'https://bank.example/login' });
    expect(exchangeLog.list()[0]?.response?.status).toBe(303);
  });

  it('is an OAuth request’s redirect error too', async () => {
    answerAsBrowser(opaqueRedirect);
    const error = await oauthFetch(
      'https://auth.bank.example/token',
      { method: 'POST', body: 'code=x' },
      { profile: start.profile, operationId: 'oauthToken' },
    ).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Xs2aError);
    expect(error).toMatchObject({ kind: 'redirect', status: undefined });
    expect(exchangeLog.list()[0]?.error?.kind).toBe('redirect');
  });
});
