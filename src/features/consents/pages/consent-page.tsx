// /consents/:consentId: the consent's status (followed while its SCA finishes), the access it grants, its validity,
// the reads it has used today, its authorisations, making it active, and deleting it.
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  flowOf,
  activeConsent,
  type AuthorisationScope,
  type BankDataDisplay,
  type BankProfile,
  consentKeys,
  hasCode,
  useActiveConsentId,
  useActiveProfile,
  useBankDataDisplay,
  useConsent,
  useConsentStatus,
} from '../../../api';
import { Button, ErrorBoundary, LinkButton } from '../../../components/ui';
import {
  CreationSca,
  NotFromThisBrowser,
  ResourceAuthorisations,
  ResourcePage,
  statusText,
  useLatestAuthorisation,
  useFollowAfterSca,
  useRefetchOnNewStatus,
  useResourceView,
  useScaEndedHere,
  type OutcomeView,
} from '../../../flows/resource';
import { narrateStatusAnswer } from '../../../flows/narration';
import { ConsentDetailsPanel } from '../components/consent-details-panel';
import { ConsentStatusPanel } from '../components/consent-status-panel';
import { ConsentUsagePanel } from '../components/consent-usage-panel';
import { DeleteConsentPanel } from '../components/delete-consent-panel';
import { consentHistory } from '../model/consent-history';
import { consentFacts } from '../model/consent-outcome';
import {
  awaitsAuthorisation,
  consentStatusLabel,
  isFinalConsentStatus,
  isUsable,
  newAuthorisationRefusal,
  offersConsentSca,
} from '../model/consent-status';
import { consentStatusMeaning, notUsableReason } from '../model/consent-status-meaning';
import { accessSummary, consentRoute } from '../model/format';

export const STATUS_POLL_MS = 2000;

/** "Consent: All account information", with account numbers as the audience may see them. */
function ConsentHeading({ access }: { access: Record<string, unknown> | undefined }) {
  const display = useBankDataDisplay();
  return (
    <>
      Consent
      {access && (
        <span className="font-normal text-slate-700">
          : {accessSummary(access, { account: display.account, specNames: !display.masked })}
        </span>
      )}
    </>
  );
}

/** A replay file's title, with account numbers as the audience may see them. */
function replayTitleOf(access: Record<string, unknown> | undefined, consentId: string, display: BankDataDisplay) {
  return access
    ? `Consent: ${accessSummary(access, { account: display.account, specNames: !display.masked })}`
    : `Consent ${consentId}`;
}

export function ConsentPage() {
  const { consentId } = useParams();
  const profile = useActiveProfile();
  if (!consentId) return null;
  // A new consent or profile starts with fresh page state (notices, polling).
  return <ConsentView key={`${profile.id}/${consentId}`} profile={profile} consentId={consentId} />;
}

/** Notes what GET consent reports about validity and frequency (the bank may have adjusted them). */
function useRecordBankTerms(
  profileId: string,
  consentId: string,
  terms: { validUntil: string; frequencyPerDay: number; recurringIndicator: boolean } | undefined,
) {
  useEffect(() => {
    if (!terms) return;
    consentHistory.recordBankTerms(profileId, consentId, {
      validUntil: terms.validUntil,
      frequencyPerDay: terms.frequencyPerDay,
      recurringIndicator: terms.recurringIndicator,
    });
  }, [terms, profileId, consentId]);
}

function NotUsableNote({ status, reason }: { status: string; reason: string }) {
  return (
    <div
      role="note"
      aria-label="Not usable"
      className={`rounded border border-l-4 p-3 text-sm ${
        status === 'received' || status === 'partiallyAuthorised'
          ? 'border-blue-300 border-l-blue-700 bg-blue-50 text-blue-950'
          : 'border-amber-300 border-l-amber-600 bg-amber-50 text-amber-950'
      }`}
    >
      <p className="font-semibold">
        <span aria-hidden="true">! </span>
        This consent cannot be used for account reads: it is {consentStatusLabel(status).toLowerCase()} (
        <code className="font-mono text-xs">{status}</code>).
      </p>
      <p>{reason}</p>
      {!awaitsAuthorisation(status) && (
        <p className="mt-1">
          <Link to="/consents/new" className="underline">
            Create a new consent
          </Link>
        </p>
      )}
    </div>
  );
}

