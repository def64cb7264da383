// What every SCA step form shares: the form with its submit button, a required text field, and the bank's refusal shown
// at the field it concerns. Passwords and OTPs live only in these forms' state while they are shown: never stored.
import { useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../../components/ui';
import type { StepInput } from '../step-requests';

export interface StepFormProps {
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

/**
 * A text field that must not be left empty: its input's props, the error to show (the user's omission or the bank's
 * refusal) and `check`, which gives the value to send or marks the field and gives undefined.
 */
export function useRequiredField({
  initial = '',
  missing,
  trim = true,
  rejected,
}: {
  initial?: string;
  /** Shown when the field is empty at submission. */
  missing: string;
  /** Passwords are sent as typed; everything else without surrounding spaces. */
  trim?: boolean;
  rejected?: string | undefined;
}) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string>();
  const rejection = useRejection(rejected);
  const ref = useRef<HTMLInputElement>(null);
  const inputProps = {
    ref,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      setValue(event.target.value);
      setError(undefined);
      rejection.edited();
    },
  };
  const check = (focusOnError = true): string | undefined => {
    rejection.submitted();
    const sent = trim ? value.trim() : value;
    if (sent) return sent;
    setError(missing);
    if (focusOnError) ref.current?.focus();
    return undefined;
  };
  return { inputProps, error: error ?? rejection.message, check };
}

/**
 * A step's form and its submit button. `read` gives what to send, or undefined after marking what is missing; nothing is
 * sent while a step is on its way.
 */
export function StepForm({
  onSubmit,
  pending,
  submitLabel,
  read,
  children,
}: StepFormProps & { read: () => StepInput | undefined; children?: ReactNode }) {
  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const input = read();
    if (input) onSubmit(input);
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
