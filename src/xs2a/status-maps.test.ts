import { describe, expect, it } from 'vitest';
import { ConsentStatus, finalConsentStatuses, finalScaStatuses, ScaStatus, TransactionStatus } from './enums';
import { finalTransactionStatuses } from './status-names';
import {
  actionsFrom,
  consentStatusMachine,
  consentStatusVerdict,
  isFinalState,
  outcomeCause,
  saysFundsShort,
  scaStatusMachine,
  stateOf,
  statusMachines,
  transactionStatusMachine,
  bulkTransactionStatusMachine,
  transactionStatusVerdict,
  type StatusMachine,
} from './status-maps';

const cases: [string, StatusMachine, readonly string[], readonly string[]][] = [
  ['transactionStatus', transactionStatusMachine, TransactionStatus.options, finalTransactionStatuses],
  ['bulkTransactionStatus', bulkTransactionStatusMachine, TransactionStatus.options, finalTransactionStatuses],
  ['consentStatus', consentStatusMachine, ConsentStatus.options, finalConsentStatuses],
  ['scaStatus', scaStatusMachine, ScaStatus.options, finalScaStatuses],
];

describe.each(cases)('the %s machine', (kind, machine, codes, finals) => {
  it('places every value of the enum once, and nothing else', () => {
    expect(machine.states.map((state) => state.code).sort()).toEqual([...codes].sort());
    expect(statusMachines[machine.kind]).toBe(machine);
    expect(machine.kind).toBe(kind);
  });

  it('moves only between known states, starts in a known one and never moves to where it is', () => {
    expect(codes).toContain(machine.initial);
    for (const { from, to } of machine.transitions) {
      expect(codes).toContain(from);
      expect(codes).toContain(to);
      expect(from).not.toBe(to);
    }
  });

  it('marks the final statuses of the model as final, and only they lead nowhere', () => {
    expect(machine.states.filter((state) => state.final).map((state) => state.code)).toEqual(
      codes.filter((code) => finals.includes(code)),
    );
    for (const state of machine.states) {
      const leaves = machine.transitions.some((transition) => transition.from === state.code);
      expect(leaves, state.code).toBe(!state.final);
    }
  });

  it('reaches every state from the initial one (a single payment every one but PART, which is for bulks)', () => {
    const reached = new Set<string>([machine.initial]);
    for (let grew = true; grew;) {
      grew = false;
      for (const { from, to } of machine.transitions) {
        if (reached.has(from) && !reached.has(to)) grew = reached.add(to).size > 0;
      }
    }
    const reachable = kind === 'transactionStatus' ? codes.filter((code) => code !== 'PART') : codes;
    expect([...reached].sort()).toEqual([...reachable].sort());
  });

  it('names the labels of the status names, not the codes', () => {
    for (const state of machine.states) expect(state.label).not.toBe('');
    expect(stateOf(machine, 'NOT-A-STATUS')).toBeUndefined();
    expect(stateOf(machine, 'toString')).toBeUndefined();
  });
});

describe('the actions a TPP user can still take', () => {
  it('authorises or cancels a received payment; cancelling an accepted one may need an authorisation', () => {
    expect(actionsFrom(transactionStatusMachine, 'RCVD')).toEqual([
      { action: { label: 'Authorise the payment' }, to: ['ACTC', 'PATC'] },
      { action: { label: 'Cancel payment' }, to: ['CANC'] },
    ]);
    expect(actionsFrom(transactionStatusMachine, 'ACTC')).toEqual([
      {
        action: { label: 'Cancel payment', note: 'the bank may ask for a cancellation authorisation first' },
        to: ['CANC'],
      },
    ]);
  });

  it('offers nothing once final, and nothing for a status 1.3.12 does not define', () => {
    for (const code of ['ACSC', 'RJCT', 'CANC', 'rcvd', 'XXXX']) {
      expect(actionsFrom(transactionStatusMachine, code)).toEqual([]);
    }
    expect(actionsFrom(consentStatusMachine, 'terminatedByTpp')).toEqual([]);
  });

  it('deletes a consent to terminatedByTpp and authorises a received one', () => {
    expect(actionsFrom(consentStatusMachine, 'valid')).toEqual([
      { action: { label: 'Delete consent' }, to: ['terminatedByTpp'] },
    ]);
    expect(actionsFrom(consentStatusMachine, 'received').map((choice) => choice.action.label)).toEqual([
      'Authorise the consent',
      'Delete consent',
    ]);
  });

  it('walks the embedded SCA steps with what the user enters', () => {
    expect(actionsFrom(scaStatusMachine, 'psuAuthenticated')).toEqual([
      { action: { label: 'Choose an SCA method' }, to: ['scaMethodSelected'] },
    ]);
    expect(actionsFrom(scaStatusMachine, 'scaMethodSelected')[0]?.to).toEqual(['finalised']);
  });
});

