// The credential steps: a plain start, the PSU-ID, the password and the additional password.
import { Field, TextInput } from '../../../components/ui';
import { StepForm, useRequiredField, type StepFormProps } from './step-form';

/** A plain start: nothing to type. */
export function StartForm({ pending, onSubmit, submitLabel }: StepFormProps) {
  return <StepForm pending={pending} submitLabel={submitLabel} onSubmit={() => onSubmit({ kind: 'none' })} />;
}

function usePsuIdField(initial: string) {
  const id = useRequiredField({ initial, missing: 'Enter the PSU-ID.' });
  const field = (
    <Field label="PSU-ID" hint="The PSU's login at the bank (sent as the PSU-ID header)." error={id.error}>
      <TextInput {...id.inputProps} name="psuId" autoComplete="username" spellCheck={false} />
    </Field>
  );
  return { field, check: id.check };
}

function usePasswordField(label: string, hint: string, rejected: string | undefined) {
  const password = useRequiredField({ missing: `Enter the ${label.toLowerCase()}.`, trim: false, rejected });
  const field = (
    <Field label={label} hint={hint} error={password.error}>
      <TextInput {...password.inputProps} type="password" name="password" autoComplete="off" />
    </Field>
  );
  return { field, check: password.check };
}

export function IdentificationForm({ pending, onSubmit, submitLabel, psuId }: StepFormProps & { psuId: string }) {
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

export function AuthenticationForm({
  pending,
  onSubmit,
  submitLabel,
  psuId,
  rejected,
}: StepFormProps & { psuId: string }) {
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

export function AdditionalAuthenticationForm({ pending, onSubmit, submitLabel, rejected }: StepFormProps) {
  const password = usePasswordField('Additional password', 'A second password the bank asks for.', rejected);
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const value = password.check();
        if (value) onSubmit({ kind: 'additionalAuthentication', password: value });
      }}
    >
      {password.field}
    </StepForm>
  );
}
