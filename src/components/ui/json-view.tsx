// Pretty-printed JSON as plain text; never interpreted as HTML. In presenter mode it folds behind a disclosure and shows
// the body with account numbers masked and personal names shortened.
import { maskBankData } from '../../xs2a/masking';
import { cx } from './cx';
import { PresenterDetails, usePresenterView } from './presenter-view';

/** Formats a value for display: strings are shown as they are (a raw body), everything else as indented JSON. */
export function formatJson(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? '';
  } catch {
    return '(not serialisable as JSON)';
  }
}

export function JsonView({
  value,
  label,
  className,
  maxHeight = 'max-h-96',
}: {
  value: unknown;
  /** Accessible name of the scrollable block, e.g. "Response body". */
  label: string;
  className?: string;
  maxHeight?: string;
}) {
  const presenting = usePresenterView();
  const text = formatJson(presenting ? maskBankData(value) : value);
  return (
    <PresenterDetails summary={label} className={className}>
      <JsonText text={text} label={label} className={presenting ? undefined : className} maxHeight={maxHeight} />
    </PresenterDetails>
  );
}

function JsonText({
  text,
  label,
  className,
  maxHeight,
}: {
  text: string;
  label: string;
  className: string | undefined;
  maxHeight: string;
}) {
  return (
    // Focusable so keyboard users can scroll it.
    <pre
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cx(
        'overflow-auto rounded border border-slate-200 bg-slate-50 p-2 font-mono text-xs leading-relaxed text-slate-900',
        'whitespace-pre focus-visible:outline-2 focus-visible:outline-blue-600',
        maxHeight,
        className,
      )}
    >
      {text === '' ? <span className="text-slate-500">(empty)</span> : text}
    </pre>
  );
}
