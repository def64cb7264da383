// Deleting a consent: DELETE after a confirmation; the bank then reports it terminatedByTpp. The fetch layer drops
// every account read it unlocked, and the page clears it as the active consent.
import { useState } from 'react';
import { useDeleteConsent, type BankProfile } from '../../../api';
import { Button, Panel } from '../../../components/ui';
import { ConsentErrorCallout } from './consent-error-callout';

interface Props {
  profile: BankProfile;
  consentId: string;
  status: string | undefined;
  onDeleted: () => void;
}

export function DeleteConsentPanel({ profile, consentId, status, onDeleted }: Props) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteConsent();
  const deleted = status === 'terminatedByTpp';

  function send() {
    remove.mutate(
      { profile, consentId },
      {
        onSuccess: () => {
          setConfirming(false);
          onDeleted();
        },
      },
    );
  }

  return (
    <Panel
      title="Delete"
      description={
        deleted
          ? undefined
          : 'DELETE /v1/consents/{consentId}: the bank ends the consent (terminatedByTpp); nothing can be read with it afterwards.'
      }
    >
      {deleted && (
        <p role="status" className="text-sm text-slate-800">
          {remove.isSuccess
            ? 'Deleted: the bank answered 204 and now reports the consent as terminatedByTpp. The account data it unlocked is no longer shown.'
            : 'The consent has been deleted (terminatedByTpp).'}
        </p>
      )}
      {!deleted &&
        (confirming ? (
          <div className="space-y-2 rounded border border-red-200 bg-red-50 p-3">
            <p className="text-sm text-red-950">Send DELETE to end this consent at the bank? This cannot be undone.</p>
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" onClick={send} disabled={remove.isPending}>
                {remove.isPending ? 'Deleting…' : 'Yes, delete the consent'}
              </Button>
              <Button onClick={() => setConfirming(false)} disabled={remove.isPending}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            Delete consent…
          </Button>
        ))}
      {remove.error && <ConsentErrorCallout alert error={remove.error} />}
    </Panel>
  );
}
