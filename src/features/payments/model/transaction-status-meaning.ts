// The names and plain meaning of a transactionStatus code, from the 1.3.12 model's zod-free name table.
import { isTransactionStatusCode, readTransactionStatus, transactionStatusInfo } from '../../../xs2a/status-names';

export function transactionStatusMeaning(status: string): { name: string; label: string; meaning: string } {
  if (isTransactionStatusCode(status)) return transactionStatusInfo[status];
  const reading = readTransactionStatus(status);
  return {
    name: reading.probably ? `Not a 1.3.12 status (probably ${reading.probably})` : 'Not a 1.3.12 status',
    label: status,
    meaning:
      `Deviation: ${reading.deviation ?? status}. The console decides nothing from it and keeps every action the ` +
      "bank's links offer; see the bank's documentation.",
  };
}
