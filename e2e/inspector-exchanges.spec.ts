// The inspector: exchanges with status and detail, filters, and secrets kept out of the screen, curl copies and HAR.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { CONNECTION_CHECK_ROW } from './inspector-helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

function profileItem(page: Page, name: string) {
  return page.getByRole('list', { name: 'Bank profiles' }).getByRole('listitem', { name, exact: true });
}

/** Through the console's navigation, as a user gets there. */
async function openInspector(page: Page) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
}

test('lists the connection check with its status and shows its headers and body', async ({ page }) => {
  await page.goto('/settings');
  const sandbox = profileItem(page, 'Embedded sandbox');
  await sandbox.getByRole('button', { name: 'Check connection' }).click();
  await expect(sandbox.getByRole('status')).toContainText('speaks XS2A');
  const requestId = (await sandbox.getByRole('status').locator('code').textContent()) ?? '';
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);

  await openInspector(page);
  const row = page.getByRole('button', { name: CONNECTION_CHECK_ROW });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('403');
  await expect(row).toContainText('getConsentStatus');
  await row.click();
  await expect(row).toHaveAttribute('aria-current', 'true');

  const requestHeaders = page.getByRole('table', { name: 'Request headers' });
  await expect(requestHeaders.getByRole('row', { name: /^X-Request-ID/i })).toContainText(requestId);
  await expect(requestHeaders.getByRole('row', { name: /PSU-IP-Address/i })).toContainText('192.168.0.10');
  const responseHeaders = page.getByRole('table', { name: 'Response headers' });
  await expect(responseHeaders.getByRole('row', { name: /^x-request-id/i })).toContainText(requestId);
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText('"code": "CONSENT_UNKNOWN"');

  // Filters: a status class with no match, then the text of the request id.
  await page.getByLabel('Status').selectOption('2xx');
  await expect(page.getByText('No exchange matches the filter.')).toBeVisible();
  await page.getByLabel('Status').selectOption('4xx');
  await page.getByLabel('Filter').fill(requestId.slice(0, 8));
  await expect(page.getByRole('button', { name: CONNECTION_CHECK_ROW })).toHaveCount(1);
  await page.getByLabel('Filter').fill('no-such-exchange');
  await expect(page.getByText('No exchange matches the filter.')).toBeVisible();
  await page.getByLabel('Filter').fill('');

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Exchanges, newest first' }).getByRole('button')).toHaveCount(1);

  await page.getByRole('button', { name: 'Clear log' }).click();
  await expect(page.getByText('Nothing yet.')).toBeVisible();
});

test('never shows, copies or exports the bearer token', async ({ page, baseURL }) => {
  const token = `e2e-secret-${randomUUID()}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill('Sandbox with token');
  await form.getByLabel('base_url').fill(`${baseURL}/sandbox`);
  await form.getByLabel('Bearer token').fill(token);
  await expect(form.getByLabel('Bearer token')).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Save profile' }).click();

  const item = profileItem(page, 'Sandbox with token');
  await expect(item).toContainText('bearer token set');
  await expect(item).not.toContainText(token);
  await item.getByRole('button', { name: 'Check connection' }).click();
  await expect(item.getByRole('status')).toContainText('speaks XS2A');

  await openInspector(page);
  await page.getByRole('button', { name: CONNECTION_CHECK_ROW }).click();
  const requestHeaders = page.getByRole('table', { name: 'Request headers' });
  await expect(requestHeaders.getByRole('row', { name: /Authorization/i })).toContainText('[redacted]');
  await expect(page.locator('body')).not.toContainText(token);

  await page.getByRole('button', { name: 'Copy as curl' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toMatch(/^curl -X 'GET' 'http:\/\/127\.0\.0\.1:\d+\/sandbox\/v1\/consents\/connection-check-/);
  expect(curl).toMatch(/-H '[Aa]uthorization: \[redacted\]'/);
  expect(curl).not.toContain(token);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('xs2a-console.har');
  const text = await readFile(await download.path(), 'utf8');
  expect(text).not.toContain(token);
  const har = JSON.parse(text) as {
    log: {
      version: string;
      creator: { name: string };
      entries: { request: { headers: { name: string; value: string }[] }; response: { status: number } }[];
    };
  };
  expect(har.log.version).toBe('1.2');
  expect(har.log.creator.name).toBe('XS2A Console');
  expect(har.log.entries).toHaveLength(1);
  expect(har.log.entries[0]?.response.status).toBe(403);
  const authorization = har.log.entries[0]?.request.headers.find(
    (header) => header.name.toLowerCase() === 'authorization',
  );
  expect(authorization?.value).toBe('[redacted]');
});
