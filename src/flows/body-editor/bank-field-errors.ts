// A bank's findings about the values of a form (tppMessages with a `path`), kept at their fields until the value changes.
import { useState } from 'react';

export type FieldMessages<F extends string> = Partial<Record<F, string>>;

export function useBankFieldErrors<F extends string>() {
  const [errors, setErrors] = useState<FieldMessages<F>>({});
  return {
    errors,
    /** Any finding is shown at a field. */
    any: Object.keys(errors).length > 0,
    set: setErrors,
    reset: () => setErrors({}),
    /** The bank's finding about a value no longer applies once the value changes. */
    clear: (fields: readonly F[]) =>
      setErrors((current) => {
        if (!fields.some((field) => current[field])) return current;
        const rest = { ...current };
        for (const field of fields) delete rest[field];
        return rest;
      }),
  };
}
