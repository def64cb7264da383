// The payments and consents a basket holds, each with its own status as the bank reports it now (read again after the
// basket's SCA, and followed while the page follows the basket), and a link to its own page. Each status read is noted
// in the member's own history (its page's timeline and its list) once the basket no longer waits, naming the basket
// when its authorisation applied.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import {
  useBankDataDisplay,
  useConsentStatus,
  usePaymentStatus,
  type BankProfile,
  type Xs2aResult,
} from '../../../api';
import { CodeBadge, Panel, PresenterDetails, Spinner } from '../../../components/ui';
import { memberRoute, memberStatuses, type BasketMember } from '../../../flows/history';
import { statusText } from '../../../flows/resource';
import type { PaymentProduct, PaymentService } from '../../../xs2a/enums';
import { memberStatusLabel, memberTone, memberVerdict } from '../model/basket-status';
import { memberName } from '../model/candidates';

export const MEMBER_POLL_MS = 2000;

interface Props {
  profile: BankProfile;
  members: readonly BasketMember[];
  /** Ids the bank's GET names that this browser has no record of (their path is not known). */
  unknown: readonly { kind: 'payment' | 'consent'; id: string }[];
  /** Follow the members that still wait, while the page follows the basket after its SCA. */
  following: boolean;
  /**
   * Set once the basket no longer waits for its authorisation: the members' statuses are then noted in their own
   * histories, with `by` (the basket) as the cause when its authorisation applied. While it waits they are not: a
   * member read just before the basket's own status would otherwise be noted without its cause.
   */
  settled?: { by?: string | undefined } | undefined;
}

interface StatusRead {
  status: string | undefined;
  isFetching: boolean;
  isError: boolean;
}

function readOf(query: {
  data?: Xs2aResult<{ transactionStatus?: unknown; consentStatus?: unknown }> | undefined;
  isFetching: boolean;
  isError: boolean;
}): StatusRead {
  const body = query.data?.body;
  return {
    status: statusText(body?.transactionStatus ?? body?.consentStatus),
    isFetching: query.isFetching,
    isError: query.isError,
  };
}

const poll = (following: boolean, kind: 'payment' | 'consent') => (status: unknown) =>
  following && (typeof status !== 'string' || memberVerdict(kind, status) === 'waiting') ? MEMBER_POLL_MS : false;

/** A member's own status read: the payment's or the consent's, the other query left off. */
function MemberStatusRead({
  profile,
  member,
  following,
  settled,
}: {
  profile: BankProfile;
  member: BasketMember;
  following: boolean;
  settled: Props['settled'];
}) {
  const isPayment = member.kind === 'payment';
  const payment = usePaymentStatus(
    {
      profile,
      service: (member.service ?? 'payments') as PaymentService,
      product: (member.product ?? '') as PaymentProduct,
      paymentId: member.id,
    },
    { enabled: isPayment, refetchInterval: (q) => poll(following, 'payment')(q.state.data?.body.transactionStatus) },
  );
  const consent = useConsentStatus(
    { profile, consentId: member.id },
    { enabled: !isPayment, refetchInterval: (q) => poll(following, 'consent')(q.state.data?.body.consentStatus) },
  );
  const read = readOf(isPayment ? payment : consent);
  const { kind, id, service, product } = member;
  const noted = settled !== undefined;
  const by = settled?.by;
  useEffect(() => {
    if (noted && read.status !== undefined) {
      memberStatuses.record(profile.id, { kind, id, service, product }, read.status, by);
    }
  }, [profile.id, kind, id, service, product, read.status, noted, by]);
  return <MemberStatus kind={member.kind} read={read} />;
}

function MemberStatus({ kind, read }: { kind: 'payment' | 'consent'; read: StatusRead }) {
  if (read.isError) return <span className="text-sm text-red-900">The bank refused the read</span>;
  if (read.status === undefined) {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-slate-700">
        <Spinner />
        Reading…
      </span>
    );
  }
  return (
    <span role="status" aria-label={`Status of the ${kind}`}>
      <CodeBadge
        code={read.status}
        plainName={memberStatusLabel(kind, read.status)}
        tone={memberTone(kind, read.status)}
      />
    </span>
  );
}

export function BasketMembersPanel({ profile, members, unknown, following, settled }: Props) {
  const display = useBankDataDisplay();
  return (
    <Panel
      title="Payments and consents in the basket"
      description="Each one's own status at the bank: the basket's authorisation moves them all. Each has its own page."
    >
      <ul
        aria-label="Members of the signing basket"
        className="divide-y divide-slate-200 rounded border border-slate-200"
      >
        {members.map((member) => (
          <li
            key={`${member.kind}:${member.id}`}
            className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3"
          >
            <span className="min-w-0 space-y-0.5">
              <span className="block text-xs text-slate-600">{member.kind === 'payment' ? 'Payment' : 'Consent'}</span>
              <Link to={memberRoute(member)} className="font-medium text-blue-800 underline">
                {memberName(member, display.person)}
              </Link>
              <PresenterDetails summary="Technical details">
                <span className="block font-mono text-xs break-all text-slate-600">{member.id}</span>
              </PresenterDetails>
            </span>
            <MemberStatusRead profile={profile} member={member} following={following} settled={settled} />
          </li>
        ))}
      </ul>
      {unknown.length > 0 && (
        <p className="text-sm text-slate-700">
          The bank also names {unknown.map((m) => `${m.kind} ${m.id}`).join(', ')}, which this browser has no record of.
        </p>
      )}
    </Panel>
  );
}
