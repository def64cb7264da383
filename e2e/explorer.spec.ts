// The operation explorer: every operation listed, requests edited and sent to the sandbox through the console's client,
// the bank's refusals shown where they point, and the request copied as code that runs.
import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from './test';

const run = promisify(execFile);

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Through the console's navigation, as a user gets there. */
async function openExplorer(page: Page) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Explore' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Explore the API' })).toBeVisible();
}

async function openOperation(page: Page, title: string) {
  await page.getByRole('link', { name: new RegExp(`^${title}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
}

function answer(page: Page) {
  return page.getByRole('region', { name: 'Answer' });
}

function headerValue(page: Page, name: string) {
  return page.getByRole('textbox', { name: `Value of ${name}` });
}

async function removeHeader(page: Page, name: string) {
  await page.getByRole('button', { name: `Remove ${name}` }).click();
}

test('lists every operation in the spec’s groups and sends a consent request as prefilled', async ({ page }) => {
  await openExplorer(page);
  for (const group of ['Payment initiation (PIS)', 'Account information (AIS)', /Authorisations and update PSU data/]) {
    await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
  }
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(25);

  await openOperation(page, 'Create a consent');
  await expect(page.getByText(/required X-Request-ID, PSU-IP-Address/)).toBeVisible();
  await expect(headerValue(page, 'X-Request-ID')).toHaveValue(/^[0-9a-f-]{36}$/);
  await expect(headerValue(page, 'PSU-IP-Address')).toHaveValue('192.168.0.10');
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(answer(page).getByText('201 Created')).toBeVisible();
  await expect(answer(page).getByText('No deviation from the 1.3.12 answer')).toBeVisible();
  // The answer's _links, each opening the operation it starts.
  await answer(page)
    .getByRole('link', { name: /^scaStatus: / })
    .click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Read the SCA status of a consent’s authorisation' }),
  ).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'authorisationId' })).toHaveValue(/^auth-/);
});

test('a removed PSU-IP-Address on POST /v1/consents gets the bank’s FORMAT_ERROR at the header', async ({ page }) => {
  await page.goto('/explore/createConsent');
  await removeHeader(page, 'PSU-IP-Address');
  await expect(page.getByText('1.3.12 requires PSU-IP-Address')).toBeVisible();
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(answer(page).getByText('400 Bad Request')).toBeVisible();
  const headers = page.getByRole('group', { name: 'Headers' });
  await expect(headers.getByText(/The bank: FORMAT_ERROR/)).toBeVisible();
  await expect(headers.getByRole('button', { name: 'Add header PSU-IP-Address' })).toBeVisible();
});

const LANGUAGES = ['curl', 'JavaScript fetch', 'Node.js', 'Python requests', 'Java (java.net.http)', 'C# HttpClient'];

/** Copies the request as code in `language` and gives what the clipboard got. */
async function copyCode(page: Page, language: string): Promise<string> {
  const section = page.getByRole('region', { name: 'Copy as code' });
  await section.getByLabel('Language').selectOption({ label: language });
  await expect(section.getByRole('textbox', { name: `${language} code` })).not.toHaveValue('Making the code…');
  await section.getByRole('button', { name: `Copy ${language}` }).click();
  await expect(section.getByRole('status')).toHaveText('Copied');
  return page.evaluate(() => navigator.clipboard.readText());
}

test('copies a POST with its body in every language; the curl and Node code create a consent at the sandbox', async ({
  page,
}) => {
  await page.goto('/explore/createConsent');
  const shownId = await headerValue(page, 'X-Request-ID').inputValue();
  const dir = await mkdtemp(join(tmpdir(), 'explorer-code-'));
  const copies: Record<string, string> = {};
  for (const language of LANGUAGES) {
    const code = await copyCode(page, language);
    expect(code, language).toContain('/sandbox/v1/consents');
    expect(code, language).toContain('recurringIndicator');
    expect(code, language).toContain('PSU-IP-Address');
    expect(code, language).not.toContain(shownId);
    copies[language] = code;
  }
  const curlFile = join(dir, 'create-consent.sh');
  await writeFile(curlFile, `${copies.curl ?? ''} --fail-with-body --silent\n`);
  const curl = await run('sh', [curlFile]);
  expect(JSON.parse(curl.stdout)).toMatchObject({ consentStatus: 'received' });

  const nodeFile = join(dir, 'create-consent.mjs');
  await writeFile(nodeFile, copies['Node.js'] ?? '');
  // Playwright's FORCE_COLOR would colour what the code prints.
  const { FORCE_COLOR: _colour, ...env } = process.env;
  const node = await run('node', [nodeFile], { env: { ...env, NO_COLOR: '1' } });
  expect(node.stdout).toContain("consentStatus: 'received'");
});
