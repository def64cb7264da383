// Profiles that send through the console server's relay: a payment reaches the sandbox, and a bank that is down or
// never answers is explained with the relay's own message.
import { createServer, type Socket } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { testAccounts } from './fixtures';
import { createPayment, transactionStatus } from './payments-helpers';
import { hangingBankPort } from './strict-helpers';

test.describe.configure({ timeout: 60_000 });

async function saveRelayProfile(page: Page, input: { name: string; baseUrl: string; relay: string }) {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill(input.name);
  await form.getByLabel('base_url').fill(input.baseUrl);
  await form.getByLabel('PSU-IP-Address').fill('192.168.0.10');
  const relay = form.getByLabel('Relay');
  await expect(relay.getByRole('option', { name: /sandbox-via-relay/ })).toHaveCount(1);
  await relay.selectOption(input.relay);
  await form.getByRole('button', { name: 'Save profile' }).click();
  const item = page
    .getByRole('list', { name: 'Bank profiles' })
    .getByRole('listitem', { name: input.name, exact: true });
  await expect(item).toContainText(`via relay ${input.relay}`);
  return item;
}

test('a payment created through the relay reaches the sandbox and gets its 201', async ({ page, baseURL }) => {
  await saveRelayProfile(page, {
    name: 'Sandbox via relay',
    baseUrl: `${baseURL}/sandbox`,
    relay: 'sandbox-via-relay',
  });
  await page.getByRole('banner').getByLabel('Bank profile').selectOption({ label: 'Sandbox via relay' });

  const initiation = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/relay/'),
  );
  await createPayment(page, { debtorIban: testAccounts['alice-main'].iban, amount: '7.30' });
  const response = await initiation;
  expect(response.status()).toBe(201);
  const sent = new URL(response.url());
  expect(sent.pathname).toBe('/relay/sandbox-via-relay');
  expect(sent.searchParams.get('url')).toBe(`${baseURL}/sandbox/v1/payments/sepa-credit-transfers`);
  await expect(transactionStatus(page)).toContainText('RCVD');

  // The inspector shows the bank's URL and the relay it went through.
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await page
    .getByRole('button', { name: /POST .*payments\/sepa-credit-transfers/ })
    .first()
    .click();
  await expect(page.getByText('via relay sandbox-via-relay')).toBeVisible();
});

test('Check connection through a relay target whose bank is down shows the relay’s message', async ({ page }) => {
  const item = await saveRelayProfile(page, {
    name: 'Bank down',
    baseUrl: 'http://127.0.0.1:2/psd2',
    relay: 'bank-down',
  });
  await item.getByRole('button', { name: 'Check connection' }).click();
  const verdict = item.getByRole('status');
  await expect(verdict).toContainText('The console’s relay could not reach the bank');
  await expect(verdict).toContainText('The bank at 127.0.0.1:2 refused the connection');
});

test('a bank that never answers times out at the relay with a plain message, and the form keeps its input', async ({
  page,
}) => {
  // Accepts the connection and the request, then says nothing.
  const sockets = new Set<Socket>();
  const bank = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => bank.listen(hangingBankPort, '127.0.0.1', resolve));
  try {
    await saveRelayProfile(page, {
      name: 'Bank hangs',
      baseUrl: `http://127.0.0.1:${hangingBankPort}/psd2`,
      relay: 'bank-hangs',
    });
    await page.getByRole('banner').getByLabel('Bank profile').selectOption({ label: 'Bank hangs' });
    await page.goto('/consents/new');
    await page.getByRole('radio', { name: 'All account information (allPsd2)' }).check();
    await page.getByLabel('Reads per day').fill('2');
    await page.getByRole('button', { name: 'Create consent' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'relay' });
    await expect(alert).toContainText('The console’s relay could not reach the bank');
    await expect(alert).toContainText(`The bank at 127.0.0.1:${hangingBankPort} did not answer within 2 s`);
    await expect(alert).toContainText('504');
    expect(sockets.size).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/consents\/new$/);
    await expect(page.getByRole('radio', { name: 'All account information (allPsd2)' })).toBeChecked();
    await expect(page.getByLabel('Reads per day')).toHaveValue('2');
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => bank.close(resolve));
  }
});
