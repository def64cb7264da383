// The payment form's fields for one service and product, grouped as the body groups them; errors sit at each field.
import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  Checkbox,
  Field,
  FieldError,
  Select,
  TextInput,
  useMaskedWhileIdle,
  usePresenterView,
} from '../../../components/ui';
import { FieldGroup } from '../../../flows/body-editor';
import {
  ADDRESS_MASK,
  electronicIban,
  formatIban,
  maskCounterpartyName,
  maskIbansInText,
  maskPersonalDataInText,
} from '../../../xs2a';
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
const daysOfMonth = Array.from({ length: 31 }, (_, i) => String(i + 1));

interface Props {
  values: PaymentFormValues;
  errors: FieldErrors;
  visible: readonly FieldName[];
  product: FormPaymentProduct;
  debtorSuggestions: readonly string[];
  onChange: (field: FieldName, value: string | string[]) => void;
  /** The bank's calendar day (bankToday): a standing order starts on it or later. */
  today: string;
  /** What a single payment's form says of the execution date, instead of the JSON body's lack of one. */
  dateNote?: string;
}

type FieldsProps = Pick<Props, 'values' | 'errors' | 'onChange'>;
type TextFieldName = Exclude<FieldName, 'monthsOfExecution'>;

/** How each field that holds the parties' data reads in presenter mode (the masking every screen applies). */
const PRESENTER_MASKS: Partial<Record<TextFieldName, (text: string) => string>> = {
  debtorIban: maskIbansInText,
  creditorIban: maskIbansInText,
  creditorName: maskCounterpartyName,
  streetName: () => ADDRESS_MASK,
  buildingNumber: () => ADDRESS_MASK,
  remittanceInformationUnstructured: maskPersonalDataInText,
};

function TextField({
  field,
  values,
  errors,
  onChange,
  hint,
  input,
}: FieldsProps & { field: TextFieldName; hint?: ReactNode; input?: InputHTMLAttributes<HTMLInputElement> }) {
  // What a field holds of the parties' data is masked in presenter mode while nobody edits it: a value the console
  // filled in (a test PSU's account, a payment edited again) must not show in full to an audience.
  const shown = useMaskedWhileIdle(values[field], PRESENTER_MASKS[field]);
  return (
    <Field label={fieldLabels[field]} hint={hint} error={errors[field]} id={fieldId(field)}>
      <TextInput
        name={field}
        onChange={(event) => onChange(field, event.target.value)}
        {...input}
        value={shown.value}
        onFocus={shown.onFocus}
        onBlur={(event) => {
          shown.onBlur();
          input?.onBlur?.(event);
        }}
      />
    </Field>
  );
}

function IbanField({
  field,
  hint,
  list,
  ...props
}: FieldsProps & { field: 'debtorIban' | 'creditorIban'; hint: string; list?: string }) {
  const { onChange } = props;
  return (
    <TextField
      {...props}
      field={field}
      hint={hint}
      input={{
        autoComplete: 'off',
        spellCheck: false,
        autoCapitalize: 'characters',
        list,
        className: 'font-mono',
        // Groups of four are easier to check by eye; the body always gets the electronic form. The IBAN check (its
        // table of countries) comes with the form's checks, which a field's focus has started loading.
        onBlur: (event) => {
          const electronic = electronicIban(event.target.value);
          void import('../../../xs2a/iban').then(({ isValidIban }) => {
            if (isValidIban(electronic)) onChange(field, formatIban(electronic));
          });
        },
      }}
    />
  );
}

function ChoiceField({
  field,
  choices,
  empty,
  hint,
  values,
  errors,
  onChange,
}: FieldsProps & { field: TextFieldName; choices: readonly string[]; empty: string; hint?: string }) {
  return (
    <Field label={fieldLabels[field]} hint={hint} error={errors[field]} id={fieldId(field)}>
      <Select
        name={field}
        value={values[field]}
        onChange={(event) => onChange(field, event.target.value)}
        options={choices}
      >
        <option value="">{empty}</option>
      </Select>
    </Field>
  );
}

function AmountGroup({ product, ...props }: FieldsProps & { product: FormPaymentProduct }) {
  return (
    <FieldGroup legend="Amount">
      <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
        <TextField
          {...props}
          field="amount"
          hint="A dot as decimal separator, no more decimals than the currency has, e.g. 12.50."
          input={{ inputMode: 'decimal', autoComplete: 'off', className: 'font-mono' }}
        />
        <TextField
          {...props}
          field="currency"
          hint={eurProducts.includes(product) ? 'SEPA and TARGET2 transfers are in EUR.' : 'ISO 4217, e.g. USD.'}
          input={{
            list: 'payment-currencies',
            autoComplete: 'off',
            autoCapitalize: 'characters',
            spellCheck: false,
            className: 'font-mono uppercase',
          }}
        />
        <datalist id="payment-currencies">
          {commonCurrencies.map((code) => (
            <option key={code} value={code} />
          ))}
        </datalist>
      </div>
    </FieldGroup>
  );
}

