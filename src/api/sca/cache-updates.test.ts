// The named cache updates of an authorisation: which queries each one marks stale.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { accountKeys, authorisationKeys, basketKeys, consentKeys, paymentKeys, type AuthorisationScope } from '../keys';
import { authorisationStepTaken, authorisedResourceChanged, bankRoundTripEnded } from './cache-updates';

const payment = { service: 'payments', product: 'sepa-credit-transfers', paymentId: 'p1' } as const;
const paymentScope: AuthorisationScope = { kind: 'payment', ...payment };
const consentScope: AuthorisationScope = { kind: 'consent', consentId: 'c1' };

let queryClient: QueryClient;
let invalidateQueries: MockInstance<QueryClient['invalidateQueries']>;

function invalidated(): unknown[] {
  return invalidateQueries.mock.calls.map(([filters]) => filters?.queryKey);
}

beforeEach(() => {
  queryClient = new QueryClient();
  invalidateQueries = vi.spyOn(queryClient, 'invalidateQueries');
});
afterEach(() => queryClient.clear());

describe('SCA cache updates', () => {
  it('a step refreshes the scope’s authorisations and the detail and status of what they authorise', () => {
    authorisationStepTaken(queryClient, 'sandbox', consentScope);
    expect(invalidated()).toEqual([
      authorisationKeys.scope('sandbox', consentScope),
      consentKeys.detail('sandbox', 'c1'),
      consentKeys.status('sandbox', 'c1'),
    ]);
  });

  it('a finished authorisation refreshes all of its payment or consent', () => {
    authorisedResourceChanged(queryClient, 'sandbox', paymentScope);
    authorisedResourceChanged(queryClient, 'sandbox', { kind: 'payment-cancellation', ...payment });
    authorisedResourceChanged(queryClient, 'sandbox', consentScope);
    expect(invalidated()).toEqual([
      paymentKeys.payment('sandbox', 'payments', 'sepa-credit-transfers', 'p1'),
      paymentKeys.payment('sandbox', 'payments', 'sepa-credit-transfers', 'p1'),
      consentKeys.consent('sandbox', 'c1'),
    ]);
  });

  it('a round trip through the bank refreshes the profile’s resources, and a consent’s account data', () => {
    bankRoundTripEnded(queryClient, 'sandbox');
    const profileWide = [
      paymentKeys.all('sandbox'),
      consentKeys.all('sandbox'),
      basketKeys.all('sandbox'),
      authorisationKeys.all('sandbox'),
    ];
    expect(invalidated()).toEqual(profileWide);
    invalidateQueries.mockClear();
    bankRoundTripEnded(queryClient, 'sandbox', paymentScope);
    expect(invalidated()).toEqual(profileWide);
    invalidateQueries.mockClear();
    bankRoundTripEnded(queryClient, 'sandbox', consentScope);
    expect(invalidated()).toEqual([...profileWide, accountKeys.all('sandbox', 'c1')]);
  });
});
