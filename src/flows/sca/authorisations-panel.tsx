// The authorisations of a payment, a payment's cancellation or a consent: list them, read each one's SCA status,
// continue an unfinished one, or start a new one.
import { useState } from 'react';
import {
  authorisationKeys,
  authorisationPath,
  buildUrl,
  describeXs2aError,
  readLinks,
  useAuthorisations,
  useScaStatus,
  useStartAuthorisation,
  type AuthorisationScope,
  type BankProfile,
} from '../../api';
import {
  Button,
  ErrorCallout,
  LoadingText,
  Panel,
  PresenterDetails,
  usePresenterView,
  type HeadingLevel,
  PlainWords,
} from '../../components/ui';
import { ReadWaitNotice } from '../resource/read-wait';
import { recallFlow } from './flow-memory';
import type { ScaLinks } from './links-to-actions';
import { newScaRedirect } from './new-sca-redirect';
import { isFinal, type ScaFlowInit, type ScaFlowState, type ScaStepBody } from './sca-flow';
import { ScaPanel } from './lazy-sca-panel';
import { ScaStatusBadge } from './sca-status-badge';

/**
 * Where an authorisation can go on when this tab has not seen its links: the PUT steps its scaStatus allows, on the
 * spec's path of the sub-resource. `received` offers identification first: it works for embedded (the password
 * follows) and decoupled (the app takes over) alike.
 */
export function continuationLinks(
  profile: BankProfile,
  scope: AuthorisationScope,
  authorisationId: string,
  scaStatus: string,
): ScaLinks {
  const href = buildUrl(profile.baseUrl, { path: authorisationPath(scope, authorisationId) });
  const links: ScaLinks = { scaStatus: { href } };
  if (scaStatus === 'received') {
    links.updatePsuIdentification = { href };
    links.updatePsuAuthentication = { href };
  } else if (scaStatus === 'psuIdentified') links.updatePsuAuthentication = { href };
  else if (scaStatus === 'psuAuthenticated') links.selectAuthenticationMethod = { href };
  else if (scaStatus === 'scaMethodSelected') links.authoriseTransaction = { href };
  return links;
}

function defaultTitle(scope: AuthorisationScope): string {
  switch (scope.kind) {
    case 'payment-cancellation':
      return 'Cancellation authorisations';
    case 'consent':
      return 'Consent authorisations';
    case 'basket':
      return 'Basket authorisations';
    default:
      return 'Payment authorisations';
  }
}

/** What is known of an authorisation's flow, as the SCA panel's props (only what is known). */
function knownFlowProps(known: Omit<ScaFlowInit, 'links'> | undefined) {
  return {
    ...(known?.scaApproach && { scaApproach: known.scaApproach }),
    ...(known?.authorisationId && { authorisationId: known.authorisationId }),
    ...(known?.scaStatus && { scaStatus: known.scaStatus }),
    ...(known?.psuMessage && { psuMessage: known.psuMessage }),
    ...(known?.scaMethods && { scaMethods: known.scaMethods }),
    ...(known?.chosenScaMethod && { chosenScaMethod: known.chosenScaMethod }),
    ...(known?.challengeData !== undefined && { challengeData: known.challengeData }),
  };
}

interface Started {
  body: ScaStepBody;
  scaApproach?: string;
}

/** "Start new authorisation": a plain start, with the redirect URIs a redirect SCA needs. */
function useNewAuthorisation(profile: BankProfile, scope: AuthorisationScope, returnTo: string) {
  const start = useStartAuthorisation();
  const [started, setStarted] = useState<Started>();
  function startNew() {
    const redirect = newScaRedirect(profile);
    redirect.bindTo(returnTo);
    start.mutate(
      { profile, scope, tppRedirectUri: redirect.tppRedirectUri, tppNokRedirectUri: redirect.tppNokRedirectUri },
      {
        onSuccess: (result) => {
          const approach = result.headers['aspsp-sca-approach'];
          setStarted({ body: result.body, ...(approach && { scaApproach: approach }) });
        },
      },
    );
  }
  return { start, started, startNew };
}

interface PanelProps {
  profile: BankProfile;
  scope: AuthorisationScope;
  returnTo: string;
  title?: string;
  headingLevel?: HeadingLevel;
  /**
   * Why the bank would refuse a new authorisation (409 STATUS_INVALID) in the resource's current state; the start
   * button is then not offered and this is said instead. Undefined while the bank allows one or the state is unknown.
   */
  startRefusal?: string | undefined;
}

function AuthorisationList({
  list,
  ...row
}: Omit<RowProps, 'authorisationId'> & { list: ReturnType<typeof useAuthorisations> }) {
  const ids = list.data?.body.authorisationIds ?? [];
  return (
    <>
      {list.isPending && <LoadingText>Loading the authorisations…</LoadingText>}
      <ReadWaitNotice queryKey={authorisationKeys.list(row.profile.id, row.scope)} />
      {list.isError && (
        <ErrorCallout {...describeXs2aError(list.error)} title="The authorisations could not be listed">
          <Button size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </ErrorCallout>
      )}
      {list.isSuccess && ids.length === 0 && (
        <p className="text-sm text-slate-600">The bank lists no authorisations for this yet.</p>
      )}
      {ids.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded border border-slate-200" aria-label="Authorisation ids">
          {ids.map((id) => (
            <AuthorisationRow key={id} {...row} authorisationId={id} />
          ))}
        </ul>
      )}
    </>
  );
}

