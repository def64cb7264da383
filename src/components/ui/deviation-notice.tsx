// A discreet note that a bank's answer does not match the 1.3.12 schema of its operation (the data is still shown).
import { cx } from './cx';

export interface DeviationItem {
  path: string;
  message: string;
}

export function DeviationNotice({ deviations, className }: { deviations: DeviationItem[]; className?: string }) {
  if (deviations.length === 0) return null;
  const count = deviations.length;
  return (
    <details className={cx('rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950', className)}>
      <summary className="cursor-pointer focus-visible:outline-2 focus-visible:outline-blue-600">
        <span aria-hidden="true">⚠ </span>
        The bank&apos;s answer deviates from XS2A 1.3.12 ({count} {count === 1 ? 'difference' : 'differences'})
      </summary>
      <ul className="mt-2 space-y-1">
        {deviations.map((deviation, index) => (
          <li key={index}>
            <code className="font-mono text-xs">{deviation.path || '(root)'}</code>: {deviation.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
