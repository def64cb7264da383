// The SCA state machine of an authorisation sub-resource, as tables: which scaStatus may follow which, and from which
// statuses each update-PSU-data step may be taken. Pure: no I/O, no clock.
import type { ScaApproach, ScaStatus } from '../../../src/xs2a';

/**
 * The moves an authorisation may make. A status may repeat itself (a counted wrong one-time password, choosing another
 * method, logging in again on the bank's page); the final ones (finalised, failed, exempted) lead nowhere.
 */
export const SCA_TRANSITIONS: Record<ScaStatus, readonly ScaStatus[]> = {
  received: ['received', 'psuIdentified', 'started', 'psuAuthenticated', 'scaMethodSelected', 'failed'],
  psuIdentified: ['psuIdentified', 'psuAuthenticated', 'scaMethodSelected', 'failed'],
  started: ['started', 'finalised', 'failed'],
  psuAuthenticated: ['psuAuthenticated', 'scaMethodSelected', 'finalised', 'failed'],
  scaMethodSelected: ['scaMethodSelected', 'finalised', 'failed'],
  unconfirmed: ['finalised', 'failed'],
  finalised: [],
  failed: [],
  exempted: [],
};

export function mayMove(from: ScaStatus, to: ScaStatus): boolean {
  return SCA_TRANSITIONS[from].includes(to);
}

/** A status that ends the authorisation: nothing moves it any more. */
export function isFinal(status: ScaStatus): boolean {
  return SCA_TRANSITIONS[status].length === 0;
}

/** The embedded and decoupled steps of the update-PSU-data operation. */
export type ScaStepKind = 'identify' | 'password' | 'selectMethod' | 'otp';

/** The statuses each step may be taken from. */
export const SCA_STEP_FROM: Record<ScaStepKind, readonly ScaStatus[]> = {
  identify: ['received'],
  password: ['received', 'psuIdentified'],
  selectMethod: ['psuAuthenticated', 'scaMethodSelected'],
  otp: ['scaMethodSelected'],
};

export function mayTakeStep(step: ScaStepKind, status: ScaStatus): boolean {
  return SCA_STEP_FROM[step].includes(status);
}

/** The approaches each step belongs to: passwords, methods and one-time passwords are embedded SCA's. */
export const SCA_STEP_APPROACHES: Record<ScaStepKind, readonly ScaApproach[]> = {
  identify: ['REDIRECT', 'EMBEDDED', 'DECOUPLED'],
  password: ['EMBEDDED'],
  selectMethod: ['EMBEDDED'],
  otp: ['EMBEDDED'],
};

/** The status an authorisation starts in: received, or with the PSU known, identified (decoupled: started at once). */
export function initialScaStatus(approach: ScaApproach, psuKnown: boolean): ScaStatus {
  if (!psuKnown) return 'received';
  return approach === 'DECOUPLED' ? 'started' : 'psuIdentified';
}

/** The status identifying the PSU leads to: decoupled SCA starts in the banking app, the others wait for the PSU. */
export function identifiedStatus(approach: ScaApproach): ScaStatus {
  return approach === 'DECOUPLED' ? 'started' : 'psuIdentified';
}

/** Whether the bank creates the authorisation with the resource: redirect always, decoupled once the PSU is known. */
export function startsImplicitly(approach: ScaApproach, explicitPreferred: boolean, psuKnown: boolean): boolean {
  if (explicitPreferred) return false;
  if (approach === 'REDIRECT') return true;
  if (approach === 'DECOUPLED') return psuKnown;
  return false;
}
