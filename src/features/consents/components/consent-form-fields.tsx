// The consent builder's fields: the access form (global, dedicated IBAN lists or bank-offered), validity and
// frequency; each error sits at its field.
import { addDays } from '../../../api';
import { Button, Checkbox, Field, FieldError, Select, TextInput, cx, useMaskedWhileIdle } from '../../../components/ui';
import { maskIbansInText } from '../../../xs2a';
import { FieldGroup } from '../../../flows/body-editor';
import {
  accessKindHints,
  accessKindLabels,
  accessKinds,
  accessLists,
  allAccountsTypes,
  globalKinds,
  fieldId,
  LONGEST_VALIDITY,
  newRow,
  rowField,
  rowListLabels,
  validUntilQuickPicks,
  type AccountRow,
  type ConsentFormValues,
  type FieldErrors,
  type FieldKey,
  type RowList,
} from '../model/consent-form';

interface Props {
  values: ConsentFormValues;
  errors: FieldErrors;
  warnings: Partial<Record<FieldKey, string>>;
  /** IBANs used in earlier consents, offered as suggestions. */
  ibanSuggestions: readonly string[];
  onChange: (change: Partial<ConsentFormValues>, touched: FieldKey[]) => void;
  /** The bank's calendar day (bankToday): validUntil's earliest day and where the quick picks count from. */
  today: string;
}

const listTitles: Record<RowList, string> = {
  accounts: 'Account details (access.accounts)',
  balances: 'Balances (access.balances)',
  transactions: 'Transactions (access.transactions)',
  shared: 'Accounts, balances and transactions',
};

const SUGGESTIONS_ID = 'consent-iban-suggestions';

type ChangeProps = Pick<Props, 'values' | 'onChange'>;

