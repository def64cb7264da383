// Bank profiles in Settings: field validation, save and switch, export and import, the built-in profile, connection check.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';

async function openNewProfile(page: Page) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'New profile' }).click();
  return page.getByRole('form', { name: 'New profile' });
}

function profileItem(page: Page, name: string) {
  return page.getByRole('list', { name: 'Bank profiles' }).getByRole('listitem', { name, exact: true });
}

test('refuses a base_url that is not a URL and a PSU-IP-Address that is not an IP at the field, keeping the input', async ({
  page,
}) => {
  const form = await openNewProfile(page);
  await form.getByLabel('Name').fill('Broken bank');
  await form.getByLabel('base_url').fill('bank.example/psd2');
  await form.getByLabel('PSU-IP-Address').fill('300.1.2.3');
  await form.getByRole('button', { name: 'Save profile' }).click();

  await expect(form.getByRole('alert')).toContainText('2 fields need a change');
  const baseUrl = form.getByLabel('base_url');
  await expect(baseUrl).toHaveValue('bank.example/psd2');
  await expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
  await expect(baseUrl).toHaveAccessibleDescription(/base_url must be an http:\/\/ or https:\/\/ URL/);
  const ip = form.getByLabel('PSU-IP-Address');
  await expect(ip).toHaveValue('300.1.2.3');
  await expect(ip).toHaveAttribute('aria-invalid', 'true');
  await expect(ip).toHaveAccessibleDescription(/PSU-IP-Address must be an IPv4 or IPv6 address/);
  // The first field to fix has the keyboard.
  await expect(baseUrl).toBeFocused();
  await expect(profileItem(page, 'Broken bank')).toHaveCount(0);

  // Fixing a field clears its message as the user types.
  await baseUrl.fill('https://bank.example/psd2');
  await expect(baseUrl).not.toHaveAttribute('aria-invalid');
  await expect(ip).toHaveAttribute('aria-invalid', 'true');
  await ip.fill('2001:db8::10');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the profile “Broken bank”' })).toBeVisible();
  await expect(profileItem(page, 'Broken bank')).toContainText('https://bank.example/psd2');
});

test('saves a profile, switches to it in the header, exports it and imports it back', async ({ page, baseURL }) => {
  const form = await openNewProfile(page);
  await form.getByLabel('Name').fill('Sandbox as alice');
  await form.getByLabel('base_url').fill(`${baseURL}/sandbox`);
  await form.getByLabel('PSU-ID', { exact: true }).fill('alice');
  await form.getByLabel('TPP-Redirect-Preferred').selectOption('false');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(profileItem(page, 'Sandbox as alice')).toContainText('PSU-ID alice');
  await expect(profileItem(page, 'Sandbox as alice')).toContainText('TPP-Redirect-Preferred false');

  const switcher = page.getByRole('banner').getByLabel('Bank profile');
  await switcher.selectOption({ label: 'Sandbox as alice' });
  await expect(switcher.locator('option:checked')).toHaveText('Sandbox as alice');
  await expect(profileItem(page, 'Sandbox as alice').getByText('Active', { exact: true })).toBeVisible();
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('banner').getByLabel('Bank profile').locator('option:checked')).toHaveText(
    'Sandbox as alice',
  );

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export profiles' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('xs2a-console-profiles.json');
  const file = await download.path();
  const exported = JSON.parse(await readFile(file, 'utf8')) as { profiles: { name: string; baseUrl: string }[] };
  expect(exported.profiles).toEqual([
    expect.objectContaining({ name: 'Sandbox as alice', baseUrl: `${baseURL}/sandbox` }),
  ]);

  // Delete it (after a confirmation), then bring it back from the file.
  const item = profileItem(page, 'Sandbox as alice');
  await item.getByRole('button', { name: 'Delete Sandbox as alice' }).click();
  await item.getByRole('button', { name: 'Delete profile' }).click();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('banner').getByLabel('Bank profile').locator('option:checked')).toHaveText(
    'Embedded sandbox',
  );

  await page.getByLabel('Import from a file').setInputFiles(file);
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 profile from' })).toBeVisible();
  await expect(profileItem(page, 'Sandbox as alice')).toContainText('PSU-ID alice');
  await expect(page.getByRole('banner').getByLabel('Bank profile').getByRole('option')).toHaveText([
    'Embedded sandbox',
    'Sandbox as alice',
  ]);
});

