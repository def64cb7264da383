// The transaction report's query: period, booking status and withBalance; applied on submit.
import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Select, TextInput } from '../../../components/ui';
import {
  validateReportQuery,
  type ReportBookingStatus,
  type ReportQuery,
  type ReportQueryErrors,
} from '../model/report-query';

const statusLabels: Record<ReportBookingStatus, string> = {
  both: 'Booked and pending (both)',
  booked: 'Booked only',
  pending: 'Pending only',
};

export function ReportQueryForm({
  query,
  today,
  onApply,
  offersWithBalance = true,
}: {
  query: ReportQuery;
  /** Whether the report takes withBalance (a card account's report has no such parameter in 1.3.12). */
  offersWithBalance?: boolean;
  /** The bank's calendar day (bankToday): an empty end is read as it. */
  today: string;
  onApply: (query: ReportQuery) => void;
}) {
  const [draft, setDraft] = useState(query);
  const [errors, setErrors] = useState<ReportQueryErrors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateReportQuery(draft);
    setErrors(found);
    if (found.dateFrom || found.dateTo) return;
    // An empty end means "up to now", as the bank reads a missing dateTo (its today); the page names that day.
    onApply({ ...draft, dateTo: draft.dateTo || today });
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Transaction report" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1.4fr]">
        <Field label="From (dateFrom)" error={errors.dateFrom}>
          <TextInput
            type="date"
            value={draft.dateFrom}
            required
            onChange={(event) => setDraft({ ...draft, dateFrom: event.target.value })}
          />
        </Field>
        <Field label="To (dateTo)" error={errors.dateTo} hint={`Empty means up to the bank’s today (${today})`}>
          <TextInput
            type="date"
            value={draft.dateTo}
            onChange={(event) => setDraft({ ...draft, dateTo: event.target.value })}
          />
        </Field>
        <Field label="Booking status (bookingStatus)">
          <Select
            value={draft.bookingStatus}
            onChange={(event) => setDraft({ ...draft, bookingStatus: event.target.value as ReportBookingStatus })}
          >
            {(Object.keys(statusLabels) as ReportBookingStatus[]).map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {offersWithBalance ? (
          <Checkbox
            label="With balances (withBalance)"
            hint="Asks the bank to add the account's balances to the report"
            checked={draft.withBalance}
            onChange={(event) => setDraft({ ...draft, withBalance: event.target.checked })}
          />
        ) : (
          <span />
        )}
        <Button type="submit" variant="primary">
          Show transactions
        </Button>
      </div>
    </form>
  );
}
