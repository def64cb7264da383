// Follows a decoupled authorisation: reads its scaStatus every 2 s until it is final, while the PSU approves elsewhere.
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  authorisationKeys,
  describeXs2aError,
  recordDecoupledWait,
  useScaStatus,
  type AuthorisationScope,
  type BankProfile,
  type GetScaStatusData,
  type Xs2aResult,
} from '../../api';
import { Button, ErrorCallout, Spinner } from '../../components/ui';
import { ReadWaitNotice } from '../resource/read-wait';
import { isFinal, type ScaStepBody } from './sca-flow';
import { ScaStatusBadge } from './sca-status-badge';

export const DECOUPLED_POLL_MS = 2000;

/** Check now and pause, or, once a read failed, the error with a way to try again. */
function MonitorControls({
  query,
  paused,
  onPause,
}: {
  query: UseQueryResult<Xs2aResult<GetScaStatusData>>;
  paused: boolean;
  onPause: () => void;
}) {
  if (query.isError) {
    return (
      <ErrorCallout {...describeXs2aError(query.error)}>
        <Button size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </ErrorCallout>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" onClick={() => void query.refetch()}>
        Check now
      </Button>
      <Button size="sm" variant="ghost" onClick={onPause}>
        {paused ? 'Resume checking' : 'Pause checking'}
      </Button>
    </div>
  );
}

export function DecoupledMonitor({
  profile,
  scope,
  authorisationId,
  href,
  psuMessage,
  scaStatus,
  onStatus,
}: {
  profile: BankProfile;
  scope: AuthorisationScope;
  authorisationId: string;
  /** The bank's scaStatus link. */
  href?: string;
  psuMessage?: string;
  /** The last status known before monitoring began. */
  scaStatus?: string;
  /** Every status read, so the flow can move on when it is final. */
  onStatus: (body: ScaStepBody) => void;
}) {
  const [paused, setPaused] = useState(false);
  useEffect(() => recordDecoupledWait(scope, authorisationId), [scope, authorisationId]);
  const query = useScaStatus(
    { profile, scope, authorisationId, ...(href && { href }) },
    {
      // Stops by itself once final or failing; React Query also stops when the monitor unmounts.
      refetchInterval: (q) =>
        paused || q.state.error !== null || isFinal(q.state.data?.body.scaStatus) ? false : DECOUPLED_POLL_MS,
      refetchIntervalInBackground: true,
      staleTime: 0,
    },
  );
  const body = query.data?.body;
  useEffect(() => {
    if (body) onStatus(body);
  }, [body, onStatus]);

  const status = body?.scaStatus ?? scaStatus;
  const message = body?.psuMessage ?? psuMessage;
  const polling = !paused && !query.isError && !isFinal(status);
  const checkedAt = query.dataUpdatedAt ? new Date(query.dataUpdatedAt).toLocaleTimeString() : undefined;

  return (
    <div className="space-y-3">
      <div className="rounded border border-blue-200 bg-blue-50 p-3 text-sm text-slate-900">
        <p className="font-medium">
          {message ?? 'The bank asks the PSU to approve this in their banking app (decoupled SCA).'}
        </p>
        <p className="mt-1 text-slate-700">
          Nothing to type here: the console checks the authorisation every {DECOUPLED_POLL_MS / 1000} seconds and moves
          on when the PSU has approved or denied it.
        </p>
      </div>
      <ReadWaitNotice queryKey={authorisationKeys.scaStatus(profile.id, scope, authorisationId)} />
      <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-2 text-sm">
        {polling && <Spinner />}
        <span>{polling ? 'Waiting for the PSU…' : paused ? 'Checking paused.' : 'Checking stopped.'}</span>
        {status && (
          <span>
            SCA status: <ScaStatusBadge status={status} />
          </span>
        )}
      </div>
      {checkedAt && <p className="text-xs text-slate-600">Last checked at {checkedAt}.</p>}
      <MonitorControls query={query} paused={paused} onPause={() => setPaused((p) => !p)} />
    </div>
  );
}
