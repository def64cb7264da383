// The bulk payment form's state: its values, the checks shown once a send was tried, and the bank's findings placed
// at rows and fields (each dropped when its value changes).
import { useState } from 'react';
import type { BankMessageLike } from '../../../api';
import { useBankFieldErrors } from '../../../flows/body-editor';
import { formatIban } from '../../../xs2a/iban';
import {
  buildBulkBody,
  bulkRowFields,
  emptyBulkForm,
  placeBulkMessages,
  rowKey,
  validateBulkForm,
  type BulkFieldKey,
  type BulkFormValues,
} from './bulk-payment-form';

/** The fields whose values differ between two states of the form. */
function changedFields(before: BulkFormValues, after: BulkFormValues): BulkFieldKey[] {
  const changed: BulkFieldKey[] = [];
  if (before.debtorIban !== after.debtorIban) changed.push('debtorIban');
  if (before.requestedExecutionDate !== after.requestedExecutionDate) changed.push('requestedExecutionDate');
  if (before.rows.length !== after.rows.length) changed.push('payments');
  for (const row of after.rows) {
    const old = before.rows.find((other) => other.id === row.id);
    for (const field of bulkRowFields) if (old?.[field] !== row[field]) changed.push(rowKey(row, field));
  }
  return changed;
}

export function useBulkPaymentForm(today: string | undefined) {
  const [values, setValues] = useState(emptyBulkForm);
  const [attempted, setAttempted] = useState(false);
  const bankErrors = useBankFieldErrors<BulkFieldKey>();
  const validation = validateBulkForm(values, today);
  return {
    values,
    errors: { ...bankErrors.errors, ...(attempted ? validation.errors : {}) },
    bankErrors,
    change: (next: BulkFormValues) => {
      bankErrors.clear(changedFields(values, next));
      setValues(next);
    },
    setDebtor: (iban: string) => {
      bankErrors.clear(['debtorIban']);
      setValues((current) => ({ ...current, debtorIban: formatIban(iban) }));
    },
    /** The body when the form passes its checks; otherwise the checks are shown and nothing is sent. */
    bodyToSend: () => {
      setAttempted(true);
      return validation.valid ? buildBulkBody(values) : undefined;
    },
    placeBankMessages: (messages: readonly BankMessageLike[]) => {
      bankErrors.set(placeBulkMessages(messages, values.rows).fieldErrors);
    },
  };
}
