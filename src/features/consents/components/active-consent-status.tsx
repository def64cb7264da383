// The active consent's status in the header: one cached consentStatus read, never polled. Loaded only when a consent
// is active, so a console without one does not download the XS2A client for the header.
import { useConsentStatus, type BankProfile } from '../../../api';
import { Badge } from '../../../components/ui';
import { consentStatusLabel, isUsable } from '../model/consent-status';
import { ConsentStatusBadge } from './consent-status-badge';

/** A status read is worth one request per consent and page load; pages that change it invalidate it. */
const STATUS_STALE_MS = 5 * 60_000;

export function ActiveConsentStatus({ profile, consentId }: { profile: BankProfile; consentId: string }) {
  const status = useConsentStatus({ profile, consentId }, { staleTime: STATUS_STALE_MS });
  const value = status.data?.body.consentStatus;
  if (value) {
    return (
      <>
        <ConsentStatusBadge status={value} />
        {!isUsable(value) && <span className="sr-only">{consentStatusLabel(value)}: not usable for reads</span>}
      </>
    );
  }
  if (status.isError) {
    return (
      <Badge tone="neutral" title="The consent's status could not be read">
        status unknown
      </Badge>
    );
  }
  return <span className="text-xs text-slate-500">reading…</span>;
}
