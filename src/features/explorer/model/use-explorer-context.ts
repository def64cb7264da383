// What "Try it" and a resent exchange start from: the active profile, its active consent, whether it holds a token,
// and the ids this browser knows.
import { useMemo } from 'react';
import { profileToken, useActiveConsentId, useActiveProfile, useExchanges } from '../../../api';
import { useHistoryIds } from './history-ids';
import { basketCandidateIds, knownIds } from './known-ids';
import { exampleContextFor, type PrefillContext } from './request-draft';
import { newRowId } from './use-request-draft';

export function useExplorerContext() {
  const profile = useActiveProfile();
  const activeConsentId = useActiveConsentId(profile.id);
  const exchanges = useExchanges();
  const history = useHistoryIds(profile.id);
  const known = useMemo(() => knownIds(exchanges, history), [exchanges, history]);
  const hasToken = profileToken(profile) !== undefined;
  const basketMembers = useMemo(() => basketCandidateIds(history), [history]);
  const exampleContext = useMemo(
    () => exampleContextFor(profile, known, basketMembers),
    [profile, known, basketMembers],
  );
  /** A new context for a draft, with a fresh X-Request-ID. */
  const prefillContext = (): PrefillContext => ({
    profile,
    activeConsentId,
    known,
    basketMembers,
    requestId: crypto.randomUUID(),
    hasToken,
    newRowId,
  });
  return { profile, known, hasToken, exampleContext, prefillContext };
}
