// Helpers for end-to-end tests that talk to the sandbox bank's API directly, with the deterministic seed's test data.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from '../server/sandbox/seed';

export const SANDBOX = '/sandbox';
export { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts };

export function xs2aHeaders(extra: Record<string, string> = {}) {
  return {
    'X-Request-ID': randomUUID(),
    'PSU-IP-Address': '192.168.0.10',
    'Content-Type': 'application/json',
    ...extra,
  };
}

export function singlePayment(debtorIban: string, amount = '42.50') {
  return {
    instructedAmount: { currency: 'EUR', amount },
    debtorAccount: { iban: debtorIban },
    creditorName: 'Kiosk am Markt',
    creditorAccount: { iban: 'DE02100100109307118603' },
    remittanceInformationUnstructured: 'Invoice 2026-118',
  };
}

/** Initiates a payment from the API side and returns the bank's 201 body. */
export async function initiatePayment(request: APIRequestContext, headers: Record<string, string>, debtorIban: string) {
  const response = await request.post(`${SANDBOX}/v1/payments/sepa-credit-transfers`, {
    headers: xs2aHeaders(headers),
    data: singlePayment(debtorIban),
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { paymentId: string; _links: Record<string, { href: string }> };
}

export async function paymentStatus(request: APIRequestContext, paymentId: string): Promise<string> {
  const response = await request.get(`${SANDBOX}/v1/payments/sepa-credit-transfers/${paymentId}/status`, {
    headers: xs2aHeaders(),
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { transactionStatus: string }).transactionStatus;
}

/**
 * The Flow section of a payment's or consent's page, scrolled into view with its diagram drawn: the diagram's code loads
 * as the user comes near it, as on a page whose panels fill the screen.
 */
export async function flowSection(page: Page): Promise<Locator> {
  const flow = page.getByRole('region', { name: 'Flow', exact: true });
  await flow.scrollIntoViewIfNeeded();
  await expect(flow.getByText('Loading the flow diagram…')).toHaveCount(0);
  return flow;
}
