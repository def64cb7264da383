// "Check connection": the button and what it found (connection-check.ts runs the check).
import { useMutation } from '@tanstack/react-query';
import type { BankProfile } from '../../api';
import { Button, cx, Spinner } from '../../components/ui';
import type { CheckVerdict } from './connection-check';

/** The check and its reading load when it is first run, not with the Settings page. */
async function checkConnection(profile: BankProfile) {
  return (await import('./connection-check')).checkConnection(profile);
}

const tones: Record<CheckVerdict['outcome'], string> = {
  answered: 'border-green-300 bg-green-50 text-green-950',
  suspicious: 'border-amber-300 bg-amber-50 text-amber-950',
  unreachable: 'border-red-300 bg-red-50 text-red-950',
};
const icons: Record<CheckVerdict['outcome'], string> = { answered: '✓', suspicious: '⚠', unreachable: '✕' };

export function ConnectionCheck({ profile }: { profile: BankProfile }) {
  const check = useMutation({ mutationFn: checkConnection });
  const verdict = check.data;
  return (
    <div className="space-y-2">
      <Button size="sm" onClick={() => check.mutate(profile)} disabled={check.isPending}>
        {check.isPending && <Spinner />}
        Check connection
      </Button>
      <div role="status" aria-live="polite">
        {check.isPending && <span className="sr-only">Checking the connection…</span>}
        {verdict && !check.isPending && (
          <div className={cx('rounded border p-2 text-sm', tones[verdict.outcome])}>
            <p className="font-semibold">
              <span aria-hidden="true">{icons[verdict.outcome]} </span>
              {verdict.title}
            </p>
            <p>{verdict.detail}</p>
            {verdict.requestId && (
              <p className="mt-1 text-xs">
                X-Request-ID: <code className="font-mono break-all">{verdict.requestId}</code> (see the Inspector)
              </p>
            )}
          </div>
        )}
        {check.error && <p className="text-sm text-red-800">The check could not run: {check.error.message}</p>}
      </div>
    </div>
  );
}
