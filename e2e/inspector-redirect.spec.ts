// The inspector after a redirect SCA round trip: the exchanges from before the bank's page (a full page load away) are
// still there, in the payment's flow, and neither the password nor the OTP typed at the bank shows anywhere.
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';
import { exchangeRows } from './inspector-helpers';
import { useScaProfile } from './sca-helpers';

test.describe.configure({ timeout: 90_000 });

async function openInspector(page: Page) {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
}

/** The password as a value anywhere (JSON string, form or header value); the bare word also names the sandbox. */
const passwordAsValue = new RegExp(`["'=:]\\s*${SANDBOX_PASSWORD}\\b`);

test('keeps the initiation and the status reads of a payment across the redirect to the bank and back', async ({
  page,
}) => {
  await useScaProfile(page, {
    id: 'e2e-inspector-redirect',
    name: 'Sandbox, redirect SCA',
    sca: { redirectPreferred: true },
  });
  const firstStatusRead = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/v1\/payments\/[^?]+\/status$/.test(response.url()),
  );
  const payment = await createPayment(page, {
    debtorIban: testAccounts['alice-main'].iban,
    amount: '14.70',
    remittance: 'Inspector redirect e2e',
  });
  expect((await firstStatusRead).status()).toBe(200);
  await expect(transactionStatus(page)).toContainText('RCVD');

  const loads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) loads.push(new URL(frame.url()).pathname);
  });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  // Full page loads: out to the bank's page, back through the console's callback page.
  expect(loads.some((path) => path.startsWith('/sandbox/'))).toBe(true);
  expect(loads).toContain('/callback/ok');

  await openInspector(page);
  const flow = page.getByRole('region', { name: `Payment ${payment.paymentId}` });
  const initiation = flow.getByRole('button', { name: /^POST \/v1\/payments\/sepa-credit-transfers 201 / });
  await expect(initiation).toHaveCount(1);
  await initiation.click();
  await expect(page.getByRole('region', { name: 'Request body' })).toContainText('"amount": "14.70"');
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText(payment.paymentId);

  // Status reads from both sides of the round trip: RCVD before the bank's page, authorised after it.
  const statusReads = flow.getByRole('button', {
    name: /^GET \/v1\/payments\/sepa-credit-transfers\/\S+\/status 200 /,
  });
  await expect.poll(() => statusReads.count()).toBeGreaterThanOrEqual(2);
  const seen = new Set<string>();
  const rows = await exchangeRows(flow);
  for (const row of await statusReads.and(flow.locator('button:not([aria-expanded])')).all()) {
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    const body = (await page.getByRole('region', { name: 'Response body' }).textContent()) ?? '';
    seen.add(/"transactionStatus": "(\w+)"/.exec(body)?.[1] ?? body);
  }
  expect(seen).toContain('RCVD');
  expect([...seen].some((status) => status === 'ACTC' || status === 'ACSC')).toBe(true);

  // Every exchange of the flow opened once: what the page shows never holds the password or the OTP.
  const shown: string[] = [];
  for (const row of rows) {
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    shown.push(await page.locator('body').innerText());
  }
  for (const text of shown) {
    expect(text).not.toContain(SANDBOX_OTP);
    expect(text).not.toMatch(passwordAsValue);
  }

  // The log survives a reload of the inspector itself too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: `Payment ${payment.paymentId}` })
      .getByRole('button', { name: /^POST \/v1\/payments\/sepa-credit-transfers 201 / }),
  ).toHaveCount(1);
});
