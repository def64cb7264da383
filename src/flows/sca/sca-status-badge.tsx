// An SCA status as a badge: the spec's value, a plain-language name, and its meaning for screen readers and on hover.
import { CodeBadge, type BadgeTone } from '../../components/ui';
import { isScaStatusCode, readScaStatus, scaStatusInfo, scaStatusLabel } from '../../xs2a/status-names';

function toneOf(status: string): BadgeTone {
  if (status === 'finalised' || status === 'exempted') return 'success';
  if (status === 'failed') return 'danger';
  if (status === 'unconfirmed') return 'warning';
  return 'info';
}

export function scaStatusMeaning(status: string): string {
  if (isScaStatusCode(status)) return scaStatusInfo[status];
  const { deviation } = readScaStatus(status);
  return `Deviation: ${deviation ?? status}. The console decides nothing from it and keeps every action the bank's links offer.`;
}

export function ScaStatusBadge({ status, withMeaning = false }: { status: string; withMeaning?: boolean }) {
  const meaning = scaStatusMeaning(status);
  return (
    <CodeBadge code={status} plainName={scaStatusLabel(status)} tone={toneOf(status)} title={meaning}>
      {withMeaning ? (
        <span className="text-sm text-slate-600">{meaning}</span>
      ) : (
        <span className="sr-only">{meaning}</span>
      )}
    </CodeBadge>
  );
}