describe.each([
  ['transactionStatus', transactionStatusMachine, transactionStatusVerdict],
  ['consentStatus', consentStatusMachine, consentStatusVerdict],
] as const)('the %s verdicts', (_kind, machine, verdictOf) => {
  it('agree with the machine: open states wait or are authorised on their way, success and failure are named so', () => {
    for (const state of machine.states) {
      const verdict = verdictOf(state.code);
      expect(verdict, state.code).not.toBe('unknown');
      if (verdict === 'waiting' || verdict === 'processing') expect(state.final, state.code).toBe(false);
      if (state.tone === 'success') expect(verdict, state.code).toBe('authorised');
      if (state.tone === 'failure') expect(verdict, state.code).toBe('rejected');
      if (verdict === 'cancelled' || verdict === 'ended') expect(state.final, state.code).toBe(true);
      expect(isFinalState(machine, state.code)).toBe(state.final);
    }
    expect(verdictOf(machine.initial)).toBe('waiting');
  });

  it('names only exact 1.3.12 codes', () => {
    expect(verdictOf('toString')).toBe('unknown');
    expect(verdictOf(machine.initial.toUpperCase() === machine.initial ? 'rcvd' : 'RECEIVED')).toBe('unknown');
    expect(isFinalState(machine, 'toString')).toBe(false);
  });
});

describe('the cause of an outcome, from the bank’s last word', () => {
  it('reads a failed SCA, the banking app’s cancel, the money found after an approval and a return without one', () => {
    expect(outcomeCause({ verdict: 'rejected', scaStatus: 'failed', scaApproach: 'REDIRECT' })).toBe('sca-failed');
    expect(outcomeCause({ verdict: 'rejected', scaStatus: 'failed', scaApproach: 'decoupled' })).toBe('psu-cancelled');
    expect(outcomeCause({ verdict: 'rejected', scaStatus: 'finalised', fundsShort: true })).toBe('approved-no-funds');
    expect(outcomeCause({ verdict: 'rejected', returned: 'ok', fundsShort: true })).toBe('approved-no-funds');
    expect(outcomeCause({ verdict: 'rejected', fundsShort: true })).toBe('no-funds');
    expect(outcomeCause({ verdict: 'waiting', returned: 'nok', scaStatus: 'psuAuthenticated' })).toBe('not-completed');
    expect(outcomeCause({ verdict: 'rejected' })).toBeUndefined();
  });

  it('leaves an authorised, cancelled or ended resource to its status', () => {
    for (const verdict of ['authorised', 'cancelled', 'ended'] as const) {
      expect(outcomeCause({ verdict, scaStatus: 'failed', returned: 'nok', fundsShort: true })).toBeUndefined();
    }
  });

  it('finds the money missing in fundsAvailable, a FUNDS_NOT_AVAILABLE message or the bank’s words', () => {
    expect(saysFundsShort({ fundsAvailable: false })).toBe(true);
    expect(saysFundsShort({ tppMessages: [{ category: 'ERROR', code: 'FUNDS_NOT_AVAILABLE' }] })).toBe(true);
    expect(saysFundsShort({ psuMessage: 'The debtor account does not have the funds.' })).toBe(true);
    expect(saysFundsShort({ tppMessage: [{ text: 'Insufficient balance' }] })).toBe(true);
    expect(saysFundsShort({ fundsAvailable: true, psuMessage: 'Thank you.' })).toBe(false);
    expect(saysFundsShort('funds')).toBe(false);
    expect(saysFundsShort(null)).toBe(false);
  });
});

describe('PART, partially accepted', () => {
  it('is a move of a bulk payment only, as 1.3.12 gives it', () => {
    const intoPart = (machine: StatusMachine) =>
      machine.transitions.filter((move) => move.to === 'PART').map((move) => move.from);
    expect(intoPart(transactionStatusMachine)).toEqual([]);
    expect(intoPart(bulkTransactionStatusMachine).sort()).toEqual(['PATC', 'RCVD']);
  });
});
