// Requests through the console server's relay: the URL the browser sends, what the log keeps, the relay's errors.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestUrlFor, xs2aRequest, type Xs2aRequestOptions } from './client';
import { describeXs2aError, Xs2aError } from './errors';
import { exchangeLog } from './exchange-log';
import { listRelayTargets, relayTargetAbilities } from './relay/list-relay-targets';
import { testProfile } from './test-kit';
import { answerNext, jsonResponse, sent } from '../testing/http';

beforeEach(() => {
  exchangeLog.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const viaRelay: Xs2aRequestOptions = {
  profile: testProfile({ id: 'bank', baseUrl: 'https://api.bank.example/psd2', relayTarget: 'bank-a' }),
  operationId: 'getConsentStatus',
  method: 'GET',
  path: '/v1/consents/c 1/status',
  query: { x: 'a&b' },
};

function relayAnswer(code: string, message: string, status = 502): Response {
  return jsonResponse({ relayError: { code, message } }, { status, headers: { 'X-Relay-Error': code } });
}

describe('requestUrlFor', () => {
  it('sends to the bank directly without a relay target', () => {
    expect(requestUrlFor({}, 'https://api.bank.example/psd2/v1/consents')).toBe(
      'https://api.bank.example/psd2/v1/consents',
    );
    expect(requestUrlFor({ relayTarget: '' }, 'https://api.bank.example/x')).toBe('https://api.bank.example/x');
  });

  it('wraps the final bank URL, encoded, in the relay URL on the console’s origin', () => {
    const url = 'https://api.bank.example/psd2/v1/accounts?withBalance=true&x=a%20b';
    const relayed = requestUrlFor({ relayTarget: 'bank-a' }, url);
    expect(relayed).toBe(`http://localhost/relay/bank-a?url=${encodeURIComponent(url)}`);
    expect(new URL(relayed).searchParams.get('url')).toBe(url);
  });
});

describe('xs2aRequest through the relay', () => {
  it('sends the request to the relay and logs the bank URL with the relay it went through', async () => {
    answerNext(jsonResponse({ consentStatus: 'valid' }));
    const result = await xs2aRequest(viaRelay);
    expect(result.body).toEqual({ consentStatus: 'valid' });
    const bankUrl = 'https://api.bank.example/psd2/v1/consents/c%201/status?x=a%26b';
    expect((await sent()).url).toBe(`http://localhost/relay/bank-a?url=${encodeURIComponent(bankUrl)}`);
    const [exchange] = exchangeLog.list();
    expect(exchange?.request.url).toBe(bankUrl);
    expect(exchange?.relayTarget).toBe('bank-a');
  });

  it('resolves a relative _links href against the base_url before wrapping it', async () => {
    answerNext(jsonResponse({ consentStatus: 'valid' }));
    await xs2aRequest({ ...viaRelay, path: undefined, query: undefined, href: '/psd2/v1/consents/c2/status' });
    expect(new URL((await sent()).url).searchParams.get('url')).toBe(
      'https://api.bank.example/psd2/v1/consents/c2/status',
    );
  });

  it('turns an answer marked X-Relay-Error into a relay error with the relay’s plain message', async () => {
    const message = 'The bank at api.bank.example refused the connection: nothing is listening there.';
    answerNext(relayAnswer('CONNECTION_REFUSED', message));
    const error = await xs2aRequest(viaRelay).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(Xs2aError);
    const relayError = error as Xs2aError;
    expect(relayError).toMatchObject({
      kind: 'relay',
      status: 502,
      message,
      relayTarget: 'bank-a',
      relayError: { code: 'CONNECTION_REFUSED', message },
      tppMessages: [],
    });
    expect(describeXs2aError(relayError)).toMatchObject({
      title: 'The console’s relay could not reach the bank',
      summary: message,
    });
    expect(exchangeLog.list()[0]?.error).toEqual({ kind: 'relay', message });
  });

  it('keeps a bank’s own error answer a bank error', async () => {
    answerNext(
      jsonResponse(
        { tppMessages: [{ category: 'ERROR', code: 'CONSENT_UNKNOWN', text: 'unknown consent' }] },
        { status: 403 },
      ),
    );
    const error = (await xs2aRequest(viaRelay).catch((reason: unknown) => reason)) as Xs2aError;
    expect(error.kind).toBe('http');
    expect(error.tppMessages[0]?.code).toBe('CONSENT_UNKNOWN');
  });
});

describe('listRelayTargets', () => {
  it('reads the targets of the console’s server, and none from a server without the relay', async () => {
    answerNext(jsonResponse({ targets: [{ id: 'bank-a', baseUrl: 'https://api.bank.example/psd2' }] }));
    expect(await listRelayTargets()).toEqual({ targets: [{ id: 'bank-a', baseUrl: 'https://api.bank.example/psd2' }] });
    expect((await sent()).url).toBe('http://localhost/relay');
    answerNext(new Response('Not found', { status: 404 }));
    expect(await listRelayTargets()).toEqual({ targets: [] });
  });

  it('keeps what a target does (mutual TLS, signing, further origins), tolerating servers that do not say', async () => {
    answerNext(
      jsonResponse({
        targets: [
          {
            id: 'strict',
            baseUrl: 'https://127.0.0.1:4352/sandbox',
            mtls: true,
            signing: true,
            alsoAllow: ['https://auth.bank.example', 7],
            tls: { key: 'never shown' },
          },
          { id: 'plain', baseUrl: 'https://bank.example', mtls: 'yes' },
          { id: 'broken' },
        ],
      }),
    );
    const { targets } = await listRelayTargets();
    expect(targets).toEqual([
      {
        id: 'strict',
        baseUrl: 'https://127.0.0.1:4352/sandbox',
        mtls: true,
        signing: true,
        alsoAllow: ['https://auth.bank.example'],
      },
      { id: 'plain', baseUrl: 'https://bank.example' },
    ]);
    expect(targets.map(relayTargetAbilities)).toEqual(['mutual TLS, signs requests', '']);
  });
});
