// A transactionStatus badge with its ISO name beside it (left out for an audience, in presenter mode) and its plain
// meaning as the badge's tooltip.
import { usePresenterView } from '../../../components/ui';
import { transactionStatusMeaning } from '../model/transaction-status-meaning';
import { TransactionStatusBadge } from './transaction-status-badge';

export function TransactionStatusLabel({ status }: { status: string }) {
  const { name, meaning } = transactionStatusMeaning(status);
  const presenting = usePresenterView();
  return (
    <span className="inline-flex items-center gap-1.5">
      <TransactionStatusBadge status={status} title={meaning} />
      {!presenting && <span className="text-sm text-slate-700">{name}</span>}
    </span>
  );
}
