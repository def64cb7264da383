import { describe, expect, it } from 'vitest';
import { consentAdvice, consentAdviceForError } from './consent-advice';
import { Xs2aError } from './errors';

function bankError(codes: string[], problem?: { code: string; additional?: string[] }): Xs2aError {
  return new Xs2aError({
    kind: 'http',
    status: 401,
    requestId: 'req-1',
    exchangeId: 'ex-1',
    url: 'https://bank.test/v1/accounts',
    tppMessages: codes.map((code) => ({ category: 'ERROR', code, text: '' })),
    ...(problem && {
      problem: {
        type: 'https://berlin-group.org/problem-types/consent',
        code: problem.code,
        additionalErrors: (problem.additional ?? []).map((code) => ({ code })),
      },
    }),
  });
}

describe('consentAdvice', () => {
  it('says what to do about each consent refusal, once per code and in order', () => {
    expect(consentAdvice(['FORMAT_ERROR', undefined])).toEqual([]);
    const advice = consentAdvice(['ACCESS_EXCEEDED', 'CONSENT_EXPIRED', 'ACCESS_EXCEEDED']);
    expect(advice).toHaveLength(2);
    expect(advice[0]).toMatch(/used up for today\. Wait until tomorrow/);
    expect(advice[1]).toMatch(/Create a new consent/);
    expect(consentAdvice(['CONSENT_UNKNOWN'])[0]).toMatch(
      /active bank profile is the one the consent was created with/,
    );
    expect(consentAdvice(['CONSENT_INVALID'])[0]).toMatch(/authorise it/);
  });

  it('says when the bank’s next day begins by the bank’s clock, when it is given', () => {
    const bankNow = Date.parse('2026-11-30T19:00:00Z');
    expect(consentAdvice(['ACCESS_EXCEEDED'], { bankNow })[0]).toMatch(
      /The bank’s next day begins in about 5 hours \(midnight UTC by the bank’s clock\)\.$/,
    );
    expect(consentAdvice(['ACCESS_EXCEEDED'], { bankNow: Date.parse('2026-11-30T23:59:30Z') })[0]).toMatch(
      /begins in 1 minute/,
    );
    expect(consentAdvice(['ACCESS_EXCEEDED'], { bankNow: Date.parse('2026-11-30T23:00:00Z') })[0]).toMatch(
      /begins in about 1 hour \(/,
    );
    expect(consentAdvice(['ACCESS_EXCEEDED'])[0]).not.toMatch(/next day begins/);
  });

  it('names what was refused where the wording depends on it', () => {
    expect(consentAdvice(['CONSENT_INVALID'])[0]).toMatch(/^The consent does not allow this request:/);
    expect(consentAdvice(['CONSENT_INVALID'], { refused: 'this read' })[0]).toMatch(
      /^The consent does not allow this read:/,
    );
    // Texts without the refused thing read the same everywhere.
    expect(consentAdvice(['CONSENT_EXPIRED'], { refused: 'this read' })).toEqual(consentAdvice(['CONSENT_EXPIRED']));
  });

  it('reads the codes of a bank error, from tppMessages and problem+json, and ignores other errors', () => {
    expect(consentAdviceForError(bankError(['CONSENT_EXPIRED']))).toEqual(consentAdvice(['CONSENT_EXPIRED']));
    expect(consentAdviceForError(bankError([], { code: 'ACCESS_EXCEEDED', additional: ['CONSENT_INVALID'] }))).toEqual(
      consentAdvice(['ACCESS_EXCEEDED', 'CONSENT_INVALID']),
    );
    expect(consentAdviceForError(bankError(['FORMAT_ERROR']))).toEqual([]);
    expect(consentAdviceForError(new Error('CONSENT_EXPIRED'))).toEqual([]);
    expect(consentAdviceForError(undefined)).toEqual([]);
  });
});
