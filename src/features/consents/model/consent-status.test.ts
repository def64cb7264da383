import { describe, expect, it } from 'vitest';
import { consentStatusMeaning, notUsableReason } from './consent-status-meaning';
import { consentStatusLabel, newAuthorisationRefusal, offersConsentSca } from './consent-status';

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

describe('a consentStatus 1.3.12 does not define', () => {
  it('is named as such (a case-only difference as probably the code) and hides no SCA', () => {
    expect(consentStatusMeaning('RECEIVED')).toBe(
      "Deviation: the bank reports a status 1.3.12 does not define: RECEIVED (probably received, with different case). The console decides nothing from it and keeps every action the bank's links offer.",
    );
    expect(offersConsentSca('RECEIVED')).toBe(true);
    expect(offersConsentSca('pending')).toBe(true);
    expect(offersConsentSca('received')).toBe(true);
    expect(offersConsentSca('valid')).toBe(false);
    expect(offersConsentSca(undefined)).toBe(false);
  });
});

describe('notUsableReason', () => {
  it('says nothing is known of a status 1.3.12 does not define, so the bank decides about reads', () => {
    expect(notUsableReason('received')).toMatch(/not authorised yet/);
    expect(notUsableReason('valid')).toBeUndefined();
    expect(notUsableReason('ACTIVE')).toBeUndefined();
  });
});