test('explains a bad import in plain words and imports nothing', async ({ page }) => {
  await page.goto('/settings');
  const pasted = page.getByLabel('Or paste exported JSON');
  await pasted.fill('{ "profiles": [ { "name": "No URL" } ');
  await page.getByRole('button', { name: 'Import pasted JSON' }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing was imported');
  await expect(page.getByRole('alert')).toContainText('not valid JSON');

  await pasted.fill('{ "profiles": [ { "name": "No URL", "psuHeaders": {}, "sca": {} } ] }');
  await page.getByRole('button', { name: 'Import pasted JSON' }).click();
  await expect(page.getByRole('alert')).toContainText('base_url');
  await expect(pasted).toHaveValue(/No URL/);
  await expect(profileItem(page, 'No URL')).toHaveCount(0);
});

test('the built-in sandbox profile cannot be deleted', async ({ page }) => {
  await page.goto('/settings');
  const sandbox = profileItem(page, 'Embedded sandbox');
  await expect(sandbox).toContainText('Built-in: cannot be deleted');
  await expect(sandbox.getByRole('button', { name: /Delete/ })).toHaveCount(0);
  await expect(sandbox.getByRole('button', { name: 'Edit Embedded sandbox' })).toBeVisible();
  // Editing keeps its name and base_url fixed.
  await sandbox.getByRole('button', { name: 'Edit Embedded sandbox' }).click();
  const form = page.getByRole('form', { name: 'Edit profile: Embedded sandbox' });
  await expect(form.getByLabel('base_url')).toHaveAttribute('readonly', '');
});

test('"Check connection" says the sandbox answered and speaks XS2A', async ({ page }) => {
  await page.goto('/settings');
  const sandbox = profileItem(page, 'Embedded sandbox');
  await sandbox.getByRole('button', { name: 'Check connection' }).click();
  await expect(sandbox.getByRole('status')).toContainText('The bank answered and speaks XS2A');
  await expect(sandbox.getByRole('status')).toContainText('CONSENT_UNKNOWN');
});

test('"Check connection" tells a wrong base_url and an unreachable bank apart', async ({ page, baseURL }) => {
  await page.goto('/settings');
  await page.getByLabel('Or paste exported JSON').fill(
    JSON.stringify({
      profiles: [
        { id: 'no-prefix', name: 'Missing prefix', baseUrl: baseURL, psuHeaders: {}, sca: {} },
        { id: 'nowhere', name: 'Nowhere', baseUrl: 'http://127.0.0.1:9/psd2', psuHeaders: {}, sca: {} },
      ],
    }),
  );
  await page.getByRole('button', { name: 'Import pasted JSON' }).click();

  const wrong = profileItem(page, 'Missing prefix');
  await wrong.getByRole('button', { name: 'Check connection' }).click();
  // The console's server answers 404 under /v1 outside the sandbox: no XS2A error body, so the base_url is suspect.
  await expect(wrong.getByRole('status')).toContainText('without an XS2A error body');
  await expect(wrong.getByRole('status')).toContainText('The base_url may be wrong');

  const nowhere = profileItem(page, 'Nowhere');
  await nowhere.getByRole('button', { name: 'Check connection' }).click();
  await expect(nowhere.getByRole('status')).toContainText('could not be reached', { timeout: 15_000 });
  await expect(nowhere.getByRole('status')).toContainText('CORS');
});
