// Pieces the request forms share: the Form/JSON switch for the body, and the summary of fields that need attention.
import type { Ref } from 'react';
import { Button } from './button';
import { cx } from './cx';

export type BodyMode = 'form' | 'json';

/** Switches a request body between the form and its raw JSON. */
export function BodyModeSwitch({ mode, onSwitch }: { mode: BodyMode; onSwitch: (next: BodyMode) => void }) {
  return (
    <div role="group" aria-label="Edit the body as" className="inline-flex rounded border border-slate-300">
      {(['form', 'json'] as const).map((option) => (
        <Button
          key={option}
          size="sm"
          variant="ghost"
          aria-pressed={mode === option}
          className={cx('rounded-none', mode === option && 'bg-blue-100 text-blue-900 hover:bg-blue-100')}
          onClick={() => onSwitch(option)}
        >
          {option === 'form' ? 'Form' : 'JSON'}
        </Button>
      ))}
    </div>
  );
}

export interface FieldErrorSummaryProps {
  /** The fields with an error, in form order: the id of their control and their label. */
  fields: readonly { id: string; label: string }[];
  /** Focused after a refused submit, so keyboard and screen-reader users land on it. */
  ref?: Ref<HTMLDivElement>;
}

/** "2 fields need attention", with a link to each field. */
export function FieldErrorSummary({ fields, ref }: FieldErrorSummaryProps) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="rounded border border-red-300 border-l-4 border-l-red-600 bg-red-50 p-3 text-sm text-red-900 focus-visible:outline-2 focus-visible:outline-blue-600"
    >
      <p className="font-semibold">
        <span aria-hidden="true">✕ </span>
        {fields.length === 1 ? 'One field needs' : `${fields.length} fields need`} attention
      </p>
      <ul className="mt-1 list-disc pl-5">
        {fields.map((field) => (
          <li key={field.id}>
            <a href={`#${field.id}`} className="underline">
              {field.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
