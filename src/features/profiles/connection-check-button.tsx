// "Check connection": reads the status of a consent that cannot exist; any XS2A answer proves the bank speaks XS2A.
import { useMutation } from '@tanstack/react-query';
import { getConsentStatus, Xs2aError, type BankProfile } from '../../api';
import { Button, cx, Spinner } from '../../components/ui';
import { verdictForFailure, verdictForSuccess, type CheckVerdict } from './connection-check';

type CheckResult = CheckVerdict & { requestId?: string };

async function checkConnection(profile: BankProfile): Promise<CheckResult> {
  // Short enough to show in full in the inspector's list.
  const consentId = `connection-check-${Math.random().toString(36).slice(2, 8)}`;
  try {
    const result = await getConsentStatus({ profile, consentId });
    return { ...verdictForSuccess(result.status), requestId: result.requestId };
  } catch (error) {
    if (error instanceof Xs2aError) return { ...verdictForFailure(error), requestId: error.requestId };
    throw error;
  }
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
