// What the generators share while building one seed.
import type { Ledger } from './ledger';
import type { TestAccountKey } from './test-psus';

export interface SeedContext {
  /** 'Today' of the seed. */
  anchor: number;
  /** First day of the history, a little more than twelve months back. */
  origin: number;
  ledgers: Record<TestAccountKey, Ledger>;
}

/** Days of history before the anchor. */
export const HISTORY_DAYS = 372;
/** Card payments of the last days (anchor - 2 … anchor) are still pending. */
export const PENDING_DAYS = 3;
