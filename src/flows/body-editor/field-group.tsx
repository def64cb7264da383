// A group of a request form's fields, titled as the body groups its members.
import type { ReactNode } from 'react';

export function FieldGroup({
  legend,
  children,
  description,
}: {
  legend: string;
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-slate-900">{legend}</legend>
      {description && <p className="text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}
