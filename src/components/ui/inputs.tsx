// Thin styled wrappers around native form controls; they forward every prop and the ref.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useId } from 'react';
import { cx } from './cx';

const control =
  'block w-full rounded border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:border-blue-600 focus-visible:outline-2 focus-visible:outline-blue-600/40 ' +
  'aria-invalid:border-red-600 disabled:bg-slate-100 disabled:text-slate-500';

export function TextInput({ className, type = 'text', ...props }: ComponentPropsWithRef<'input'>) {
  return <input type={type} className={cx(control, className)} {...props} />;
}

export type SelectProps = ComponentPropsWithRef<'select'> & {
  /** Values offered after the children (e.g. an empty first choice), each shown as its label or as itself. */
  options?: readonly string[];
  labels?: Readonly<Partial<Record<string, string>>>;
};

export function Select({ className, options = [], labels = {}, children, ...props }: SelectProps) {
  return (
    <select className={cx(control, 'pr-8', className)} {...props}>
      {children}
      {options.map((option) => (
        <option key={option} value={option}>
          {labels[option] ?? option}
        </option>
      ))}
    </select>
  );
}

export function Textarea({ className, ...props }: ComponentPropsWithRef<'textarea'>) {
  return <textarea className={cx(control, 'font-mono', className)} {...props} />;
}

export type CheckboxProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & { label: ReactNode; hint?: ReactNode };

/** A checkbox with its label beside it (a checkbox's label reads best after the box). */
export function Checkbox({ label, hint, className, id, ...props }: CheckboxProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cx('flex items-start gap-2', className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={hint ? hintId : undefined}
        className="mt-0.5 h-4 w-4 rounded border-slate-400 accent-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        {...props}
      />
      <div className="text-sm">
        <label htmlFor={inputId} className="text-slate-900">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
