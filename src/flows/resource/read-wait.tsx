// The countdown of a read the bank answered 429, in the panel of the query that sent it (src/api/rate-limit.ts).
import type { QueryKey } from '@tanstack/react-query';
import { useReadWait } from '../../api';
import { WaitCountdown } from '../../components/ui';

/** Shows nothing unless the query's read is waiting to be tried again. */
export function ReadWaitNotice({ queryKey, className }: { queryKey: QueryKey; className?: string }) {
  const wait = useReadWait(queryKey);
  if (!wait) return null;
  return (
    <WaitCountdown
      key={wait.id}
      until={wait.until}
      said={wait.said}
      nextTry={wait.nextTry}
      tries={wait.tries}
      onCancel={wait.cancel}
      {...(className && { className })}
    />
  );
}
