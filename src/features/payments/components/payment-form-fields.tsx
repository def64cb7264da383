// The payment form's fields for one service and product, grouped as the body groups them; errors sit at each field.
import type { ReactNode } from 'react';
import { Checkbox, Field, Select, TextInput } from '../../../components/ui';
import { electronicIban, formatIban, isValidIban } from '../../../xs2a';
import {
  executionRules,
  fieldLabels,
  frequencies,
  type FieldErrors,
  type FieldName,
  type FormPaymentProduct,
  type PaymentFormValues,
} from '../model/payment-form';

export const fieldId = (field: FieldName) => `payment-${field}`;

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const commonCurrencies = ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'DKK', 'NOK', 'PLN', 'CZK', 'HUF', 'JPY'];
const eurProducts: readonly string[] = ['sepa-credit-transfers', 'instant-sepa-credit-transfers', 'target-2-payments'];

interface Props {
  values: PaymentFormValues;
  errors: FieldErrors;
  visible: readonly FieldName[];
  product: FormPaymentProduct;
  debtorSuggestions: readonly string[];
  onChange: (field: FieldName, value: string | string[]) => void;
}

function Group({ legend, children, description }: { legend: string; children: ReactNode; description?: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}

export function PaymentFormFields({ values, errors, visible, product, debtorSuggestions, onChange }: Props) {
  const shows = (field: FieldName) => visible.includes(field);

  const text = (field: Exclude<FieldName, 'monthsOfExecution'>, extra: { hint?: ReactNode; input?: object } = {}) => (
    <Field label={fieldLabels[field]} hint={extra.hint} error={errors[field]} id={fieldId(field)}>
      <TextInput
        name={field}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        {...extra.input}
      />
    </Field>
  );

  const iban = (field: 'debtorIban' | 'creditorIban', hint: string, list?: string) => (
    <Field label={fieldLabels[field]} hint={hint} error={errors[field]} id={fieldId(field)}>
      <TextInput
        name={field}
        value={values[field]}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="characters"
        list={list}
        className="font-mono"
        onChange={(event) => onChange(field, event.target.value)}
        // Groups of four are easier to check by eye; the body always gets the electronic form.
        onBlur={(event) => {
          const electronic = electronicIban(event.target.value);
          if (isValidIban(electronic)) onChange(field, formatIban(electronic));
        }}
      />
    </Field>
  );

  return (
    <div className="space-y-4">
      <Group legend="From">
        {iban('debtorIban', "The PSU's account at this bank, e.g. DE89 3704 0044 0532 0130 00.", 'debtor-ibans')}
        <datalist id="debtor-ibans">
          {debtorSuggestions.map((suggestion) => (
            <option key={suggestion} value={formatIban(suggestion)} />
          ))}
        </datalist>
      </Group>

      <Group legend="Amount">
        <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
          {text('amount', {
            hint: 'A dot as decimal separator, no more decimals than the currency has, e.g. 12.50.',
            input: { inputMode: 'decimal', autoComplete: 'off', className: 'font-mono' },
          })}
          <Field
            label={fieldLabels.currency}
            hint={eurProducts.includes(product) ? 'SEPA and TARGET2 transfers are in EUR.' : 'ISO 4217, e.g. USD.'}
            error={errors.currency}
            id={fieldId('currency')}
          >
            <TextInput
              name="currency"
              value={values.currency}
              list="payment-currencies"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono uppercase"
              onChange={(event) => onChange('currency', event.target.value)}
            />
          </Field>
          <datalist id="payment-currencies">
            {commonCurrencies.map((code) => (
              <option key={code} value={code} />
            ))}
          </datalist>
        </div>
      </Group>

      <Group legend="To">
        {iban('creditorIban', 'The account the money goes to.')}
        {text('creditorName', { input: { autoComplete: 'off', maxLength: 200 } })}
        {text('creditorAgent', {
          hint: "Optional: the creditor bank's BIC, 8 or 11 characters, e.g. BNPAFRPPXXX.",
          input: { autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', className: 'font-mono' },
        })}
        {shows('country') && (
          <fieldset className="space-y-3">
            <legend className="text-sm font-semibold text-slate-800">Creditor address (optional)</legend>
            <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
              {text('streetName')}
              {text('buildingNumber')}
              {text('postCode')}
              {text('townName')}
            </div>
            {text('country', {
              hint: 'ISO 3166 code, 2 capital letters, e.g. FR. Needed once any address member is filled.',
              input: { autoCapitalize: 'characters', className: 'font-mono uppercase w-24' },
            })}
          </fieldset>
        )}
      </Group>

      <Group legend="Details">
        {text('remittanceInformationUnstructured', {
          hint: 'Optional: the reference the creditor sees, up to 140 characters.',
        })}
        {shows('endToEndIdentification') &&
          text('endToEndIdentification', {
            hint: 'Optional: your own reference that travels with the payment, up to 35 characters.',
          })}
        {!shows('startDate') && (
          <p className="text-sm text-slate-600">
            No requested execution date: the 1.3.12 body of a single JSON payment has no such member, so the form does
            not send one. For a later date use a standing order, or add the member in the JSON view if your bank
            documents it.
          </p>
        )}
      </Group>

      {shows('startDate') && (
        <Group legend="Standing order">
          <div className="grid gap-3 sm:grid-cols-2">
            {text('startDate', { hint: 'The first execution is on or after this date.', input: { type: 'date' } })}
            {text('endDate', {
              hint: 'Optional: the last execution. Empty = until cancelled.',
              input: { type: 'date' },
            })}
            <Field label={fieldLabels.frequency} error={errors.frequency} id={fieldId('frequency')}>
              <Select
                name="frequency"
                value={values.frequency}
                onChange={(event) => onChange('frequency', event.target.value)}
              >
                <option value="">Choose…</option>
                {frequencies.map((frequency) => (
                  <option key={frequency} value={frequency}>
                    {frequency}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={fieldLabels.executionRule}
              hint="Optional: which working day to use when a date falls on a weekend or holiday."
              error={errors.executionRule}
              id={fieldId('executionRule')}
            >
              <Select
                name="executionRule"
                value={values.executionRule}
                onChange={(event) => onChange('executionRule', event.target.value)}
              >
                <option value="">Not sent</option>
                {executionRules.map((rule) => (
                  <option key={rule} value={rule}>
                    {rule}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label={fieldLabels.dayOfExecution}
              hint="Optional: day of the month; 31 means the last day of every month."
              error={errors.dayOfExecution}
              id={fieldId('dayOfExecution')}
            >
              <Select
                name="dayOfExecution"
                value={values.dayOfExecution}
                onChange={(event) => onChange('dayOfExecution', event.target.value)}
              >
                <option value="">Not sent</option>
                {Array.from({ length: 31 }, (_, i) => String(i + 1)).map((day) => (
                  <option key={day} value={day}>
                    {day}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {shows('monthsOfExecution') && (
            <fieldset
              id={fieldId('monthsOfExecution')}
              tabIndex={-1}
              aria-describedby={errors.monthsOfExecution ? 'payment-months-error' : undefined}
              className="space-y-2"
            >
              <legend className="text-sm font-medium text-slate-800">{fieldLabels.monthsOfExecution}</legend>
              <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
                {months.map((label, index) => {
                  const month = String(index + 1);
                  const checked = values.monthsOfExecution.includes(month);
                  return (
                    <Checkbox
                      key={month}
                      label={label}
                      checked={checked}
                      aria-invalid={errors.monthsOfExecution ? true : undefined}
                      onChange={() =>
                        onChange(
                          'monthsOfExecution',
                          checked
                            ? values.monthsOfExecution.filter((m) => m !== month)
                            : [...values.monthsOfExecution, month],
                        )
                      }
                    />
                  );
                })}
              </div>
              {errors.monthsOfExecution && (
                <p id="payment-months-error" className="text-xs font-medium text-red-700">
                  <span aria-hidden="true">⚠ </span>
                  {errors.monthsOfExecution}
                </p>
              )}
            </fieldset>
          )}
        </Group>
      )}
    </div>
  );
}
