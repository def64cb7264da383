// A consentStatus as a badge with its plain name; the text carries the meaning, the tone only reinforces it.
import { Badge } from '../../../components/ui';
import { consentStatusLabel, consentStatusTone } from '../model/consent-status';

export function ConsentStatusBadge({ status, withLabel = false }: { status: string; withLabel?: boolean }) {
  const label = consentStatusLabel(status);
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <Badge tone={consentStatusTone(status)} title={label}>
        {status}
      </Badge>
      {withLabel && label !== status && <span className="text-sm font-medium text-slate-800">{label}</span>}
    </span>
  );
}
