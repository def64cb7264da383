// The confirmation step after a redirect or OAuth SCA: the code the bank added to the way back.
import { Field, TextInput } from '../../../components/ui';
import { StepForm, useRequiredField, type StepFormProps } from './step-form';

export function ConfirmationForm({ pending, onSubmit, submitLabel }: StepFormProps) {
  const code = useRequiredField({ missing: 'Enter the confirmation code.' });
  return (
    <StepForm
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={() => {
        const value = code.check();
        if (value) onSubmit({ kind: 'confirmation', confirmationCode: value });
      }}
    >
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
