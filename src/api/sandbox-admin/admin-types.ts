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
  status?: number;
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

/** A new scenario: one operation (or *) and one effect. */
export interface ScenarioInput {
  operation: string;
  error?: string;
  delayMs?: number;
  count?: number;
  psuId?: string;
  resourceId?: string;
}

export interface ScenarioCatalogue {
  operations: Record<string, { method: string; path: string; area: string; errorCodes: string[] }>;
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
