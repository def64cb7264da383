// The forms of the SCA steps: PSU-ID, password, SCA method choice, one-time password and confirmation code.
// Passwords and OTPs live only in these forms' state while they are shown: never stored, always password inputs.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Field, TextInput } from '../../components/ui';
import type { AuthenticationObject, ChallengeData } from '../../xs2a/sca';

export type StepInput =
  | { kind: 'none' }
  | { kind: 'identification'; psuId: string }
  | { kind: 'authentication'; psuId: string; password: string }
  | { kind: 'additionalAuthentication'; password: string }
  | { kind: 'selectMethod'; authenticationMethodId: string }
  | { kind: 'authoriseTransaction'; otp: string }
  | { kind: 'confirmation'; confirmationCode: string };

interface FormProps {
  pending: boolean;
  onSubmit: (input: StepInput) => void;
  submitLabel: string;
  /** The bank refused the last submission: shown at the field it concerns until the user changes it. */
  rejected?: string;
}

/** The bank's rejection of the last submission, hidden once the user edits the field again. */
function useRejection(rejected: string | undefined) {
  const [edited, setEdited] = useState(false);
  const [seen, setSeen] = useState(rejected);
  if (seen !== rejected) {
    // A new answer from the bank: show it again, even if the text is the same as before an edit.
    setSeen(rejected);
    setEdited(false);
  }
  return {
    message: edited ? undefined : rejected,
    edited: () => setEdited(true),
    submitted: () => setEdited(false),
  };
}

function StepForm({
  onSubmit,
  pending,
  submitLabel,
  children,
}: {
  onSubmit: () => void;
  pending: boolean;
  submitLabel: string;
  children?: ReactNode;
}) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!pending) onSubmit();
  }
  return (
    <form noValidate onSubmit={submit} className="max-w-md space-y-3">
      {children}
      <Button type="submit" variant="primary" disabled={pending} aria-disabled={pending}>
        {pending ? 'Sending…' : submitLabel}
      </Button>
    </form>
  );
}

/** A plain start: nothing to type. */
export function StartForm({ pending, onSubmit, submitLabel }: FormProps) {
  return <StepForm pending={pending} submitLabel={submitLabel} onSubmit={() => onSubmit({ kind: 'none' })} />;
}

function usePsuIdField(initial: string) {
  const [psuId, setPsuId] = useState(initial);
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  const field = (
    <Field label="PSU-ID" hint="The PSU's login at the bank (sent as the PSU-ID header)." error={error}>
      <TextInput
        ref={ref}
        name="psuId"
        autoComplete="username"
        spellCheck={false}
        value={psuId}
        onChange={(event) => {
          setPsuId(event.target.value);
          setError(undefined);
        }}
      />
    </Field>
  );
  const check = (): string | undefined => {
    const value = psuId.trim();
    if (!value) {
      setError('Enter the PSU-ID.');
      ref.current?.focus();
      return undefined;
    }
    return value;
  };
  return { field, check };
}

export function IdentificationForm({ pending, onSubmit, submitLabel, psuId }: FormProps & { psuId: string }) {
  const id = usePsuIdField(psuId);
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const value = id.check();
        if (value) onSubmit({ kind: 'identification', psuId: value });
      }}
    >
      {id.field}
    </StepForm>
  );
}

function usePasswordField(label: string, hint: string, rejected: string | undefined) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const rejection = useRejection(rejected);
  const ref = useRef<HTMLInputElement>(null);
  const field = (
    <Field label={label} hint={hint} error={error ?? rejection.message}>
      <TextInput
        ref={ref}
        type="password"
        name="password"
        autoComplete="off"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
          rejection.edited();
        }}
      />
    </Field>
  );
  const check = (focusOnError: boolean): string | undefined => {
    rejection.submitted();
    if (!password) {
      setError(`Enter the ${label.toLowerCase()}.`);
      if (focusOnError) ref.current?.focus();
      return undefined;
    }
    return password;
  };
  return { field, check };
}

export function AuthenticationForm({ pending, onSubmit, submitLabel, psuId, rejected }: FormProps & { psuId: string }) {
  const id = usePsuIdField(psuId);
  const password = usePasswordField(
    'Password',
    "The PSU's online banking password; the console never stores it.",
    rejected,
  );
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const idValue = id.check();
        const passwordValue = password.check(idValue !== undefined);
        if (idValue && passwordValue) onSubmit({ kind: 'authentication', psuId: idValue, password: passwordValue });
      }}
    >
      {id.field}
      {password.field}
    </StepForm>
  );
}

export function AdditionalAuthenticationForm({ pending, onSubmit, submitLabel, rejected }: FormProps) {
  const password = usePasswordField('Additional password', 'A second password the bank asks for.', rejected);
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const value = password.check(true);
        if (value) onSubmit({ kind: 'additionalAuthentication', password: value });
      }}
    >
      {password.field}
    </StepForm>
  );
}

const typeNames: Record<string, string> = {
  SMS_OTP: 'SMS',
  CHIP_OTP: 'chipTAN',
  PHOTO_OTP: 'photoTAN',
  PUSH_OTP: 'push notification',
  SMTP_OTP: 'e-mail',
};

