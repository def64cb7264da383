// @vitest-environment happy-dom
// Codes outside 1.3.12 that a bank names as its own (the sandbox, through its admin API) are explained with the bank's
// words and advice; any bank's outage (503, a gateway's 502 or 504) and a 429 without a wait get retry advice, with
// the wait the bank asked for when it named one.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminDiscoveryDocument, answerAll, jsonResponse } from '../testing/http';
import { forgetOwnCodes, noteOwnCodes, ownCodeOf } from './bank-own-codes';
import { describeXs2aError, loadMessageMeanings, Xs2aError, type Xs2aErrorDetails } from './errors';
import { discoverAdmin } from './sandbox-admin/admin-discovery';
import type { BankProfile } from './profiles/bank-profile';

const SANDBOX = 'https://bank.example/sandbox';

const sandboxCodes = {
  SERVICE_UNAVAILABLE: {
    status: 503,
    meaning: "The sandbox's own code, not one of 1.3.12: the bank is unavailable for now (maintenance or overload).",
    advice: 'Retry later, not at once: honour Retry-After when the bank sends it, else back off.',
  },
  INTERNAL_SERVER_ERROR: {
    status: 500,
    meaning: "The sandbox's own code, not one of 1.3.12: the bank failed while processing the request.",
    advice: 'Retry later. The request may or may not have taken effect.',
  },
};

const failure = (details: Partial<Xs2aErrorDetails>) =>
  new Xs2aError({
    kind: 'http',
    requestId: 'req-1',
    exchangeId: 'exchange-1',
    url: `${SANDBOX}/v1/payments/sepa-credit-transfers/pay-1`,
    ...details,
  });

const unavailable = (details: Partial<Xs2aErrorDetails> = {}) =>
  failure({
    status: 503,
    tppMessages: [{ category: 'ERROR', code: 'SERVICE_UNAVAILABLE', text: 'Down for maintenance.' }],
    ...details,
  });

beforeAll(() => loadMessageMeanings());
afterEach(forgetOwnCodes);

describe('a code of the bank’s own', () => {
  it('is “not a 1.3.12 message code” while the bank has named no codes of its own', () => {
    const [line] = describeXs2aError(unavailable()).messages;
    expect(line?.meaning).toMatch(/not a 1\.3\.12 message code; it may be specific to this bank/);
  });

  it('is explained with the sandbox’s meaning and advice once its admin API named it', () => {
    noteOwnCodes(SANDBOX, sandboxCodes);
    const [line] = describeXs2aError(unavailable()).messages;
    expect(line).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      meaning: sandboxCodes.SERVICE_UNAVAILABLE.meaning,
      advice: sandboxCodes.SERVICE_UNAVAILABLE.advice,
      text: 'Down for maintenance.',
    });
    // The sandbox's advice already says when to retry: no second, vaguer one beside it, unless the bank named a wait.
    expect(describeXs2aError(unavailable()).advice).toBeUndefined();
    expect(describeXs2aError(unavailable({ headers: { 'retry-after': '30' } })).advice).toMatch(
      /asked to wait 30 s \(Retry-After: 30\)/,
    );
    const serverError = failure({ status: 500, tppMessages: [{ category: 'ERROR', code: 'INTERNAL_SERVER_ERROR' }] });
    expect(describeXs2aError(serverError).messages[0]?.meaning).toBe(sandboxCodes.INTERNAL_SERVER_ERROR.meaning);
  });

  it('is the sandbox’s only for requests to the sandbox, not for another bank or a path beside its base_url', () => {
    noteOwnCodes(SANDBOX, sandboxCodes);
    for (const url of ['https://other.example/sandbox/v1/consents', 'https://bank.example/sandboxes/v1/consents']) {
      expect(describeXs2aError(unavailable({ url })).messages[0]?.meaning).toMatch(/not a 1\.3\.12 message code/);
    }
    expect(ownCodeOf(`${SANDBOX}/v1/consents`, 'FORMAT_ERROR')).toBeUndefined();
  });

  it('never replaces 1.3.12’s meaning of one of its codes', () => {
    noteOwnCodes(SANDBOX, { FORMAT_ERROR: { meaning: 'Something of the bank’s own.' } });
    const error = failure({ status: 400, tppMessages: [{ category: 'ERROR', code: 'FORMAT_ERROR' }] });
    expect(describeXs2aError(error).messages[0]?.meaning).toMatch(/malformed/);
  });

  it('is learnt from the admin API’s discovery document when it names them', async () => {
    answerAll(jsonResponse({ ...adminDiscoveryDocument(), sandboxCodes }));
    const profile = { id: 'p', name: 'Sandbox', baseUrl: SANDBOX } as BankProfile;
    expect(await discoverAdmin(profile)).toMatchObject({ available: true });
    expect(ownCodeOf(`${SANDBOX}/v1/consents`, 'SERVICE_UNAVAILABLE')).toMatchObject({ status: 503 });
  });
});

describe('retry advice for an outage, from any bank', () => {
  it('says how long to wait when the bank sent Retry-After', () => {
    const description = describeXs2aError(unavailable({ headers: { 'retry-after': '120' } }));
    expect(description.advice).toBe(
      'The bank is unavailable for now and asked to wait 2 min (Retry-After: 120): try again once that time has passed, not before.',
    );
  });

  it('says to try again later, backing off, when the bank named no wait', () => {
    for (const status of [502, 503, 504]) {
      expect(describeXs2aError(failure({ status })).advice).toMatch(
        /unavailable for now and named no time to wait \(no Retry-After\): try again later, not at once/,
      );
    }
    expect(describeXs2aError(failure({ status: 400 })).advice).toBeUndefined();
  });

  it('backs off on a 429 that names no wait, unless the consent’s reads for the day are used up', () => {
    expect(describeXs2aError(failure({ status: 429 })).advice).toMatch(
      /named no time to wait \(no Retry-After\): wait a few seconds/,
    );
    const usedUp = failure({ status: 429, tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED' }] });
    expect(describeXs2aError(usedUp).advice).toBeUndefined();
  });
});
