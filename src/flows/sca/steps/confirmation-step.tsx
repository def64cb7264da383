// The confirmation step after a redirect or OAuth SCA: the code the bank added to the way back.
import { Field, TextInput } from '../../../components/ui';
import type { StepInput } from '../step-requests';
import { StepForm, useRequiredField, type StepFormProps } from './step-form';

export function ConfirmationForm(form: StepFormProps) {
  const code = useRequiredField({ missing: 'Enter the confirmation code.' });
  const read = (): StepInput | undefined => {
    const value = code.check();
    return value ? { kind: 'confirmation', confirmationCode: value } : undefined;
  };
  return (
    <StepForm {...form} read={read}>
      <Field
        label="Confirmation code"
        hint="The code the bank added to the redirect back to the console (often a query parameter)."
        error={code.error}
      >
        <TextInput {...code.inputProps} name="confirmationCode" spellCheck={false} />
      </Field>
    </StepForm>
  );
}
