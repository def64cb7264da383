// What the sandbox admin API answers, as far as the console reads it.

/** GET /admin/clock and every clock move. */
export interface BankClockState {
  /** The bank's time. */
  now: string;
  /** The bank runs on real time (no offset, not frozen). */
  realTime: boolean;
  frozen: boolean;
  offsetMs: number;
  realNow: string;
  /** What the move made happen (payments settled, entries booked…), by name. */
  effects?: Record<string, number>;
  /** On a move: which one (advance, set, freeze, unfreeze, reset). */
  action?: string;
  /** On a move: what it did, in the bank's words ("Moved forward by 1 hour to …. Nothing fell due."). */
  message?: string;
}

export interface ScenarioEffect {
  kind: 'error' | 'delay' | 'hang' | 'decoupled-abort';
  code?: string;
  /** The status asked for; none: the one 1.3.12 gives the code on the operation (the catalogue's `status`). */
  status?: number;
  /** The tppMessages text asked for; none: the sandbox's own sentence. */
  text?: string;
  ms?: number;
}

export interface SandboxScenario {
  id: string;
  operation: string;
  effect: ScenarioEffect;
  /** How many calls it still acts on; null: until removed. */
  remaining: number | null;
  psuId?: string;
  resourceId?: string;
}

/** A new scenario: one operation (or *) and exactly one effect (error, delayMs, hang or decoupledAbort). */
export interface ScenarioInput {
  operation: string;
  error?: string;
  /** With error: one of the statuses the catalogue allows for the code. */
  status?: number;
  /** With error: the tppMessages text, at most 500 characters. */
  text?: string;
  delayMs?: number;
  hang?: true;
  decoupledAbort?: true;
  count?: number;
  psuId?: string;
  resourceId?: string;
}

/** An error code a scenario may answer an operation with. */
export interface ScenarioErrorOption {
  /** What the sandbox answers unless another status is asked for: 1.3.12's status for the code there. */
  status: number;
  /** The statuses 1.3.12 allows for the code in the operation's area. */
  statuses: number[];
  /** The sandbox's own code, outside 1.3.12's message codes. */
  sandboxOwn?: boolean;
}

/** A code of the sandbox's own (outside 1.3.12): its status, what it means and what a client does about it. */
export interface SandboxCode {
  status: number;
  meaning: string;
  advice: string;
}

export interface ScenarioCatalogue {
  operations: Record<
    string,
    {
      method: string;
      path: string;
      area: string;
      errorCodes: string[];
      /** Per code (sandboxes before it gave only errorCodes). */
      errors?: Record<string, ScenarioErrorOption>;
    }
  >;
  sandboxCodes?: Record<string, SandboxCode>;
}

export interface BehaviourProfiles {
  current: string;
  profiles: { name: string; description: string }[];
}

export interface SandboxAccount {
  resourceId: string;
  iban: string;
  currency: string;
  name: string;
}

export interface SandboxPsu {
  psuId: string;
  name: string;
  accounts: SandboxAccount[];
}

export interface SandboxPsus {
  /** The password every test PSU logs in with. */
  password: string;
  psus: SandboxPsu[];
}

export interface Snapshots {
  snapshots: { name: string; createdAt: string }[];
}
