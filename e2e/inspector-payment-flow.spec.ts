// The inspector after a payment with embedded SCA: one flow holds the payment's exchanges; password and OTP stay hidden.
import { readFile } from 'node:fs/promises';
import { expect, sandboxProfile, test } from './test';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { createPayment, transactionStatus } from './payments-helpers';
import { exchangeRows } from './inspector-helpers';
import { authorisePanel } from './sca-helpers';

test.describe.configure({ timeout: 90_000 });
test.use({ bankProfile: sandboxProfile('e2e-inspector', 'Sandbox, embedded', { redirectPreferred: false }) });

test('groups a payment and its embedded SCA in one flow, with psuData and the OTP redacted', async ({ page }) => {
  const payment = await createPayment(page, {
    debtorIban: testAccounts['alice-main'].iban,
    amount: '8.20',
    remittance: 'Inspector e2e',
  });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  const methods = panel.getByRole('group', { name: 'SCA method' });
  await methods.getByRole('radio').first().check();
  await panel.getByRole('button', { name: 'Use this method' }).click();
  await panel.getByLabel('One-time password').fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  const flow = page.getByRole('region', { name: `Payment ${payment.paymentId}` });
  const initiation = flow.getByRole('button', { name: /^POST \/v1\/payments\/sepa-credit-transfers 201 / });
  await expect(initiation).toContainText('201');
  await initiation.click();
  await expect(page.getByRole('region', { name: 'Request body' })).toContainText('"amount": "8.20"');
  await expect(page.getByRole('region', { name: 'Response body' })).toContainText(payment.paymentId);

  // Every request body of the flow: the password and the OTP are shown as [redacted], never as typed.
  // The exchanges' rows (the group's heading also offers an export).
  await expect(flow.getByRole('button', { name: /^PUT / })).not.toHaveCount(0);
  const bodies: string[] = [];
  for (const row of await exchangeRows(flow)) {
    await row.click();
    await expect(row).toHaveAttribute('aria-current', 'true');
    const body = page.getByRole('region', { name: 'Request body' });
    if ((await body.count()) > 0) bodies.push((await body.textContent()) ?? '');
  }
  expect(bodies.some((body) => body.includes('"password": "[redacted]"'))).toBe(true);
  expect(bodies.some((body) => body.includes('"scaAuthenticationData": "[redacted]"'))).toBe(true);
  for (const body of bodies) {
    expect(body).not.toContain(`"${SANDBOX_PASSWORD}"`);
    expect(body).not.toContain(`"${SANDBOX_OTP}"`);
  }

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export HAR' }).click();
  const har = await readFile(await (await downloading).path(), 'utf8');
  const entries = (JSON.parse(har) as { log: { entries: unknown[] } }).log.entries;
  expect(entries.length).toBeGreaterThanOrEqual(bodies.length);
  expect(har).not.toContain(`\\"password\\":\\"${SANDBOX_PASSWORD}\\"`);
  expect(har).not.toContain(`\\"scaAuthenticationData\\":\\"${SANDBOX_OTP}\\"`);
  expect(har).toContain('\\"scaAuthenticationData\\":\\"[redacted]\\"');
});