function ConsentView({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  const variables = { profile, consentId };
  const route = consentRoute(consentId);
  const entry = consentHistory.useEntry(profile.id, consentId);
  const activeId = useActiveConsentId(profile.id);
  const isActive = activeId === consentId;

  const { following, follow } = useFollowAfterSca(awaitsAuthorisation);
  const status = useConsentStatus(variables, {
    refetchInterval: (query) => (following(query.state.data?.body.consentStatus) ? STATUS_POLL_MS : false),
  });
  const details = useConsent(variables);
  // Read as text whatever JSON type the bank used, so an odd value is shown and flagged rather than breaking the page.
  const keys = { status: consentKeys.status(profile.id, consentId), detail: consentKeys.detail(profile.id, consentId) };
  const current = statusText(status.data?.body.consentStatus) ?? statusText(details.data?.body.consentStatus);

  const { created, last, timeline } = useResourceView({
    profileId: profile.id,
    historyRef: consentId,
    recordStatus: consentHistory.recordStatus,
    statuses: entry?.statuses,
    current,
    steps: { creation: 'consent request', returned: 'authorisation of the consent' },
  });

  const terms = details.data?.body;
  useRecordBankTerms(profile.id, consentId, terms);

  // GET consent carries the status too, and its access may change with the authorisation (bank-offered consents):
  // read it again when the status read reports a newer one.
  const statusValue = status.data?.body.consentStatus;
  useRefetchOnNewStatus(statusValue, details.data?.body.consentStatus, details.refetch);

  // An authorisation that ended in this page stays in view, so its outcome ("Authorised", "failed") can be read.
  const { scaEndedHere, scaFinished } = useScaEndedHere({ last, follow, reads: [status, details] });

  function deleted() {
    if (activeConsent.get(profile.id) === consentId) activeConsent.set(profile.id, undefined);
  }

  const scope: AuthorisationScope = { kind: 'consent', consentId };
  const approach = entry?.scaApproach ?? created?.scaApproach;
  const outcome = useConsentOutcome({ profile, scope, step: last.step, current, approach }, status, details);
  // The title counts what the bank granted once the consent is valid, and what was asked until then.
  const shownAccess: Record<string, unknown> | undefined =
    terms?.consentStatus === 'valid' ? terms.access : entry?.access;
  const reason = current ? notUsableReason(current) : undefined;
  const polling = !status.isError && following(statusValue);
  // The bank does not know the consent (another bank, another TPP, or a typo in the address): only the status panel,
  // which explains it, and a way to stop using it make sense then.
  const unknown = status.isError && hasCode(status.error, 'CONSENT_UNKNOWN');
  const display = useBankDataDisplay();

  return (
    <ResourcePage
      title={`Consent ${consentId} · XS2A Console`}
      flow={flowOf(scope)}
      settling={status.isLoading || details.isLoading}
      header={{
        list: { to: '/consents', label: 'Consents' },
        heading: <ConsentHeading access={shownAccess} />,
        id: consentId,
        copy: { text: consentId, label: 'Copy consentId' },
      }}
      bar={
        unknown ? (
          <UnknownConsentBar
            isActive={isActive}
            inHistory={entry !== undefined}
            onClearActive={() => activeConsent.set(profile.id, undefined)}
            onForget={() => consentHistory.remove(profile.id, consentId)}
          />
        ) : (
          <ActiveConsentBar
            isActive={isActive}
            status={current}
            onMakeActive={() => activeConsent.set(profile.id, consentId)}
          />
        )
      }
      created={created}
      outcome={{ resource: outcome.facts, step: last.step, sca: outcome.sca }}
      stateMap={{ kind: 'consentStatus', timeline, current }}
      narration={outcome.narration}
      replayTitle={replayTitleOf(entry?.access, consentId, display)}
    >
      {current && reason && <NotUsableNote status={current} reason={reason} />}

      <ErrorBoundary what="the status">
        <ConsentStatusPanel query={status} queryKey={keys.status} following={polling} />
      </ErrorBoundary>

      <CreationSca
        profile={profile}
        scope={scope}
        recorded={entry}
        created={created}
        // A status 1.3.12 does not define hides nothing: the bank's links decide what the PSU can do.
        show={offersConsentSca(current) || scaEndedHere}
        returnTo={route}
        onFinished={scaFinished}
        title="Authorise the consent"
      />

      {!unknown && (
        <>
          <ErrorBoundary what="the consent">
            <ConsentDetailsPanel profile={profile} query={details} queryKey={keys.detail} asked={entry?.access} />
          </ErrorBoundary>

          {/* Reads only matter while the consent can be read with, or when some were counted. */}
          {(!isFinalConsentStatus(current) || (entry && Object.keys(entry.reads).length > 0)) && (
            <ErrorBoundary what="the read count">
              <ConsentUsagePanel profile={profile} entry={entry} frequencyPerDay={terms?.frequencyPerDay} />
            </ErrorBoundary>
          )}

          <ResourceAuthorisations
            profile={profile}
            scope={scope}
            returnTo={route}
            title="Consent authorisations"
            startRefusal={newAuthorisationRefusal(current)}
          />

          <ErrorBoundary what="the deletion">
            <DeleteConsentPanel profile={profile} consentId={consentId} status={current} onDeleted={deleted} />
          </ErrorBoundary>
        </>
      )}

      {!entry && !unknown && (
        <NotFromThisBrowser>
          This consent was not created from this browser with this profile, so the console has no record of its creation
          links or of its reads.
        </NotFromThisBrowser>
      )}
    </ResourcePage>
  );
}

function UnknownConsentBar({
  isActive,
  inHistory,
  onClearActive,
  onForget,
}: {
  isActive: boolean;
  inHistory: boolean;
  onClearActive: () => void;
  onForget: () => void;
}) {
  return (
    <div
      role="note"
      aria-label="Unknown consent"
      className="space-y-2 rounded border border-amber-300 border-l-4 border-l-amber-600 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <p>
        <span aria-hidden="true">! </span>
        The bank of the active profile does not know this consent, so nothing else about it can be read.
        {isActive && ' It is still the active consent of this profile.'}
      </p>
      <div className="flex flex-wrap gap-2">
        {isActive && <Button onClick={onClearActive}>Stop using it as the active consent</Button>}
        {inHistory && <Button onClick={onForget}>Remove it from the list</Button>}
        <LinkButton to="/consents/new" variant="secondary">
          Create a new consent
        </LinkButton>
      </div>
    </div>
  );
}

function ActiveConsentBar({
  isActive,
  status,
  onMakeActive,
}: {
  isActive: boolean;
  status: string | undefined;
  onMakeActive: () => void;
}) {
  if (isActive) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2 rounded border border-blue-200 bg-white p-3 text-sm">
        <p>
          <span aria-hidden="true">★ </span>
          <span className="font-medium">This is the active consent</span>: the account pages read with it.
        </p>
        {isUsable(status) && (
          <LinkButton to="/accounts" variant="secondary">
            Read accounts
          </LinkButton>
        )}
      </div>
    );
  }
  if (isFinalConsentStatus(status)) {
    return (
      <p className="rounded border border-slate-200 bg-white p-3 text-sm text-slate-700">
        Not the active consent, and it cannot become the active one: it will never be valid again.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 bg-white p-3 text-sm">
      <p className="text-slate-700">
        Not the active consent. Make it active to read accounts, balances and transactions with it.
      </p>
      {/* Until it is valid, making it active is possible but not the next step. */}
      <Button variant={isUsable(status) ? 'primary' : 'secondary'} onClick={onMakeActive}>
        Make active
      </Button>
    </div>
  );
}

/**
 * What the page says of the consent's outcome: the banner's facts, the bank's last word on the latest authorisation
 * (read after a return; the status read again after an error answer), and the narration for an audience.
 */
function useConsentOutcome(
  view: OutcomeView,
  status: ReturnType<typeof useConsentStatus>,
  details: ReturnType<typeof useConsent>,
) {
  const display = useBankDataDisplay();
  const facts = consentFacts(view.current, status.data?.body.psuMessage);
  const sca = useLatestAuthorisation(view, facts.verdict, status, details);
  const narration = narrateStatusAnswer({
    kind: 'consent',
    status: view.current,
    answer: status.data?.body,
    display,
    sca,
    ...(view.current && { statusMeaning: consentStatusMeaning(view.current) }),
  });
  return { facts, sca, narration };
}
