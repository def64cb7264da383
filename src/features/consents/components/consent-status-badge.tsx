// A consentStatus as a badge with its plain name; the text carries the meaning, the tone only reinforces it.
import { CodeBadge } from '../../../components/ui';
import { consentStatusLabel, consentStatusTone } from '../model/consent-status';

export function ConsentStatusBadge({ status, withLabel = false }: { status: string; withLabel?: boolean }) {
  const label = consentStatusLabel(status);
  return (
    <CodeBadge code={status} plainName={label} tone={consentStatusTone(status)} title={label} withName={withLabel} />
  );
}
