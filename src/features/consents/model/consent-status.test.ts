import { describe, expect, it } from 'vitest';
import { consentStatusLabel, newAuthorisationRefusal } from './consent-status';

describe('consent status', () => {
  it('names statuses from the 1.3.12 name table and leaves unknown ones as they are', () => {
    expect(consentStatusLabel('received')).toBe('Waiting for authorisation');
    expect(consentStatusLabel('somethingNew')).toBe('somethingNew');
  });

  it.each(['received', 'partiallyAuthorised'])('lets a %s consent start a new authorisation', (status) => {
    expect(newAuthorisationRefusal(status)).toBeUndefined();
  });

  it.each(['valid', 'rejected', 'expired', 'terminatedByTpp', 'revokedByPsu'])(
    'says why a %s consent cannot start one',
    (status) => {
      expect(newAuthorisationRefusal(status)).toMatch(/consent/);
    },
  );

  it('leaves the decision to the bank while the status is unknown', () => {
    expect(newAuthorisationRefusal(undefined)).toBeUndefined();
    expect(newAuthorisationRefusal('somethingNew')).toBeUndefined();
  });
});
