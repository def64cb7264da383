// The filter over the loaded entries: words in counterparty names and remittance information, and an amount range.
import { Field, TextInput } from '../../../components/ui';
import { parseAmountBound, type RowFilter } from '../model/filter-sort';

const invalid = (value: string) => Number.isNaN(parseAmountBound(value) ?? 0);
const amountError = (value: string) => (invalid(value) ? 'Enter a number, e.g. -50 or 12.50' : undefined);

export function RowFilterForm({ filter, onChange }: { filter: RowFilter; onChange: (filter: RowFilter) => void }) {
  return (
    <div role="search" aria-label="Filter the loaded entries" className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
      <Field label="Filter by text" hint="Counterparty names and remittance information; every word must match">
        <TextInput
          type="search"
          value={filter.text}
          onChange={(event) => onChange({ ...filter, text: event.target.value })}
        />
      </Field>
      <Field label="Amount from" hint="Debits are negative" error={amountError(filter.minAmount)}>
        <TextInput
          inputMode="decimal"
          value={filter.minAmount}
          onChange={(event) => onChange({ ...filter, minAmount: event.target.value })}
        />
      </Field>
      <Field label="Amount to" error={amountError(filter.maxAmount)}>
        <TextInput
          inputMode="decimal"
          value={filter.maxAmount}
          onChange={(event) => onChange({ ...filter, maxAmount: event.target.value })}
        />
      </Field>
    </div>
  );
}
