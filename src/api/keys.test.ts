import { describe, expect, it } from 'vitest';
import {
  accountKeys,
  authorisationKeys,
  consentKeys,
  flowOf,
  parentKeysOf,
  paymentKeys,
  type AuthorisationScope,
} from './keys';

const payment: AuthorisationScope = {
  kind: 'payment',
  service: 'payments',
  product: 'sepa-credit-transfers',
  paymentId: 'p1',
};
const cancellation: AuthorisationScope = { ...payment, kind: 'payment-cancellation' };
const consent: AuthorisationScope = { kind: 'consent', consentId: 'c1' };

/** Whether `prefix` is a prefix of `key`, the way React Query matches keys for invalidation. */
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
  prefix.every((part, i) => JSON.stringify(part) === JSON.stringify(key[i]));

describe('query keys', () => {
  it('start with the profile id', () => {
    const keys = [
      paymentKeys.all('prof'),
      paymentKeys.detail('prof', 'payments', 'sepa-credit-transfers', 'p1'),
      paymentKeys.status('prof', 'payments', 'sepa-credit-transfers', 'p1'),
      authorisationKeys.list('prof', payment),
      authorisationKeys.scaStatus('prof', consent, 'a1'),
      consentKeys.detail('prof', 'c1'),
      consentKeys.status('prof', 'c1'),
      accountKeys.list('prof', 'c1', true),
      accountKeys.transactions('prof', 'c1', 'acc', { bookingStatus: 'booked' }),
    ];
    for (const key of keys) expect(key[0]).toBe('prof');
  });

  it('carry the consent id in every account key, under accountKeys.all', () => {
    const all = accountKeys.all('prof', 'c1');
    const keys = [
      accountKeys.list('prof', 'c1', false),
      accountKeys.detail('prof', 'c1', 'acc', true),
      accountKeys.balances('prof', 'c1', 'acc'),
      accountKeys.transactions('prof', 'c1', 'acc', { bookingStatus: 'both', dateFrom: '2024-01-01' }),
      accountKeys.transactionPages('prof', 'c1', 'acc', { bookingStatus: 'both', dateFrom: '2024-01-01' }),
    ];
    for (const key of keys) {
      expect(key).toContain('c1');
      expect(startsWith(key, all)).toBe(true);
      expect(startsWith(key, accountKeys.all('prof', 'c2'))).toBe(false);
      expect(startsWith(key, accountKeys.all('other', 'c1'))).toBe(false);
    }
  });

  it('tell apart what differs: balances option, filters, profile, scope kind', () => {
    expect(accountKeys.list('p', 'c', true)).not.toEqual(accountKeys.list('p', 'c', false));
    expect(accountKeys.transactions('p', 'c', 'a', { bookingStatus: 'booked' })).not.toEqual(
      accountKeys.transactions('p', 'c', 'a', { bookingStatus: 'booked', href: '/v1/accounts/a/transactions?page=2' }),
    );
    expect(accountKeys.transactionPages('p', 'c', 'a', { bookingStatus: 'booked' })).not.toEqual(
      accountKeys.transactions('p', 'c', 'a', { bookingStatus: 'booked' }),
    );
    expect(authorisationKeys.list('p', payment)).not.toEqual(authorisationKeys.list('p', cancellation));
    expect(consentKeys.detail('p', 'c1')).not.toEqual(consentKeys.detail('q', 'c1'));
  });

  it('group a resource so one prefix covers its detail and status', () => {
    const one = paymentKeys.payment('p', 'payments', 'sepa-credit-transfers', 'p1');
    expect(startsWith(paymentKeys.detail('p', 'payments', 'sepa-credit-transfers', 'p1'), one)).toBe(true);
    expect(startsWith(paymentKeys.status('p', 'payments', 'sepa-credit-transfers', 'p1'), one)).toBe(true);
    expect(startsWith(paymentKeys.status('p', 'payments', 'sepa-credit-transfers', 'p2'), one)).toBe(false);
    expect(startsWith(consentKeys.status('p', 'c1'), consentKeys.consent('p', 'c1'))).toBe(true);
    expect(startsWith(authorisationKeys.scaStatus('p', consent, 'a1'), authorisationKeys.scope('p', consent))).toBe(
      true,
    );
    expect(startsWith(authorisationKeys.list('p', consent), authorisationKeys.all('p'))).toBe(true);
  });

  it('name the parent of an authorisation and its inspector flow', () => {
    expect(parentKeysOf('p', cancellation)).toEqual([
      paymentKeys.detail('p', 'payments', 'sepa-credit-transfers', 'p1'),
      paymentKeys.status('p', 'payments', 'sepa-credit-transfers', 'p1'),
    ]);
    expect(parentKeysOf('p', consent)).toEqual([consentKeys.detail('p', 'c1'), consentKeys.status('p', 'c1')]);
    expect(flowOf(cancellation)).toBe('payment:p1');
    expect(flowOf(consent)).toBe('consent:c1');
  });
});
