import { describe, expect, it } from 'vitest';
import {
  buildBulkBody,
  bulkFieldForPath,
  emptyBulkForm,
  newBulkRow,
  rowKey,
  rowsFromCsv,
  validateBulkForm,
  type BulkFormValues,
} from './bulk-payment-form';

const IBAN = 'DE02100100109307118603';
const row = (over: Partial<ReturnType<typeof newBulkRow>> = {}) => ({
  ...newBulkRow(),
  creditorName: 'Kaffee Handel GmbH',
  creditorIban: 'DE02 1001 0010 9307 1186 03',
  amount: '12.50',
  ...over,
});

describe('rowsFromCsv', () => {
  it('fills rows in the table order when there is no header', async () => {
    const rows = await rowsFromCsv(
      '"Müller, Hans",DE02 1001 0010 9307 1186 03,"12,50",EUR,Invoice 1\nErik,DE89370400440532013000,3',
    );
    expect(rows.map(({ id: _id, ...rest }) => rest)).toEqual([
      {
        creditorName: 'Müller, Hans',
        creditorIban: 'DE02 1001 0010 9307 1186 03',
        amount: '12.50',
        currency: 'EUR',
        remittance: 'Invoice 1',
      },
      {
        creditorName: 'Erik',
        creditorIban: 'DE89 3704 0044 0532 0130 00',
        amount: '3',
        currency: 'EUR',
        remittance: '',
      },
    ]);
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
  });

  it('takes the columns a header names, in its order', async () => {
    const [first] = await rowsFromCsv('Amount;Reference;IBAN;Name\n5.00;Rent;DE89370400440532013000;Vermieter');
    expect(first).toMatchObject({ amount: '5.00', remittance: 'Rent', creditorName: 'Vermieter', currency: 'EUR' });
  });
});

describe('validateBulkForm', () => {
  const form = (over: Partial<BulkFormValues> = {}): BulkFormValues => ({
    ...emptyBulkForm(),
    debtorIban: IBAN,
    rows: [row()],
    ...over,
  });

  it('passes a complete form and builds the 1.3.12 body', () => {
    const values = form({ batchBookingPreferred: true, requestedExecutionDate: '2026-03-20' });
    expect(validateBulkForm(values, '2026-03-16').valid).toBe(true);
    expect(buildBulkBody(values)).toEqual({
      batchBookingPreferred: true,
      debtorAccount: { iban: IBAN },
      requestedExecutionDate: '2026-03-20',
      payments: [
        {
          instructedAmount: { currency: 'EUR', amount: '12.50' },
          creditorAccount: { iban: IBAN },
          creditorName: 'Kaffee Handel GmbH',
        },
      ],
    });
  });

  it('says at each row what is wrong, and keeps what was typed', () => {
    const bad = row({ creditorName: ' ', creditorIban: 'DE02 1001 0010 9307 1186 04', amount: '1,5', currency: 'eu' });
    const values = form({ rows: [row(), bad] });
    const { errors, valid } = validateBulkForm(values, '2026-03-16');
    expect(valid).toBe(false);
    expect(errors[rowKey(bad, 'creditorName')]).toMatch(/name/);
    expect(errors[rowKey(bad, 'creditorIban')]).toMatch(/check digits/);
    expect(errors[rowKey(bad, 'amount')]).toMatch(/point/);
    expect(errors[rowKey(bad, 'currency')]).toMatch(/3 letters/);
    expect(Object.keys(errors).every((key) => key.startsWith(`row:${bad.id}:`))).toBe(true);
    expect(values.rows[1]?.amount).toBe('1,5');
  });

  it('needs a payment, a debtor and a date the bank has not passed', () => {
    const { errors } = validateBulkForm(
      form({ rows: [], debtorIban: '', requestedExecutionDate: '2026-03-01' }),
      '2026-03-16',
    );
    expect(Object.keys(errors).sort()).toEqual(['debtorIban', 'payments', 'requestedExecutionDate']);
    expect(validateBulkForm(form({ rows: [row({ amount: '1.234' })] }), undefined).errors).not.toEqual({});
  });
});

describe('bulkFieldForPath', () => {
  it('places a bank message at the row and field its path names', () => {
    const rows = [row(), row()];
    const second = rows[1] ?? row();
    expect(bulkFieldForPath('payments[1].creditorAccount.iban', rows)).toBe(rowKey(second, 'creditorIban'));
    expect(bulkFieldForPath('payments[1].instructedAmount.amount', rows)).toBe(rowKey(second, 'amount'));
    expect(bulkFieldForPath('payments[1].instructedAmount.currency', rows)).toBe(rowKey(second, 'currency'));
    expect(bulkFieldForPath('payments', rows)).toBe('payments');
    expect(bulkFieldForPath('payments[7].creditorName', rows)).toBe('payments');
    expect(bulkFieldForPath('debtorAccount.iban', rows)).toBe('debtorIban');
    expect(bulkFieldForPath('frequency', rows)).toBeUndefined();
  });
});
