// /payments/:service/:product/:paymentId: the payment, its status (followed while it moves), SCA and cancellation.
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  type AuthorisationScope,
  type BankProfile,
  flowOf,
  type GetPaymentVariables,
  paymentDocumentQueryOptions,
  paymentQueryOptions,
  paymentStatusQueryOptions,
  useActiveProfile,
  useBankDataDisplay,
  usePayment,
  usePaymentDocument,
  usePaymentStatus,
} from '../../../api';
import { ErrorBoundary, DocumentTitle } from '../../../components/ui';
import {
  CreationSca,
  NotFromThisBrowser,
  ResourceAuthorisations,
  ResourcePage,
  statusText,
  useLatestAuthorisation,
  useRefetchOnNewStatus,
  useResourceView,
  type OutcomeView,
} from '../../../flows/resource';
import { narrateStatusAnswer } from '../../../flows/narration';
import { useScaReturn } from '../../../flows/sca';
import { paymentProducts, paymentServices, type PaymentProduct, type PaymentService } from '../../../xs2a';
import { CancelPaymentPanel } from '../components/cancel-payment-panel';
import { PaymentDetailsPanel } from '../components/payment-details-panel';
import { Pain001DocumentPanel } from '../components/pain001-document-panel';

import { PaymentStatusPanel } from '../components/payment-status-panel';
import { isXmlProduct, payeeWords, paymentRoute } from '../model/format';
import { paymentFacts } from '../model/payment-outcome';
import { transactionStatusMeaning } from '../model/transaction-status-meaning';
import { paymentHistory, usePaymentHistoryEntry, type CancellationRecord } from '../model/payment-history';
import { offersInitiationSca, paymentAuthorisationRefusal, shouldPollStatus } from '../model/transaction-status';

export const STATUS_POLL_MS = 2000;
/** How long the page follows a payment that still waits for authorisation after an SCA ended. */
const FOLLOW_AFTER_SCA_MS = 60_000;

export function PaymentPage() {
  const { service, product, paymentId } = useParams();
  const profile = useActiveProfile();
  if (
    !paymentId ||
    !(paymentServices as readonly (string | undefined)[]).includes(service) ||
    !(paymentProducts as readonly (string | undefined)[]).includes(product)
  ) {
    return (
      <article className="max-w-3xl space-y-4">
        <DocumentTitle>{'Payment not found · XS2A Console'}</DocumentTitle>
        <h1 className="text-2xl font-semibold">Payment not found</h1>
        <p>
          <code className="font-mono">
            {service}/{product}
          </code>{' '}
          is not a payment service and product of XS2A 1.3.12. <Link to="/payments">Back to the payments</Link>.
        </p>
      </article>
    );
  }
  return (
    <PaymentView
      // A new payment or profile starts with fresh page state (notices, polling).
      key={`${profile.id}/${service}/${product}/${paymentId}`}
      profile={profile}
      payment={{ service: service as PaymentService, product: product as PaymentProduct, paymentId }}
    />
  );
}

