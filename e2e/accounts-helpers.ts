// Helpers for the accounts specs: a valid consent got over the sandbox's API (embedded SCA, as a TPP without a browser
// would), made the active consent of a bank profile before the console loads, and the account page's parts.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SANDBOX, SANDBOX_OTP, SANDBOX_PASSWORD } from './fixtures';

export type ConsentAccess =
  | { allPsd2: 'allAccounts' | 'allAccountsWithOwnerName' }
  | { accounts?: { iban: string }[]; balances?: { iban: string }[]; transactions?: { iban: string }[] };

export interface ApiConsentInput {
  psu: 'alice' | 'bob';
  access: ConsentAccess;
  /** Default false with frequencyPerDay 1: a one-off consent never expires another test's recurring one. */
  recurring?: boolean;
  frequencyPerDay?: number;
}

/** ISO date `days` from today (UTC), as the sandbox compares dates. */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A dedicated consent for one IBAN: its details, balances and transactions. */
export function dedicated(iban: string): ConsentAccess {
  return { accounts: [{ iban }], balances: [{ iban }], transactions: [{ iban }] };
}

/** Creates a consent and authorises it with embedded SCA (password, SMS method, OTP); returns its consentId. */
export async function validConsentViaApi(request: APIRequestContext, input: ApiConsentInput): Promise<string> {
  const headers = () => ({
    'X-Request-ID': randomUUID(),
    'Content-Type': 'application/json',
    'PSU-IP-Address': '192.168.0.10',
    'PSU-ID': input.psu,
  });
  const created = await request.post(`${SANDBOX}/v1/consents`, {
    headers: { ...headers(), 'TPP-Redirect-Preferred': 'false' },
    data: {
      access: input.access,
      recurringIndicator: input.recurring ?? false,
      validUntil: isoDay(30),
      frequencyPerDay: input.frequencyPerDay ?? 1,
      combinedServiceIndicator: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const consent = (await created.json()) as { consentId: string; _links: Record<string, { href: string }> };
  const step = async (method: 'post' | 'put', href: string | undefined, data: unknown) => {
    expect(href, 'the bank offers the next SCA step').toBeDefined();
    const answer = await request[method](href ?? '', { headers: headers(), data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as { scaStatus: string; _links?: Record<string, { href: string }> };
  };
  let answer = await step('post', consent._links.startAuthorisationWithPsuAuthentication?.href, {
    psuData: { password: SANDBOX_PASSWORD },
  });
  if (answer._links?.selectAuthenticationMethod) {
    answer = await step('put', answer._links.selectAuthenticationMethod.href, { authenticationMethodId: 'sms' });
  }
  answer = await step('put', answer._links?.authoriseTransaction?.href, { scaAuthenticationData: SANDBOX_OTP });
  expect(answer.scaStatus).toBe('finalised');
  return consent.consentId;
}

/** Deletes a consent at the bank (DELETE /v1/consents/{consentId}: 204, then terminatedByTpp). */
export async function deleteConsentViaApi(request: APIRequestContext, consentId: string): Promise<void> {
  const answer = await request.delete(`${SANDBOX}/v1/consents/${consentId}`, {
    headers: { 'X-Request-ID': randomUUID() },
  });
  expect(answer.status()).toBe(204);
}

/**
 * Makes `consentId` the active consent of the bank profile `profileId` before the console's scripts run (the
 * `xs2a-console.active-consent.v1` storage format of src/api). Only on the console's own pages.
 */
export async function useActiveConsent(page: Page, consentId: string, profileId = 'sandbox'): Promise<void> {
  await page.addInitScript(
    ({ consentId, profileId }) => {
      if (window.location.pathname.startsWith('/sandbox')) return;
      window.localStorage.setItem('xs2a-console.active-consent.v1', JSON.stringify({ [profileId]: consentId }));
    },
    { consentId, profileId },
  );
}

/** The account page's transaction table (its scrollable region and the table in it). */
export function transactionsTable(page: Page): { region: Locator; table: Locator } {
  const region = page.getByRole('region', { name: /^Transactions from .* \(scrollable\)$/ });
  return { region, table: region.getByRole('table') };
}

/** The status line above the transaction table ("100 entries on this page …", "All 100 pages loaded …"). */
export function reportStatus(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /entries|Reading the (transactions|page)/ });
}

/** Fills and submits the transaction report's query. */
export async function showTransactions(
  page: Page,
  query: { dateFrom: string; dateTo?: string; bookingStatus?: 'both' | 'booked' | 'pending' },
): Promise<void> {
  const form = page.getByRole('form', { name: 'Transaction report' });
  await form.getByLabel('From (dateFrom)').fill(query.dateFrom);
  await form.getByLabel('To (dateTo)').fill(query.dateTo ?? isoDay(0));
  if (query.bookingStatus) await form.getByLabel('Booking status (bookingStatus)').selectOption(query.bookingStatus);
  await form.getByRole('button', { name: 'Show transactions' }).click();
}
