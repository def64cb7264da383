import { describe, expect, it } from 'vitest';
import { transactionStatusCodes } from '../../../src/xs2a/status-names';
import { BankError } from './bank-error';
import {
  acceptedStatus,
  acceptEntries,
  cancellationOpen,
  checkBulkTerms,
  checkDebtor,
  checkPaymentTerms,
  checkServiceAndProduct,
  mayMoveTo,
  TRANSACTION_TRANSITIONS,
} from './payments';

const terms = (amount: string, currency = 'EUR', dates: { requestedExecutionDate?: string } = {}) => ({
  debtorAccount: { iban: 'DE02100100109307118603' },
  creditorAccount: { iban: 'DE89370400440532013000' },
  instructedAmount: { amount, currency },
  ...dates,
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof BankError) return error.messages[0]?.code;
    throw error;
  }
  return undefined;
}

describe('the transaction status machine', () => {
  it('lists every transactionStatus of 1.3.12', () => {
    expect(Object.keys(TRANSACTION_TRANSITIONS).sort()).toEqual([...transactionStatusCodes].sort());
  });

  it('accepts, rejects or cancels a received payment, settles or cancels an accepted one', () => {
    expect(TRANSACTION_TRANSITIONS.RCVD).toEqual(['ACTC', 'PART', 'RJCT', 'CANC']);
    expect(mayMoveTo('PART', 'CANC')).toBe(false);
    expect(mayMoveTo('PART', 'ACSC')).toBe(false);
    expect(mayMoveTo('ACTC', 'ACSC')).toBe(true);
    expect(mayMoveTo('ACSC', 'CANC')).toBe(true);
  });

  it('never leaves a rejected or cancelled payment, and knows no unknown status', () => {
    expect(mayMoveTo('RJCT', 'ACTC')).toBe(false);
    expect(mayMoveTo('CANC', 'RCVD')).toBe(false);
    expect(mayMoveTo('XXXX', 'CANC')).toBe(false);
  });
});

