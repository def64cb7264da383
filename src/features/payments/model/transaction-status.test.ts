import { describe, expect, it } from 'vitest';
import {
  awaitsAuthorisation,
  isFinalTransactionStatus,
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
      name: 'Unknown',
      label: 'XXXX',
      meaning: expect.stringContaining('"XXXX" is not a 1.3.12 transaction status') as unknown,
    });
    expect(transactionStatusMeaning('toString').name).toBe('Unknown');
  });

  it('gives rejected, cancelled and settled payments distinct tones', () => {
    expect(transactionStatusTone('RJCT')).toBe('danger');
    expect(transactionStatusTone('CANC')).toBe('warning');
    expect(transactionStatusTone('ACSC')).toBe('success');
    expect(transactionStatusTone('ACTC')).toBe('info');
    expect(transactionStatusTone('RCVD')).toBe('neutral');
  });
});
