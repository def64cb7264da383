// How the design-system pieces show themselves in presenter mode (the console on a projector or a shared screen):
// raw JSON, headers, ids and spec jargon fold behind a "details" disclosure the presenter can open. The mode itself
// lives in the app's state; the app passes it down through this context, so these pieces stay free of it.
import { createContext, useContext, type ReactNode } from 'react';
import { cx } from './cx';

export const PresenterViewContext = createContext(false);

/** Whether the console is shown to an audience right now. */
export function usePresenterView(): boolean {
  return useContext(PresenterViewContext);
}

export interface PresenterDetailsProps {
  /** What the disclosure holds, in plain words ("Technical details", "Raw JSON"). */
  summary: string;
  children: ReactNode;
  className?: string;
}

/**
 * Shows its content as it is, or in presenter mode folded behind a disclosure: the audience sees the summary, the
 * presenter opens it when someone asks.
 */
export function PresenterDetails({ summary, children, className }: PresenterDetailsProps) {
  if (!usePresenterView()) return <>{children}</>;
  return (
    <details className={cx('block', className)}>
      <summary className="w-fit cursor-pointer rounded text-sm text-slate-700 underline decoration-dotted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
        {summary}
      </summary>
      <div className="mt-1">{children}</div>
    </details>
  );
}