describe('the payment rules', () => {
  it('offers single, periodic and bulk payments of the JSON and pain.001 products', () => {
    expect(checkServiceAndProduct('payments', 'sepa-credit-transfers')).toBe('payments');
    expect(checkServiceAndProduct('bulk-payments', 'sepa-credit-transfers')).toBe('bulk-payments');
    expect(checkServiceAndProduct('periodic-payments', 'pain.001-sepa-credit-transfers')).toBe('periodic-payments');
    expect(codeOf(() => checkServiceAndProduct('standing-orders', 'sepa-credit-transfers'))).toBe('SERVICE_INVALID');
    expect(codeOf(() => checkServiceAndProduct('payments', 'pain.002-sepa-credit-transfers'))).toBe('PRODUCT_UNKNOWN');
  });

  it('checks amounts, currencies and dates against the product', () => {
    expect(checkPaymentTerms('sepa-credit-transfers', terms('12.50'), '2026-01-10')).toBe('DE02100100109307118603');
    expect(codeOf(() => checkPaymentTerms('sepa-credit-transfers', terms('0'), '2026-01-10'))).toBe('FORMAT_ERROR');
    expect(codeOf(() => checkPaymentTerms('sepa-credit-transfers', terms('1', 'USD'), '2026-01-10'))).toBe(
      'FORMAT_ERROR',
    );
    expect(codeOf(() => checkPaymentTerms('instant-sepa-credit-transfers', terms('100001'), '2026-01-10'))).toBe(
      'FORMAT_ERROR',
    );
    const past = terms('1', 'EUR', { requestedExecutionDate: '2026-01-09' });
    expect(codeOf(() => checkPaymentTerms('sepa-credit-transfers', past, '2026-01-10'))).toBe('EXECUTION_DATE_INVALID');
  });

  it('wants the debtor account held here, by the PSU named, and open', () => {
    const account = { psu_id: 'alice', status: 'enabled' };
    expect(checkDebtor('DE1', account, 'alice')).toBe(account);
    expect(codeOf(() => checkDebtor('DE1', undefined, undefined))).toBe('FORMAT_ERROR');
    expect(codeOf(() => checkDebtor('DE1', account, 'bob'))).toBe('FORMAT_ERROR');
    expect(codeOf(() => checkDebtor('DE1', { ...account, status: 'blocked' }, undefined))).toBe('SERVICE_BLOCKED');
  });

  it('cancels accepted single payments until settled, standing orders until they end', () => {
    const single = { payment_service: 'payments', transaction_status: 'ACTC' };
    expect(cancellationOpen(single, undefined, '2026-01-10')).toBe(true);
    expect(cancellationOpen({ ...single, transaction_status: 'ACSC' }, undefined, '2026-01-10')).toBe(false);
    const order = { payment_service: 'periodic-payments', transaction_status: 'ACSC' };
    expect(cancellationOpen(order, '2026-02-01', '2026-01-10')).toBe(true);
    expect(cancellationOpen(order, '2026-01-09', '2026-01-10')).toBe(false);
  });

  it('lets a payment through when the balance covers it, or is unknown or in another currency', () => {
    const ten = [{ minor: 1000, currency: 'EUR', creditorClosed: false }];
    const status = (fundsRule: string | undefined, available?: { minor: number; currency: string }) =>
      acceptEntries(ten, fundsRule, available)[0]?.status;
    expect(status('normal', { minor: 1000, currency: 'EUR' })).toBe('ACTC');
    expect(status('normal', { minor: 999, currency: 'EUR' })).toBe('RJCT');
    expect(status('normal', { minor: 0, currency: 'USD' })).toBe('ACTC');
    expect(status('normal')).toBe('ACTC');
    expect(status('insufficient')).toBe('RJCT');
    expect(status(undefined)).toBe('RJCT');
  });

  it("accepts a bulk's payments in order while the money lasts, and never one to a closed account", () => {
    const entry = (minor: number, creditorClosed = false) => ({ minor, currency: 'EUR', creditorClosed });
    const outcomes = acceptEntries([entry(600), entry(100, true), entry(500), entry(400)], 'normal', {
      minor: 1000,
      currency: 'EUR',
    });
    expect(outcomes).toEqual([
      { status: 'ACTC' },
      { status: 'RJCT', reason: 'creditor-closed' },
      { status: 'RJCT', reason: 'funds' },
      { status: 'ACTC' },
    ]);
    expect(acceptedStatus(outcomes)).toBe('PART');
    expect(acceptedStatus([{ status: 'ACTC' }, { status: 'ACTC' }])).toBe('ACTC');
    expect(acceptedStatus([{ status: 'RJCT', reason: 'funds' }])).toBe('RJCT');
  });

  it('checks each payment of a bulk where it lies, then the debtor and the date', () => {
    const bulk = (amount: string, creditorIban?: string) => ({
      debtorAccount: { iban: 'DE02100100109307118603' },
      payments: [
        { instructedAmount: { amount: '1', currency: 'EUR' }, creditorAccount: { iban: 'DE89370400440532013000' } },
        { instructedAmount: { amount, currency: 'EUR' }, creditorAccount: { iban: creditorIban } },
      ],
    });
    expect(checkBulkTerms('sepa-credit-transfers', bulk('2', 'DE89370400440532013000'), '2026-01-10')).toBe(
      'DE02100100109307118603',
    );
    expect(() => checkBulkTerms('sepa-credit-transfers', bulk('0', 'DE89370400440532013000'), '2026-01-10')).toThrow(
      expect.objectContaining({ messages: [expect.objectContaining({ path: 'payments[1].instructedAmount.amount' })] }),
    );
    expect(() => checkBulkTerms('sepa-credit-transfers', bulk('2'), '2026-01-10')).toThrow(
      expect.objectContaining({ messages: [expect.objectContaining({ path: 'payments[1].creditorAccount.iban' })] }),
    );
    const late = { ...bulk('2', 'DE89370400440532013000'), requestedExecutionDate: '2025-01-01' };
    expect(codeOf(() => checkBulkTerms('sepa-credit-transfers', late, '2026-01-10'))).toBe('EXECUTION_DATE_INVALID');
  });
});
