import { useId, type ReactNode } from 'react';
import { cx } from './cx';
import { PresenterDetails } from './presenter-view';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** A titled section; the heading level follows the page outline, so it is a prop. */
export function Panel({
  title,
  level = 2,
  actions,
  description,
  className,
  children,
}: {
  title: ReactNode;
  level?: HeadingLevel;
  /** Buttons or links beside the title. */
  actions?: ReactNode;
  description?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  const Heading = `h${level}` as const;
  return (
    <section aria-labelledby={headingId} className={cx('rounded border border-slate-200 bg-white', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
        <Heading id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </Heading>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </div>
      <div className="space-y-3 p-4">
        {description && (
          // Descriptions name the spec's operations; an audience reads the panel's content instead.
          <PresenterDetails summary="Technical details">
            <p className="text-sm text-slate-600">{description}</p>
          </PresenterDetails>
        )}
        {children}
      </div>
    </section>
  );
}
