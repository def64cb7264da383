// "Check funds" on an account's page: asks the bank (POST /v1/funds-confirmations) whether an amount is available on
// the account now, and says its answer in plain words. What was typed stays for the next check.
import { useEffect, useState, type FormEvent } from 'react';
import {
  describeXs2aError,
  placeMessagesAtFields,
  useBankDataDisplay,
  useConfirmFunds,
  Xs2aError,
  type BankProfile,
} from '../../../api';
import {
  Badge,
  Button,
  DeviationNotice,
  ErrorCallout,
  Field,
  Panel,
  PlainWords,
  Spinner,
  TextInput,
  useMaskedWhileIdle,
} from '../../../components/ui';
import { formatAmount, maskAccountNumber, maskCounterpartyName, type AccountReference } from '../../../xs2a';
import {
  checkFundsBody,
  fundsCheckBody,
  fundsCheckFieldOf,
  type FundsCheckErrors,
  type FundsCheckField,
  type FundsCheckValues,
} from '../model/funds-check';
import { displayIban } from '../model/format';

const labels: Record<FundsCheckField, string> = {
  amount: 'Amount',
  currency: 'Currency',
  payee: 'Payee (optional)',
  cardNumber: 'Card number (optional)',
};

const hints: Partial<Record<FundsCheckField, string>> = {
  currency: 'Three capital letters, e.g. EUR.',
  payee: 'The merchant, for the PSU’s information.',
  cardNumber: 'The card the TPP issued, where there is one.',
};

/** What presenter mode masks while nobody edits the field: the payee's name and the card number. */
const masks: Partial<Record<FundsCheckField, (text: string) => string>> = {
  payee: maskCounterpartyName,
  cardNumber: maskAccountNumber,
};

function FundsField({
  field,
  values,
  errors,
  onChange,
  className,
}: {
  field: FundsCheckField;
  values: FundsCheckValues;
  errors: FundsCheckErrors;
  onChange: (field: FundsCheckField, value: string) => void;
  className?: string;
}) {
  const shown = useMaskedWhileIdle(values[field], masks[field]);
  return (
    <Field label={labels[field]} hint={hints[field]} error={errors[field]} id={`funds-${field}`} className={className}>
      <TextInput
        name={field}
        value={shown.value}
        onFocus={shown.onFocus}
        onBlur={shown.onBlur}
        onChange={(event) => onChange(field, event.target.value)}
        autoComplete="off"
        spellCheck={false}
        {...(field === 'amount' && { inputMode: 'decimal' as const })}
        {...(field === 'currency' && { maxLength: 3, autoCapitalize: 'characters', className: 'font-mono uppercase' })}
        {...(field === 'cardNumber' && { inputMode: 'numeric' as const, className: 'font-mono' })}
      />
    </Field>
  );
}

/** The bank's word on the amount it was asked about, in plain words. */
function FundsAnswer({ fundsAvailable, amount }: { fundsAvailable: unknown; amount: string }) {
  if (typeof fundsAvailable !== 'boolean') {
    return <p className="text-sm text-slate-800">The bank&apos;s answer does not say whether the funds are there.</p>;
  }
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
      <Badge tone={fundsAvailable ? 'success' : 'danger'}>
        {fundsAvailable ? 'Funds available' : 'Not enough funds'}
      </Badge>
      <PlainWords>
        {fundsAvailable
          ? `The bank confirms that ${amount} is available on this account now.`
          : `The bank says that ${amount} is not available on this account now.`}
      </PlainWords>
    </div>
  );
}

export function FundsCheckPanel({
  profile,
  account,
  currency,
  focusOnOpen = false,
}: {
  profile: BankProfile;
  /** How the check names the account; undefined when its details give no identifier. */
  account: AccountReference | undefined;
  /** The account's currency, which the form starts with. */
  currency: string | undefined;
  /** Puts the focus in the amount field when the panel appears (it was opened on request). */
  focusOnOpen?: boolean;
}) {
  useEffect(() => {
    if (focusOnOpen) document.getElementById('funds-amount')?.focus();
  }, [focusOnOpen]);
  const display = useBankDataDisplay();
  const check = useConfirmFunds();
  const [values, setValues] = useState<FundsCheckValues>({
    amount: '',
    currency: currency && currency !== 'XXX' ? currency : '',
    payee: '',
    cardNumber: '',
  });
  const [errors, setErrors] = useState<FundsCheckErrors>({});
  const [asked, setAsked] = useState<string>();

  const onChange = (field: FundsCheckField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!account) return;
    const body = fundsCheckBody(account, values);
    const found = await checkFundsBody(body);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setAsked(formatAmount(body.instructedAmount.amount, body.instructedAmount.currency));
    check.mutate(
      { profile, body },
      {
        // The bank's messages that name a member sit at its field too, as on the payment and consent forms.
        onError: (error) => {
          if (!(error instanceof Xs2aError)) return;
          const placed = placeMessagesAtFields(error.tppMessages, (path) => {
            const at = fundsCheckFieldOf(path);
            return at === 'account' ? undefined : at;
          });
          setErrors(placed.fieldErrors);
        },
      },
    );
  }

  const named = account?.iban ?? account?.bban ?? account?.maskedPan ?? account?.msisdn;
  const result = check.data;
  return (
    <Panel title="Check funds" description="POST /v1/funds-confirmations (confirmation of funds, PIIS)">
      {!account ? (
        <p className="text-sm text-slate-700">
          The account&apos;s details name no IBAN or other identifier, so a funds check cannot name the account.
        </p>
      ) : (
        <form className="space-y-3" onSubmit={(event) => void submit(event)} noValidate>
          <p className="text-sm text-slate-700">
            Ask the bank whether an amount is available on{' '}
            <span className="font-mono">{display.account(displayIban(named ?? ''))}</span> now. Nothing is booked or
            reserved.
          </p>
          {errors.account && <p className="text-sm font-medium text-red-700">{errors.account}</p>}
          <div className="grid gap-3 sm:grid-cols-2">
            <FundsField field="amount" values={values} errors={errors} onChange={onChange} />
            <FundsField field="currency" values={values} errors={errors} onChange={onChange} />
            <FundsField field="payee" values={values} errors={errors} onChange={onChange} />
            <FundsField field="cardNumber" values={values} errors={errors} onChange={onChange} />
          </div>
          <Button type="submit" variant="primary" disabled={check.isPending}>
            {check.isPending && <Spinner />}
            Check funds
          </Button>
        </form>
      )}
      {check.isError && <ErrorCallout alert {...describeXs2aError(check.error)} />}
      {result && !check.isError && !check.isPending && (
        <>
          <FundsAnswer fundsAvailable={result.body.fundsAvailable} amount={asked ?? ''} />
          <DeviationNotice deviations={result.deviations} />
        </>
      )}
    </Panel>
  );
}
