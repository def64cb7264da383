// The payment's transactionStatus: badge and meaning, what else the bank said, refresh, and the timeline this browser saw
// (a status a signing basket's authorisation brought names the basket).
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import {
  describeXs2aError,
  useBankDataDisplay,
  type BankDataDisplay,
  type GetPaymentStatusData,
  type Xs2aResult,
} from '../../../api';
import { ErrorCallout, KeyValueList } from '../../../components/ui';
import { StatusPanelFrame, statusText } from '../../../flows/resource';
import { displayTime } from '../model/format';
import type { StatusObservation } from '../model/payment-history';
import { transactionStatusMeaning } from '../model/transaction-status-meaning';
import { TransactionStatusBadge } from './transaction-status-badge';
import { TransactionStatusLabel } from './transaction-status-label';

interface Props {
  query: UseQueryResult<Xs2aResult<GetPaymentStatusData>>;
  queryKey: QueryKey;
  polling: boolean;
  /** Undefined when this browser did not create the payment, so it keeps no timeline. */
  timeline: StatusObservation[] | undefined;
}

export function PaymentStatusPanel({ query, queryKey, polling, timeline }: Props) {
  const data = query.data?.body;
  const status = statusText(data?.transactionStatus);
  const meaning = status ? transactionStatusMeaning(status) : undefined;
  const display = useBankDataDisplay();

  return (
    <StatusPanelFrame
      query={query}
      queryKey={queryKey}
      renderError={(error, retry) => <ErrorCallout {...describeXs2aError(error)}>{retry}</ErrorCallout>}
      following={polling ? 'Checking the status every 2 seconds until it is final.' : undefined}
      footer={timeline && timeline.length > 0 && <Timeline timeline={timeline} />}
    >
      {status && meaning && (
        // A live region, so a status that changes while polling is announced.
        <div role="status" aria-label="Transaction status" className="space-y-2">
          <p className="flex flex-wrap items-center gap-2">
            <TransactionStatusLabel status={status} />
          </p>
          <p className="text-sm text-slate-800">{meaning.meaning}</p>
        </div>
      )}
      {data && <KeyValueList items={statusItems(data, display)} />}
    </StatusPanelFrame>
  );
}

/** What else the bank said with the status. */
function statusItems(data: GetPaymentStatusData, display: BankDataDisplay) {
  return [
    ...(data.fundsAvailable !== undefined
      ? [{ key: 'Funds available', value: data.fundsAvailable ? 'yes' : 'no' }]
      : []),
    ...(data.psuName ? [{ key: 'PSU name', value: display.person(String(data.psuName)) }] : []),
    ...(data.ownerNames?.length
      ? [{ key: 'Owner names', value: data.ownerNames.map((owner) => display.person(String(owner.name))).join(', ') }]
      : []),
    ...(data.psuMessage ? [{ key: 'Message from the bank', value: display.text(String(data.psuMessage)) }] : []),
    ...(data.tppMessage ?? []).map((message) => ({
      key: `${message.category} ${message.code}`,
      value: display.text(String(message.text ?? '')),
    })),
  ];
}

function Timeline({ timeline }: { timeline: StatusObservation[] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-800">Seen by this browser</h3>
      <ol className="mt-1 space-y-1 border-l-2 border-slate-200 pl-3 text-sm">
        {timeline.map((observation, index) => (
          <li key={`${observation.status}-${index}`} className="flex flex-wrap items-center gap-2">
            <TransactionStatusBadge status={observation.status} />
            <time dateTime={new Date(observation.at).toISOString()} className="text-slate-600">
              {displayTime(observation.at)}
            </time>
            {observation.basketId !== undefined && (
              <span className="min-w-0 text-slate-700">
                by the authorisation of{' '}
                <Link
                  to={`/baskets/${encodeURIComponent(observation.basketId)}`}
                  className="break-all text-blue-800 underline"
                >
                  signing basket {observation.basketId}
                </Link>
              </span>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
