import { describe, expect, it } from 'vitest';
import { transactionStatusCodes } from '../../../src/xs2a/status-names';
import { BankError } from './bank-error';
import {
  cancellationOpen,
  checkDebtor,
  checkPaymentTerms,
  checkServiceAndProduct,
  fundsSuffice,
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
    expect(TRANSACTION_TRANSITIONS.RCVD).toEqual(['ACTC', 'RJCT', 'CANC']);
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
  it('offers payments and periodic payments of the JSON products', () => {
    expect(checkServiceAndProduct('payments', 'sepa-credit-transfers')).toBe('payments');
    expect(codeOf(() => checkServiceAndProduct('bulk-payments', 'sepa-credit-transfers'))).toBe('SERVICE_INVALID');
    expect(codeOf(() => checkServiceAndProduct('payments', 'pain.001-sepa-credit-transfers'))).toBe('PRODUCT_UNKNOWN');
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
    const amount = { amount: '10', currency: 'EUR' };
    expect(fundsSuffice('normal', { amount: '10', currency: 'EUR' }, amount)).toBe(true);
    expect(fundsSuffice('normal', { amount: '9.99', currency: 'EUR' }, amount)).toBe(false);
    expect(fundsSuffice('normal', undefined, amount)).toBe(true);
    expect(fundsSuffice('insufficient', undefined, amount)).toBe(false);
    expect(fundsSuffice(undefined, undefined, amount)).toBe(false);
  });
});
