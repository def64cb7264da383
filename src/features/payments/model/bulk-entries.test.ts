import { describe, expect, it } from 'vitest';
import { bulkEntryStates, messagesByPayment } from './bulk-entries';

const rejectedSecond = [
  { category: 'WARNING', code: 'PAYMENT_FAILED', path: 'payments[1]', text: 'Payment 2 was rejected: closed.' },
  { category: 'WARNING', code: 'WARNING', text: 'about the bulk' },
];

describe('bulkEntryStates', () => {
  it("marks the payments a PART answer names as rejected, with the bank's words, and the others accepted", () => {
    expect(bulkEntryStates(3, 'PART', rejectedSecond)).toEqual([
      { words: 'Accepted', tone: 'success', reason: undefined },
      { words: 'Rejected', tone: 'danger', reason: 'Payment 2 was rejected: closed.' },
      { words: 'Accepted', tone: 'success', reason: undefined },
    ]);
  });

  it("gives every payment the bulk's own state otherwise", () => {
    expect(bulkEntryStates(2, 'RCVD', undefined).map((s) => s.words)).toEqual([
      'Waiting for authorisation',
      'Waiting for authorisation',
    ]);
    expect(bulkEntryStates(1, 'ACSC', []).map((s) => s.words)).toEqual(['Settled']);
    expect(bulkEntryStates(1, 'RJCT', []).map((s) => s.words)).toEqual(['Rejected']);
    expect(bulkEntryStates(1, 'CANC', []).map((s) => s.words)).toEqual(['Cancelled']);
    expect(bulkEntryStates(1, 'PDNG', []).map((s) => s.words)).toEqual(['Pending']);
    expect(bulkEntryStates(1, undefined, []).map((s) => s.words)).toEqual(['Unknown']);
  });

  it('reads messages tolerantly: odd entries are skipped, a message without text names its code', () => {
    expect(messagesByPayment([null, 'x', { path: 'payments[0].amount', code: 'FUNDS_NOT_AVAILABLE' }])).toEqual(
      new Map([[0, 'FUNDS_NOT_AVAILABLE']]),
    );
    expect(messagesByPayment({})).toEqual(new Map());
  });
});