function CreditorGroup({ withAddress, ...props }: FieldsProps & { withAddress: boolean }) {
  return (
    <FieldGroup legend="To">
      <IbanField {...props} field="creditorIban" hint="The account the money goes to." />
      <TextField {...props} field="creditorName" input={{ autoComplete: 'off', maxLength: 200 }} />
      <TextField
        {...props}
        field="creditorAgent"
        hint="Optional: the creditor bank's BIC, 8 or 11 characters, e.g. BNPAFRPPXXX."
        input={{ autoComplete: 'off', spellCheck: false, autoCapitalize: 'characters', className: 'font-mono' }}
      />
      {withAddress && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">Creditor address (optional)</legend>
          <div className="grid gap-3 sm:grid-cols-[1fr_8rem]">
            <TextField {...props} field="streetName" />
            <TextField {...props} field="buildingNumber" />
            <TextField {...props} field="postCode" />
            <TextField {...props} field="townName" />
          </div>
          <TextField
            {...props}
            field="country"
            hint="ISO 3166 code, 2 capital letters, e.g. FR. Needed once any address member is filled."
            input={{ autoCapitalize: 'characters', className: 'font-mono uppercase w-24' }}
          />
        </fieldset>
      )}
    </FieldGroup>
  );
}

function DetailsGroup({
  shows,
  dateNote,
  ...props
}: FieldsProps & { shows: (field: FieldName) => boolean; dateNote: string | undefined }) {
  return (
    <FieldGroup legend="Details">
      <TextField
        {...props}
        field="remittanceInformationUnstructured"
        hint="Optional: the reference the creditor sees, up to 140 characters."
      />
      {shows('endToEndIdentification') && (
        <TextField
          {...props}
          field="endToEndIdentification"
          hint="Optional: your own reference that travels with the payment, up to 35 characters."
        />
      )}
      {!shows('startDate') && (
        <p className="text-sm text-slate-600">
          {dateNote ??
            'No requested execution date: the 1.3.12 body of a single JSON payment has no such member, so the form does not send one. For a later date use a standing order, or add the member in the JSON view if your bank documents it.'}
        </p>
      )}
    </FieldGroup>
  );
}

function MonthsField({ values, errors, onChange }: FieldsProps) {
  const error = errors.monthsOfExecution;
  const toggle = (month: string, checked: boolean) =>
    onChange(
      'monthsOfExecution',
      checked ? values.monthsOfExecution.filter((m) => m !== month) : [...values.monthsOfExecution, month],
    );
  return (
    <fieldset
      id={fieldId('monthsOfExecution')}
      tabIndex={-1}
      aria-describedby={error ? 'payment-months-error' : undefined}
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
              aria-invalid={error ? true : undefined}
              onChange={() => toggle(month, checked)}
            />
          );
        })}
      </div>
      <FieldError id="payment-months-error" message={error} />
    </fieldset>
  );
}

function StandingOrderGroup({ withMonths, today, ...props }: FieldsProps & { withMonths: boolean; today: string }) {
  return (
    <FieldGroup legend="Standing order">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          {...props}
          field="startDate"
          hint={`The first execution is on or after this date: the bank’s today (${today}) or later.`}
          input={{ type: 'date', min: today }}
        />
        <TextField
          {...props}
          field="endDate"
          hint="Optional: the last execution. Empty = until cancelled."
          input={{ type: 'date', min: props.values.startDate || today }}
        />
        <ChoiceField {...props} field="frequency" choices={frequencies} empty="Choose…" />
        <ChoiceField
          {...props}
          field="executionRule"
          choices={executionRules}
          empty="Not sent"
          hint="Optional: which working day to use when a date falls on a weekend or holiday."
        />
        <ChoiceField
          {...props}
          field="dayOfExecution"
          choices={daysOfMonth}
          empty="Not sent"
          hint="Optional: day of the month; 31 means the last day of every month."
        />
      </div>
      {withMonths && <MonthsField {...props} />}
    </FieldGroup>
  );
}

export function PaymentFormFields({
  values,
  errors,
  visible,
  product,
  debtorSuggestions,
  onChange,
  today,
  dateNote,
}: Props) {
  const presenting = usePresenterView();
  const shows = (field: FieldName) => visible.includes(field);
  const props = { values, errors, onChange };
  return (
    <div className="space-y-4">
      <FieldGroup legend="From">
        <IbanField
          {...props}
          field="debtorIban"
          hint="The PSU's account at this bank, e.g. DE89 3704 0044 0532 0130 00."
          list="debtor-ibans"
        />
        <datalist id="debtor-ibans">
          {/* Presenter mode suggests no account: an audience must not read the PSU's IBANs in the list. */}
          {(presenting ? [] : debtorSuggestions).map((suggestion) => (
            <option key={suggestion} value={formatIban(suggestion)} />
          ))}
        </datalist>
      </FieldGroup>
      <AmountGroup {...props} product={product} />
      <CreditorGroup {...props} withAddress={shows('country')} />
      <DetailsGroup {...props} shows={shows} dateNote={dateNote} />
      {shows('startDate') && <StandingOrderGroup {...props} withMonths={shows('monthsOfExecution')} today={today} />}
    </div>
  );
}
