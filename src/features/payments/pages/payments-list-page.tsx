// /payments: the payments this browser initiated with the active bank profile (XS2A itself has no list operation).
import { Link } from 'react-router-dom';
import { useActiveProfile, useBankDataDisplay } from '../../../api';
import { PresenterDetails, usePresenterView } from '../../../components/ui';
import { HistoryList, HistoryListPage } from '../../../flows/resource';
import { TransactionStatusBadge } from '../components/transaction-status-badge';
import { transactionStatusMeaning } from '../model/transaction-status-meaning';
import { displayTime, payeeWords, paymentRoute } from '../model/format';
import { paymentHistory, type PaymentHistoryEntry } from '../model/payment-history';

export function PaymentsListPage() {
  const profile = useActiveProfile();
  const entries = paymentHistory.useList(profile.id);

  return (
    <HistoryListPage
      title="Payments"
      intro={
        <>
          Payments initiated from this browser with the bank profile{' '}
          <span className="font-medium text-slate-900">{profile.name}</span>. XS2A has no operation that lists payments,
          so the console keeps this list itself, in this browser&apos;s storage.
        </>
      }
      create={{ to: '/payments/new', label: 'New payment' }}
    >
      <HistoryList
        count={entries.length}
        noun={{ one: 'payment', many: 'payments' }}
        empty={{
          text: 'Initiate a single payment or a standing order; it will appear here with its latest known status.',
          link: { to: '/payments/new', label: 'Start a new payment' },
        }}
        onClear={() => paymentHistory.clear(profile.id)}
      >
        {entries.map((entry) => (
          <PaymentListItem key={`${entry.service}/${entry.product}/${entry.paymentId}`} entry={entry} />
        ))}
      </HistoryList>
    </HistoryListPage>
  );
}

function PaymentListItem({ entry }: { entry: PaymentHistoryEntry }) {
  const display = useBankDataDisplay();
  return (
    <li className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 p-3 hover:bg-slate-50">
      <div className="min-w-0 space-y-0.5">
        <p>
          <Link
            to={paymentRoute(entry)}
            className="font-medium text-blue-800 underline decoration-blue-300 underline-offset-2 hover:decoration-blue-800"
          >
            {entry.amount} {entry.currency} to {payeeWords(entry, display.name)}
          </Link>
        </p>
        <p className="text-xs text-slate-600">
          {entry.service === 'periodic-payments' ? 'Standing order' : 'Single payment'} · {entry.product} ·{' '}
          <time dateTime={new Date(entry.createdAt).toISOString()}>{displayTime(entry.createdAt)}</time>
        </p>
        <PresenterDetails summary="Technical details">
          <p className="font-mono text-xs break-all text-slate-500">{entry.paymentId}</p>
        </PresenterDetails>
      </div>
      {entry.transactionStatus && <LastKnownStatus status={entry.transactionStatus} />}
    </li>
  );
}

/**
 * The code with its short plain name ("ACSC · Settled"); the meaning is the badge's tooltip. For an audience the badge
 * says the plain name itself, so nothing stands beside it.
 */
function LastKnownStatus({ status }: { status: string }) {
  const { label, meaning } = transactionStatusMeaning(status);
  const presenting = usePresenterView();
  return (
    <div className="text-right">
      <span className="text-xs text-slate-600">Last known status </span>
      <TransactionStatusBadge status={status} title={meaning} />
      {label !== status && !presenting && <span className="text-sm text-slate-700"> · {label}</span>}
    </div>
  );
}
