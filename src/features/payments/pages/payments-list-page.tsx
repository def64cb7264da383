// /payments: the payments this browser initiated with the active bank profile (XS2A itself has no list operation).
import { Link } from 'react-router-dom';
import { useActiveProfile } from '../../../api';
import { Button, LinkButton } from '../../../components/ui';
import { TransactionStatusBadge } from '../components/transaction-status-badge';
import { transactionStatusMeaning } from '../model/transaction-status-meaning';
import { displayTime, paymentRoute } from '../model/format';
import { paymentHistory, usePaymentHistory } from '../model/payment-history';

export function PaymentsListPage() {
  const profile = useActiveProfile();
  const entries = usePaymentHistory(profile.id);

  return (
    <article className="max-w-4xl space-y-6">
      <title>{'Payments · XS2A Console'}</title>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold">Payments</h1>
          <p className="text-sm text-slate-700">
            Payments initiated from this browser with the bank profile{' '}
            <span className="font-medium text-slate-900">{profile.name}</span>. XS2A has no operation that lists
            payments, so the console keeps this list itself, in this browser&apos;s storage.
          </p>
        </div>
        <LinkButton to="/payments/new">New payment</LinkButton>
      </div>

      {entries.length === 0 ? (
        <section aria-labelledby="no-payments" className="rounded border border-dashed border-slate-300 bg-white p-6">
          <h2 id="no-payments" className="text-base font-semibold">
            No payments yet
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Initiate a single payment or a standing order; it will appear here with its latest known status.{' '}
            <Link to="/payments/new" className="text-blue-800 underline">
              Start a new payment
            </Link>
            .
          </p>
        </section>
      ) : (
        <section aria-labelledby="payments-heading" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="payments-heading" className="text-base font-semibold">
              {entries.length} {entries.length === 1 ? 'payment' : 'payments'}, newest first
            </h2>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                if (window.confirm('Forget every payment in this list? The payments stay at the bank.')) {
                  paymentHistory.clear(profile.id);
                }
              }}
            >
              Clear list
            </Button>
          </div>
          <ul className="divide-y divide-slate-200 rounded border border-slate-200 bg-white">
            {entries.map((entry) => (
              <li
                key={`${entry.service}/${entry.product}/${entry.paymentId}`}
                className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 hover:bg-slate-50"
              >
                <div className="min-w-0 space-y-0.5">
                  <p>
                    <Link
                      to={paymentRoute(entry)}
                      className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800"
                    >
                      {entry.amount} {entry.currency} to {entry.creditorName}
                    </Link>
                  </p>
                  <p className="text-xs text-slate-600">
                    {entry.service === 'periodic-payments' ? 'Standing order' : 'Single payment'} · {entry.product} ·{' '}
                    <time dateTime={new Date(entry.createdAt).toISOString()}>{displayTime(entry.createdAt)}</time>
                  </p>
                  <p className="font-mono text-xs break-all text-slate-500">{entry.paymentId}</p>
                </div>
                {entry.transactionStatus && <LastKnownStatus status={entry.transactionStatus} />}
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

/** The code with its short plain name ("ACSC · Settled"); the meaning is the badge's tooltip. */
function LastKnownStatus({ status }: { status: string }) {
  const { label, meaning } = transactionStatusMeaning(status);
  return (
    <div className="text-right">
      <span className="text-xs text-slate-600">Last known status </span>
      <TransactionStatusBadge status={status} title={meaning} />
      {label !== status && <span className="text-sm text-slate-700"> · {label}</span>}
    </div>
  );
}