export function AuthorisationsPanel({ profile, scope, returnTo, title, headingLevel = 2, startRefusal }: PanelProps) {
  const list = useAuthorisations({ profile, scope });
  const { start, started, startNew } = useNewAuthorisation(profile, scope, returnTo);
  const innerLevel = Math.min(headingLevel + 1, 6) as HeadingLevel;
  const presenting = usePresenterView();
  const actions = (
    <>
      <Button size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
        Reload list
      </Button>
      {startRefusal === undefined && (
        <Button size="sm" variant="primary" onClick={startNew} disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Start new authorisation'}
        </Button>
      )}
    </>
  );
  return (
    <Panel title={title ?? defaultTitle(scope)} level={headingLevel} actions={actions}>
      {startRefusal !== undefined && (
        <p className="text-sm text-slate-700">
          No new authorisation can be started: <PlainWords>{startRefusal}</PlainWords>
        </p>
      )}
      {start.isError && (
        <ErrorCallout alert {...describeXs2aError(start.error)} title="The authorisation could not be started" />
      )}
      {started && (
        <ScaPanel
          profile={profile}
          scope={scope}
          links={started.body._links}
          returnTo={returnTo}
          title={`New authorisation${started.body.authorisationId && !presenting ? ` ${started.body.authorisationId}` : ''}`}
          headingLevel={innerLevel}
          {...knownFlowProps({ ...started.body, ...(started.scaApproach && { scaApproach: started.scaApproach }) })}
        />
      )}
      <AuthorisationList list={list} profile={profile} scope={scope} returnTo={returnTo} headingLevel={innerLevel} />
    </Panel>
  );
}

interface Continuation {
  links: ScaLinks;
  scaStatus: string;
  known: ScaFlowState | undefined;
}

interface RowProps {
  profile: BankProfile;
  scope: AuthorisationScope;
  authorisationId: string;
  returnTo: string;
  headingLevel: HeadingLevel;
}

function AuthorisationRow({ profile, scope, authorisationId, returnTo, headingLevel }: RowProps) {
  const presenting = usePresenterView();
  const [requested, setRequested] = useState(false);
  // Taken when the user continues, so later status reads (every step refreshes them) do not restart the flow.
  const [continuation, setContinuation] = useState<Continuation>();
  const status = useScaStatus({ profile, scope, authorisationId }, { enabled: requested, staleTime: 0 });
  const body = status.data?.body;
  const current = body?.scaStatus;

  function toggleContinue() {
    if (continuation || !current) {
      setContinuation(undefined);
      return;
    }
    const known = recallFlow(profile.id, scope, authorisationId);
    const links: ScaLinks = {
      ...(known?.links ?? continuationLinks(profile, scope, authorisationId, current)),
      ...readLinks(body?._links).links,
    };
    setContinuation({ links, scaStatus: current, known });
  }

  return (
    <li className="space-y-2 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <PresenterDetails summary="Authorisation">
          <code className="font-mono text-sm break-all">{authorisationId}</code>
        </PresenterDetails>
        <Button
          size="sm"
          onClick={() => (requested ? void status.refetch() : setRequested(true))}
          disabled={status.isFetching}
          aria-label={`Read SCA status of ${authorisationId}`}
        >
          {status.isFetching ? 'Reading…' : 'Read SCA status'}
        </Button>
        {((current && !isFinal(current)) || continuation) && (
          <Button size="sm" variant="ghost" onClick={toggleContinue} aria-expanded={continuation !== undefined}>
            {continuation ? 'Hide' : 'Continue'}
          </Button>
        )}
      </div>
      {body && (
        <div className="text-sm">
          {/* A bank may leave out the scaStatus 1.3.12 requires; the read's exchange names the deviation. */}
          {body.scaStatus === undefined ? (
            <p className="text-slate-700">The bank&apos;s answer names no SCA status.</p>
          ) : (
            <ScaStatusBadge status={body.scaStatus} withMeaning />
          )}
          {body.psuMessage && <p className="mt-1 text-slate-700">Message from the bank: {body.psuMessage}</p>}
        </div>
      )}
      <ReadWaitNotice queryKey={authorisationKeys.scaStatus(profile.id, scope, authorisationId)} />
      {status.isError && <ErrorCallout {...describeXs2aError(status.error)} title="The SCA status could not be read" />}
      {continuation && (
        <ScaPanel
          profile={profile}
          scope={scope}
          links={continuation.links}
          returnTo={returnTo}
          title={presenting ? 'Continue the authorisation' : `Continue authorisation ${authorisationId}`}
          headingLevel={headingLevel}
          {...knownFlowProps({ ...continuation.known, authorisationId, scaStatus: continuation.scaStatus })}
        />
      )}
    </li>
  );
}
