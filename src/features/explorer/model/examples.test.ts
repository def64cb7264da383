// Example bodies: on the embedded sandbox a payment is made from a test PSU's own account (the profile's PSU, else
// alice's), so it is accepted as sent; an account this browser knows comes first; other banks get a 1.3.12-style IBAN.
import { describe, expect, it } from 'vitest';
import { ConfirmationOfFunds } from '../../../xs2a';
import { bodyExamples, SANDBOX_TEST_DATA } from './examples';
import { requestBodyMembers } from './schema-members';

function debtorOf(context: Parameters<typeof bodyExamples>[1]): unknown {
  const [first] = bodyExamples('payment', context);
  return (first?.body as { debtorAccount: { iban: string } }).debtorAccount.iban;
}

describe('payment examples', () => {
  it('pay from alice’s Girokonto on the sandbox when the profile names no PSU', () => {
    expect(debtorOf({ sandbox: true })).toBe('DE16990100000010010001');
  });

  it('pay from the main account of the test PSU the profile names', () => {
    expect(debtorOf({ sandbox: true, psuId: 'bob' })).toBe(SANDBOX_TEST_DATA.mainAccounts.bob);
    expect(debtorOf({ sandbox: true, psuId: ' Carol ' })).toBe(SANDBOX_TEST_DATA.mainAccounts.carol);
  });

  it('prefer an account this browser knows, on any bank', () => {
    expect(debtorOf({ sandbox: true, iban: 'DE02120300000000202051' })).toBe('DE02120300000000202051');
    expect(debtorOf({ sandbox: false, iban: 'DE02120300000000202051' })).toBe('DE02120300000000202051');
  });

  it('use no sandbox account for another bank', () => {
    const iban = debtorOf({ sandbox: false, psuId: 'alice' });
    expect(Object.values(SANDBOX_TEST_DATA.mainAccounts)).not.toContain(iban);
  });

  it('fill the sandbox’s password and one-time password in the SCA examples, and nothing for another bank', () => {
    const sandbox = JSON.stringify(bodyExamples('updatePsuData', { sandbox: true }).map((example) => example.body));
    expect(sandbox).toContain('"password":"sandbox"');
    expect(sandbox).toContain('"scaAuthenticationData":"123456"');
    const other = JSON.stringify(bodyExamples('updatePsuData', { sandbox: false }).map((example) => example.body));
    expect(other).not.toContain('sandbox');
    expect(other).not.toContain('123456');
  });
});

describe('funds confirmation examples', () => {
  it('check the test PSU’s account on the sandbox, with and without a card, each a valid 1.3.12 body', () => {
    const examples = bodyExamples('confirmationOfFunds', { sandbox: true, psuId: 'bob' });
    expect(examples.map((example) => example.label)).toEqual([
      'Funds check on an account',
      'Funds check for a card payment',
    ]);
    for (const { body } of examples) {
      expect(body).toMatchObject({ account: { iban: SANDBOX_TEST_DATA.mainAccounts.bob } });
      expect(ConfirmationOfFunds.safeParse(body).error?.issues ?? []).toEqual([]);
    }
  });

  it('list the body’s members as 1.3.12 defines them', () => {
    expect(requestBodyMembers('confirmationOfFunds')).toEqual([
      { name: 'cardNumber', required: false },
      { name: 'account', required: true },
      { name: 'payee', required: false },
      { name: 'instructedAmount', required: true },
    ]);
  });
});

describe('signing basket examples', () => {
  it('hold this browser’s newest payments and consent that await their authorisation, empty ids where it knows too few', () => {
    const [both, paymentsOnly] = bodyExamples('signingBasket', {
      sandbox: true,
      basketMembers: { paymentIds: ['pay-3', 'pay-2', 'pay-1'], consentIds: [] },
    });
    expect(both?.body).toEqual({ paymentIds: ['pay-3', 'pay-2'], consentIds: [''] });
    expect(paymentsOnly?.body).toEqual({ paymentIds: ['pay-3', 'pay-2'] });
    expect(bodyExamples('signingBasket', { sandbox: false })[0]?.body).toEqual({
      paymentIds: ['', ''],
      consentIds: [''],
    });
  });
});
