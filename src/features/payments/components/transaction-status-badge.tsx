// A payment's transactionStatus code as a badge; its text carries the meaning, the tone only reinforces it.
import { Badge } from '../../../components/ui';
import { transactionStatusLabel } from '../../../xs2a/status-names';
import { transactionStatusTone } from '../model/transaction-status';

export function TransactionStatusBadge({ status, title }: { status: string; title?: string }) {
  return (
    <Badge tone={transactionStatusTone(status)} title={title} plainName={transactionStatusLabel(status)}>
      {status}
    </Badge>
  );
}
