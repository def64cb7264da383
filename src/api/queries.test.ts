// @vitest-environment happy-dom
// The read hooks: their cache keys, and the Xs2aResult they hand to a page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAccounts } from './accounts/list-accounts';
import { Xs2aError } from './errors';
import { accountKeys, paymentKeys } from './keys';
import { usePaymentStatus } from './payments/get-payment-status';
import { testProfile } from './test-kit';
import { answerAll, jsonResponse, sent, sentCount } from '../testing/http';

let queryClient: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client: queryClient }, children);

beforeEach(() => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('read hooks', () => {
  it('cache the result under the profile and consent, with status, request id and deviations', async () => {
    answerAll(jsonResponse({ accounts: [{ resourceId: 'acc-1', currency: 'EUR' }] }));
    const profile = testProfile({ id: 'bank-a' });
    const { result } = renderHook(() => useAccounts({ profile, consentId: 'c1', withBalance: true }), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({
      status: 200,
      body: { accounts: [{ resourceId: 'acc-1' }] },
      deviations: [],
    });
    expect(result.current.data?.requestId).toBe((await sent()).headers.get('X-Request-ID'));
    expect(queryClient.getQueryData(accountKeys.list('bank-a', 'c1', true))).toBe(result.current.data);
    expect((await sent()).url).toBe('https://console.example/sandbox/v1/accounts?withBalance=true');
  });

  it('hand an Xs2aError to the page, and wait while disabled', async () => {
    answerAll(jsonResponse({ tppMessages: [{ category: 'ERROR', code: 'RESOURCE_UNKNOWN' }] }, { status: 403 }));
    const variables = {
      profile: testProfile(),
      service: 'payments',
      product: 'sepa-credit-transfers',
      paymentId: 'nope',
    } as const;
    const { result, rerender } = renderHook(({ enabled }) => usePaymentStatus(variables, { enabled }), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(sentCount()).toBe(0);
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(Xs2aError);
    expect(
      queryClient.getQueryState(paymentKeys.status('sandbox', 'payments', 'sepa-credit-transfers', 'nope'))?.status,
    ).toBe('error');
  });
});
