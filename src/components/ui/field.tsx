// A labelled form field: label, optional hint, and an error message linked to the control.
import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { cx } from './cx';

/** Props the field hands to its control so the label, hint and error are announced with it. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  /** A message shown under the control; when set the control is marked invalid. */
  error?: string;
  /** Id for the control; generated when absent. */
  id?: string;
  className?: string;
  /** The control: an element (it receives id and aria props) or a render function. */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}

export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const ownId = useId();
  const controlId = id ?? ownId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const controlProps: FieldControlProps = {
    id: controlId,
    ...(describedBy && { 'aria-describedby': describedBy }),
    ...(error && { 'aria-invalid': true as const }),
  };

  return (
    <div className={cx('space-y-1', className)}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {typeof children === 'function'
        ? children(controlProps)
        : isValidElement(children)
          ? cloneElement(children, controlProps)
          : children}
      <FieldError id={errorId} message={error} />
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The message under a control or a group of controls that is invalid; nothing when there is no message. */
export function FieldError({ id, message }: { id: string | undefined; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700">
      <span aria-hidden="true">⚠ </span>
      {message}
    </p>
  );
}
