// A consent the PSU's SCA rejected: the console flags it before any account read, and the bank refuses reads with it.
import type { APIRequestContext } from '@playwright/test';
import { authoriseConsentViaApi, createConsentViaApi, dedicated, useActiveConsent } from './accounts-helpers';
import { testAccounts } from './fixtures';
import { expect, test, type SandboxApi } from './test';

const daveMain = testAccounts['dave-main'];

/** dave's SCA always fails: the consent ends rejected. */
async function rejectedConsent(request: APIRequestContext, sandboxApi: SandboxApi): Promise<string> {
  const consent = await createConsentViaApi(request, { psu: 'dave', access: dedicated(daveMain.iban) });
  expect(await authoriseConsentViaApi(request, consent, 'dave')).toBe('failed');
  const status = await sandboxApi.get(`/v1/consents/${consent.consentId}/status`);
  expect(((await status.json()) as { consentStatus: string }).consentStatus).toBe('rejected');
  return consent.consentId;
}

test('a rejected consent is flagged before any read, and the bank refuses reads with it', async ({
  page,
  request,
  sandboxApi,
}) => {
  const consentId = await rejectedConsent(request, sandboxApi);
  await useActiveConsent(page, consentId);
  const reads: string[] = [];
  page.on('request', (r) => {
    if (/\/v1\/accounts(\/|$)/.test(new URL(r.url()).pathname)) reads.push(r.url());
  });

  await page.goto('/accounts');
  await expect(page.getByText('rejected').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /consent/i }).first()).toBeVisible();
  expect(reads).toEqual([]);

  // The bank says the same: 401 CONSENT_INVALID for a read with it.
  const read = await sandboxApi.get('/v1/accounts', { 'Consent-ID': consentId });
  expect(read.status()).toBe(401);
  expect(JSON.stringify(await read.json())).toContain('CONSENT_INVALID');
});
