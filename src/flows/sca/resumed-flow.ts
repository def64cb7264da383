// After a reload, the authorisation this tab last took a step in resumes where the bank says it stands: its scaStatus
// is read again, and the step it allows is offered with the methods the bank listed earlier in this tab.
import { useState } from 'react';
import { linkHref, readLinks, useScaStatus, type AuthorisationScope, type BankProfile } from '../../api';
import { continuationLinks } from './authorisations-panel';
import { recallLatestFlow } from './flow-memory';
import type { ScaLinks } from './links-to-actions';
import type { ScaFlowInit } from './sca-flow';

export type ResumedFlow =
  /** The bank's status is being read. */
  | { kind: 'reading' }
  /** Nothing to resume (no earlier step in this tab, or the bank did not answer): the creation's links apply. */
  | { kind: 'fresh' }
  | { kind: 'resumed'; init: ScaFlowInit };

export function useResumedFlow(profile: BankProfile, scope: AuthorisationScope, enabled: boolean): ResumedFlow {
  const [remembered] = useState(() => recallLatestFlow(profile.id, scope));
  const authorisationId = remembered?.authorisationId;
  const href = linkHref(remembered?.links?.scaStatus);
  const status = useScaStatus(
    { profile, scope, authorisationId: authorisationId ?? '', ...(href && { href }) },
    { enabled: enabled && authorisationId !== undefined, staleTime: 0 },
  );
  if (!enabled || !remembered || authorisationId === undefined || status.isError) return { kind: 'fresh' };
  if (!status.data) return { kind: 'reading' };
  const body = status.data.body;
  const scaStatus = typeof body.scaStatus === 'string' ? body.scaStatus : undefined;
  if (scaStatus === undefined) return { kind: 'fresh' };
  // Where the bank still is where this tab left it, its own links lead on; otherwise the spec's next step does.
  const links: ScaLinks =
    scaStatus === remembered.scaStatus && remembered.links
      ? remembered.links
      : { ...continuationLinks(profile, scope, authorisationId, scaStatus), ...readLinks(body._links).links };
  return {
    kind: 'resumed',
    init: {
      links,
      authorisationId,
      scaStatus,
      ...(remembered.scaApproach && { scaApproach: remembered.scaApproach }),
      ...(remembered.scaMethods && { scaMethods: remembered.scaMethods }),
      ...(scaStatus === 'scaMethodSelected' &&
        remembered.chosenScaMethod && { chosenScaMethod: remembered.chosenScaMethod }),
    },
  };
}
