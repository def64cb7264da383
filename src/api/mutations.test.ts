// @vitest-environment happy-dom
// What each mutation hook invalidates or removes in the query cache once the bank has answered.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useDeleteConsent } from './consents/delete-consent';
import { useCreateConsent } from './consents/create-consent';
import { accountKeys, authorisationKeys, consentKeys, paymentKeys, type AuthorisationScope } from './keys';
import { useCancelPayment } from './payments/cancel-payment';
import { useInitiatePayment } from './payments/initiate-payment';
import { useStartAuthorisation } from './sca/start-authorisation';
import { useUpdatePsuData } from './sca/update-psu-data';
import { testProfile } from './test-kit';
import { answerAll, jsonResponse, networkError } from '../testing/http';

const profile = testProfile();
const payment = { service: 'payments', product: 'sepa-credit-transfers', paymentId: 'p1' } as const;
const paymentScope: AuthorisationScope = { kind: 'payment', ...payment };
const consentScope: AuthorisationScope = { kind: 'consent', consentId: 'c1' };

let queryClient: QueryClient;
let invalidateQueries: MockInstance<QueryClient['invalidateQueries']>;
let removeQueries: MockInstance<QueryClient['removeQueries']>;
function wrapper({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: queryClient }, children);
}

/** The keys invalidateQueries was called with. */
function invalidated(): unknown[] {
  return invalidateQueries.mock.calls.map(([filters]) => filters?.queryKey);
}

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  invalidateQueries = vi.spyOn(queryClient, 'invalidateQueries');
  removeQueries = vi.spyOn(queryClient, 'removeQueries');
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('mutation hooks', () => {
  it('useCancelPayment refreshes the payment (detail and status) and its cancellation authorisations', async () => {
    answerAll(new Response(null, { status: 204 }));
    const { result } = renderHook(() => useCancelPayment(), { wrapper });
    await act(() => result.current.mutateAsync({ profile, ...payment }));
    expect(invalidated()).toEqual([
      paymentKeys.payment('sandbox', 'payments', 'sepa-credit-transfers', 'p1'),
      authorisationKeys.scope('sandbox', { kind: 'payment-cancellation', ...payment }),
    ]);
  });

  it('useStartAuthorisation refreshes the scope and the payment it belongs to', async () => {
    answerAll(jsonResponse({ scaStatus: 'received', authorisationId: 'a1', _links: {} }, { status: 201 }));
    const { result } = renderHook(() => useStartAuthorisation(), { wrapper });
    await act(() => result.current.mutateAsync({ profile, scope: paymentScope }));
    expect(invalidated()).toEqual([
      authorisationKeys.scope('sandbox', paymentScope),
      paymentKeys.detail('sandbox', 'payments', 'sepa-credit-transfers', 'p1'),
      paymentKeys.status('sandbox', 'payments', 'sepa-credit-transfers', 'p1'),
    ]);
  });

  it('useUpdatePsuData refreshes the consent and its authorisations, after a wrong OTP too', async () => {
    answerAll(jsonResponse({ tppMessages: [{ category: 'ERROR', code: 'PSU_CREDENTIALS_INVALID' }] }, { status: 401 }));
    const { result } = renderHook(() => useUpdatePsuData(), { wrapper });
    await act(async () => {
      await expect(
        result.current.mutateAsync({
          profile,
          scope: consentScope,
          authorisationId: 'a1',
          step: 'authoriseTransaction',
          body: { scaAuthenticationData: '000000' },
        }),
      ).rejects.toMatchObject({ kind: 'http', status: 401 });
    });
    expect(invalidated()).toEqual([
      authorisationKeys.scope('sandbox', consentScope),
      consentKeys.detail('sandbox', 'c1'),
      consentKeys.status('sandbox', 'c1'),
    ]);
  });

  it('useDeleteConsent forgets the accounts the consent unlocked and refreshes the consent', async () => {
    queryClient.setQueryData(accountKeys.list('sandbox', 'c1', false), { accounts: [] });
    queryClient.setQueryData(accountKeys.balances('sandbox', 'c1', 'acc'), { balances: [] });
    queryClient.setQueryData(accountKeys.list('sandbox', 'c2', false), { accounts: [] });
    answerAll(new Response(null, { status: 204 }));
    const { result } = renderHook(() => useDeleteConsent(), { wrapper });
    await act(() => result.current.mutateAsync({ profile, consentId: 'c1' }));
    expect(removeQueries).toHaveBeenCalledWith({ queryKey: accountKeys.all('sandbox', 'c1') });
    expect(queryClient.getQueryData(accountKeys.list('sandbox', 'c1', false))).toBeUndefined();
    expect(queryClient.getQueryData(accountKeys.balances('sandbox', 'c1', 'acc'))).toBeUndefined();
    expect(queryClient.getQueryData(accountKeys.list('sandbox', 'c2', false))).toEqual({ accounts: [] });
    expect(invalidated()).toEqual([
      consentKeys.consent('sandbox', 'c1'),
      authorisationKeys.scope('sandbox', consentScope),
    ]);
  });

  it('invalidates nothing when a mutation fails before the bank changed anything', async () => {
    answerAll(networkError);
    const { result } = renderHook(() => useDeleteConsent(), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync({ profile, consentId: 'c1' })).rejects.toMatchObject({ kind: 'network' });
    });
    expect(invalidateQueries).not.toHaveBeenCalled();
    expect(removeQueries).not.toHaveBeenCalled();
  });

  it('creating a payment or a consent invalidates nothing', async () => {
    answerAll(
      jsonResponse(
        { transactionStatus: 'RCVD', paymentId: 'p2', consentStatus: 'received', consentId: 'c2', _links: {} },
        { status: 201 },
      ),
    );
    const initiate = renderHook(() => useInitiatePayment(), { wrapper });
    const create = renderHook(() => useCreateConsent(), { wrapper });
    await act(() =>
      initiate.result.current.mutateAsync({
        profile,
        service: 'payments',
        product: 'sepa-credit-transfers',
        body: {
          debtorAccount: { iban: 'DE16990100000010010001' },
          instructedAmount: { currency: 'EUR', amount: '1' },
          creditorAccount: { iban: 'DE49990100000020020001' },
          creditorName: 'Bob',
        },
      }),
    );
    await act(() =>
      create.result.current.mutateAsync({
        profile,
        body: {
          access: { allPsd2: 'allAccounts' },
          recurringIndicator: false,
          validUntil: '2030-01-01',
          frequencyPerDay: 1,
          combinedServiceIndicator: false,
        },
      }),
    );
    expect(invalidateQueries).not.toHaveBeenCalled();
  });
});
