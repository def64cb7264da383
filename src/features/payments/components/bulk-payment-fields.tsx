// The bulk payment form: the debtor account, the bulk's options and its payments as a table whose rows can be added,
// removed or filled from pasted CSV. Each message sits under the control it is about, and what was typed stays.
import { useId, useState } from 'react';
import { Button, Checkbox, Field, FieldError, Table, Textarea, TextInput } from '../../../components/ui';
import {
  bulkRowFields,
  bulkRowLabels,
  newBulkRow,
  rowKey,
  rowsFromCsv,
  type BulkFieldErrors,
  type BulkFormValues,
  type BulkRow,
  type BulkRowField,
} from '../model/bulk-payment-form';

export interface BulkPaymentFieldsProps {
  values: BulkFormValues;
  errors: BulkFieldErrors;
  today: string | undefined;
  onChange: (next: BulkFormValues) => void;
}

// Below the sm breakpoint each row is a card of labelled fields the screen's width (a table of five inputs a row would
// scroll sideways there, and hide the messages under the fields out of view).
const widths: Record<BulkRowField, string> = {
  creditorName: 'sm:min-w-40',
  creditorIban: 'sm:min-w-80 font-mono',
  amount: 'sm:w-28',
  currency: 'sm:w-20',
  remittance: 'sm:min-w-40',
};

function RowCell({
  row,
  field,
  number,
  error,
  onChange,
}: {
  row: BulkRow;
  field: BulkRowField;
  number: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const id = `bulk-${row.id}-${field}`;
  return (
    <td className="py-1 pr-2 align-top max-sm:block max-sm:pr-0">
      <label htmlFor={id} className="block text-xs text-slate-700 sm:sr-only">
        {bulkRowLabels[field]}
      </label>
      <TextInput
        id={id}
        aria-label={`${bulkRowLabels[field]}, payment ${number}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={widths[field]}
        inputMode={field === 'amount' ? 'decimal' : undefined}
        value={row[field]}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </td>
  );
}

function PasteCsv({ onRows }: { onRows: (rows: BulkRow[]) => void }) {
  const [text, setText] = useState('');
  const [note, setNote] = useState<string>();
  const id = useId();
  return (
    <details className="rounded border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium focus-visible:outline-2 focus-visible:outline-blue-600">
        Paste CSV
      </summary>
      <div className="mt-2 space-y-2">
        <label htmlFor={id} className="block text-slate-700">
          One payment a line: creditor name, IBAN, amount, currency, remittance information (a header line may name the
          columns in another order; comma, semicolon or tab between them, quotes around a value that holds one).
        </label>
        <Textarea id={id} rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            onClick={() => {
              void rowsFromCsv(text).then((rows) => {
                setNote(rows.length ? `Filled ${rows.length} row${rows.length === 1 ? '' : 's'}.` : 'No rows found.');
                if (rows.length) {
                  onRows(rows);
                  setText('');
                }
              });
            }}
          >
            Fill rows
          </Button>
          {note && (
            <span role="status" className="text-slate-700">
              {note}
            </span>
          )}
        </div>
      </div>
    </details>
  );
}

export function BulkPaymentFields({ values, errors, today, onChange }: BulkPaymentFieldsProps) {
  const set = (patch: Partial<BulkFormValues>) => onChange({ ...values, ...patch });
  const setRow = (id: number, field: BulkRowField, value: string) =>
    set({ rows: values.rows.map((row) => (row.id === id ? { ...row, [field]: value } : row)) });
  // Rows that are still empty give way to pasted ones; rows with something typed stay.
  const keep = values.rows.filter((row) => bulkRowFields.some((f) => f !== 'currency' && row[f].trim() !== ''));
  return (
    <div className="space-y-4 rounded border border-slate-200 bg-white p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Debtor IBAN" error={errors.debtorIban} id="bulk-debtorIban">
          <TextInput
            className="font-mono"
            value={values.debtorIban}
            onChange={(event) => set({ debtorIban: event.target.value })}
          />
        </Field>
        <Field
          label="Requested execution date"
          hint={today ? `Optional; the bank's date is ${today}.` : 'Optional.'}
          error={errors.requestedExecutionDate}
          id="bulk-requestedExecutionDate"
        >
          <TextInput
            type="date"
            min={today}
            value={values.requestedExecutionDate}
            onChange={(event) => set({ requestedExecutionDate: event.target.value })}
          />
        </Field>
      </div>
      <Checkbox
        label="Batch booking preferred (batchBookingPreferred)"
        hint="One debit for all accepted payments instead of one per payment; the bank decides and says so."
        checked={values.batchBookingPreferred}
        onChange={(event) => set({ batchBookingPreferred: event.target.checked })}
      />
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-800">Payments</h3>
        <div className="relative sm:overflow-x-auto">
          <Table
            caption="Payments of the bulk"
            className="w-full border-collapse text-sm max-sm:block max-sm:[&_tbody]:block"
            headClassName="border-b border-slate-200 text-left text-xs text-slate-700 max-sm:sr-only"
            columns={[
              { label: '#' },
              ...bulkRowFields.map((field) => ({ label: bulkRowLabels[field] })),
              { label: <span className="sr-only">Remove</span> },
            ]}
          >
            {values.rows.map((row, index) => (
              <tr
                key={row.id}
                className="border-b border-slate-100 max-sm:mb-3 max-sm:block max-sm:rounded max-sm:border max-sm:p-2"
              >
                <td className="py-1 pr-2 align-top text-slate-700 max-sm:block max-sm:font-medium">
                  <span className="sm:hidden">Payment </span>
                  {index + 1}
                </td>
                {bulkRowFields.map((field) => (
                  <RowCell
                    key={field}
                    row={row}
                    field={field}
                    number={index + 1}
                    error={errors[rowKey(row, field)]}
                    onChange={(value) => setRow(row.id, field, value)}
                  />
                ))}
                <td className="py-1 align-top max-sm:block">
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove payment ${index + 1}`}
                    onClick={() => set({ rows: values.rows.filter((other) => other.id !== row.id) })}
                  >
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </Table>
        </div>
        <FieldError id="bulk-payments-error" message={errors.payments} />
        <Button size="sm" onClick={() => set({ rows: [...values.rows, newBulkRow()] })}>
          Add payment
        </Button>
      </div>
      <PasteCsv onRows={(rows) => set({ rows: [...keep, ...rows] })} />
    </div>
  );
}
