// The SCA method choice: the methods the bank lists as radio buttons, or the method's id when it lists none.
import { useId, useRef, useState, type RefObject } from 'react';
import { Field, FieldError, TextInput } from '../../../components/ui';
import type { AuthenticationObject } from '../../../xs2a/sca';
import type { StepInput } from '../step-requests';
import { StepForm, type StepFormProps } from './step-form';

const typeNames: Record<string, string> = {
  SMS_OTP: 'SMS',
  CHIP_OTP: 'chipTAN',
  PHOTO_OTP: 'photoTAN',
  PUSH_OTP: 'push notification',
  SMTP_OTP: 'e-mail',
};

/** The method's type in plain words ("SMS", "chipTAN"…); other types as the bank names them. */
export function methodTypeName(method: AuthenticationObject): string {
  return typeNames[method.authenticationType] ?? method.authenticationType;
}

interface ChoiceProps {
  chosen: string;
  onChoose: (id: string) => void;
  error: string | undefined;
}

function MethodChoice({
  methods,
  chosen,
  onChoose,
  error,
  groupRef,
}: ChoiceProps & { methods: AuthenticationObject[]; groupRef: RefObject<HTMLFieldSetElement | null> }) {
  const legendId = useId();
  const errorId = useId();
  return (
    <fieldset
      ref={groupRef}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
      className="space-y-2"
    >
      <legend id={legendId} className="mb-1 text-sm font-medium text-slate-800">
        SCA method
      </legend>
      {methods.map((method) => {
        const inputId = `${legendId}-${method.authenticationMethodId}`;
        return (
          <div key={method.authenticationMethodId} className="flex items-start gap-2">
            <input
              id={inputId}
              type="radio"
              name="authenticationMethodId"
              value={method.authenticationMethodId}
              checked={chosen === method.authenticationMethodId}
              onChange={() => onChoose(method.authenticationMethodId)}
              className="mt-1 h-4 w-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            />
            <label htmlFor={inputId} className="text-sm">
              <span className="font-medium text-slate-900">{method.name ?? method.authenticationMethodId}</span>
              <span className="block text-xs text-slate-600">
                {methodTypeName(method)} · <code className="font-mono">{method.authenticationMethodId}</code>
                {method.explanation && ` · ${method.explanation}`}
              </span>
            </label>
          </div>
        );
      })}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

function MethodIdField({ chosen, onChoose, error }: ChoiceProps) {
  return (
    <Field
      label="authenticationMethodId"
      hint="The bank did not list its methods here; enter the id of the method to use."
      error={error}
    >
      <TextInput
        name="authenticationMethodId"
        spellCheck={false}
        value={chosen}
        onChange={(event) => onChoose(event.target.value)}
      />
    </Field>
  );
}

export function MethodForm({ methods, ...form }: StepFormProps & { methods: AuthenticationObject[] | undefined }) {
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const known = methods && methods.length > 0;
  const choice: ChoiceProps = {
    chosen,
    error,
    onChoose: (id) => {
      setChosen(id);
      setError(undefined);
    },
  };
  const read = (): StepInput | undefined => {
    const value = chosen.trim();
    if (value) return { kind: 'selectMethod', authenticationMethodId: value };
    setError(known ? 'Choose an SCA method.' : 'Enter the authenticationMethodId.');
    groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    return undefined;
  };
  return (
    <StepForm {...form} read={read}>
      {known ? <MethodChoice {...choice} methods={methods} groupRef={groupRef} /> : <MethodIdField {...choice} />}
    </StepForm>
  );
}
