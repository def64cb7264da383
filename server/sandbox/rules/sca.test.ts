import { describe, expect, it } from 'vitest';
import { scaStatusCodes } from '../../../src/xs2a/status-names';
import {
  identifiedStatus,
  initialScaStatus,
  isFinal,
  mayMove,
  mayTakeStep,
  SCA_STEP_FROM,
  SCA_TRANSITIONS,
  startsImplicitly,
} from './sca';

describe('the SCA state machine', () => {
  it('lists every scaStatus of 1.3.12, and moves only to statuses it lists', () => {
    expect(Object.keys(SCA_TRANSITIONS).sort()).toEqual([...scaStatusCodes].sort());
    for (const targets of Object.values(SCA_TRANSITIONS)) {
      for (const target of targets) expect(scaStatusCodes).toContain(target);
    }
  });

  it('ends in finalised, failed and exempted, which lead nowhere', () => {
    expect(scaStatusCodes.filter(isFinal)).toEqual(['finalised', 'failed', 'exempted']);
    expect(mayMove('finalised', 'failed')).toBe(false);
    expect(mayMove('failed', 'finalised')).toBe(false);
  });

  it('walks the embedded steps: identified, authenticated, method selected, finalised', () => {
    expect(mayMove('received', 'psuIdentified')).toBe(true);
    expect(mayMove('psuIdentified', 'psuAuthenticated')).toBe(true);
    expect(mayMove('psuAuthenticated', 'scaMethodSelected')).toBe(true);
    expect(mayMove('scaMethodSelected', 'finalised')).toBe(true);
  });

  it('finishes only after the PSU was authenticated, or in the banking app once decoupled SCA started', () => {
    expect(mayMove('received', 'finalised')).toBe(false);
    expect(mayMove('psuIdentified', 'finalised')).toBe(false);
    expect(mayMove('started', 'finalised')).toBe(true);
    for (const status of scaStatusCodes.filter((s) => !isFinal(s))) expect(mayMove(status, 'failed')).toBe(true);
  });

  it('takes each update step only from the statuses its table names', () => {
    expect(SCA_STEP_FROM.identify).toEqual(['received']);
    expect(mayTakeStep('password', 'psuIdentified')).toBe(true);
    expect(mayTakeStep('password', 'psuAuthenticated')).toBe(false);
    expect(mayTakeStep('selectMethod', 'scaMethodSelected')).toBe(true);
    expect(mayTakeStep('otp', 'psuAuthenticated')).toBe(false);
  });

  it('starts received without a PSU, identified with one, and decoupled SCA at once', () => {
    expect(initialScaStatus('REDIRECT', false)).toBe('received');
    expect(initialScaStatus('EMBEDDED', true)).toBe('psuIdentified');
    expect(initialScaStatus('DECOUPLED', true)).toBe('started');
    expect(identifiedStatus('DECOUPLED')).toBe('started');
    expect(identifiedStatus('EMBEDDED')).toBe('psuIdentified');
  });

  it('starts the authorisation with the resource for redirect, and for decoupled once the PSU is known', () => {
    expect(startsImplicitly('REDIRECT', false, false)).toBe(true);
    expect(startsImplicitly('REDIRECT', true, false)).toBe(false);
    expect(startsImplicitly('DECOUPLED', false, false)).toBe(false);
    expect(startsImplicitly('DECOUPLED', false, true)).toBe(true);
    expect(startsImplicitly('EMBEDDED', false, true)).toBe(false);
  });
});
