// One entry's details in a side panel (a modal dialog): the fields in words and the raw JSON, read from the bank
// through the entry's transactionDetails link when it has one.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  linkOf,
  PLAIN_DISPLAY,
  transactionDetailsQueryOptions,
  useBankDataDisplay,
  type BankDataDisplay,
  type BankProfile,
} from '../../../api';
import {
  Button,
  DeviationNotice,
  JsonView,
  KeyValueList,
  LoadingText,
  type KeyValueItem,
} from '../../../components/ui';
import { ReadWaitNotice } from '../../../flows/resource';
import {
  accountReferenceIdentifier,
  readAmountValue,
  readStructuredRemittance,
  type AccountReference,
  type Transaction,
} from '../../../xs2a';
import { balanceTypeLabel, displayAmount, displayIban } from '../model/format';
import type { TransactionRow } from '../model/transaction-rows';
import { ReadError } from './read-error';

function account(ref: AccountReference | undefined, display: BankDataDisplay): ReactNode {
  if (!ref) return undefined;
  const id = accountReferenceIdentifier(ref);
  if (id === undefined) return undefined;
  return <span className="font-mono">{display.account(ref.iban ? displayIban(ref.iban) : id)}</span>;
}

/** The amount in the reader's locale, with how the bank's value deviates (e.g. a JSON number) beside it. */
function amountOf(value: { amount: unknown; currency: unknown } | undefined): string | undefined {
  if (!value) return undefined;
  const { deviation } = readAmountValue(value.amount);
  const shown = displayAmount(value.amount, value.currency);
  return deviation && value.amount !== undefined ? `${shown} (⚠ ${deviation})` : shown;
}

/** A structured remittance by its reference, type and issuer, with how the bank's form deviates beside it. */
function remittanceText(value: unknown, form: 'text' | 'reference', shown: (text: string) => string) {
  const reading = readStructuredRemittance(value, form);
  if (!reading) return undefined;
  const issuer = reading.referenceIssuer ? `, issued by ${reading.referenceIssuer}` : '';
  return `${shown(reading.text)}${issuer}${reading.deviation ? ` (⚠ ${reading.deviation})` : ''}`;
}

export function transactionItems(t: Transaction, status: string, display = PLAIN_DISPLAY): KeyValueItem[] {
  const items: KeyValueItem[] = [];
  // Read tolerantly: a name or text of another JSON type is shown as its JSON.
  const asText = (value: unknown) =>
    value === undefined || value === null ? undefined : typeof value === 'string' ? value : JSON.stringify(value);
  const name = (value: unknown) => {
    const shown = asText(value);
    return shown === undefined ? undefined : display.name(shown);
  };
  const text = (value: unknown) => {
    const shown = asText(value);
    return shown === undefined ? undefined : display.text(shown);
  };
  const add = (key: string, value: ReactNode) => {
    if (value !== undefined && value !== null && value !== '') items.push({ key, value });
  };
  add('Status', status);
  add('Amount', amountOf(t.transactionAmount));
  add('Booking date', t.bookingDate);
  add('Value date', t.valueDate);
  add('Creditor', name(t.creditorName));
  add('Creditor account', account(t.creditorAccount, display));
  add('Creditor agent', t.creditorAgent);
  add('Ultimate creditor', name(t.ultimateCreditor));
  add('Debtor', name(t.debtorName));
  add('Debtor account', account(t.debtorAccount, display));
  add('Debtor agent', t.debtorAgent);
  add('Ultimate debtor', name(t.ultimateDebtor));
  add('Remittance information', text(t.remittanceInformationUnstructured));
  add('Remittance information (lines)', text(t.remittanceInformationUnstructuredArray?.join('\n')));
  add('Structured remittance', remittanceText(t.remittanceInformationStructured, 'text', display.text));
  const references: unknown = t.remittanceInformationStructuredArray;
  add(
    'Structured remittance references',
    (Array.isArray(references) ? references : [references])
      .map((ref) => remittanceText(ref, 'reference', display.text))
      .filter(Boolean)
      .join('\n'),
  );
  add('Additional information', t.additionalInformation);
  add('Purpose code', t.purposeCode);
  add('Bank transaction code', t.bankTransactionCode);
  add('Proprietary bank transaction code', t.proprietaryBankTransactionCode);
  add('End-to-end id', t.endToEndId);
  add('Mandate id', t.mandateId);
  add('Creditor id', t.creditorId);
  add('Check id', t.checkId);
  add('Entry reference', t.entryReference);
  add('Transaction id', t.transactionId);
  if (t.batchIndicator) add('Batch', `${t.batchNumberOfTransactions ?? '?'} transactions`);
  // Members 1.3.12 requires may still be missing from a bank's rate: each is then a question mark.
  const given = (value: string | undefined) => value ?? '?';
  for (const rate of t.currencyExchange ?? []) {
    const { unitCurrency, exchangeRate, sourceCurrency, targetCurrency, quotationDate } = rate as Partial<typeof rate>;
    add(
      'Currency exchange',
      `1 ${given(unitCurrency)} = ${given(exchangeRate)} (${given(sourceCurrency)} → ${given(targetCurrency)}, ${given(quotationDate)})`,
    );
  }
  if (t.balanceAfterTransaction) {
    add(
      'Balance after',
      `${amountOf(t.balanceAfterTransaction.balanceAmount) ?? ''} (${balanceTypeLabel(t.balanceAfterTransaction.balanceType)})`,
    );
  }
  return items.map((item) => ({
    ...item,
    value: typeof item.value === 'string' ? <span className="whitespace-pre-line">{item.value}</span> : item.value,
  }));
}

