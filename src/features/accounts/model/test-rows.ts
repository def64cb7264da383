// Transaction rows for the model tests.
import type { Transaction } from '../../../xs2a';
import { toRow, type RowStatus, type TransactionRow } from './transaction-rows';

let counter = 0;

export function row(changes: Partial<Transaction> & { amount?: string }, status: RowStatus = 'booked'): TransactionRow {
  counter += 1;
  const { amount = '-10.00', ...rest } = changes;
  const transaction: Transaction = {
    transactionId: `t-${counter}`,
    bookingDate: '2026-03-01',
    valueDate: '2026-03-01',
    transactionAmount: { currency: 'EUR', amount },
    ...rest,
  };
  return toRow(transaction, status, String(counter));
}
