// A router link styled like a button, for navigation that looks like an action ("New payment", "New consent").
import { Link, type LinkProps } from 'react-router-dom';
import { focusRing } from './button';
import { cx } from './cx';

export function LinkButton({
  className,
  variant = 'primary',
  ...props
}: LinkProps & { variant?: 'primary' | 'secondary' }) {
  return (
    <Link
      className={cx(
        'inline-flex items-center justify-center gap-1.5 rounded border px-3 py-1.5 text-sm font-medium whitespace-nowrap',
        variant === 'primary'
          ? 'border-blue-700 bg-blue-700 text-white hover:bg-blue-800'
          : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}