export function MethodForm({
  pending,
  onSubmit,
  submitLabel,
  methods,
}: FormProps & { methods: AuthenticationObject[] | undefined }) {
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string>();
  const legendId = useId();
  const errorId = useId();
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const known = methods && methods.length > 0;
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const value = chosen.trim();
        if (!value) {
          setError(known ? 'Choose an SCA method.' : 'Enter the authenticationMethodId.');
          groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
          return;
        }
        onSubmit({ kind: 'selectMethod', authenticationMethodId: value });
      }}
    >
      {known ? (
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
                  onChange={() => {
                    setChosen(method.authenticationMethodId);
                    setError(undefined);
                  }}
                  className="mt-1 h-4 w-4 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
                />
                <label htmlFor={inputId} className="text-sm">
                  <span className="font-medium text-slate-900">{method.name ?? method.authenticationMethodId}</span>
                  <span className="block text-xs text-slate-600">
                    {typeNames[method.authenticationType] ?? method.authenticationType} ·{' '}
                    <code className="font-mono">{method.authenticationMethodId}</code>
                    {method.explanation && ` · ${method.explanation}`}
                  </span>
                </label>
              </div>
            );
          })}
          {error && (
            <p id={errorId} className="text-xs font-medium text-red-700">
              <span aria-hidden="true">⚠ </span>
              {error}
            </p>
          )}
        </fieldset>
      ) : (
        <Field
          label="authenticationMethodId"
          hint="The bank did not list its methods here; enter the id of the method to use."
          error={error}
        >
          <TextInput
            name="authenticationMethodId"
            spellCheck={false}
            value={chosen}
            onChange={(event) => {
              setChosen(event.target.value);
              setError(undefined);
            }}
          />
        </Field>
      )}
    </StepForm>
  );
}

/** What the bank tells the PSU about the challenge: method, instructions (which the TPP must show), image, data. */
export function ChallengeDetails({
  challenge,
  method,
}: {
  challenge: ChallengeData | undefined;
  method: AuthenticationObject | undefined;
}) {
  if (!challenge && !method) return null;
  return (
    <div className="space-y-2 rounded border border-blue-200 bg-blue-50 p-3 text-sm text-slate-900">
      {method && (
        <p>
          <span className="font-medium">Method:</span> {method.name ?? method.authenticationMethodId}{' '}
          <span className="text-slate-600">({typeNames[method.authenticationType] ?? method.authenticationType})</span>
        </p>
      )}
      {challenge?.additionalInformation && (
        <p>
          <span className="font-medium">From the bank:</span> {challenge.additionalInformation}
        </p>
      )}
      {challenge?.data && challenge.data.length > 0 && (
        <ul className="list-inside list-disc font-mono">
          {challenge.data.map((line, index) => (
            <li key={index}>{line}</li>
          ))}
        </ul>
      )}
      {challenge?.image && (
        <img
          src={`data:image/png;base64,${challenge.image}`}
          alt="Challenge image from the bank (scan it with the PSU's device)"
          className="max-h-64 rounded border border-slate-300 bg-white"
        />
      )}
      {challenge?.imageLink && (
        <p>
          <a href={challenge.imageLink} target="_blank" rel="noreferrer" className="text-blue-800 underline">
            Open the challenge image
          </a>
        </p>
      )}
    </div>
  );
}

function otpHint(challenge: ChallengeData | undefined): string {
  const parts: string[] = [];
  if (challenge?.otpFormat === 'integer') parts.push('Digits only');
  if (challenge?.otpFormat === 'characters') parts.push('Letters and digits');
  if (challenge?.otpMaxLength) parts.push(`at most ${challenge.otpMaxLength} characters`);
  return parts.length > 0 ? `${parts.join(', ')}.` : 'The code the PSU received for this authorisation.';
}

export function OtpForm({
  pending,
  onSubmit,
  submitLabel,
  challenge,
  rejected,
}: FormProps & { challenge: ChallengeData | undefined }) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const rejection = useRejection(rejected);
  const ref = useRef<HTMLInputElement>(null);
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        rejection.submitted();
        const value = otp.trim();
        if (!value) {
          setError('Enter the one-time password.');
          ref.current?.focus();
          return;
        }
        onSubmit({ kind: 'authoriseTransaction', otp: value });
      }}
    >
      <Field label="One-time password" hint={otpHint(challenge)} error={error ?? rejection.message}>
        <TextInput
          ref={ref}
          type="password"
          name="otp"
          autoComplete="one-time-code"
          inputMode={challenge?.otpFormat === 'integer' ? 'numeric' : undefined}
          maxLength={challenge?.otpMaxLength}
          value={otp}
          onChange={(event) => {
            setOtp(event.target.value);
            setError(undefined);
            rejection.edited();
          }}
          className="max-w-48 font-mono"
        />
      </Field>
    </StepForm>
  );
}

export function ConfirmationForm({ pending, onSubmit, submitLabel }: FormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const value = code.trim();
        if (!value) {
          setError('Enter the confirmation code.');
          ref.current?.focus();
          return;
        }
        onSubmit({ kind: 'confirmation', confirmationCode: value });
      }}
    >
      <Field
        label="Confirmation code"
        hint="The code the bank added to the redirect back to the console (often a query parameter)."
        error={error}
      >
        <TextInput
          ref={ref}
          name="confirmationCode"
          spellCheck={false}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
        />
      </Field>
    </StepForm>
  );
}
