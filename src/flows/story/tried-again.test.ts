// A read the console sent again by itself (the bank asked to wait with 429; a link led nowhere without the bank's
// prefix): the story tells that try with why the console tried again, and the try that answered as usual.
import { beforeEach, describe, expect, it } from 'vitest';
import { buildFlowStory } from './build-story';
import { exchange, initiate, PAYMENT, resetKit } from './story-test-kit';

beforeEach(resetKit);

describe('a try the console sent again', () => {
  it('is told with why, before the try that answered', () => {
    const waited = {
      ...exchange('getPaymentInitiationStatus', {
        path: '/payments/sepa-credit-transfers/p1/status',
        status: 429,
        body: { tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED', text: 'Too many requests' }] },
      }),
      triedAgain: 'The bank asked to wait 1 s (Retry-After: 1); the console tried again (try 2 of 4).',
    };
    const answered = exchange('getPaymentInitiationStatus', {
      path: '/payments/sepa-credit-transfers/p1/status',
      body: { transactionStatus: 'ACTC' },
    });
    const story = buildFlowStory({ flow: PAYMENT, exchanges: [initiate(), waited, answered], events: [] });
    const step = story.steps.find((candidate) => candidate.exchangeId === waited.id);
    expect(step?.detail).toBe(waited.triedAgain);
    expect(story.steps.some((candidate) => candidate.exchangeId === answered.id)).toBe(true);
  });
});
