// The credential steps: a plain start, the PSU-ID, the password and the additional password.
import { Field, TextInput } from '../../../components/ui';
import type { StepInput } from '../step-requests';
import { StepForm, useRequiredField, type StepFormProps } from './step-form';

/** A plain start: nothing to type. */
export function StartForm(props: StepFormProps) {
  return <StepForm {...props} read={() => ({ kind: 'none' })} />;
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

export function IdentificationForm({ psuId, ...form }: StepFormProps & { psuId: string }) {
  const id = usePsuIdField(psuId);
  const read = (): StepInput | undefined => {
    const value = id.check();
    return value ? { kind: 'identification', psuId: value } : undefined;
  };
  return (
    <StepForm {...form} read={read}>
      {id.field}
    </StepForm>
  );
}

export function AuthenticationForm({ psuId, ...form }: StepFormProps & { psuId: string }) {
  const id = usePsuIdField(psuId);
  const hint = "The PSU's online banking password; the console never stores it.";
  const password = usePasswordField('Password', hint, form.rejected);
  const read = (): StepInput | undefined => {
    const idValue = id.check();
    const passwordValue = password.check(idValue !== undefined);
    return idValue && passwordValue ? { kind: 'authentication', psuId: idValue, password: passwordValue } : undefined;
  };
  return (
    <StepForm {...form} read={read}>
      {id.field}
      {password.field}
    </StepForm>
  );
}

export function AdditionalAuthenticationForm(form: StepFormProps) {
  const password = usePasswordField('Additional password', 'A second password the bank asks for.', form.rejected);
  const read = (): StepInput | undefined => {
    const value = password.check();
    return value ? { kind: 'additionalAuthentication', password: value } : undefined;
  };
  return (
    <StepForm {...form} read={read}>
      {password.field}
    </StepForm>
  );
}
