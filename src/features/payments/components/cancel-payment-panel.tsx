// Cancelling a payment: DELETE, then either done (204) or the cancellation's own authorisation (202 with links).
import {
  describeXs2aError,
  readLinks,
  useCancelPayment,
  type AuthorisationScope,
  type BankProfile,
  type GetPaymentVariables,
} from '../../../api';
import { ConfirmAction, ErrorCallout, Panel, PlainWords } from '../../../components/ui';
import { AuthorisationsPanel, newScaRedirect, ScaPanel } from '../../../flows/sca';
import type { CancellationRecord } from '../model/payment-history';
import { cancellationAuthorisationRefusal, offersCancellation } from '../model/transaction-status';

interface Props {
  profile: BankProfile;
  payment: Omit<GetPaymentVariables, 'profile'>;
  returnTo: string;
  /** The last known transactionStatus. */
  status: string | undefined;
  cancellation: CancellationRecord | undefined;
  onCancellation: (record: CancellationRecord) => void;
  /** The cancellation's authorisation ended with this scaStatus. */
  onScaFinished: (scaStatus: string) => void;
  /** The bank refused the cancellation: the page reads the status again. */
  onRefused?: () => void;
}

export function CancelPaymentPanel({
  profile,
  payment,
  returnTo,
  status,
  cancellation,
  onCancellation,
  onScaFinished,
  onRefused,
}: Props) {
  const cancel = useCancelPayment();
  const scope: AuthorisationScope = { kind: 'payment-cancellation', ...payment };
  const cancelled = status === 'CANC';
  const closed = !offersCancellation(payment.service, status);

  function send(close: () => void) {
    const redirect = newScaRedirect(profile);
    cancel.mutate(
      { profile, ...payment, tppRedirectUri: redirect.tppRedirectUri, tppNokRedirectUri: redirect.tppNokRedirectUri },
      {
        onSuccess: (result) => {
          close();
          redirect.bindTo(returnTo);
          const scaApproach = result.headers['aspsp-sca-approach'];
          onCancellation(
            result.status === 204 || !result.body
              ? { requestedAt: Date.now(), httpStatus: 204 }
              : {
                  requestedAt: Date.now(),
                  httpStatus: 202,
                  links: readLinks(result.body._links).links,
                  ...(scaApproach && { scaApproach }),
                },
          );
        },
        // The bank refused: the question is closed and the bank's reason shown below; the status may have moved.
        onError: () => {
          close();
          onRefused?.();
        },
      },
    );
  }

  const error = cancel.error ? describeXs2aError(cancel.error) : undefined;
  const awaitingAuthorisation = cancellation?.httpStatus === 202 && !closed;

  return (
    <>
      <Panel
        title="Cancellation"
        description={
          closed
            ? undefined
            : 'DELETE on the payment. The bank cancels at once (204), or asks the PSU to authorise the cancellation (202), or refuses.'
        }
      >
        {cancelled && cancellation && (
          <p role="status" className="text-sm text-slate-800">
            <PlainWords>
              {cancellation.httpStatus === 204
                ? 'The bank cancelled the payment at once (204 No Content): no authorisation was needed.'
                : 'The PSU authorised the cancellation; the bank cancelled the payment.'}
            </PlainWords>
          </p>
        )}
        {cancelled && !cancellation && <p className="text-sm text-slate-800">The payment is cancelled.</p>}
        {status === 'RJCT' && <p className="text-sm text-slate-800">A rejected payment cannot be cancelled.</p>}
        {closed && !cancelled && status !== 'RJCT' && (
          <p className="text-sm text-slate-800">
            <PlainWords>{`The payment is ${status === 'ACSC' ? 'settled' : 'final'} (${status}): it can no longer be cancelled.`}</PlainWords>
          </p>
        )}
        {awaitingAuthorisation && (
          <p role="status" className="text-sm text-slate-800">
            The bank answered 202: the cancellation needs the PSU&apos;s authorisation. Continue below.
          </p>
        )}
        {!closed && (
          <ConfirmAction
            label="Cancel payment…"
            question="Send DELETE to cancel this payment at the bank?"
            confirm={{ label: 'Yes, cancel the payment', pending: 'Cancelling…' }}
            pending={cancel.isPending}
            onConfirm={send}
          />
        )}
        {error && <ErrorCallout alert {...error} />}
      </Panel>
      {awaitingAuthorisation && (
        <ScaPanel
          profile={profile}
          scope={scope}
          links={cancellation.links}
          returnTo={returnTo}
          scaApproach={cancellation.scaApproach}
          onFinished={onScaFinished}
          title="Authorise the cancellation"
        />
      )}
      {cancellation?.httpStatus === 202 && (
        <AuthorisationsPanel
          profile={profile}
          scope={scope}
          returnTo={returnTo}
          title="Cancellation authorisations"
          startRefusal={cancellationAuthorisationRefusal(status, cancellation.links)}
        />
      )}
    </>
  );
}