function AccessKindChoice({ values, error, onChange }: ChangeProps & { error: string | undefined }) {
  const errorId = error ? `${fieldId('access')}-error` : undefined;
  return (
    <>
      <div
        role="radiogroup"
        aria-label="Access form"
        aria-describedby={errorId}
        aria-invalid={error ? true : undefined}
        className="space-y-2"
      >
        {accessKinds.map((option, index) => (
          <label key={option} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="accessKind"
              id={index === 0 ? fieldId('access') : undefined}
              value={option}
              checked={values.accessKind === option}
              aria-describedby={`consent-kind-${option}-hint`}
              onChange={() => onChange({ accessKind: option }, ['access', 'restrictedTo'])}
              className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            />
            <span>
              <span className="font-medium text-slate-900">{accessKindLabels[option]}</span>
              <span id={`consent-kind-${option}-hint`} className="block text-xs text-slate-600">
                {accessKindHints[option]}
              </span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </>
  );
}

function AccountsCoveredField({ values, onChange }: ChangeProps) {
  return (
    <Field
      label="Accounts covered"
      hint={
        <>
          <code className="font-mono">allAccountsWithOwnerName</code> also asks for the owners&apos; names (banks may
          not support it).
        </>
      }
    >
      <Select
        className="max-w-sm"
        value={values.allAccountsType}
        onChange={(event) =>
          onChange({ allAccountsType: event.target.value as ConsentFormValues['allAccountsType'] }, ['access'])
        }
        options={allAccountsTypes}
      />
    </Field>
  );
}

function RestrictedToField({ values, error, onChange }: ChangeProps & { error: string | undefined }) {
  return (
    <Field
      label="Account types (restrictedTo, optional)"
      id={fieldId('restrictedTo')}
      error={error}
      hint="cashAccountType codes separated by commas, e.g. CACC, SVGS. Empty: every account type."
    >
      <TextInput
        value={values.restrictedTo}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => onChange({ restrictedTo: event.target.value }, ['restrictedTo'])}
      />
    </Field>
  );
}

/** Start the other view from what is typed, so nothing is lost by switching. */
function sameForAllChange(values: ConsentFormValues, sameForAll: boolean): Partial<ConsentFormValues> {
  return sameForAll
    ? { sameForAll, shared: copyRows(firstFilled(values)) }
    : {
        sameForAll,
        accounts: copyRows(values.shared),
        balances: copyRows(values.shared),
        transactions: copyRows(values.shared),
      };
}

function DedicatedAccounts({
  values,
  errors,
  ibanSuggestions,
  onChange,
}: Pick<Props, 'values' | 'errors' | 'ibanSuggestions' | 'onChange'>) {
  return (
    <div className="space-y-3">
      <Checkbox
        label="Same IBANs for accounts, balances and transactions"
        hint="One list for all three services; switch it off to name accounts per service."
        checked={values.sameForAll}
        onChange={(event) => onChange(sameForAllChange(values, event.target.checked), ['access'])}
      />
      <p className="text-xs text-slate-600">
        IBANs with or without spaces, or a card account&apos;s masked PAN (such as 453998******0580); empty rows are not
        sent. The currency is optional: it picks one sub-account of a multi-currency account.
      </p>
      {ibanSuggestions.length > 0 && (
        <datalist id={SUGGESTIONS_ID}>
          {ibanSuggestions.map((iban) => (
            <option key={iban} value={iban} />
          ))}
        </datalist>
      )}
      {(values.sameForAll ? (['shared'] as const) : accessLists).map((list) => (
        <AccountRowsEditor
          key={list}
          list={list}
          rows={values[list]}
          errors={errors}
          suggestions={ibanSuggestions.length > 0}
          onRows={(rows, touched) => onChange({ [list]: rows }, [...touched, 'access'])}
        />
      ))}
    </div>
  );
}

function ValidityGroup({ values, errors, warnings, onChange, today }: Omit<Props, 'ibanSuggestions'>) {
  return (
    <FieldGroup legend="Validity and frequency">
      <Checkbox
        label="Recurring access (recurringIndicator)"
        hint="On: the TPP may read again, also without the PSU, until the consent ends. Off: a one-off consent for one session."
        checked={values.recurringIndicator}
        onChange={(event) => onChange({ recurringIndicator: event.target.checked }, ['frequencyPerDay'])}
      />
      <ValidUntilField values={values} error={errors.validUntil} onChange={onChange} today={today} />
      <Field
        label="Reads per day without the PSU (frequencyPerDay)"
        id={fieldId('frequencyPerDay')}
        error={errors.frequencyPerDay}
        hint={
          values.recurringIndicator
            ? (warnings.frequencyPerDay ??
              'How often a day the TPP may read while the PSU is not present (requests without PSU-IP-Address). Banks allow up to 4 unless agreed otherwise.')
            : 'A one-off consent always has frequencyPerDay 1 (1.3.12): the TPP reads once, with the PSU.'
        }
      >
        <TextInput
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          className="max-w-[8rem]"
          value={values.recurringIndicator ? values.frequencyPerDay : '1'}
          disabled={!values.recurringIndicator}
          onChange={(event) => onChange({ frequencyPerDay: event.target.value }, ['frequencyPerDay'])}
        />
      </Field>
      <Checkbox
        label="Combined with a payment in the same session (combinedServiceIndicator)"
        hint="Tells the bank a payment initiation follows in the same session; banks that cannot do this refuse the consent."
        checked={values.combinedServiceIndicator}
        onChange={(event) => onChange({ combinedServiceIndicator: event.target.checked }, ['combinedServiceIndicator'])}
      />
    </FieldGroup>
  );
}

export function ConsentFormFields({ values, errors, warnings, ibanSuggestions, onChange, today }: Props) {
  const kind = values.accessKind;
  const global = (globalKinds as readonly string[]).includes(kind);
  return (
    <div className="space-y-4">
      <FieldGroup
        legend="Access"
        description="What the TPP may read. The bank shows this to the PSU for authorisation."
      >
        <AccessKindChoice values={values} error={errors.access} onChange={onChange} />
        {global && <AccountsCoveredField values={values} onChange={onChange} />}
        {kind !== 'dedicated' && <RestrictedToField values={values} error={errors.restrictedTo} onChange={onChange} />}
        {kind === 'dedicated' && (
          <DedicatedAccounts values={values} errors={errors} ibanSuggestions={ibanSuggestions} onChange={onChange} />
        )}
      </FieldGroup>
      <ValidityGroup values={values} errors={errors} warnings={warnings} onChange={onChange} today={today} />
    </div>
  );
}

function copyRows(rows: AccountRow[]): AccountRow[] {
  const copied = rows.map((row) => newRow(row.iban, row.currency));
  return copied.length > 0 ? copied : [newRow()];
}

/** The first list with something typed in it, for "same IBANs for all three". */
function firstFilled(values: ConsentFormValues): AccountRow[] {
  return (
    accessLists.map((list) => values[list]).find((rows) => rows.some((row) => row.iban.trim() !== '')) ??
    values.accounts
  );
}

function ValidUntilField({
  values,
  error,
  onChange,
  today,
}: {
  values: ConsentFormValues;
  error: string | undefined;
  onChange: Props['onChange'];
  today: string;
}) {
  const set = (validUntil: string) => onChange({ validUntil }, ['validUntil']);
  return (
    <div className="space-y-2">
      <Field
        label="Valid until (validUntil)"
        id={fieldId('validUntil')}
        error={error}
        hint={`The last day the consent is valid (inclusive, the bank's calendar, where today is ${today}). The bank may shorten it; ${LONGEST_VALIDITY} asks for the longest it allows.`}
      >
        <TextInput
          type="date"
          className="max-w-[12rem]"
          min={today}
          value={values.validUntil}
          onChange={(event) => set(event.target.value)}
        />
      </Field>
      <div role="group" aria-label="Quick picks for the end date" className="flex flex-wrap gap-2">
        {validUntilQuickPicks.map((pick) => (
          <Button key={pick.label} size="sm" onClick={() => set(addDays(today, pick.days))}>
            {pick.label}
          </Button>
        ))}
        <Button size="sm" onClick={() => set(LONGEST_VALIDITY)}>
          Longest allowed ({LONGEST_VALIDITY})
        </Button>
      </div>
    </div>
  );
}

interface RowsProps {
  list: RowList;
  rows: AccountRow[];
  errors: FieldErrors;
  suggestions: boolean;
  onRows: (rows: AccountRow[], touched: FieldKey[]) => void;
}

function AccountRowItem({
  list,
  rows,
  row,
  n,
  errors,
  suggestions,
  onRows,
}: RowsProps & { row: AccountRow; n: number }) {
  const label = rowListLabels[list];
  const change = (column: 'iban' | 'currency', value: string) =>
    onRows(
      rows.map((r) => (r.key === row.key ? { ...r, [column]: value } : r)),
      [rowField(list, row, column)],
    );
  // Masked in presenter mode while nobody edits it, like every IBAN an audience sees (a consent edited again, a test
  // PSU's accounts).
  const iban = useMaskedWhileIdle(row.iban, maskIbansInText);
  const remove = () => {
    const rest = rows.filter((r) => r.key !== row.key);
    onRows(rest.length > 0 ? rest : [newRow()], [rowField(list, row, 'iban')]);
  };
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_6rem_auto]">
      <Field
        className="col-span-2 sm:col-span-1"
        id={fieldId(rowField(list, row, 'iban'))}
        label={
          <>
            IBAN {n}
            <span className="sr-only">{` for ${label}`}</span>
          </>
        }
        error={errors[rowField(list, row, 'iban')]}
      >
        <TextInput
          {...iban}
          autoComplete="off"
          spellCheck={false}
          list={suggestions ? SUGGESTIONS_ID : undefined}
          className="font-mono"
          onChange={(event) => change('iban', event.target.value)}
        />
      </Field>
      <Field
        id={fieldId(rowField(list, row, 'currency'))}
        label={
          <>
            Currency {n}
            <span className="sr-only">{` for ${label} (optional)`}</span>
          </>
        }
        error={errors[rowField(list, row, 'currency')]}
      >
        <TextInput
          value={row.currency}
          autoComplete="off"
          spellCheck={false}
          maxLength={3}
          className="uppercase"
          onChange={(event) => change('currency', event.target.value)}
        />
      </Field>
      <Button
        size="sm"
        variant="ghost"
        className={cx('mt-6', rows.length === 1 && row.iban === '' && row.currency === '' && 'invisible')}
        onClick={remove}
      >
        Remove<span className="sr-only">{` IBAN ${n} from ${label}`}</span>
      </Button>
    </li>
  );
}

function AccountRowsEditor(props: RowsProps) {
  const { list, rows, onRows } = props;
  return (
    <fieldset className="min-w-0 space-y-2 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">{listTitles[list]}</legend>
      <ol className="space-y-2">
        {rows.map((row, index) => (
          <AccountRowItem key={row.key} {...props} row={row} n={index + 1} />
        ))}
      </ol>
      <Button size="sm" onClick={() => onRows([...rows, newRow()], [])}>
        Add an IBAN<span className="sr-only">{` to ${rowListLabels[list]}`}</span>
      </Button>
    </fieldset>
  );
}
