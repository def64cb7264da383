// /baskets/new: pick payments and consents of this browser that await their authorisation, and ask the bank for a
// signing basket that the PSU authorises with one SCA. The bank's refusal is shown in plain words; the choice stays.
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  describeXs2aError,
  useActiveProfile,
  useBankDataDisplay,
  useCreateBasket,
  type CreateBasketVariables,
} from '../../../api';
import { Badge, Checkbox, ErrorCallout } from '../../../components/ui';
import { BankName, NewRequestPage, PsuIdField, RequestHeaders, SubmitRow } from '../../../flows/body-editor';
import { createBasketCandidates, type BasketMember } from '../../../flows/history';
import { createdState } from '../../../flows/resource';
import { newScaRedirect } from '../../../flows/sca';
import { basketHistory } from '../model/basket-history';
import { basketRoute } from '../model/basket-route';
import { memberStatusLabel, memberTone } from '../model/basket-status';
import { basketCandidates, memberName, type Candidate } from '../model/candidates';

const candidates = createBasketCandidates();

/** The page has no body checks to load: the choice is the body. */
const NO_CHECKS = { load: () => undefined, error: undefined };

const keyOf = (member: Pick<BasketMember, 'kind' | 'id'>) => `${member.kind}:${member.id}`;

export function NewBasketPage() {
  const profile = useActiveProfile();
  const payments = candidates.usePayments(profile.id);
  const consents = candidates.useConsents(profile.id);
  const baskets = basketHistory.useList(profile.id);
  const offered = useMemo(() => basketCandidates(payments, consents, baskets), [payments, consents, baskets]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [psuId, setPsuId] = useState('');
  const [attempted, setAttempted] = useState(false);
  const create = useCreateBasket();
  const navigate = useNavigate();

  const members = [...offered.payments, ...offered.consents].filter((member) => chosen.has(keyOf(member)));
  const none = members.length === 0;

  function toggle(member: Candidate, on: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(keyOf(member));
      else next.delete(keyOf(member));
      return next;
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (none || create.isPending) return;
    const paymentIds = members.filter((member) => member.kind === 'payment').map((member) => member.id);
    const consentIds = members.filter((member) => member.kind === 'consent').map((member) => member.id);
    const body = { ...(paymentIds.length > 0 && { paymentIds }), ...(consentIds.length > 0 && { consentIds }) };
    const redirect = newScaRedirect(profile);
    const variables: CreateBasketVariables = {
      profile,
      body,
      tppRedirectUri: redirect.tppRedirectUri,
      tppNokRedirectUri: redirect.tppNokRedirectUri,
      ...(psuId.trim() && { psuId: psuId.trim() }),
    };
    const kept = members.map(({ kind, id, service, product, label, party }) => ({
      kind,
      id,
      label,
      ...(party !== undefined && { party }),
      ...(service !== undefined && { service }),
      ...(product !== undefined && { product }),
    }));
    create.mutate(variables, {
      onSuccess: (result) => {
        const { basketId, transactionStatus } = result.body;
        const state = createdState(result);
        basketHistory.addCreated(profile.id, basketId, body, { ...state, status: transactionStatus });
        basketHistory.recordMembers(profile.id, basketId, kept);
        const route = basketRoute(basketId);
        redirect.bindTo(route);
        void navigate(route, { state });
      },
    });
  }

  const empty = offered.payments.length === 0 && offered.consents.length === 0;
  return (
    <NewRequestPage
      title="New signing basket"
      list={{ to: '/baskets', label: 'Signing baskets' }}
      intro={
        <>
          Asks <BankName profile={profile} /> for a signing basket: the PSU then authorises every payment and consent in
          it with one SCA. The console offers those created from this browser that still await their authorisation.
        </>
      }
      onSubmit={submit}
      checks={NO_CHECKS}
    >
      {empty ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-700">
          Nothing created from this browser with this profile awaits its authorisation.{' '}
          <Link to="/payments/new" className="text-blue-800 underline">
            Initiate a payment
          </Link>{' '}
          or{' '}
          <Link to="/consents/new" className="text-blue-800 underline">
            create a consent
          </Link>{' '}
          without authorising it, then come back to sign them together.
        </p>
      ) : (
        <>
          <CandidateGroup
            legend="Payments awaiting authorisation"
            none="No payment of this browser awaits its authorisation."
            members={offered.payments}
            chosen={chosen}
            onToggle={toggle}
          />
          <CandidateGroup
            legend="Consents awaiting authorisation"
            none="No consent of this browser awaits its authorisation."
            members={offered.consents}
            chosen={chosen}
            onToggle={toggle}
          />
        </>
      )}
      <p className="text-sm text-slate-700" aria-live="polite">
        {none
          ? 'Nothing chosen yet.'
          : `${members.length} chosen: POST /v1/signing-baskets with ${[
              counted(members.filter((m) => m.kind === 'payment').length, 'paymentId'),
              counted(members.filter((m) => m.kind === 'consent').length, 'consentId'),
            ]
              .filter(Boolean)
              .join(' and ')}.`}
      </p>
      {attempted && none && (
        <p role="alert" className="text-sm text-red-900">
          Choose at least one payment or consent: a signing basket holds one at least.
        </p>
      )}
      <RequestHeaders>
        <PsuIdField profile={profile} value={psuId} onChange={setPsuId} />
      </RequestHeaders>
      {create.error && <ErrorCallout alert {...describeXs2aError(create.error)} />}
      <SubmitRow pending={create.isPending} label="Create signing basket" cancelTo="/baskets" />
    </NewRequestPage>
  );
}

function counted(count: number, what: string): string {
  if (count === 0) return '';
  return `${count} ${what}${count === 1 ? '' : 's'}`;
}

function CandidateGroup({
  legend,
  none,
  members,
  chosen,
  onToggle,
}: {
  legend: string;
  none: string;
  members: Candidate[];
  chosen: ReadonlySet<string>;
  onToggle: (member: Candidate, on: boolean) => void;
}) {
  const display = useBankDataDisplay();
  return (
    <fieldset className="space-y-2 rounded border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold">{legend}</legend>
      {members.length === 0 && <p className="text-sm text-slate-600">{none}</p>}
      {members.map((member) => (
        <Checkbox
          key={keyOf(member)}
          checked={chosen.has(keyOf(member))}
          onChange={(event) => onToggle(member, event.target.checked)}
          label={
            <span className="inline-flex flex-wrap items-center gap-2">
              <span>{memberName(member, display.person)}</span>
              <Badge
                tone={memberTone(member.kind, member.status)}
                plainName={memberStatusLabel(member.kind, member.status)}
              >
                {member.status}
              </Badge>
            </span>
          }
          hint={
            <>
              <span className="font-mono break-all">{member.id}</span>
              {member.inBasket && ` · already in the open basket ${member.inBasket}: the bank may refuse it`}
            </>
          }
        />
      ))}
    </fieldset>
  );
}
