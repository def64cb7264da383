// A read the bank asked the console to hold back (429 Too Many Requests): the seconds left before it is tried again,
// and a Cancel that ends the wait. The countdown is a timer (not announced every second); the sentence around it is
// announced once, when the wait begins.
import { useEffect, useId, useState } from 'react';
import { Button } from './button';
import { cx } from './cx';
import { usePresenterView } from './presenter-view';

export interface WaitCountdownProps {
  /** When the wait ends (epoch ms). */
  until: number;
  /** The header that asked for the wait, as the bank wrote it (`Retry-After: 7`); undefined: the bank named no time. */
  said?: string | undefined;
  /** The try the wait leads to, and the most there will be. */
  nextTry: number;
  tries: number;
  onCancel: () => void;
  className?: string;
}

const TICK_MS = 250;

export function WaitCountdown({ until, said, nextTry, tries, onCancel, className }: WaitCountdownProps) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const id = useId();
  const presenting = usePresenterView();
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return (
    <div
      className={cx(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950',
        className,
      )}
    >
      <div className="min-w-0 flex-1">
        <p id={id} role="status">
          The bank asked to wait: <span role="timer">trying again in {seconds} s</span>
        </p>
        {!presenting && (
          <p className="mt-1 text-xs text-amber-900">
            {said
              ? `It answered 429 Too Many Requests with ${said}; try ${nextTry} of ${tries} comes next.`
              : `It answered 429 Too Many Requests without saying how long to wait; try ${nextTry} of ${tries} comes next.`}
          </p>
        )}
      </div>
      <Button size="sm" onClick={onCancel} aria-describedby={id}>
        Cancel
      </Button>
    </div>
  );
}
