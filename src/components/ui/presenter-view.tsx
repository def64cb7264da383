// How the design-system pieces show themselves in presenter mode (the console on a projector or a shared screen):
// raw JSON, headers, ids and spec jargon fold behind a "details" disclosure the presenter can open. The mode itself
// lives in the app's state; the app passes it down through this context, so these pieces stay free of it.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { cx } from './cx';

export const PresenterViewContext = createContext(false);

/** Whether the console is shown to an audience right now. */
export function usePresenterView(): boolean {
  return useContext(PresenterViewContext);
}

/**
 * How much larger presenter mode sets the type: the root font size the stylesheet (src/index.css) gives
 * `html.presenter`, 112.5 % on a phone and 125 % from 48rem (768 px) up. Drawings sized in px (the flow diagram)
 * scale by it to grow with the text around them.
 */
export const PRESENTER_TYPE_SCALE = { narrow: 1.125, wide: 1.25, wideFrom: '(min-width: 48rem)' } as const;

function subscribeToWide(notify: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(PRESENTER_TYPE_SCALE.wideFrom);
  query.addEventListener('change', notify);
  return () => query.removeEventListener('change', notify);
}

const isWide = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(PRESENTER_TYPE_SCALE.wideFrom).matches;

/** The type's scale right now: 1, or presenter mode's at this window's width (followed as the window changes). */
export function usePresenterTypeScale(): number {
  const presenting = usePresenterView();
  const wide = useSyncExternalStore(subscribeToWide, isWide, () => true);
  if (!presenting) return 1;
  return wide ? PRESENTER_TYPE_SCALE.wide : PRESENTER_TYPE_SCALE.narrow;
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
