// The plain meaning of a transactionStatus code, from the 1.3.12 model.
import { transactionStatusInfo, type TransactionStatus } from '../../../xs2a';

function isKnown(status: string): status is TransactionStatus {
  return Object.hasOwn(transactionStatusInfo, status);
}

export function transactionStatusMeaning(status: string): { name: string; meaning: string } {
  if (isKnown(status)) return transactionStatusInfo[status];
  return { name: 'Unknown', meaning: `"${status}" is not a 1.3.12 transaction status; see the bank's documentation.` };
}
