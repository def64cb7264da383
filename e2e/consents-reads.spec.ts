// The console's own count of reads without the PSU: a profile that sends no PSU-IP-Address creates a one-off consent
// (giving the address for that request only), reads accounts with it until the bank answers ACCESS_EXCEEDED, and the
// consent page shows the reads used today and what to do.
import { expect, test } from '@playwright/test';
import { createConsentThroughUi, fillConsentForm, useConsentProfile } from './consents-helpers';

test('reads without the PSU: counted against frequencyPerDay, then ACCESS_EXCEEDED explained on the consent page', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await useConsentProfile(page, {
    id: 'e2e-consents-psu-absent',
    name: 'Sandbox, PSU not present',
    psuIpAddress: null,
  });

  // POST /v1/consents needs PSU-IP-Address: the form asks for it when the profile sends none.
  await fillConsentForm(page, { access: 'allPsd2', recurring: false });
  await page.getByRole('button', { name: 'Create consent' }).click();
  const ip = page.getByLabel('PSU-IP-Address for this request');
  await expect(ip).toBeFocused();
  await expect(ip).toHaveAttribute('aria-invalid', 'true');
  await expect(ip).toHaveAccessibleDescription(/requires PSU-IP-Address and this profile sends none/);
  await expect(page).toHaveURL(/\/consents\/new$/);

  const consentId = await createConsentThroughUi(page, {
    access: 'allPsd2',
    recurring: false,
    psu: 'carol',
    psuIpAddress: '192.168.0.10',
  });
  const reads = page.getByRole('region', { name: 'Reads without the PSU today' });
  await expect(reads).toContainText('0 of 1 allowed reads');
  await expect(reads).toContainText('sends no PSU-IP-Address, so each of its account reads counts');
  await expect(reads.getByRole('meter', { name: 'Reads used today' })).toHaveAttribute('aria-valuenow', '0');

  // The accounts pages read with the active consent, without the PSU: the first read is allowed, the next refused.
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByText('DE82 9901 0000 0030 0300 01').first()).toBeVisible();
  await page.getByLabel('With balances').check();
  await expect(page.getByText('ACCESS_EXCEEDED').first()).toBeVisible();

  await page.getByRole('banner').getByRole('group', { name: 'Active consent' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/consents/${consentId}$`));
  await expect(reads).toContainText('1 of 1 allowed read');
  await expect(reads).toContainText('used up for today');
  await expect(reads.getByRole('meter', { name: 'Reads used today' })).toHaveAttribute('aria-valuenow', '1');
  await expect(reads).toContainText('Last refusal of an account read: ACCESS_EXCEEDED (HTTP 429)');
  await expect(reads).toContainText('Wait until tomorrow');

  // The count survives a reload, and the exchanges the inspector restores are not counted again.
  await page.reload();
  await expect(reads).toContainText('1 of 1 allowed read');
});
