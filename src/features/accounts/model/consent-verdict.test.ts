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

  it('refuses a status the spec does not define', () => {
    expect(consentVerdict('suspended')).toMatchObject({
      kind: 'not-valid',
      title: 'The consent is suspended, not valid',
    });
  });
});
