import { cx } from './cx';

/** A small spinning ring; decorative, so pair it with text. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        'inline-block h-3.5 w-3.5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700 motion-reduce:animate-none',
        className,
      )}
    />
  );
}

/** A spinner with a text, announced politely as a status. */
export function LoadingText({ children = 'Loading…', className }: { children?: string; className?: string }) {
  return (
    <p role="status" className={cx('flex items-center gap-2 text-sm text-slate-600', className)}>
      <Spinner />
      {children}
    </p>
  );
}
