// A discreet note that a bank's answer does not match the 1.3.12 schema of its operation (the data is still shown),
// and a visible one for a single deviation where the data it concerns is shown.
import { maskPersonalDataInText } from '../../xs2a/masking';
import { cx } from './cx';
import { usePresenterView } from './presenter-view';
import { SpecName } from './spec-name';

export interface DeviationItem {
  path: string;
  message: string;
}

interface DeviationLine extends DeviationItem {
  /** How many entries of a list share it (1: a single place). */
  count: number;
}

/**
 * One line per deviation, where the same deviation in several entries of a list (transactions.booked[0].bookingDate,
 * transactions.booked[1].bookingDate…) is one line with the positions as [*] and a count, in first-seen order.
 */
function groupDeviations(deviations: readonly DeviationItem[]): DeviationLine[] {
  const groups = new Map<string, { first: DeviationItem; grouped: string; count: number }>();
  for (const deviation of deviations) {
    const grouped = deviation.path.replace(/\[\d+\]/g, '[*]');
    const key = `${grouped}\u0000${deviation.message}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { first: deviation, grouped, count: 1 });
  }
  return [...groups.values()].map(({ first, grouped, count }) =>
    count === 1 ? { ...first, count } : { path: grouped, message: first.message, count },
  );
}

export function DeviationNotice({
  deviations,
  uncheckedHeaders = [],
  className,
}: {
  deviations: DeviationItem[];
  /** 1.3.12 headers a cross-origin answer hid from the browser, so they could not be checked. */
  uncheckedHeaders?: readonly string[];
  className?: string;
}) {
  // A deviation's message may quote what the bank sent (a status, a name, an account number): masked for an audience.
  const shown = usePresenterView() ? maskPersonalDataInText : (text: string) => text;
  if (deviations.length === 0 && uncheckedHeaders.length === 0) return null;
  const lines = groupDeviations(deviations);
  const count = lines.length;
  const unchecked =
    uncheckedHeaders.length > 0 ? (
      <p className="mt-2 text-xs">
        Not checked: {uncheckedHeaders.join(', ')}. The bank answered from another origin and does not list{' '}
        {uncheckedHeaders.length === 1 ? 'this header' : 'these headers'} in Access-Control-Expose-Headers, so the
        browser hides {uncheckedHeaders.length === 1 ? 'it' : 'them'} whether or not the bank sent{' '}
        {uncheckedHeaders.length === 1 ? 'it' : 'them'}. Through a relay target every header is checked.
      </p>
    ) : null;
  if (count === 0) {
    return (
      <div className={cx('rounded border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800', className)}>
        {unchecked}
      </div>
    );
  }
  return (
    <details className={cx('rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950', className)}>
      <summary className="cursor-pointer focus-visible:outline-2 focus-visible:outline-blue-600">
        <span aria-hidden="true">⚠ </span>
        The bank&apos;s answer deviates from XS2A 1.3.12 ({count} {count === 1 ? 'difference' : 'differences'})
      </summary>
      {unchecked}
      <ul className="mt-2 space-y-1">
        {lines.map((line, index) => (
          <li key={index} className="break-words">
            <code className="font-mono text-xs break-all">{line.path || '(root)'}</code>: {shown(line.message)}
            {line.count > 1 && `, in ${line.count} entries`}
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * One deviation, said beside the data it concerns: the plain words, after the member's path for developers. For an
 * audience (presenter mode) only the words, masked like the notice's.
 */
export function DeviationNote({ words, path, className }: { words: string; path?: string; className?: string }) {
  const presenting = usePresenterView();
  const shown = presenting ? maskPersonalDataInText(words) : words;
  const sentence = presenting || !path ? `${shown.charAt(0).toUpperCase()}${shown.slice(1)}` : shown;
  return (
    <p className={cx('rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950', className)}>
      <span aria-hidden="true">⚠ </span>
      {path && <SpecName after=": ">{path}</SpecName>}
      {sentence}
    </p>
  );
}
