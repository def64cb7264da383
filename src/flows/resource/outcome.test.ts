// The banner's outcome: the resource's status decides, the latest step says how it got there.
import { describe, expect, it } from 'vitest';
import { withoutSpecCodes } from '../../xs2a/audience-words';
import { resolveOutcome, type LastStep, type LatestAuthorisation, type ResourceFacts } from './outcome';

function payment(status: string | undefined, verdict: ResourceFacts['verdict'], label = '', reasons: string[] = []) {
  return { what: 'payment', status, verdict, label, reasons } satisfies ResourceFacts;
}

const returnedNok: LastStep = { kind: 'returned', ok: false };
/** The bank's word on the latest authorisation, read. */
const sca = (scaStatus: string, scaApproach = 'REDIRECT'): LatestAuthorisation => ({
  scaStatus,
  scaApproach,
  reading: false,
});

const returnedOk: LastStep = { kind: 'returned', ok: true };
const created: LastStep = {
  kind: 'created',
  accepted: 'initiation',
  httpStatus: 201,
  requestId: 'req-1',
  messages: [],
};

describe('resolveOutcome', () => {
  it('calls a rejection a rejection, in red with the bank’s reason, even when the bank’s page said ok', () => {
    const outcome = resolveOutcome(
      payment('RJCT', 'rejected', 'Rejected', ['The debtor account does not have the funds.']),
      returnedOk,
    );
    expect(outcome).toMatchObject({ tone: 'danger', title: 'Rejected' });
    expect(outcome?.text).toBe('The bank rejected the payment (RJCT).');
    expect(outcome?.reasons).toEqual(['The debtor account does not have the funds.']);
  });

  it('says SCA failed when an authorisation in the page failed, whatever the resource became', () => {
    const failed: LastStep = { kind: 'sca', scaStatus: 'failed' };
    expect(resolveOutcome(payment('RJCT', 'rejected', 'Rejected'), failed)).toMatchObject({
      tone: 'danger',
      title: 'SCA failed',
    });
    expect(resolveOutcome(payment('RCVD', 'waiting', 'Received'), failed)).toMatchObject({
      tone: 'danger',
      title: 'SCA failed',
    });
  });

  it('is green only for a status that authorises', () => {
    expect(resolveOutcome(payment('ACSC', 'authorised', 'Settled'), returnedOk)).toMatchObject({
      tone: 'success',
      title: 'Authorised',
      text: 'The bank reports the payment as Settled (ACSC).',
    });
    expect(resolveOutcome(payment('RCVD', 'waiting', 'Received'), returnedOk)).toMatchObject({
      tone: 'info',
      title: 'Waiting for the bank',
    });
  });

  it('names a cancellation, a denial at the bank and a payment still waiting for the PSU', () => {
    expect(resolveOutcome(payment('CANC', 'cancelled', 'Cancelled'), { kind: 'none' })?.title).toBe('Cancelled');
    const denied = resolveOutcome(payment('RCVD', 'waiting', 'Received'), { kind: 'returned', ok: false });
    expect(denied).toMatchObject({ tone: 'danger', title: 'Not authorised' });
    expect(resolveOutcome(payment('RCVD', 'waiting', 'Received'), created)).toMatchObject({
      tone: 'info',
      title: 'Waiting for the PSU',
      context: 'The bank accepted the initiation (201, X-Request-ID req-1).',
    });
  });

  it('drops the creation’s notice once the status moved on, so it never stands beside a later outcome', () => {
    expect(resolveOutcome(payment('ACSC', 'authorised', 'Settled'), created)?.context).toBeUndefined();
  });

  it('says nothing before the status is read unless a step was taken, then that it reads the outcome', () => {
    expect(resolveOutcome(payment(undefined, 'waiting'), { kind: 'none' })).toBeUndefined();
    expect(resolveOutcome(payment(undefined, 'waiting'), returnedOk)?.title).toBe('Reading the outcome');
  });

  it('shows a status 1.3.12 does not define as such, not as an outcome', () => {
    expect(resolveOutcome(payment('rcvd', 'unknown', 'rcvd'), { kind: 'none' })).toMatchObject({
      tone: 'info',
      title: 'Status not defined by 1.3.12',
    });
  });
});

