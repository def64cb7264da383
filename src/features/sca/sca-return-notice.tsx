// The short notice a payment or consent page shows after a redirect round trip (`?sca=ok` or `?sca=nok`).
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../components/ui';

/** 'ok' or 'nok' after the callback page brought the browser back, undefined otherwise; `dismiss` drops the marker. */
export function useScaReturn(): { outcome: 'ok' | 'nok' | undefined; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const value = params.get('sca');
  const outcome = value === 'ok' || value === 'nok' ? value : undefined;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('sca');
        return next;
      },
      { replace: true },
    );
  return { outcome, dismiss };
}

export function ScaReturnNotice({ subject = 'authorisation' }: { subject?: string }) {
  const { outcome, dismiss } = useScaReturn();
  if (!outcome) return null;
  const ok = outcome === 'ok';
  return (
    <div
      role="status"
      className={`flex flex-wrap items-start justify-between gap-2 rounded border border-l-4 p-3 text-sm ${
        ok ? 'border-green-300 border-l-green-700 bg-green-50' : 'border-amber-300 border-l-amber-600 bg-amber-50'
      }`}
    >
      <p>
        <span aria-hidden="true">{ok ? '✓ ' : '! '}</span>
        {ok
          ? `Back from the bank: it reports the ${subject} as done. The status below has been read again.`
          : `Back from the bank: the ${subject} was not completed (denied, failed or cancelled). The status below has been read again.`}
      </p>
      <Button size="sm" variant="ghost" onClick={dismiss}>
        Dismiss
      </Button>
    </div>
  );
}
