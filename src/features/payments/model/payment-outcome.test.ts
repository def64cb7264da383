import { describe, expect, it } from 'vitest';
import { paymentFacts, paymentReasons, transactionStatusVerdict } from './payment-outcome';

describe('a payment as the outcome banner reads it', () => {
  it('sorts the transaction statuses into outcomes', () => {
    expect(['ACTC', 'ACSC', 'ACCC', 'ACSP'].map(transactionStatusVerdict)).toEqual(Array(4).fill('authorised'));
    expect(transactionStatusVerdict('RJCT')).toBe('rejected');
    expect(transactionStatusVerdict('CANC')).toBe('cancelled');
    expect(transactionStatusVerdict('RCVD')).toBe('waiting');
    expect(transactionStatusVerdict('PATC')).toBe('waiting');
    expect(transactionStatusVerdict('PDNG')).toBe('processing');
    expect(transactionStatusVerdict('Rejected')).toBe('unknown');
  });

  it('reads the bank’s reasons tolerantly: message, tppMessages in either spelling, a failed funds check', () => {
    expect(
      paymentReasons({
        psuMessage: 'No funds.',
        tppMessage: [{ category: 'ERROR', code: 'PAYMENT_FAILED', text: 'Insufficient funds' }, 'odd', null],
      }),
    ).toEqual(['No funds.', 'PAYMENT_FAILED: Insufficient funds']);
    expect(paymentReasons({ fundsAvailable: false })).toEqual([
      'The bank’s funds check failed (fundsAvailable: false).',
    ]);
    expect(paymentReasons({ psuMessage: 42, tppMessages: 'x' })).toEqual([]);
  });

  it('labels the status and keeps reasons off an authorised payment', () => {
    expect(paymentFacts('RJCT', { psuMessage: 'No funds.' })).toMatchObject({
      label: 'Rejected',
      verdict: 'rejected',
      reasons: ['No funds.'],
    });
    expect(paymentFacts('ACSC', { psuMessage: 'Thanks.' }).reasons).toEqual([]);
  });
});
