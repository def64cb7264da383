import { describe, expect, it } from 'vitest';
import { consentStatusInfo } from '../../../xs2a';
import { consentVerdict } from './consent-verdict';

describe('consentVerdict', () => {
  it('lets only a valid consent through', () => {
    expect(consentVerdict('valid')).toEqual({ kind: 'valid' });
  });

  it('explains every other status of 1.3.12 with its meaning and what to do', () => {
    for (const status of [
      'received',
      'rejected',
      'expired',
      'terminatedByTpp',
      'revokedByPsu',
      'partiallyAuthorised',
    ]) {
      const verdict = consentVerdict(status);
      expect(verdict.kind).toBe('not-valid');
      if (verdict.kind !== 'not-valid') continue;
      expect(verdict.explanation).toBe(consentStatusInfo[status as keyof typeof consentStatusInfo]);
      expect(verdict.title).not.toBe('');
      expect(verdict.action).not.toBe('');
    }
    expect(consentVerdict('terminatedByTpp')).toMatchObject({ title: 'The consent was deleted' });
  });

  it('leaves a status the spec does not define to the bank, and says so', () => {
    expect(consentVerdict('suspended')).toEqual({
      kind: 'unknown',
      status: 'suspended',
      explanation:
        'The bank reports a status 1.3.12 does not define: suspended. The console cannot tell whether the consent is valid, so it reads with it and the bank decides.',
    });
    expect(consentVerdict('VALID')).toMatchObject({
      kind: 'unknown',
      explanation: expect.stringContaining('VALID (probably valid, with different case)') as unknown,
    });
    expect(consentVerdict(3)).toMatchObject({ kind: 'unknown', status: '3' });
  });
});
