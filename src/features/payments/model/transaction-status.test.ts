import { describe, expect, it } from 'vitest';
import {
  awaitsAuthorisation,
  cancellationAuthorisationRefusal,
  isFinalTransactionStatus,
  offersInitiationSca,
  paymentAuthorisationRefusal,
  shouldPollStatus,
  transactionStatusTone,
} from './transaction-status';
import { transactionStatusMeaning } from './transaction-status-meaning';

describe('transaction status', () => {
  it.each(['ACSC', 'ACCC', 'RJCT', 'CANC', 'PART'])('treats %s as final', (status) => {
    expect(isFinalTransactionStatus(status)).toBe(true);
    expect(shouldPollStatus(status, true)).toBe(false);
  });

  it.each(['ACTC', 'ACCP', 'ACFC', 'ACSP', 'ACWC', 'ACWP', 'PDNG'])(
    'follows %s, which the bank still moves on its own',
    (status) => {
      expect(isFinalTransactionStatus(status)).toBe(false);
      expect(shouldPollStatus(status, false)).toBe(true);
    },
  );

  it('follows a payment waiting for authorisation only while an SCA is under way', () => {
    expect(awaitsAuthorisation('RCVD')).toBe(true);
    expect(shouldPollStatus('RCVD', false)).toBe(false);
    expect(shouldPollStatus('RCVD', true)).toBe(true);
    expect(shouldPollStatus('PATC', true)).toBe(true);
    expect(shouldPollStatus(undefined, true)).toBe(false);
  });

  it('explains known codes and says so for unknown ones', () => {
    expect(transactionStatusMeaning('ACTC').name).toBe('AcceptedTechnicalValidation');
    expect(transactionStatusMeaning('ACSC').label).toBe('Settled');
    expect(transactionStatusMeaning('XXXX')).toEqual({
      name: 'Not a 1.3.12 status',
      label: 'XXXX',
      meaning: expect.stringContaining('the bank reports a status 1.3.12 does not define: XXXX') as unknown,
    });
    expect(transactionStatusMeaning('toString').name).toBe('Not a 1.3.12 status');
    expect(transactionStatusMeaning('rcvd').name).toBe('Not a 1.3.12 status (probably RCVD)');
  });

  it('decides nothing from a status 1.3.12 does not define', () => {
    expect(paymentAuthorisationRefusal('rcvd')).toBeUndefined();
    expect(paymentAuthorisationRefusal('DONE')).toBeUndefined();
    expect(paymentAuthorisationRefusal('ACSC')).toBe('the payment is already authorised (ACSC).');
    expect(offersInitiationSca('rcvd')).toBe(true);
    expect(offersInitiationSca('ACSC')).toBe(false);
    expect(shouldPollStatus('rcvd', false)).toBe(false);
    expect(shouldPollStatus('rcvd', true)).toBe(true);
  });

  it('gives rejected, cancelled and settled payments distinct tones', () => {
    expect(transactionStatusTone('RJCT')).toBe('danger');
    expect(transactionStatusTone('CANC')).toBe('warning');
    expect(transactionStatusTone('ACSC')).toBe('success');
    expect(transactionStatusTone('ACTC')).toBe('info');
    expect(transactionStatusTone('RCVD')).toBe('neutral');
  });

  it('offers a new authorisation of the initiation only while the payment waits for one', () => {
    expect(paymentAuthorisationRefusal('RCVD')).toBeUndefined();
    expect(paymentAuthorisationRefusal('PATC')).toBeUndefined();
    expect(paymentAuthorisationRefusal(undefined)).toBeUndefined();
    expect(paymentAuthorisationRefusal('ACSC')).toBe('the payment is already authorised (ACSC).');
    expect(paymentAuthorisationRefusal('ACTC')).toBe('the payment is already authorised (ACTC).');
    expect(paymentAuthorisationRefusal('RJCT')).toBe('the payment was rejected.');
    expect(paymentAuthorisationRefusal('CANC')).toBe('the payment was cancelled.');
  });

  it("offers a new authorisation of the cancellation as the bank's links say, until the payment is final", () => {
    const start = { startAuthorisation: { href: 'https://bank.test/v1/x/cancellation-authorisations' } };
    const startWithPsu = { startAuthorisationWithPsuIdentification: { href: 'https://bank.test/v1/x' } };
    expect(cancellationAuthorisationRefusal('ACTC', start)).toBeUndefined();
    expect(cancellationAuthorisationRefusal(undefined, startWithPsu)).toBeUndefined();
    expect(cancellationAuthorisationRefusal('ACTC', { scaStatus: { href: 'https://bank.test/s' } })).toMatch(
      /offered no link/,
    );
    expect(cancellationAuthorisationRefusal('ACTC', undefined)).toMatch(/offered no link/);
    expect(cancellationAuthorisationRefusal('CANC', start)).toBe('the payment is cancelled.');
    expect(cancellationAuthorisationRefusal('RJCT', start)).toBe('the payment was rejected.');
    // A standing order runs on after ACSC, so its cancellation can still be authorised.
    expect(cancellationAuthorisationRefusal('ACSC', start)).toBeUndefined();
  });
});
