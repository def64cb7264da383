// Helpers for the accounts specs: a valid consent got over the sandbox's API (embedded SCA, as a TPP without a browser
// would), made the active consent of a bank profile before the console loads, and the account page's parts.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { storeActiveConsent } from './console-storage';
import { SANDBOX, SANDBOX_OTP, SANDBOX_PASSWORD, xs2aHeaders } from './fixtures';

export type ConsentAccess =
  | { allPsd2: 'allAccounts' | 'allAccountsWithOwnerName' }
  | { accounts?: { iban: string }[]; balances?: { iban: string }[]; transactions?: { iban: string }[] };

export interface ApiConsentInput {
  psu: 'alice' | 'bob';
  access: ConsentAccess;
  /** Default false with frequencyPerDay 1: a one-off consent never expires another test's recurring one. */
  recurring?: boolean;
  frequencyPerDay?: number;
  /** Default 30 days from the browser's today. */
  validUntil?: string;
  /** The bank's base_url path; default the shared sandbox (a test bench: its `path`). */
  base?: string;
}

/** ISO date `days` from today (UTC), as the sandbox compares dates. */
export function isoDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A dedicated consent for one IBAN: its details, balances and transactions. */
export function dedicated(iban: string): ConsentAccess {
  return { accounts: [{ iban }], balances: [{ iban }], transactions: [{ iban }] };
}

interface CreatedConsent {
  consentId: string;
  _links: Record<string, { href: string }>;
}

/** XS2A headers for the PSU's requests (a fresh X-Request-ID each time). */
function psuHeaders(psu: string | undefined): Record<string, string> {
  return xs2aHeaders(psu ? { 'PSU-ID': psu } : {});
}

/** Creates a consent that asks for embedded SCA; returns the bank's 201 body. Without `psu`, no PSU-ID is sent. */
export async function createConsentViaApi(
  request: APIRequestContext,
  input: Omit<ApiConsentInput, 'psu'> & { psu?: string },
): Promise<CreatedConsent> {
  const created = await request.post(`${input.base ?? SANDBOX}/v1/consents`, {
    headers: { ...psuHeaders(input.psu), 'TPP-Redirect-Preferred': 'false' },
    data: {
      access: input.access,
      recurringIndicator: input.recurring ?? false,
      validUntil: input.validUntil ?? isoDay(30),
      frequencyPerDay: input.frequencyPerDay ?? 1,
      combinedServiceIndicator: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as CreatedConsent;
}

/** Goes through the consent's embedded SCA as `psu` (password, SMS method, OTP); returns the last scaStatus. */
export async function authoriseConsentViaApi(
  request: APIRequestContext,
  consent: CreatedConsent,
  psu: string,
): Promise<string> {
  const step = async (method: 'post' | 'put', href: string | undefined, data: unknown) => {
    expect(href, 'the bank offers the next SCA step').toBeDefined();
    const answer = await request[method](href ?? '', { headers: psuHeaders(psu), data });
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
  return answer.scaStatus;
}

/** Creates a consent and authorises it with embedded SCA (password, SMS method, OTP); returns its consentId. */
export async function validConsentViaApi(request: APIRequestContext, input: ApiConsentInput): Promise<string> {
  const consent = await createConsentViaApi(request, input);
  expect(await authoriseConsentViaApi(request, consent, input.psu)).toBe('finalised');
  return consent.consentId;
}

/** Deletes a consent at the bank (DELETE /v1/consents/{consentId}: 204, then terminatedByTpp). */
export async function deleteConsentViaApi(request: APIRequestContext, consentId: string): Promise<void> {
  const answer = await request.delete(`${SANDBOX}/v1/consents/${consentId}`, {
    headers: { 'X-Request-ID': randomUUID() },
  });
  expect(answer.status()).toBe(204);
}

/** Makes `consentId` the active consent of the bank profile `profileId` before the console's scripts run. */
export const useActiveConsent = storeActiveConsent;

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