function PaymentView({ profile, payment }: { profile: BankProfile; payment: Omit<GetPaymentVariables, 'profile'> }) {
  const { service, product, paymentId } = payment;
  const ref = useMemo(() => ({ service, product, paymentId }), [service, product, paymentId]);
  const variables: GetPaymentVariables = { profile, ...ref };
  const route = paymentRoute(ref);
  const entry = usePaymentHistoryEntry(profile.id, ref);

  // Back from the bank's page (`?sca=ok`): the bank may need a moment, so the status is followed for a while even
  // while it still waits for authorisation; the same after an authorisation finished in this page.
  const { outcome: scaReturn } = useScaReturn();
  const [followSince, setFollowSince] = useState(() => (scaReturn === 'ok' ? Date.now() : undefined));
  const following = () => followSince !== undefined && Date.now() - followSince < FOLLOW_AFTER_SCA_MS;
  const status = usePaymentStatus(variables, {
    refetchInterval: (query) =>
      shouldPollStatus(query.state.data?.body.transactionStatus, following()) ? STATUS_POLL_MS : false,
  });
  // A pain.001 payment's read answers its document, not JSON.
  const xml = isXmlProduct(product);
  const details = usePayment(variables, { enabled: !xml });
  const document = usePaymentDocument(variables, { enabled: xml });
  // Read as text whatever JSON type the bank used, so an odd value is shown and flagged rather than breaking the page.
  const current = statusText(status.data?.body.transactionStatus) ?? statusText(details.data?.body.transactionStatus);
  const polling = !status.isError && shouldPollStatus(status.data?.body.transactionStatus, followSince !== undefined);

  const { created, last, timeline } = useResourceView({
    profileId: profile.id,
    historyRef: ref,
    recordStatus: paymentHistory.recordStatus,
    statuses: entry?.statuses,
    current,
    steps: { creation: 'initiation', returned: 'authorisation' },
  });

  useRefetchOnNewStatus(status.data?.body.transactionStatus, details.data?.body.transactionStatus, details.refetch);

  const [localCancellation, setLocalCancellation] = useState<CancellationRecord>();
  const cancellation = entry?.cancellation ?? localCancellation;
  function recordCancellation(record: CancellationRecord) {
    setLocalCancellation(record);
    paymentHistory.recordCancellation(profile.id, ref, record);
  }

  // An authorisation of the initiation that ended in this page stays in view, so its outcome can be read there too.
  const [initiationScaEnded, setInitiationScaEnded] = useState(false);
  function scaFinished(scaStatus: string) {
    last.scaEnded(scaStatus);
    setFollowSince(Date.now());
    void status.refetch();
    void (xml ? document.refetch() : details.refetch());
  }

  const scope: AuthorisationScope = { kind: 'payment', ...ref };
  const display = useBankDataDisplay();
  const approach = entry?.scaApproach ?? created?.scaApproach;
  const outcome = usePaymentOutcome(
    { profile, scope, step: last.step, current, approach },
    status,
    details,
    xml ? document : details,
  );

  return (
    <ResourcePage
      title={`Payment ${paymentId} · XS2A Console`}
      flow={flowOf(scope)}
      settling={status.isLoading || details.isLoading}
      header={{
        list: { to: '/payments', label: 'Payments' },
        heading: (
          <>
            {service === 'periodic-payments' ? 'Standing order' : 'Payment'}
            {entry && <span className="font-normal text-slate-700"> to {payeeWords(entry, display.name)}</span>}
          </>
        ),
        id: `${service} / ${product} / ${paymentId}`,
        copy: { text: paymentId, label: 'Copy paymentId' },
      }}
      created={created}
      outcome={{ resource: outcome.facts, step: last.step, sca: outcome.sca }}
      narration={outcome.narration}
      stateMap={{
        kind: service === 'bulk-payments' ? 'bulkTransactionStatus' : 'transactionStatus',
        timeline,
        current,
      }}
      replayTitle={entry ? `Payment to ${payeeWords(entry, display.name)}` : `Payment ${paymentId}`}
    >
      <ErrorBoundary what="the status">
        <PaymentStatusPanel
          query={status}
          queryKey={paymentStatusQueryOptions(variables).queryKey}
          polling={polling}
          timeline={entry?.statuses}
        />
      </ErrorBoundary>

      <CreationSca
        profile={profile}
        scope={scope}
        recorded={entry}
        created={created}
        // A status 1.3.12 does not define hides nothing: the bank's links decide what the PSU can do.
        show={offersInitiationSca(current) || initiationScaEnded}
        returnTo={route}
        onFinished={(scaStatus) => {
          setInitiationScaEnded(true);
          scaFinished(scaStatus);
        }}
        title="Authorise the payment"
      />

      <ErrorBoundary what="the cancellation">
        <CancelPaymentPanel
          profile={profile}
          payment={ref}
          returnTo={route}
          status={current}
          cancellation={cancellation}
          onCancellation={recordCancellation}
          onScaFinished={scaFinished}
          onRefused={() => void status.refetch()}
        />
      </ErrorBoundary>

      <ResourceAuthorisations
        profile={profile}
        scope={scope}
        returnTo={route}
        title="Authorisations"
        startRefusal={paymentAuthorisationRefusal(current)}
      />

      <ErrorBoundary what="the payment">
        {xml ? (
          <Pain001DocumentPanel query={document} queryKey={paymentDocumentQueryOptions(variables).queryKey} />
        ) : (
          <PaymentDetailsPanel query={details} queryKey={paymentQueryOptions(variables).queryKey} />
        )}
      </ErrorBoundary>

      {!entry && (
        <NotFromThisBrowser>
          This payment was not initiated from this browser with this profile, so the console has no record of its
          initiation links or of the statuses seen earlier.
        </NotFromThisBrowser>
      )}
    </ResourcePage>
  );
}

/**
 * What the page says of the payment's outcome: the banner's facts (the bank's reasons as the display shows them), the
 * bank's last word on the latest authorisation (read after a return; the status read again after an error answer),
 * and the narration for an audience.
 */
function usePaymentOutcome(
  view: OutcomeView,
  status: ReturnType<typeof usePaymentStatus>,
  details: ReturnType<typeof usePayment>,
  /** The payment read to refresh after a refusal: the JSON one, or a pain.001 payment's document. */
  read: { refetch: () => unknown },
) {
  const display = useBankDataDisplay();
  const said = status.data?.body;
  const facts = paymentFacts(view.current, said ?? details.data?.body);
  const sca = useLatestAuthorisation(view, facts.verdict, status, read);
  const meaning = view.current && transactionStatusMeaning(view.current).meaning;
  const narration = narrateStatusAnswer({
    kind: 'payment',
    status: view.current,
    answer: said,
    display,
    sca,
    ...(meaning && { statusMeaning: meaning }),
  });
  return { facts: { ...facts, reasons: facts.reasons.map((reason) => display.text(reason)) }, sca, narration };
}
