import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../flows/history';
import { payeeWords } from './format';
import { createPaymentHistory } from './payment-history';

const ref = { service: 'bulk-payments', product: 'sepa-credit-transfers', paymentId: 'b1' };
const payment = (amount: string, creditorName: string, currency = 'EUR') => ({
  instructedAmount: { amount, currency },
  creditorAccount: { iban: 'DE02100100109307118603' },
  creditorName,
});

describe('a bulk in the payment history', () => {
  it('keeps its sum, its first creditor and how many payments it orders', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    const body = {
      debtorAccount: { iban: 'DE89370400440532013000' },
      payments: [payment('12.50', 'Boulangerie Exemple'), payment('3', 'Kiosk'), payment('0.05', 'Erik Brandt')],
    };
    history.addCreated('bank', ref, body, { status: 'RCVD', links: {} }, 1);
    const entry = history.get('bank', ref);
    expect(entry).toMatchObject({
      amount: '15.55',
      currency: 'EUR',
      creditorName: 'Boulangerie Exemple',
      paymentCount: 3,
      debtorIban: 'DE89370400440532013000',
    });
    expect(entry && payeeWords(entry, (name) => name.toUpperCase())).toBe('BOULANGERIE EXEMPLE and 2 more');
  });

  it('gives no sum for payments in several currencies', () => {
    const storage = memoryStorage();
    const history = createPaymentHistory(() => storage);
    const body = { payments: [payment('1', 'A'), payment('2', 'B', 'USD')] };
    history.addCreated('bank', ref, body, { status: 'RCVD', links: {} }, 1);
    expect(history.get('bank', ref)).toMatchObject({ amount: '', currency: '', paymentCount: 2 });
    expect(payeeWords({ creditorName: 'Kiosk' }, (name) => name)).toBe('Kiosk');
  });
});
