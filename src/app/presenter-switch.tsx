// The header's switch for presenter mode, and what the mode changes at the root: larger type (a class on <html>) and
// the design-system pieces' folded view (their context).
import { useEffect, type ReactNode } from 'react';
import { presenterMode, usePresenterMode } from '../api';
import { cx, PresenterViewContext } from '../components/ui';

/** The class on <html> that index.css scales the type with. */
export const PRESENTER_ROOT_CLASS = 'presenter';

export function PresenterSwitch() {
  const on = usePresenterMode();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => presenterMode.set(!on)}
      className={cx(
        'flex items-center gap-2 rounded px-1 py-1 text-sm text-slate-800',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
      )}
    >
      <span
        aria-hidden="true"
        className={cx(
          'relative inline-flex h-5 w-9 shrink-0 items-center rounded-full border transition-colors',
          on ? 'border-blue-700 bg-blue-700' : 'border-slate-500 bg-slate-200',
        )}
      >
        <span
          className={cx(
            'inline-block h-4 w-4 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-4' : 'translate-x-0.5',
          )}
        />
      </span>
      Presenter mode
    </button>
  );
}

/** Hands the mode to the pages' pieces and scales the type while it is on. */
export function PresenterView({ children }: { children: ReactNode }) {
  const on = usePresenterMode();
  useEffect(() => {
    document.documentElement.classList.toggle(PRESENTER_ROOT_CLASS, on);
    return () => document.documentElement.classList.remove(PRESENTER_ROOT_CLASS);
  }, [on]);
  return <PresenterViewContext.Provider value={on}>{children}</PresenterViewContext.Provider>;
}
