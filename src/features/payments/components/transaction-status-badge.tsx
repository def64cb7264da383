// A payment's transactionStatus as a badge: the code, and its ISO name in words for those who do not know the codes.
import { Badge } from '../../../components/ui';
import { transactionStatusMeaning, transactionStatusTone } from '../model/transaction-status';

export function TransactionStatusBadge({ status, withName = false }: { status: string; withName?: boolean }) {
  const { name, meaning } = transactionStatusMeaning(status);
  return (
    <span className="inline-flex items-center gap-1.5">
      <Badge tone={transactionStatusTone(status)} title={meaning}>
        {status}
      </Badge>
      {withName && <span className="text-sm text-slate-700">{name}</span>}
    </span>
  );
}
