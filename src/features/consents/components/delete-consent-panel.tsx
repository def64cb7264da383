// Deleting a consent: DELETE after a confirmation; the bank then reports it terminatedByTpp. The fetch layer drops
// every account read it unlocked, and the page clears it as the active consent.
import { useDeleteConsent, type BankProfile } from '../../../api';
import { ConfirmAction, Panel } from '../../../components/ui';
import { ConsentErrorCallout } from './consent-error-callout';

interface Props {
  profile: BankProfile;
  consentId: string;
  status: string | undefined;
  onDeleted: () => void;
}

export function DeleteConsentPanel({ profile, consentId, status, onDeleted }: Props) {
  const remove = useDeleteConsent();
  const deleted = status === 'terminatedByTpp';

  function send(close: () => void) {
    remove.mutate(
      { profile, consentId },
      {
        onSuccess: () => {
          close();
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
      {!deleted && (
        <ConfirmAction
          label="Delete consent…"
          question="Send DELETE to end this consent at the bank? This cannot be undone."
          confirm={{ label: 'Yes, delete the consent', pending: 'Deleting…' }}
          pending={remove.isPending}
          onConfirm={send}
        />
      )}
      {remove.error && <ConsentErrorCallout alert error={remove.error} />}
    </Panel>
  );
}
