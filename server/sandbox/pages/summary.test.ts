import { describe, expect, it } from 'vitest';
import type { AuthorisationRow, ConsentRow, PaymentRow } from '../store/schema';
import { consentSummary, paymentSummary } from './summary';

const payment = (body: unknown) =>
  ({ body: JSON.stringify(body), payment_service: 'payments', payment_product: 'sepa-credit-transfers' }) as PaymentRow;
const auth = { kind: 'authorisation' } as AuthorisationRow;
const consent = (access: unknown) =>
  ({
    access: JSON.stringify(access),
    valid_until: '2026-12-31',
    recurring_indicator: 1,
    frequency_per_day: 4,
  }) as unknown as ConsentRow;

describe('PSU page summaries', () => {
  it('show a payment’s amount, creditor and reference', async () => {
    const text = String(
      await paymentSummary(
        payment({
          instructedAmount: { currency: 'EUR', amount: '12.50' },
          creditorName: 'Bakery',
          creditorAccount: { iban: 'DE02100100109307118603' },
          remittanceInformationUnstructured: 'Rolls',
        }),
        auth,
      ),
    );
    expect(text).toContain('Approve this payment?');
    expect(text).toContain('Bakery');
    expect(text).toContain('DE02100100109307118603');
    expect(text).toContain('Rolls');
  });

  it('leave out members of another shape instead of failing', async () => {
    const text = String(await paymentSummary(payment({ creditorName: 42, creditorAccount: 'x' }), auth));
    expect(text).toContain('Approve this payment?');
    expect(text).not.toContain('42');
  });

  it('say which accounts a consent shares, or what kind of access it gives', async () => {
    const listed = String(await consentSummary(consent({ accounts: [{ iban: 'DE1' }], balances: [] })));
    expect(listed).toContain('DE1');
    expect(listed).toContain('accounts you choose at the bank');
    expect(listed).toContain('up to 4 times a day');
    const all = String(await consentSummary(consent({ allPsd2: 'allAccounts' })));
    expect(all).toContain('all your payment and card accounts');
  });

  it('name a card the consent shares by its masked PAN', async () => {
    const cards = consent({ transactions: [{ maskedPan: '453998******0580' }], balances: [{ iban: 'DE1' }] });
    const text = String(await consentSummary(cards));
    expect(text).toContain('card 453998******0580');
    expect(text).toContain('DE1');
    expect(text).not.toContain('<dd>?</dd>');
  });

  it('say “once a day”, not “up to 1 times a day”, for a recurring consent read once a day', async () => {
    const daily = String(await consentSummary({ ...consent({ allPsd2: 'allAccounts' }), frequency_per_day: 1 }));
    expect(daily).toContain('once a day');
    expect(daily).not.toContain('1 times');
  });
});
