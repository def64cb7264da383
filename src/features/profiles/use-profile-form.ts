// The profile form's state: the values as typed, the schema's messages once a save was tried, and saving.
import { useState, type FormEvent, type RefObject } from 'react';
import { profileStore, type BankProfile, type DroppedTokens } from '../../api';
import {
  validateProfile,
  type ProfileFieldErrors,
  type ProfileFieldName,
  type ProfileFormValues,
} from './profile-form-model';

export interface ProfileFormState {
  values: ProfileFormValues;
  /** Changes a text or choice field; after the first save attempt its message follows the typing. */
  set: (field: ProfileFieldName, value: string) => void;
  setRememberToken: (remember: boolean) => void;
  /** The field's message, shown once a save was tried. */
  errorOf: (field: ProfileFieldName) => string | undefined;
  /** Messages that belong to no one field. */
  otherErrors: string[];
  /** How many messages the last save attempt left, 0 before the first. */
  errorCount: number;
  submit: (event: FormEvent) => void;
}

/**
 * `formRef` is the form's element, where a failed save moves the focus to the first field that needs a change.
 * `onTokensDropped` learns, after `onSaved`, which tokens a save dropped (a base_url moved to another origin).
 */
export function useProfileForm(
  initial: ProfileFormValues,
  onSaved: (profile: BankProfile) => void,
  formRef: RefObject<HTMLFormElement | null>,
  onTokensDropped?: (droppedTokens: DroppedTokens[]) => void,
): ProfileFormState {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);

  function check(next: ProfileFormValues) {
    const result = validateProfile(next);
    setErrors(result.ok ? {} : result.errors);
    setOtherErrors(result.ok ? [] : result.other);
    return result;
  }

  function set(field: ProfileFieldName, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    // After the first save attempt, messages follow the typing, so a fixed value clears its message at once.
    // (Not on blur: a message appearing as the user leaves a field moves the Save button from under the pointer.)
    if (submitted) check(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const result = check(values);
    if (!result.ok) {
      // Move to the first field that needs a change.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    let droppedTokens: DroppedTokens[];
    try {
      droppedTokens = profileStore.save(result.profile).droppedTokens;
    } catch (error) {
      setOtherErrors([error instanceof Error ? error.message : String(error)]);
      return;
    }
    onSaved(profileStore.get(result.profile.id) ?? result.profile);
    if (droppedTokens.length > 0) onTokensDropped?.(droppedTokens);
  }

  return {
    values,
    set,
    setRememberToken: (rememberToken) => setValues({ ...values, rememberToken }),
    errorOf: (field) => (submitted ? errors[field] : undefined),
    otherErrors,
    errorCount: submitted ? Object.keys(errors).length + otherErrors.length : 0,
    submit,
  };
}
