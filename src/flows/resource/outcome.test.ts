// The banner's outcome: the resource's status decides, the latest step says how it got there.
import { describe, expect, it } from 'vitest';
import { resolveOutcome, type LastStep, type ResourceFacts } from './outcome';

function payment(status: string | undefined, verdict: ResourceFacts['verdict'], label = '', reasons: string[] = []) {
  return { what: 'payment', status, verdict, label, reasons } satisfies ResourceFacts;
}

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
    expect(outcome?.text).toContain('Rejected (RJCT)');
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
