// A consent the PSU's SCA rejected: the console flags it before any account read, and the bank refuses reads with it.
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { dedicated, isoDay, useActiveConsent } from './accounts-helpers';
import { SANDBOX, SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';

const daveMain = testAccounts['dave-main'];

/** dave's SCA always fails: the consent ends rejected. */
async function rejectedConsent(request: APIRequestContext): Promise<string> {
  const headers = () => ({ 'X-Request-ID': randomUUID(), 'PSU-IP-Address': '192.168.0.10', 'PSU-ID': 'dave' });
  const created = await request.post(`${SANDBOX}/v1/consents`, {
    headers: { ...headers(), 'TPP-Redirect-Preferred': 'false' },
    data: {
      access: dedicated(daveMain.iban),
      recurringIndicator: false,
      validUntil: isoDay(7),
      frequencyPerDay: 1,
      combinedServiceIndicator: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const consent = (await created.json()) as { consentId: string; _links: Record<string, { href: string }> };
  let answer = (await (
    await request.post(consent._links.startAuthorisationWithPsuAuthentication?.href ?? '', {
      headers: headers(),
      data: { psuData: { password: SANDBOX_PASSWORD } },
    })
  ).json()) as { scaStatus: string; _links?: Record<string, { href: string }> };
  if (answer._links?.selectAuthenticationMethod) {
    answer = (await (
      await request.put(answer._links.selectAuthenticationMethod.href, {
        headers: headers(),
        data: { authenticationMethodId: 'sms' },
      })
    ).json()) as typeof answer;
  }
  const last = await request.put(answer._links?.authoriseTransaction?.href ?? '', {
    headers: headers(),
    data: { scaAuthenticationData: SANDBOX_OTP },
  });
  expect(((await last.json()) as { scaStatus: string }).scaStatus).toBe('failed');
  const status = await request.get(`${SANDBOX}/v1/consents/${consent.consentId}/status`, { headers: headers() });
  expect(((await status.json()) as { consentStatus: string }).consentStatus).toBe('rejected');
  return consent.consentId;
}

test('a rejected consent is flagged before any read, and the bank refuses reads with it', async ({ page, request }) => {
  const consentId = await rejectedConsent(request);
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
  const read = await request.get(`${SANDBOX}/v1/accounts`, {
    headers: { 'X-Request-ID': randomUUID(), 'Consent-ID': consentId, 'PSU-IP-Address': '192.168.0.10' },
  });
  expect(read.status()).toBe(401);
  expect(JSON.stringify(await read.json())).toContain('CONSENT_INVALID');
});
