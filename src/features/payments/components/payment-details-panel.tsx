// The payment as the bank reports it (GET payment): its fields in words and the raw JSON.
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  describeXs2aError,
  useBankDataDisplay,
  type BankDataDisplay,
  type GetPaymentData,
  type Xs2aResult,
} from '../../../api';
import {
  Button,
  DeviationNotice,
  ErrorCallout,
  JsonView,
  KeyValueList,
  LoadingText,
  Panel,
  type KeyValueItem,
} from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import {
  accountReferenceIdentifier,
  displayIban,
  formatAmount,
  readAmountValue,
  type AccountReference,
  type Address,
} from '../../../xs2a';
import { BulkPaymentsTable } from './bulk-payments-table';
import { TransactionStatusBadge } from './transaction-status-badge';

function account(ref: AccountReference | undefined, display: BankDataDisplay): ReactNode {
  if (!ref) return undefined;
  const id = accountReferenceIdentifier(ref);
  if (id === undefined) return '(no identifier)';
  return (
    <span className="font-mono">
      {display.account(ref.iban ? displayIban(ref.iban) : id)}
      {ref.currency && <span className="text-slate-600"> ({ref.currency})</span>}
    </span>
  );
}

function address(value: Address | undefined): string | undefined {
  if (!value) return undefined;
  const street = [value.streetName, value.buildingNumber].filter(Boolean).join(' ');
  const town = [value.postCode, value.townName].filter(Boolean).join(' ');
  return [street, town, value.country].filter(Boolean).join(', ');
}

/** The body is shown as the bank sent it; the fields read only what is there, so an odd answer still displays. */
function itemsOf(body: GetPaymentData, display: BankDataDisplay): KeyValueItem[] {
  const b = body as Partial<Record<string, unknown>> & Record<string, unknown>;
  const items: KeyValueItem[] = [];
  const add = (key: string, value: ReactNode) => {
    if (value !== undefined && value !== null && value !== '') items.push({ key, value });
  };
  const amount = b.instructedAmount as { amount?: unknown; currency?: unknown } | undefined;
  if (amount?.amount !== undefined) {
    // Read tolerantly: a JSON number (12.5) is shown from its digits, with the deviation named beside it.
    const { deviation } = readAmountValue(amount.amount);
    add(
      'Amount',
      <>
        {formatAmount(amount.amount, amount.currency)}
        {deviation && (
          <span className="ml-2 text-sm text-amber-800">
            <span aria-hidden="true">⚠ </span>instructedAmount.amount {deviation}
          </span>
        )}
      </>,
    );
  }
  const text = (value: unknown) => (typeof value === 'string' ? display.text(value) : undefined);
  add('Debtor account', account(b.debtorAccount as AccountReference | undefined, display));
  add('Creditor name', typeof b.creditorName === 'string' ? display.name(b.creditorName) : undefined);
  add('Creditor account', account(b.creditorAccount as AccountReference | undefined, display));
  add('Creditor agent (BIC)', b.creditorAgent as string | undefined);
  add('Creditor address', address(b.creditorAddress as Address | undefined));
  add('Remittance information', text(b.remittanceInformationUnstructured));
  add('End-to-end identification', b.endToEndIdentification as string | undefined);
  add('Start date', b.startDate as string | undefined);
  add('End date', b.endDate as string | undefined);
  add('Frequency', b.frequency as string | undefined);
  add('Execution rule', b.executionRule as string | undefined);
  add('Day of execution', b.dayOfExecution as string | undefined);
  // Not in 1.3.12's GET response schema, but a bank that echoes it should not have it hidden.
  if (Array.isArray(b.monthsOfExecution)) add('Months of execution', b.monthsOfExecution.map(String).join(', '));
  // A bulk's own members; its payments are listed below.
  add('Requested execution date', b.requestedExecutionDate as string | undefined);
  if (typeof b.batchBookingPreferred === 'boolean')
    add('Batch booking preferred', b.batchBookingPreferred ? 'Yes' : 'No');
  if (typeof b.transactionStatus === 'string') {
    // Presenter mode (which masks the data) names the field in words.
    add(display.masked ? 'Status' : 'transactionStatus', <TransactionStatusBadge status={b.transactionStatus} />);
  }
  return items;
}

export function PaymentDetailsPanel({
  query,
  queryKey,
}: {
  query: UseQueryResult<Xs2aResult<GetPaymentData>>;
  /** The query's key: a read the bank asked to hold back shows its countdown here. */
  queryKey: QueryKey;
}) {
  const display = useBankDataDisplay();
  return (
    <PaymentReadPanel query={query} queryKey={queryKey}>
      {(data) => (
        <>
          <KeyValueList items={itemsOf(data.body, display)} />
          <BulkPaymentsTable body={data.body} display={display} />
          <DeviationNotice deviations={data.deviations} />
          <div className="space-y-1">
            {!display.masked && <h3 className="text-sm font-semibold text-slate-800">Raw JSON</h3>}
            <JsonView value={data.body} label="Payment as JSON" />
          </div>
        </>
      )}
    </PaymentReadPanel>
  );
}

/** The payment read's panel: waiting, the bank's hold-back, an error with a retry, and what `children` make of it. */
export function PaymentReadPanel<T>({
  query,
  queryKey,
  children,
}: {
  query: UseQueryResult<Xs2aResult<T>>;
  queryKey: QueryKey;
  children: (data: Xs2aResult<T>) => ReactNode;
}) {
  return (
    <Panel title="Payment" description="GET on the payment: the initiation's data as the bank keeps it.">
      {query.isPending && <LoadingText>Reading the payment…</LoadingText>}
      <ReadWaitNotice queryKey={queryKey} />
      {query.isError && (
        <ErrorCallout {...describeXs2aError(query.error)}>
          <Button size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </ErrorCallout>
      )}
      {query.data && children(query.data)}
    </Panel>
  );
}