describe('resolveOutcome from the bank’s last word on the authorisation', () => {
  const rejected = payment('RJCT', 'rejected', 'Rejected');

  it('says SCA failed for dave, who approved at the bank’s page but whose SCA the bank reports failed', () => {
    const outcome = resolveOutcome(rejected, returnedNok, sca('failed'));
    expect(outcome).toMatchObject({ tone: 'danger', title: 'SCA failed', cause: 'sca-failed' });
    expect(outcome?.text).toBe('The approval at the bank failed, and the bank rejected the payment (RJCT).');
    // Not "did not complete": the bank's page sent him back without an approval, and the bank says why.
    expect(`${outcome?.text} ${outcome?.context}`).not.toMatch(/did not complete|denied, failed or cancelled/);
  });

  it('waits for that word after a return before it says why', () => {
    const reading = resolveOutcome(rejected, returnedNok, { reading: true });
    expect(reading).toMatchObject({ tone: 'info', title: 'Reading the outcome' });
    expect(resolveOutcome(payment('ACSC', 'authorised', 'Settled'), returnedNok, { reading: true })?.title).toBe(
      'Authorised',
    );
  });

  it('says the PSU cancelled in the banking app when a decoupled SCA ended failed', () => {
    const created: LastStep = {
      kind: 'created',
      accepted: 'initiation',
      httpStatus: 201,
      requestId: 'r',
      messages: [],
    };
    const outcome = resolveOutcome(rejected, created, sca('failed', 'DECOUPLED'));
    expect(outcome).toMatchObject({ tone: 'danger', title: 'SCA cancelled by the PSU', cause: 'psu-cancelled' });
    expect(outcome?.text).toBe('The PSU cancelled in the banking app, and the bank rejected the payment (RJCT).');
    const inPage = resolveOutcome(rejected, { kind: 'sca', scaStatus: 'failed' }, sca('failed', 'DECOUPLED'));
    expect(inPage?.text).toContain('the PSU cancelled in the banking app'.replace(/^t/, 'T'));
  });

  it('explains carol’s rejection by the money the bank found after her approval, not by the SCA', () => {
    const carol = {
      ...payment('RJCT', 'rejected', 'Rejected', [
        'The payment was rejected: the debtor account does not have the funds.',
      ]),
      fundsShort: true,
    };
    const outcome = resolveOutcome(carol, returnedOk, sca('finalised'));
    expect(outcome).toMatchObject({ tone: 'danger', title: 'Rejected: not enough money', cause: 'approved-no-funds' });
    expect(outcome?.text).toBe(
      'The PSU approved, then the bank found too little money in the account and rejected the payment (RJCT).',
    );
    expect(outcome?.text).not.toMatch(/SCA|in time/);
  });

  it('never says a status twice: no “rejected: Rejected”, no “Valid (valid)”, for developers or an audience', () => {
    const consent: ResourceFacts = {
      what: 'consent',
      status: 'valid',
      verdict: 'authorised',
      label: 'Valid',
      reasons: [],
    };
    const cancelled = payment('CANC', 'cancelled', 'Cancelled');
    for (const outcome of [
      resolveOutcome(rejected, { kind: 'none' }),
      resolveOutcome(rejected, returnedOk),
      resolveOutcome(consent, { kind: 'none' }),
      resolveOutcome(cancelled, { kind: 'none' }),
    ]) {
      for (const text of [outcome?.text ?? '', withoutSpecCodes(outcome?.text ?? '')]) {
        expect(text).not.toMatch(/rejected[^.]*: Rejected|Valid \(valid\)|is Cancelled/i);
      }
    }
    expect(withoutSpecCodes(resolveOutcome(rejected, { kind: 'none' })?.text ?? '')).toBe(
      'The bank rejected the payment.',
    );
    expect(resolveOutcome(consent, { kind: 'none' })?.text).toBe('The bank reports the consent as Valid.');
  });
});
