import { describe, expect, it } from 'vitest';
import { MASKED_DISPLAY, PLAIN_DISPLAY } from '../../api';
import { narrate } from './narration';
import { narrateStatusAnswer } from './status-answer';

describe('narrate a payment', () => {
  it('tells who the bank waits for, as the page may show them', () => {
    expect(narrate({ kind: 'payment', status: 'RCVD', psuName: 'Alice S.' })).toBe(
      'The bank has received the payment and is waiting for Alice S. to approve it.',
    );
    expect(narrate({ kind: 'payment', status: 'RCVD' })).toBe(
      'The bank has received the payment and is waiting for the account holder to approve it.',
    );
  });

  it('follows the authorisation while it runs and when it fails', () => {
    expect(narrate({ kind: 'payment', status: 'RCVD', scaStatus: 'psuIdentified' })).toBe(
      'The account holder is logging in at the bank to approve the payment.',
    );
    expect(narrate({ kind: 'payment', status: 'RCVD', scaStatus: 'scaMethodSelected', psuName: 'Bob L.' })).toBe(
      'Bob L. is confirming the payment at the bank with a second factor.',
    );
    expect(narrate({ kind: 'payment', status: 'RCVD', scaStatus: 'failed' })).toBe(
      'The approval at the bank failed: the payment is not approved.',
    );
    expect(narrate({ kind: 'payment', status: 'RCVD', scaStatus: 'failed', scaApproach: 'DECOUPLED' })).toBe(
      'The account holder cancelled in the banking app: the payment is not approved.',
    );
    expect(narrate({ kind: 'payment', status: 'RCVD', returned: 'nok', psuName: 'Dave O.' })).toBe(
      'Dave O. did not complete the authorisation at the bank: the payment is not approved.',
    );
  });

  it('says a settled payment is settled', () => {
    expect(narrate({ kind: 'payment', status: 'ACSC' })).toMatch(/^The payment is settled/);
    expect(narrate({ kind: 'payment', status: 'ACTC' })).toBe(
      'The payment is approved and the bank has accepted it for execution.',
    );
    expect(narrate({ kind: 'payment', status: 'CANC' })).toBe('The payment was cancelled before it was made.');
  });

  it("names the bank's reason for a rejection", () => {
    const noFunds = 'The bank found too little money in the account, so the payment was rejected.';
    const carol = 'The payment was rejected: the debtor account does not have the funds.';
    expect(narrate({ kind: 'payment', status: 'RJCT', psuMessage: carol })).toBe(noFunds);
    expect(narrate({ kind: 'payment', status: 'RJCT', messages: [{ code: 'FUNDS_NOT_AVAILABLE' }] })).toBe(noFunds);
    expect(narrate({ kind: 'payment', status: 'RJCT', fundsAvailable: false })).toBe(noFunds);
    // Carol approved at the bank, then the bank found the money missing: not a matter of the SCA.
    expect(
      narrate({ kind: 'payment', status: 'RJCT', psuMessage: carol, scaStatus: 'finalised', psuName: 'Carol J.' }),
    ).toBe('Carol J. approved, then the bank found too little money in the account, so the payment was rejected.');
    expect(narrate({ kind: 'payment', status: 'RJCT', scaStatus: 'failed' })).toBe(
      'The approval at the bank failed, so the payment was rejected.',
    );
    expect(narrate({ kind: 'payment', status: 'RJCT', scaStatus: 'failed', scaApproach: 'DECOUPLED' })).toBe(
      'The account holder cancelled in the banking app, so the payment was rejected.',
    );
    expect(narrate({ kind: 'payment', status: 'RJCT', messages: [{ code: 'X', text: 'Limit exceeded.' }] })).toBe(
      'The bank rejected the payment. It says: “Limit exceeded”.',
    );
    expect(narrate({ kind: 'payment', status: 'RJCT' })).toBe('The bank rejected the payment.');
  });

  it('reuses the meaning of statuses it has no sentence for, and names statuses 1.3.12 does not define', () => {
    expect(narrate({ kind: 'payment', status: 'ACWP' })).toBe(
      "Accepted, but it will not be posted to the creditor customer's account.",
    );
    expect(narrate({ kind: 'payment', status: 'rcvd', statusMeaning: 'See the bank.' })).toBe(
      'The bank reports the payment as “rcvd”, a status the standard does not define. See the bank.',
    );
    expect(narrate({ kind: 'payment', status: undefined })).toBe('The console is asking the bank about the payment.');
  });
});

describe('narrate a consent', () => {
  it('tells the wait, the approval and the end', () => {
    expect(narrate({ kind: 'consent', status: 'received', psuName: 'Carol J.' })).toBe(
      'The bank has received the consent request and is waiting for Carol J. to approve it.',
    );
    expect(narrate({ kind: 'consent', status: 'valid' })).toBe(
      'The consent is approved: the console may now read the accounts it covers.',
    );
    expect(narrate({ kind: 'consent', status: 'rejected', scaStatus: 'failed' })).toBe(
      'The approval at the bank failed, so the consent request was rejected.',
    );
    expect(narrate({ kind: 'consent', status: 'terminatedByTpp' })).toMatch(/^The console ended the consent/);
    expect(narrate({ kind: 'consent', status: 'weird' })).toMatch(/“weird”, a status the standard does not define/);
    expect(narrate({ kind: 'consent', status: '' })).toBe('The console is asking the bank about the consent request.');
  });
});

describe('narrateStatusAnswer', () => {
  it('reads the status answer tolerantly and shows its names and texts as the display does', () => {
    expect(
      narrateStatusAnswer({
        kind: 'payment',
        status: 'RCVD',
        answer: { transactionStatus: 'RCVD', psuName: 'Alice Schneider' },
        display: MASKED_DISPLAY,
      }),
    ).toBe('The bank has received the payment and is waiting for Alice S. to approve it.');
    expect(
      narrateStatusAnswer({
        kind: 'payment',
        status: 'RJCT',
        answer: { tppMessages: [{ code: 'X', text: 'Account DE16100100000000000001 is closed' }, 'odd'] },
        display: MASKED_DISPLAY,
      }),
    ).toBe('The bank rejected the payment. It says: “Account DE16 •••• •••• 0001 is closed”.');
    expect(narrateStatusAnswer({ kind: 'consent', status: 'valid', answer: 'not json', display: PLAIN_DISPLAY })).toBe(
      'The consent is approved: the console may now read the accounts it covers.',
    );
    expect(
      narrateStatusAnswer({
        kind: 'payment',
        status: 'RJCT',
        answer: { fundsAvailable: false },
        display: PLAIN_DISPLAY,
      }),
    ).toBe('The bank found too little money in the account, so the payment was rejected.');
    // The page's read of the latest authorisation says how the SCA ended.
    expect(
      narrateStatusAnswer({
        kind: 'payment',
        status: 'RJCT',
        answer: { transactionStatus: 'RJCT' },
        display: PLAIN_DISPLAY,
        sca: { scaStatus: 'failed', scaApproach: 'DECOUPLED' },
      }),
    ).toBe('The account holder cancelled in the banking app, so the payment was rejected.');
  });
});
