// Embedded SCA through the console: the password, the SCA method, a wrong one-time password and then the right one.
import { expect, sandboxProfile, test } from './test';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { frozenBench } from './bench';
import { createPayment, transactionStatus } from './payments-helpers';
import { authorisationsPanel, authorisePanel, shownAuthorisationId } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';

const alice = testAccounts['alice-main'];

test.use({ bankProfile: sandboxProfile('e2e-embedded', 'Sandbox, embedded SCA', { redirectPreferred: false }) });

test('embedded SCA: password, method choice, a wrong OTP then the right one; the payment is accepted', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo, { redirectPreferred: false });
  await createPayment(page, { debtorIban: alice.iban, amount: '17.30', remittance: 'Embedded SCA e2e' });
  const panel = authorisePanel(page);
  await expect(panel.getByRole('heading', { name: 'Log in to start the authorisation' })).toBeVisible();
  await expect(panel.getByText('EMBEDDED')).toBeVisible();

  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await expect(panel.getByLabel('Password')).toHaveAttribute('type', 'password');
  await panel.getByRole('button', { name: 'Log in' }).click();

  const methods = panel.getByRole('group', { name: 'SCA method' });
  await expect(methods.getByRole('radio')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await methods.getByLabel(/Push notification to Sandbox Banking app/).check();
  await panel.getByRole('button', { name: 'Use this method' }).click();

  await expect(panel.getByRole('heading', { name: 'Enter the one-time password' })).toBeVisible();
  await expect(panel.getByText(`the one-time password is ${SANDBOX_OTP}`)).toBeVisible();
  const otp = panel.getByLabel('One-time password');
  await expect(otp).toHaveAttribute('type', 'password');
  await expectNoSeriousA11yViolations(page);

  await otp.fill('000000');
  await panel.getByRole('button', { name: 'Authorise' }).click();
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText('PSU_CREDENTIALS_INVALID');
  await expect(alert).toContainText('2 attempts left');
  await expect(alert).toContainText('still open (scaStatus scaMethodSelected)');
  await expect(otp).toHaveValue('000000');
  await expect(otp).toHaveAttribute('aria-invalid', 'true');
  await expect(transactionStatus(page)).toContainText('RCVD');

  await otp.fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
  // Accepted; it settles once the bench's clock passes the settlement delay, and the page keeps following the status.
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');
});

test('authorisations list: read an authorisation’s SCA status, then continue it where it stopped', async ({ page }) => {
  await createPayment(page, { debtorIban: alice.iban, amount: '8.90', remittance: 'Continue SCA e2e' });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel.getByRole('group', { name: 'SCA method' })).toBeVisible();
  const authorisationId = await shownAuthorisationId(panel);

  const list = authorisationsPanel(page);
  await list.getByRole('button', { name: 'Reload list' }).click();
  const ids = list.getByRole('list', { name: 'Authorisation ids' });
  await expect(ids.getByRole('listitem')).toHaveCount(1);
  await expect(ids.getByRole('listitem')).toContainText(authorisationId);
  await ids.getByRole('button', { name: `Read SCA status of ${authorisationId}` }).click();
  const item = ids.getByRole('listitem').filter({ hasText: authorisationId });
  await expect(item).toContainText('psuAuthenticated');
  await expect(item).toContainText('passed the first factor');

  await item.getByRole('button', { name: 'Continue' }).click();
  const continued = item.getByRole('region', { name: `Continue authorisation ${authorisationId}` });
  await continued
    .getByRole('group', { name: 'SCA method' })
    .getByLabel(/SMS to/)
    .check();
  await continued.getByRole('button', { name: 'Use this method' }).click();
  await continued.getByLabel('One-time password').fill(SANDBOX_OTP);
  await continued.getByRole('button', { name: 'Authorise' }).click();
  await expect(continued.getByRole('heading', { name: /Authorised/ })).toBeVisible();
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  await item.getByRole('button', { name: `Read SCA status of ${authorisationId}` }).click();
  await expect(item).toContainText('finalised');
});

test('embedded SCA for a cancellation: a running standing order is cancelled with the PSU’s OTP', async ({ page }) => {
  test.setTimeout(60_000);
  const bob = testAccounts['bob-main'];
  await createPayment(page, {
    service: 'periodic-payments',
    debtorIban: bob.iban,
    amount: '12.00',
    creditorName: 'Leseclub Süd',
    frequency: 'Monthly',
  });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('bob');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await panel
    .getByRole('group', { name: 'SCA method' })
    .getByLabel(/SMS to/)
    .check();
  await panel.getByRole('button', { name: 'Use this method' }).click();
  await panel.getByLabel('One-time password').fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  await page.getByRole('button', { name: 'Cancel payment…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  const cancellation = page.getByRole('region', { name: 'Authorise the cancellation' });
  await expect(cancellation.getByRole('heading', { name: 'Log in to start the authorisation' })).toBeVisible();
  await expect(cancellation).toContainText('the cancellation of the payment');
  await cancellation.getByLabel('PSU-ID').fill('bob');
  await cancellation.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await cancellation.getByRole('button', { name: 'Log in' }).click();
  await cancellation
    .getByRole('group', { name: 'SCA method' })
    .getByLabel(/chipTAN/)
    .check();
  await cancellation.getByRole('button', { name: 'Use this method' }).click();
  await cancellation.getByLabel('One-time password').fill(SANDBOX_OTP);
  await cancellation.getByRole('button', { name: 'Authorise' }).click();
  await expect(transactionStatus(page)).toContainText('CANC', { timeout: 10_000 });

  const list = page.getByRole('region', { name: 'Cancellation authorisations' });
  await list.getByRole('button', { name: 'Reload list' }).click();
  const item = list.getByRole('listitem');
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: /Read SCA status of/ }).click();
  await expect(item).toContainText('finalised');
});
