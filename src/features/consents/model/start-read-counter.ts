// Starts the console's read counter once for the page's lifetime (loaded after the first render, off the first load).
import { exchangeLog, profileStore } from '../../../api';
import { consentHistory } from './consent-history';
import { watchAccountReads } from './read-counter';

let started = false;

/** Idempotent: the counter remembers which exchanges it has seen, so it must never run twice. */
export function ensureReadCounter(): void {
  if (started) return;
  started = true;
  watchAccountReads({ history: consentHistory, profiles: () => profileStore.list(), log: exchangeLog });
}