/** The entry as the bank details it (GET on its transactionDetails link), else as the report has it. */
function TransactionDetails({
  row,
  profile,
  consentId,
  accountId,
}: {
  row: TransactionRow;
  profile: BankProfile;
  consentId: string;
  accountId: string;
}) {
  const href = linkOf(row.transaction._links, 'transactionDetails');
  const options = transactionDetailsQueryOptions({ profile, consentId, accountId, href: href ?? '' });
  const details = useQuery({ ...options, enabled: href !== undefined });
  const fromBank = details.isError ? undefined : details.data?.body.transactionsDetails?.transactionDetails;
  const shown = fromBank ?? row.transaction;
  const display = useBankDataDisplay();
  return (
    <div className="space-y-3 p-4">
      {href === undefined && (
        <p className="text-sm text-slate-600">
          The bank offers no transactionDetails link for this entry; these are the fields of the report.
        </p>
      )}
      {href !== undefined && details.isPending && <LoadingText>Reading the details from the bank…</LoadingText>}
      <ReadWaitNotice queryKey={options.queryKey} />
      {details.isError && (
        <ReadError
          error={details.error}
          what="the details"
          profile={profile}
          consentId={consentId}
          onRetry={() => void details.refetch()}
          {...(href !== undefined && { bankLink: { name: 'transactionDetails', href } })}
        />
      )}
      {fromBank && (
        <p className="text-sm text-slate-600">As read with GET on the entry&apos;s transactionDetails link.</p>
      )}
      {details.data && !details.isError && <DeviationNotice deviations={details.data.deviations} />}
      <KeyValueList items={transactionItems(shown, row.status, display)} />
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-700">JSON</summary>
        <JsonView
          className="mt-2"
          value={fromBank ? details.data?.body : row.transaction}
          label="Transaction as JSON"
        />
      </details>
    </div>
  );
}

export function TransactionDetailsDialog({
  onClose,
  ...entry
}: {
  row: TransactionRow;
  profile: BankProfile;
  consentId: string;
  accountId: string;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  return (
    // A click on the backdrop does with the pointer what Escape, which the dialog handles itself, does with the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      aria-labelledby="transaction-details-heading"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel's box) closes it.
        if (event.target === dialogRef.current) dialogRef.current.close();
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-full max-w-lg overflow-y-auto border-l border-slate-300 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/30"
    >
      <div className="sticky top-0 flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <h2 id="transaction-details-heading" className="text-base font-semibold">
          Transaction details
        </h2>
        <Button size="sm" onClick={() => dialogRef.current?.close()}>
          Close
        </Button>
      </div>
      <TransactionDetails {...entry} />
    </dialog>
  );
}
