import { describe, expect, it } from 'vitest';
import { ErrorBodyNg, ProblemJson, TppMessage } from './errors';

describe('error bodies', () => {
  it('NextGenPSD2 format: any code string is readable, category and code are required', () => {
    const body = {
      tppMessages: [
        { category: 'ERROR', code: 'FORMAT_ERROR', path: 'instructedAmount.amount', text: 'invalid amount' },
      ],
      _links: { self: { href: '/v1/payments/sepa-credit-transfers' } },
    };
    expect(ErrorBodyNg.safeParse(body).success).toBe(true);
    expect(TppMessage.safeParse({ category: 'ERROR', code: 'BANK_OWN_CODE' }).success).toBe(true);
    expect(TppMessage.safeParse({ category: 'FATAL', code: 'FORMAT_ERROR' }).success).toBe(false);
    expect(TppMessage.safeParse({ category: 'ERROR' }).success).toBe(false);
    expect(TppMessage.safeParse({ category: 'ERROR', code: 'FORMAT_ERROR', text: 'x'.repeat(501) }).success).toBe(
      false,
    );
  });

  it('problem+json format needs type and code', () => {
    const problem = {
      type: 'https://berlin-group.org/problems/message-codes',
      title: 'Format error',
      code: 'FORMAT_ERROR',
      additionalErrors: [{ code: 'PERIOD_INVALID', detail: 'dateFrom too early' }],
    };
    expect(ProblemJson.safeParse(problem).success).toBe(true);
    expect(ProblemJson.safeParse({ type: problem.type }).success).toBe(false);
    expect(ProblemJson.safeParse({ ...problem, type: 'x'.repeat(71) }).success).toBe(false);
  });
});
