// The checks a form runs on its body (the 1.3.12 schemas, which weigh more than the rest of a form page), loaded when
// the form is first used rather than with the page: when a field gets focus, or at the latest when a send is tried,
// which then waits for them and goes on by itself.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';

export interface ChecksOnUse<M> {
  /** The checks' module, once loaded. */
  checks: M | undefined;
  /** Starts loading the checks (the form calls it when one of its fields gets focus). */
  load: () => void;
  /** A send is waiting for the checks. */
  waiting: boolean;
  /** Why the checks could not be loaded. */
  error: Error | undefined;
  /**
   * For the form's submit handler: true when the send has to wait for the checks (the event is then cancelled, and the
   * form is sent again once they are in); false when they are there.
   */
  holdSubmit: (event: FormEvent) => boolean;
}

export function useChecksOnUse<M>(loadChecks: () => Promise<M>): ChecksOnUse<M> {
  const [checks, setChecks] = useState<M>();
  const [error, setError] = useState<Error>();
  const [waiting, setWaiting] = useState(false);
  const started = useRef(false);
  const waitingForm = useRef<HTMLFormElement>(undefined);
  const loader = useRef(loadChecks);

  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    setError(undefined);
    loader.current().then(
      (module) => {
        // Rendered with the checks before the waiting send goes on, so its handler sees them.
        flushSync(() => {
          setChecks(() => module);
          setWaiting(false);
        });
        const form = waitingForm.current;
        waitingForm.current = undefined;
        form?.requestSubmit();
      },
      (failure: unknown) => {
        // The next focus or send tries again.
        started.current = false;
        waitingForm.current = undefined;
        setWaiting(false);
        setError(failure instanceof Error ? failure : new Error(String(failure)));
      },
    );
  }, []);

  const holdSubmit = (event: FormEvent) => {
    if (checks !== undefined) return false;
    event.preventDefault();
    if (event.currentTarget instanceof HTMLFormElement) {
      waitingForm.current = event.currentTarget;
      setWaiting(true);
    }
    load();
    return true;
  };

  return { checks, load, waiting, error, holdSubmit };
}
