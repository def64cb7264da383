// /baskets/:basketId: the signing basket's status (followed while its SCA is applied), its one authorisation, the
// payments and consents it holds with their own statuses, and deleting it while it awaits its authorisation.
import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import {
  basketKeys,
  basketMembersChanged,
  flowOf,
  hasCode,
  useActiveProfile,
  useBankDataDisplay,
  useBasket,
  useBasketStatus,
  type AuthorisationScope,
  type BankProfile,
} from '../../../api';
import { ErrorBoundary } from '../../../components/ui';
import type { BasketMember } from '../../../flows/history';
import { narrateStatusAnswer } from '../../../flows/narration';
import {
  CreationSca,
  NotFromThisBrowser,
  ResourceAuthorisations,
  ResourcePage,
  statusText,
  useFollowAfterSca,
  useLatestAuthorisation,
  useRefetchOnNewStatus,
  useResourceView,
  useScaEndedHere,
} from '../../../flows/resource';
import { BasketMembersPanel } from '../components/basket-members-panel';
import { BasketStatusPanel } from '../components/basket-status-panel';
import { DeleteBasketPanel } from '../components/delete-basket-panel';
import { basketHistory } from '../model/basket-history';
import { basketRoute, membersSummary } from '../model/basket-route';
import { basketAwaitsAuthorisation, basketFacts, basketStatusMeaning } from '../model/basket-status';

export const STATUS_POLL_MS = 2000;

export function BasketPage() {
  const { basketId } = useParams();
  const profile = useActiveProfile();
  if (!basketId) return null;
  // A new basket or profile starts with fresh page state (notices, polling).
  return <BasketView key={`${profile.id}/${basketId}`} profile={profile} basketId={basketId} />;
}

const idsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];

/** The members this browser recorded, and those the bank names that it has no record of. */
function membersOf(recorded: readonly BasketMember[], body: { payments?: unknown; consents?: unknown } | undefined) {
  const known = new Set(recorded.map((member) => `${member.kind}:${member.id}`));
  const named = [
    ...idsOf(body?.payments).map((id) => ({ kind: 'payment' as const, id })),
    ...idsOf(body?.consents).map((id) => ({ kind: 'consent' as const, id })),
  ];
  return { members: recorded, unknown: named.filter((member) => !known.has(`${member.kind}:${member.id}`)) };
}

function BasketView({ profile, basketId }: { profile: BankProfile; basketId: string }) {
  const variables = { profile, basketId };
  const route = basketRoute(basketId);
  const entry = basketHistory.useEntry(profile.id, basketId);
  const queryClient = useQueryClient();
  const deleted = entry?.deletedAt !== undefined;

  const { following, follow, active } = useFollowAfterSca(basketAwaitsAuthorisation);
  const status = useBasketStatus(variables, {
    enabled: !deleted,
    refetchInterval: (query) =>
      following(statusText(query.state.data?.body.transactionStatus)) ? STATUS_POLL_MS : false,
  });
  const details = useBasket(variables, { enabled: !deleted });
  const keys = { status: basketKeys.status(profile.id, basketId) };
  const current = statusText(status.data?.body.transactionStatus) ?? statusText(details.data?.body.transactionStatus);

  const { created, last, timeline } = useResourceView({
    profileId: profile.id,
    historyRef: basketId,
    recordStatus: basketHistory.recordStatus,
    statuses: entry?.statuses,
    current,
    steps: { creation: 'signing basket', returned: 'authorisation of the basket' },
  });
  useRefetchOnNewStatus(
    statusText(status.data?.body.transactionStatus),
    statusText(details.data?.body.transactionStatus),
    details.refetch,
  );

  // An authorisation that ended in this page stays in view; the members move with it.
  const { scaEndedHere, scaFinished } = useScaEndedHere({
    last,
    follow,
    reads: [status, details],
    also: () => basketMembersChanged(queryClient, profile.id),
  });

  const scope: AuthorisationScope = { kind: 'basket', basketId };
  const facts = basketFacts(current, undefined, deleted);
  const sca = useLatestAuthorisation(
    { profile, scope, step: last.step, current, approach: entry?.scaApproach ?? created?.scaApproach },
    facts.verdict,
    status,
    details,
  );
  const display = useBankDataDisplay();
  const narrated = narrateStatusAnswer({
    kind: 'basket',
    status: current,
    answer: status.data?.body,
    display,
    sca,
    ...(current && { statusMeaning: basketStatusMeaning(current) }),
  });
  const narration = deleted
    ? 'The console deleted the basket: its payments and consents each await their own authorisation again.'
    : narrated;
  const { members, unknown } = membersOf(entry?.members ?? [], details.data?.body);
  const gone = deleted || (status.isError && hasCode(status.error, 'RESOURCE_UNKNOWN'));
  const polling = !status.isError && following(current);

  return (
    <ResourcePage
      title={`Signing basket ${basketId} · XS2A Console`}
      flow={flowOf(scope)}
      settling={status.isLoading || details.isLoading}
      header={{
        list: { to: '/baskets', label: 'Signing baskets' },
        heading: (
          <>
            Signing basket
            {members.length > 0 && <span className="font-normal text-slate-700">: {membersSummary(members)}</span>}
          </>
        ),
        id: basketId,
        copy: { text: basketId, label: 'Copy basketId' },
      }}
      created={created}
      outcome={{ resource: facts, step: last.step, sca }}
      {...(!deleted && { stateMap: { kind: 'basketStatus' as const, timeline, current } })}
      narration={narration}
      replayTitle={`Signing basket: ${membersSummary(members)}`}
    >
      {!deleted && (
        <ErrorBoundary what="the status">
          <BasketStatusPanel query={status} queryKey={keys.status} following={polling} />
        </ErrorBoundary>
      )}

      {!gone && (
        <CreationSca
          profile={profile}
          scope={scope}
          recorded={entry}
          created={created}
          show={basketAwaitsAuthorisation(current) || scaEndedHere}
          returnTo={route}
          onFinished={scaFinished}
          title="Authorise the basket"
        />
      )}

      {members.length + unknown.length > 0 && (
        <ErrorBoundary what="the members">
          <BasketMembersPanel
            profile={profile}
            members={members}
            unknown={unknown}
            following={active || scaEndedHere}
            {...(facts.verdict !== 'waiting' && {
              settled: { ...(facts.verdict === 'authorised' && { by: basketId }) },
            })}
          />
        </ErrorBoundary>
      )}

      {!gone && (
        <ResourceAuthorisations
          profile={profile}
          scope={scope}
          returnTo={route}
          title="Basket authorisations"
          startRefusal={
            basketAwaitsAuthorisation(current) ? undefined : 'the basket no longer awaits its authorisation.'
          }
        />
      )}

      {(deleted || current === 'RCVD') && (
        <ErrorBoundary what="the deletion">
          <DeleteBasketPanel
            profile={profile}
            basketId={basketId}
            deleted={deleted}
            onDeleted={() => basketHistory.recordDeleted(profile.id, basketId)}
          />
        </ErrorBoundary>
      )}

      {!entry && (
        <NotFromThisBrowser>
          This basket was not created from this browser with this profile, so the console has no record of its creation
          links or of where its payments live.
        </NotFromThisBrowser>
      )}
    </ResourcePage>
  );
}
