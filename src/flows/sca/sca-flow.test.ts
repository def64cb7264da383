import { describe, expect, it } from 'vitest';
import type { AuthorisationScope } from '../../api';
import { initialFlowState, isFinal, nextStep, scaFlowReducer, scaStatusLabel, type ScaFlowState } from './sca-flow';

const scope: AuthorisationScope = {
  kind: 'payment',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'pay-1',
};
const base = '/sandbox/v1/payments/sepa-credit-transfers/pay-1';
const sub = `${base}/authorisations/auth-1`;
const sms = { authenticationType: 'SMS_OTP' as const, authenticationMethodId: 'sms', name: 'SMS to +49 160 xxx 28' };
const push = { authenticationType: 'PUSH_OTP' as const, authenticationMethodId: 'push', name: 'Push to the app' };
const challenge = { otpFormat: 'integer' as const, otpMaxLength: 6, additionalInformation: 'OTP is 123456' };

function run(state: ScaFlowState, ...events: Parameters<typeof scaFlowReducer>[1][]) {
  return events.reduce(scaFlowReducer, state);
}

describe('embedded flow', () => {
  const start = initialFlowState({
    links: { startAuthorisationWithPsuAuthentication: { href: `${base}/authorisations` }, self: { href: base } },
    scaApproach: 'EMBEDDED',
  });

  it('asks for the password first, as a start with psuData', () => {
    expect(nextStep(start, scope)).toMatchObject({ kind: 'act', action: { kind: 'start', send: 'authentication' } });
  });

  it('then the method choice, the OTP, and ends finalised', () => {
    const authenticated = run(start, {
      type: 'answered',
      scaApproach: 'EMBEDDED',
      body: {
        scaStatus: 'psuAuthenticated',
        authorisationId: 'auth-1',
        scaMethods: [sms, push],
        _links: { selectAuthenticationMethod: { href: sub }, scaStatus: { href: sub } },
      },
    });
    expect(authenticated).toMatchObject({ authorisationId: 'auth-1', scaMethods: [sms, push] });
    expect(nextStep(authenticated, scope)).toMatchObject({
      kind: 'act',
      action: { kind: 'update', send: 'selectMethod', authorisationId: 'auth-1' },
    });

    const selected = run(authenticated, {
      type: 'answered',
      body: {
        scaStatus: 'scaMethodSelected',
        chosenScaMethod: push,
        challengeData: challenge,
        _links: { authoriseTransaction: { href: sub }, scaStatus: { href: sub } },
      },
    });
    expect(selected.scaMethods).toBeUndefined();
    expect(selected).toMatchObject({ chosenScaMethod: push, challengeData: challenge, scaApproach: 'EMBEDDED' });
    expect(nextStep(selected, scope)).toMatchObject({ kind: 'act', action: { send: 'authoriseTransaction' } });

    const done = run(selected, {
      type: 'answered',
      body: { scaStatus: 'finalised', _links: { scaStatus: { href: sub } } },
    });
    expect(nextStep(done, scope)).toEqual({ kind: 'done', scaStatus: 'finalised' });
    expect(done.challengeData).toBeUndefined();
    expect(done.authorisationId).toBe('auth-1');
  });

  it('skips the choice when the bank picked the only method', () => {
    const state = run(start, {
      type: 'answered',
      body: {
        scaStatus: 'scaMethodSelected',
        authorisationId: 'auth-1',
        chosenScaMethod: sms,
        challengeData: challenge,
        _links: { authoriseTransaction: { href: sub }, scaStatus: { href: sub } },
      },
    });
    expect(nextStep(state, scope)).toMatchObject({ kind: 'act', action: { send: 'authoriseTransaction' } });
    expect(state.chosenScaMethod).toEqual(sms);
  });

  it('keeps the scaStatus link when an answer has no _links', () => {
    const withLink = run(start, {
      type: 'answered',
      body: { scaStatus: 'psuAuthenticated', authorisationId: 'auth-1', _links: { scaStatus: { href: sub } } },
    });
    const next = run(withLink, { type: 'answered', body: { scaStatus: 'failed' } });
    expect(next.links).toEqual({ scaStatus: { href: sub } });
    expect(nextStep(next, scope)).toEqual({ kind: 'done', scaStatus: 'failed' });
  });

  it('a status read after a wrong OTP keeps the OTP step while the bank allows retries', () => {
    const otp = initialFlowState({
      links: { authoriseTransaction: { href: sub }, scaStatus: { href: sub } },
      scaStatus: 'scaMethodSelected',
      challengeData: challenge,
      chosenScaMethod: sms,
    });
    const still = run(otp, { type: 'statusRead', body: { scaStatus: 'scaMethodSelected' } });
    expect(still.challengeData).toEqual(challenge);
    expect(nextStep(still, scope)).toMatchObject({ kind: 'act', action: { send: 'authoriseTransaction' } });
    const failed = run(otp, { type: 'statusRead', body: { scaStatus: 'failed', psuMessage: 'Too many attempts' } });
    expect(nextStep(failed, scope)).toEqual({ kind: 'done', scaStatus: 'failed' });
    expect(failed.psuMessage).toBe('Too many attempts');
  });
});

