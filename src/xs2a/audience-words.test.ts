import { describe, expect, it } from 'vitest';
import { withoutSpecCodes } from './audience-words';

describe('withoutSpecCodes', () => {
  it.each([
    ['The bank reports the payment as Settled (ACSC).', 'The bank reports the payment as Settled.'],
    [
      'The payment waits for the PSU’s authorisation: Received (RCVD).',
      'The payment waits for the PSU’s authorisation: Received.',
    ],
    ['The consent is no longer valid (CONSENT_INVALID).', 'The consent is no longer valid.'],
    [
      'The bank cancelled the payment at once (204 No Content): no authorisation was needed.',
      'The bank cancelled the payment at once: no authorisation was needed.',
    ],
    ['An SCA method was chosen (scaMethodSelected)', 'An SCA method was chosen'],
    ['The bank reports the consent as Valid (valid).', 'The bank reports the consent as Valid.'],
    ['Initiate payment → 201, received', 'Initiate payment → received'],
    ['List authorisations → 200', 'List authorisations → done'],
    ['Delete consent → 404', 'Delete consent → refused'],
    ['Status → ACSC, settled', 'Status → settled'],
    ['Payment read 1 time, unchanged: ACTC', 'Payment read 1 time, unchanged: technically valid'],
    ['Send the one-time code → 401, PSU_CREDENTIALS_INVALID', 'Send the one-time code → PSU credentials invalid'],
    ['Authorisation → scaMethodSelected', 'Authorisation → SCA method selected'],
    ['The consent was revokedByPsu', 'The consent was revoked by the PSU'],
    ['The bank refused the request (401 PSU_CREDENTIALS_INVALID)', 'The bank refused the request'],
    [
      'The authorisation is still open (scaStatus scaMethodSelected): check the code and try again.',
      'The authorisation is still open: check the code and try again.',
    ],
  ])('%s', (text, plain) => {
    expect(withoutSpecCodes(text)).toBe(plain);
  });

  it('leaves words, amounts, dates and IBAN-like text alone', () => {
    for (const text of [
      'Valid: the TPP may read the accounts it covers',
      '12.50 EUR from DE16 •••• •••• 0001 on 2026-11-24',
      'Refund (invoice 2041)',
      'ACSCX and XACSC are not codes',
    ]) {
      expect(withoutSpecCodes(text)).toBe(text);
    }
  });
});
