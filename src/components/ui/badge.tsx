import type { ReactNode } from 'react';
import { cx } from './cx';
import { usePresenterView } from './presenter-view';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-800 ring-slate-300',
  info: 'bg-blue-50 text-blue-900 ring-blue-300',
  success: 'bg-green-50 text-green-900 ring-green-300',
  warning: 'bg-amber-50 text-amber-900 ring-amber-300',
  danger: 'bg-red-50 text-red-900 ring-red-300',
};

/**
 * A small status label; its text carries the meaning, the tone only reinforces it. A badge of a spec code (`RCVD`)
 * gives its `plainName` ("Received"), which an audience reads instead (presenter mode); the code stays in its tooltip.
 */
export function Badge({
  tone = 'neutral',
  className,
  title,
  plainName,
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  title?: string;
  plainName?: string;
  children: ReactNode;
}) {
  const plain = usePresenterView() && plainName !== undefined;
  return (
    <span
      title={plain && typeof children === 'string' ? [title, `Code: ${children}`].filter(Boolean).join(' — ') : title}
      className={cx(
        'inline-flex items-center rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        !plain && 'font-mono',
        tones[tone],
        className,
      )}
    >
      {plain ? plainName : children}
    </span>
  );
}

/**
 * A spec code's badge with its plain name beside it (`terminatedByTpp` Deleted by the TPP), unless the name only
 * repeats the code (`valid`): for an audience (presenter mode) the badge says the plain name itself and nothing stands
 * beside it. `children` follow it (a meaning for screen readers).
 */
export function CodeBadge({
  code,
  plainName,
  tone,
  title,
  withName = true,
  children,
}: {
  code: string;
  plainName: string;
  tone: BadgeTone;
  title?: string;
  withName?: boolean;
  children?: ReactNode;
}) {
  const presenting = usePresenterView();
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <Badge tone={tone} title={title} plainName={plainName}>
        {code}
      </Badge>
      {withName && !presenting && plainName.toLowerCase() !== code.toLowerCase() && (
        <span className="text-sm font-medium text-slate-800">{plainName}</span>
      )}
      {children}
    </span>
  );
}