describe('decoupled flow', () => {
  it('identifies the PSU, then monitors the status until final', () => {
    const start = initialFlowState({
      links: { startAuthorisationWithPsuIdentification: { href: `${base}/authorisations` } },
      scaApproach: 'DECOUPLED',
    });
    expect(nextStep(start, scope)).toMatchObject({ kind: 'act', action: { kind: 'start', send: 'identification' } });
    const started = run(start, {
      type: 'answered',
      scaApproach: 'DECOUPLED',
      body: {
        scaStatus: 'started',
        authorisationId: 'auth-1',
        psuMessage: 'Please confirm in your app',
        _links: { scaStatus: { href: sub } },
      },
    });
    expect(nextStep(started, scope)).toMatchObject({ kind: 'monitor', action: { href: sub } });
    const approved = run(started, { type: 'statusRead', body: { scaStatus: 'finalised' } });
    expect(nextStep(approved, scope)).toEqual({ kind: 'done', scaStatus: 'finalised' });
    // "Please confirm in your app" was the message of the wait; once approved it no longer applies.
    expect(approved.psuMessage).toBeUndefined();
    const stillWaiting = run(started, { type: 'statusRead', body: { scaStatus: 'started' } });
    expect(stillWaiting.psuMessage).toBe('Please confirm in your app');
  });

  it('monitors an implicitly started authorisation from the 201 links, naming it by its scaStatus link', () => {
    const state = initialFlowState({
      links: { self: { href: base }, status: { href: `${base}/status` }, scaStatus: { href: sub } },
      scaApproach: 'DECOUPLED',
      psuMessage: 'Approve in your banking app',
    });
    expect(nextStep(state, scope)).toMatchObject({ kind: 'monitor' });
    // The first read names the status the 201 did not: the wait, and its message, go on.
    expect(run(state, { type: 'statusRead', body: { scaStatus: 'started' } }).psuMessage).toBe(
      'Approve in your banking app',
    );
    expect(state.authorisationId).toBe('auth-1');
    expect(initialFlowState({ links: { scaStatus: { href: sub } }, authorisationId: 'given' }).authorisationId).toBe(
      'given',
    );
    expect(
      initialFlowState({ links: { startAuthorisation: { href: `${base}/authorisations` } } }).authorisationId,
    ).toBe(undefined);
  });

  it('an unknown approach with status started is monitored; other unknown cases are read on demand', () => {
    const links = { scaStatus: { href: sub } };
    expect(nextStep(initialFlowState({ links, scaStatus: 'started' }), scope).kind).toBe('monitor');
    expect(nextStep(initialFlowState({ links, scaStatus: 'unconfirmed' }), scope).kind).toBe('read');
    expect(nextStep(initialFlowState({ links, scaApproach: 'REDIRECT' }), scope).kind).toBe('read');
    expect(nextStep(initialFlowState({ links, scaApproach: 'DECOUPLED', scaStatus: 'unconfirmed' }), scope).kind).toBe(
      'read',
    );
  });

  it('keeps monitoring a decoupled authorisation through an scaStatus 1.3.12 does not define', () => {
    const links = { scaStatus: sub };
    const waiting = initialFlowState({ links, scaApproach: 'DECOUPLED', scaStatus: 'IN_PROGRESS' });
    expect(nextStep(waiting, scope)).toMatchObject({ kind: 'monitor', action: { href: sub } });
    expect(nextStep(initialFlowState({ links, scaApproach: 'DECOUPLED', scaStatus: 'started' }), scope).kind).toBe(
      'monitor',
    );
  });

  it('adds links a status read carries', () => {
    const state = initialFlowState({ links: { scaStatus: { href: sub } }, scaStatus: 'unconfirmed' });
    const next = run(state, {
      type: 'statusRead',
      body: { scaStatus: 'unconfirmed', _links: { confirmation: { href: sub } } },
    });
    expect(nextStep(next, scope)).toMatchObject({ kind: 'act', action: { kind: 'confirmation' } });
  });
});

describe('other steps', () => {
  it('redirect stays the next step until the status is final', () => {
    const state = initialFlowState({
      links: { scaRedirect: { href: 'https://bank.example/sca/1' }, scaStatus: { href: sub } },
      scaApproach: 'REDIRECT',
    });
    expect(nextStep(state, scope)).toMatchObject({ kind: 'act', action: { kind: 'redirect' } });
    expect(nextStep(run(state, { type: 'statusRead', body: { scaStatus: 'exempted' } }), scope)).toEqual({
      kind: 'done',
      scaStatus: 'exempted',
    });
  });

  it('acts on an OAuth link, and reports unsupported-only links and no links', () => {
    expect(
      nextStep(initialFlowState({ links: { scaOAuth: { href: 'https://bank.example/oauth' } } }), scope),
    ).toMatchObject({ kind: 'act', action: { kind: 'oauth' } });
    expect(
      nextStep(
        initialFlowState({
          links: { startAuthorisationWithEncryptedPsuAuthentication: { href: `${base}/authorisations` } },
        }),
        scope,
      ),
    ).toMatchObject({ kind: 'unsupported', actions: [{ kind: 'start', send: 'encryptedAuthentication' }] });
    expect(nextStep(initialFlowState({ links: undefined }), scope)).toEqual({ kind: 'none' });
    expect(nextStep(initialFlowState({ links: { self: { href: base } } }), scope)).toEqual({ kind: 'none' });
    expect(nextStep(initialFlowState({ links: { status: { href: `${base}/status` } } }), scope)).toEqual({
      kind: 'read',
      action: undefined,
    });
  });

  it('names statuses in plain words', () => {
    expect(scaStatusLabel('psuAuthenticated')).toBe('PSU authenticated');
    expect(scaStatusLabel('somethingNew')).toBe('somethingNew');
    expect(isFinal('exempted')).toBe(true);
    expect(isFinal('started')).toBe(false);
    expect(isFinal(undefined)).toBe(false);
  });
});
