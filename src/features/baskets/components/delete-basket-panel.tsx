// Deleting a basket: DELETE after a confirmation, while no authorisation has been applied to it. Its payments and
// consents are not touched: they await their own authorisation again.
import { describeXs2aError, useDeleteBasket, type BankProfile } from '../../../api';
import { ConfirmAction, ErrorCallout, Panel } from '../../../components/ui';

interface Props {
  profile: BankProfile;
  basketId: string;
  /** The bank answered the DELETE (now or before, as this browser recorded). */
  deleted: boolean;
  onDeleted: () => void;
}

export function DeleteBasketPanel({ profile, basketId, deleted, onDeleted }: Props) {
  const remove = useDeleteBasket();
  function send(close: () => void) {
    const done = () => {
      close();
      onDeleted();
    };
    remove.mutate({ profile, basketId }, { onSuccess: done });
  }

  return (
    <Panel
      title="Delete"
      description={
        deleted
          ? undefined
          : 'DELETE /v1/signing-baskets/{basketId}: the bank drops the basket while no authorisation of it has been applied; its payments and consents stay as they are, each awaiting its own authorisation.'
      }
    >
      {deleted ? (
        <p role="status" className="text-sm text-slate-800">
          Deleted: the bank answered 204. Its payments and consents are free to be authorised on their own or put in
          another basket.
        </p>
      ) : (
        <ConfirmAction
          label="Delete basket…"
          question="Send DELETE to drop this basket at the bank? Its payments and consents are not cancelled."
          confirm={{ label: 'Yes, delete the basket', pending: 'Deleting…' }}
          pending={remove.isPending}
          onConfirm={send}
        />
      )}
      {remove.error && <ErrorCallout alert {...describeXs2aError(remove.error)} />}
    </Panel>
  );
}
