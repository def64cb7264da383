// The sandbox bank's own PSU pages in a real browser: redirect SCA (login, approve or deny) and the banking app.
import { expect, test } from '@playwright/test';
import { initiatePayment, paymentStatus, SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';

const alice = testAccounts['alice-main'];

test('redirect SCA: the PSU logs in, approves with the OTP and lands on TPP-Redirect-URI', async ({
  page,
  request,
  baseURL,
}) => {
  const ok = `${baseURL}/callback/ok?flow=pay-approve`;
  const nok = `${baseURL}/callback/nok?flow=pay-approve`;
  const payment = await initiatePayment(request, { 'TPP-Redirect-URI': ok, 'TPP-Nok-Redirect-URI': nok }, alice.iban);
  const scaRedirect = payment._links.scaRedirect?.href;
  expect(scaRedirect).toBeTruthy();

  await page.goto(scaRedirect!);
  await expect(page.getByRole('heading', { name: 'Approve this payment?' })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Kiosk am Markt' })).toBeVisible();
  await page.getByLabel('Online banking ID').fill('alice');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('PSU-ID or password is wrong');
  await expect(page.getByLabel('Online banking ID')).toHaveValue('alice');

  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Logged in as')).toContainText('Alice');
  await page.getByLabel('One-time password').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Approve' }).click();

  await page.waitForURL(ok);
  expect(page.url()).toBe(ok);
  // Settlement follows a few seconds later (SANDBOX_SETTLEMENT_DELAY_MS in the e2e server).
  expect(['ACTC', 'ACSC']).toContain(await paymentStatus(request, payment.paymentId));
});

test('redirect SCA: denying lands on TPP-Nok-Redirect-URI and rejects the payment', async ({
  page,
  request,
  baseURL,
}) => {
  const ok = `${baseURL}/callback/ok?flow=pay-deny`;
  const nok = `${baseURL}/callback/nok?flow=pay-deny`;
  const payment = await initiatePayment(request, { 'TPP-Redirect-URI': ok, 'TPP-Nok-Redirect-URI': nok }, alice.iban);

  await page.goto(payment._links.scaRedirect!.href);
  await page.getByLabel('Online banking ID').fill('alice');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();

  await page.waitForURL(nok);
  expect(page.url()).toBe(nok);
  expect(await paymentStatus(request, payment.paymentId)).toBe('RJCT');
});

test('decoupled SCA: the PSU approves in the banking app', async ({ page, request }) => {
  const payment = await initiatePayment(request, { 'TPP-Decoupled-Preferred': 'true', 'PSU-ID': 'alice' }, alice.iban);
  expect(payment._links.scaStatus).toBeTruthy();

  await page.goto('/sandbox/app');
  await page.getByLabel('Online banking ID').fill('alice');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const card = page.getByRole('region', { name: new RegExp(payment._links.scaStatus!.href.split('/').pop()!) });
  await expect(card.getByRole('heading', { name: 'Payment: €42.50 to Kiosk am Markt' })).toBeVisible();
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('status')).toContainText('approved');

  // Settlement follows a few seconds later (SANDBOX_SETTLEMENT_DELAY_MS in the e2e server).
  expect(['ACTC', 'ACSC']).toContain(await paymentStatus(request, payment.paymentId));
});
