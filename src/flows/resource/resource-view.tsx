// What a payment's and a consent's page keep track of beside their reads: the state the form passed on after the
// creation, the last step the outcome banner speaks of, the statuses seen (noted in this browser's history, in order
// for the state map), and the section of the resource's authorisations.
import { useEffect, useMemo, type ComponentProps } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../components/ui';
import { AuthorisationsPanel } from '../sca';
import { readCreatedState } from './created-state';
import { useLastStep } from './outcome-banner';

export interface ResourceViewOptions<Ref> {
  profileId: string;
  /** Names the resource in its history; must keep its identity while it names the same resource. */
  historyRef: Ref;
  /** Notes a status the bank reported in this browser's history. */
  recordStatus: (profileId: string, ref: Ref, status: string) => void;
  /** The statuses this browser saw, as its history entry keeps them. */
  statuses: readonly { status: string }[] | undefined;
  /** The status the bank reports now, as text. */
  current: string | undefined;
  /** What the outcome banner calls the creation ("initiation") and what a return from the bank ended ("authorisation"). */
  steps: { creation: string; returned: string };
}

export function useResourceView<Ref>({
  profileId,
  historyRef,
  recordStatus,
  statuses,
  current,
  steps,
}: ResourceViewOptions<Ref>) {
  const location = useLocation();
  const created = readCreatedState(location.state);
  const last = useLastStep(created, steps.creation, steps.returned);
  useEffect(() => {
    if (current) recordStatus(profileId, historyRef, current);
  }, [recordStatus, current, profileId, historyRef]);
  const timeline = useMemo(() => statuses?.map((seen) => seen.status) ?? [], [statuses]);
  return { created, last, timeline };
}

/** The resource's authorisations: listed, read, and a new one started unless the status refuses it. */
export function ResourceAuthorisations(props: ComponentProps<typeof AuthorisationsPanel>) {
  return (
    <ErrorBoundary what="the authorisations">
      <AuthorisationsPanel {...props} />
    </ErrorBoundary>
  );
}
