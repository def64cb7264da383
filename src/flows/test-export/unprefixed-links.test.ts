// A flow in which the console followed a bank's link under the base_url (the link left out the bank's prefix and led
// nowhere as given): the exported test follows the same link, and its `call` tries it under BASE_URL the same way.
import type { APIRequestContext } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../api';
import { playwrightTest } from './export-test';
import { buildReplayPlan } from './plan';
import { call, underBase } from './runtime';

const BANK = 'https://bank.example/psd2';
const STATUS = '/v1/payments/sepa-credit-transfers/p-1/status';
const FLOW = 'payment:p-1';

function exchange(method: string, url: string, status: number, body: unknown, more: Partial<Exchange> = {}): Exchange {
  return {
    id: `exchange-${url}-${status}`,
    flow: FLOW,
    operationId: method === 'POST' ? 'initiatePayment' : 'getPaymentInitiationStatus',
    requestId: 'req',
    startedAt: 0,
    durationMs: 5,
    request: { method, url, headers: { 'PSU-IP-Address': '192.0.2.1' } },
    response: { status, statusText: '', headers: {}, body, bodyText: body === undefined ? '' : JSON.stringify(body) },
    deviations: [],
    ...more,
  };
}

const flow: Exchange[] = [
  exchange('POST', `${BANK}/v1/payments/sepa-credit-transfers`, 201, {
    transactionStatus: 'RCVD',
    paymentId: 'p-1',
    _links: { status: { href: STATUS } },
  }),
  exchange('GET', `https://bank.example${STATUS}`, 404, undefined, {
    triedAgain: `The bank’s link ${STATUS} answered 404: it leaves out the base_url’s prefix /psd2, so the console tried /psd2${STATUS} next.`,
  }),
  exchange('GET', `${BANK}${STATUS}`, 200, { transactionStatus: 'ACTC' }),
];

/** A request context that answers each URL with its status, or no answer at all. */
function bank(answers: Record<string, number>) {
  const fetched: string[] = [];
  const request = {
    fetch: (url: string) => {
      fetched.push(url);
      const status = answers[url];
      if (status === undefined) return Promise.reject(new Error('connect ECONNREFUSED'));
      return Promise.resolve({ status: () => status, headers: () => ({}), text: () => Promise.resolve('{}') });
    },
  } as unknown as APIRequestContext;
  return { request, fetched };
}

describe('an exported flow with a link that left out the bank’s prefix', () => {
  it('replays the try that answered, following the bank’s link, and leaves out the one the console repeated', () => {
    const plan = buildReplayPlan(flow);
    // The status read is the final state's, polled once at the end.
    expect(plan.steps.map((step) => step.kind)).toEqual(['call']);
    expect(plan.finals.map((final) => final.url)).toEqual(['linkOf(a1, "status", BASE_URL)']);
    expect(plan.skipped.join('\n')).toContain('tried again by the console');
    const { text } = playwrightTest({ flow: FLOW, exchanges: flow, savedAt: 0 });
    expect(text).toMatch(/url: linkOf\(a1, "status", BASE_URL\),\n\s+baseUrl: BASE_URL,/);
    // The URL the test builds from BASE_URL itself needs no second try.
    expect(text).not.toMatch(/url: `\$\{BASE_URL\}[^`]*`,\n\s+baseUrl/);
  });

  it('calls the link as given, then under the base_url when nothing answers there', async () => {
    const prefixed = `${BANK}${STATUS}`;
    const answerSets: Record<string, number>[] = [
      { [`https://bank.example${STATUS}`]: 404, [prefixed]: 200 },
      { [prefixed]: 200 },
    ];
    for (const answers of answerSets) {
      const { request, fetched } = bank(answers);
      const answer = await call(request, {
        method: 'GET',
        url: `https://bank.example${STATUS}`,
        baseUrl: BANK,
        headers: {},
      });
      expect(answer.status).toBe(200);
      expect(fetched).toEqual([`https://bank.example${STATUS}`, prefixed]);
    }
  });

  it('calls once a link that answers, one that carries the prefix, or a call without a base_url', async () => {
    const cases: { url: string; baseUrl?: string; answers: Record<string, number> }[] = [
      { url: `https://bank.example${STATUS}`, baseUrl: BANK, answers: { [`https://bank.example${STATUS}`]: 200 } },
      { url: `${BANK}${STATUS}`, baseUrl: BANK, answers: { [`${BANK}${STATUS}`]: 404 } },
      { url: `https://bank.example${STATUS}`, answers: { [`https://bank.example${STATUS}`]: 404 } },
    ];
    for (const { url, baseUrl, answers } of cases) {
      const { request, fetched } = bank(answers);
      await call(request, { method: 'GET', url, headers: {}, ...(baseUrl && { baseUrl }) });
      expect(fetched).toEqual([url]);
    }
  });

  it('puts a link under the base_url only on the base_url’s origin and without its prefix', () => {
    expect(underBase('https://bank.example/v1/a?x=1', BANK)).toBe('https://bank.example/psd2/v1/a?x=1');
    expect(underBase('https://bank.example/psd2/v1/a', BANK)).toBeUndefined();
    expect(underBase('https://auth.example/v1/a', BANK)).toBeUndefined();
    expect(underBase('https://bank.example/v1/a', 'https://bank.example')).toBeUndefined();
  });
});
