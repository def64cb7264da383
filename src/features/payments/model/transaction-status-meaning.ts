// The names and plain meaning of a transactionStatus code, from the 1.3.12 model's zod-free name table.
import { isTransactionStatusCode, transactionStatusInfo } from '../../../xs2a/status-names';

export function transactionStatusMeaning(status: string): { name: string; label: string; meaning: string } {
  if (isTransactionStatusCode(status)) return transactionStatusInfo[status];
  return {
    name: 'Unknown',
    label: status,
    meaning: `"${status}" is not a 1.3.12 transaction status; see the bank's documentation.`,
  };
}
