// Sections of a resource's page that payments and consents show the same way: the heading with the resource's id,
// the notice right after the creation, and the bank's links to authorise it.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { AuthorisationScope, BankProfile, LinkMap } from '../../api';
import {
  CopyButton,
  DeviationNotice,
  ErrorBoundary,
  LoadingText,
  PresenterDetails,
  DocumentTitle,
} from '../../components/ui';
import { Narration } from '../narration';
import { ScaPanel, useResumedFlow } from '../sca';
import { StateMapPanel, type StateMapProps } from '../state-map';
import { FlowSection } from './flow-section';
import type { CreatedState } from './created-state';
import { OutcomeBanner, type OutcomeBannerProps } from './outcome-banner';

export interface ResourceHeaderProps {
  /** The list the resource belongs to. */
  list: { to: string; label: string };
  heading: ReactNode;
  /** The resource's id as shown (e.g. service / product / id). */
  id: ReactNode;
  copy: { text: string; label: string };
  /** Lets the page move focus to the heading (it can take focus, but is not in the tab order). */
  headingRef?: RefObject<HTMLHeadingElement | null>;
}

export function ResourceHeader({ list, heading, id, copy, headingRef }: ResourceHeaderProps) {
  return (
    <div className="space-y-1">
      <p className="text-sm">
        <Link to={list.to} className="text-blue-800 underline">
          {list.label}
        </Link>
      </p>
      <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold focus:outline-none">
        {heading}
      </h1>
      <PresenterDetails summary="Technical details">
        <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
          <span className="font-mono text-xs break-all">{id}</span>
          <CopyButton text={copy.text} label={copy.label} />
        </p>
      </PresenterDetails>
    </div>
  );
}

/**
 * Right after a form created the resource, its page opens at its top with focus on its heading: the router keeps the
 * form's scroll position, and keyboard and screen-reader users would otherwise be left on a submit button that is gone.
 */
function useOpenAtTop(arrivedFromForm: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!arrivedFromForm) return;
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, [arrivedFromForm]);
  return heading;
}

/** The resource's body carries the status too: read it again when the status read reports a newer one. */
export function useRefetchOnNewStatus(
  statusValue: string | undefined,
  detailsStatus: string | undefined,
  refetchDetails: () => unknown,
) {
  useEffect(() => {
    if (statusValue && detailsStatus && statusValue !== detailsStatus) void refetchDetails();
  }, [statusValue, detailsStatus, refetchDetails]);
}

/** What the bank's 201 answer said about authorising the resource, as this browser's history or the route's state keeps it. */
export interface CreationFacts {
  links?: LinkMap;
  scaApproach?: string;
  psuMessage?: string;
}

export interface CreationScaProps {
  profile: BankProfile;
  scope: AuthorisationScope;
  /** What this browser's history kept of the creation, which wins over `created`. */
  recorded: CreationFacts | undefined;
  /** What the route passed on right after the creation. */
  created: CreationFacts | undefined;
  /** Whether the resource's status still lets the PSU authorise it. */
  show: boolean;
  returnTo: string;
  /** The authorisation ended with this scaStatus. */
  onFinished: (scaStatus: string) => void;
  title: string;
}

/** The authorisation of the creation, started from the links of the bank's 201 answer (nothing without those links). */
export function CreationSca({ recorded, created, show, ...panel }: CreationScaProps) {
  const links = recorded?.links ?? created?.links;
  // After a reload the wizard resumes at the step the bank's scaStatus says, not at its first step.
  const resumed = useResumedFlow(panel.profile, panel.scope, show && links !== undefined);
  if (!show || links === undefined) return null;
  if (resumed.kind === 'reading') return <LoadingText>Reading where the authorisation stands…</LoadingText>;
  return (
    <ErrorBoundary what="the authorisation">
      <ScaPanel
        {...panel}
        links={links}
        scaApproach={recorded?.scaApproach ?? created?.scaApproach}
        psuMessage={recorded?.psuMessage ?? created?.psuMessage}
        {...(resumed.kind === 'resumed' && resumed.init)}
      />
    </ErrorBoundary>
  );
}

export interface ResourcePageProps {
  /** The document's title. */
  title: string;
  header: ResourceHeaderProps;
  /** Shown between the heading and the notices (e.g. whether the resource is the active one). */
  bar?: ReactNode;
  /** The route's state right after the creation: the deviations of the bank's 201 answer are shown. */
  created: CreatedState | undefined;
  /** The real outcome after the latest step. */
  outcome: OutcomeBannerProps;
  /** Where the resource stands in one plain sentence, shown at the top in presenter mode. */
  narration?: string;
  /** The resource's status machine and the statuses this browser saw. */
  stateMap?: StateMapProps;
  /** The exchange log's key of the resource ('payment:<id>', 'consent:<id>'): its flow diagram ends the page. */
  flow: string;
  /**
   * The page's first reads are under way: its panels have not their height yet, so the flow diagram at the end waits
   * for them before it loads as the user scrolls near it.
   */
  settling: boolean;
  /** What the flow is about in a replay file's title ("Payment to Boulangerie"); no "Save as replay" without it. */
  replayTitle?: string;
  children: ReactNode;
}

/** A payment's or a consent's page: heading, the outcome of the latest step, then the sections that differ. */
export function ResourcePage({
  title,
  header,
  bar,
  created,
  outcome,
  narration,
  stateMap,
  flow,
  settling,
  replayTitle,
  children,
}: ResourcePageProps) {
  const headingRef = useOpenAtTop(created !== undefined);
  return (
    <article className="max-w-4xl space-y-4">
      <DocumentTitle>{title}</DocumentTitle>
      <ResourceHeader {...header} headingRef={headingRef} />
      {narration !== undefined && <Narration text={narration} />}
      {bar}
      <OutcomeBanner {...outcome} />
      {created && <DeviationNotice deviations={created.created.deviations} />}
      {stateMap && <StateMapPanel {...stateMap} />}
      {children}
      <FlowSection
        flow={flow}
        settling={settling}
        {...(replayTitle !== undefined && { replay: { flow, title: replayTitle, ...(stateMap && { stateMap }) } })}
      />
    </article>
  );
}

/** Said when this browser did not create the resource, so it keeps no record of it. */
export function NotFromThisBrowser({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
