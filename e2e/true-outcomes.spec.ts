// What a demo exposes first: the payment and consent pages state the real outcome of every step — carol's payment
// rejected for lack of funds, dave's failed SCA, a settled payment that can no longer be cancelled.
import { expect, test, type Page } from '@playwright/test';
import { frozenBench } from './bench';
import { sandboxProfile, storeProfile } from './console-storage';
import {
  authoriseConsent,
  consentStatus,
  fillConsentForm,
  submitConsentForm,
  useConsentProfile,
} from './consents-helpers';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import {
  approveAtBank,
  createPayment,
  fillPaymentForm,
  submitPaymentForm,
  transactionStatus,
} from './payments-helpers';
import { authorisePanel } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';

// Flows with a bank round trip and a settlement wait take longer than the default timeout on a busy machine.
test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];
const carol = testAccounts['carol-main'];
const dave = testAccounts['dave-main'];

function outcome(page: Page) {
  return page.getByRole('status', { name: 'Outcome' });
}

/** Screenshots at both widths, then axe at each: the outcome must read well on a laptop and a phone. */
async function lookAt(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('carol’s payment is rejected for lack of funds: a red outcome with the bank’s reason, not a green “done”', async ({
  page,
}, testInfo) => {
  const payment = await createPayment(page, { debtorIban: carol.iban, amount: '100.00', remittance: 'Too much' });
  await expect(outcome(page)).toContainText('Waiting for the PSU');
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'carol');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');

  await expect(transactionStatus(page)).toContainText('RJCT', { timeout: 10_000 });
  const banner = outcome(page);
  await expect(banner).toContainText('Rejected: not enough money');
  await expect(banner).toContainText(
    'The PSU approved, then the bank found too little money in the account and rejected the payment (RJCT).',
  );
  await expect(banner.getByRole('list', { name: 'The bank’s reason' })).toContainText(
    'the debtor account does not have the funds',
  );
  await expect(banner.locator('[data-tone]')).toHaveAttribute('data-tone', 'danger');
  await expect(banner).not.toContainText('as done');
  await expect(banner).not.toContainText('Authorised');
  // Nothing is left to cancel.
  await expect(page.getByRole('button', { name: 'Cancel payment…' })).toHaveCount(0);
  await lookAt(page, 'carol-rejected', (name) => testInfo.outputPath(name));
});

test('dave’s embedded SCA fails: the page says “SCA failed” and the panel stays with its outcome', async ({
  page,
}, testInfo) => {
  await storeProfile(page, sandboxProfile('e2e-outcomes-embedded', 'Sandbox, embedded', { redirectPreferred: false }));
  await createPayment(page, { debtorIban: dave.iban, amount: '5.00', remittance: 'Dave pays' });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('dave');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  const methods = panel.getByRole('group', { name: 'SCA method' });
  await methods.getByRole('radio').first().check();
  await panel.getByRole('button', { name: 'Use this method' }).click();
  await panel.getByLabel('One-time password').fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();

  const banner = outcome(page);
  await expect(banner).toContainText('SCA failed');
  await expect(banner.locator('[data-tone]')).toHaveAttribute('data-tone', 'danger');
  await expect(transactionStatus(page)).toContainText('RJCT');
  await expect(banner).toContainText('The approval at the bank failed, and the bank rejected the payment (RJCT).');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Authorisation failed' })).toBeVisible();
  await lookAt(page, 'dave-sca-failed', (name) => testInfo.outputPath(name));
});

test('a settled payment shows a green outcome and offers no cancellation', async ({ page }, testInfo) => {
  const b = await frozenBench(page, testInfo);
  const payment = await createPayment(page, { debtorIban: alice.iban, amount: '4.20', remittance: 'Settles' });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');
  const banner = outcome(page);
  await expect(banner).toContainText('Authorised');
  await expect(banner).toContainText('Settled (ACSC)');
  await expect(banner.locator('[data-tone]')).toHaveAttribute('data-tone', 'success');
  await expect(page.getByRole('button', { name: 'Cancel payment…' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Cancellation', exact: true })).toContainText(
    'it can no longer be cancelled',
  );
  await lookAt(page, 'settled', (name) => testInfo.outputPath(name));
});

test('after the form is submitted the new page opens at its top, with focus on its heading', async ({ page }) => {
  // On a phone the submit button is far down the form, so a page that kept the scroll position would open mid-way.
  await page.setViewportSize({ width: 390, height: 700 });
  await fillPaymentForm(page, { debtorIban: alice.iban, amount: '2.00' });
  await page.getByRole('button', { name: 'Initiate payment' }).scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await submitPaymentForm(page);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeFocused();
  await expect(heading).toContainText('Payment');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(heading).toBeInViewport();
});

test('a dedicated consent the bank granted for fewer accounts says so, and its title counts the granted one', async ({
  page,
}, testInfo) => {
  await useConsentProfile(page, { id: 'e2e-outcomes-consent', name: 'Sandbox, embedded', approach: 'embedded' });
  await page.goto('/consents/new');
  // Alice holds her own account, not carol's: the bank grants one of the two.
  await fillConsentForm(page, { access: { accounts: [alice.iban, carol.iban], balances: [alice.iban, carol.iban] } });
  await submitConsentForm(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Details and balances of 2 accounts');
  await authoriseConsent(page, 'alice', 'embedded');
  await expect(consentStatus(page)).toContainText('valid');
  await expect(outcome(page)).toContainText('Authorised');
  const note = page.getByRole('note', { name: 'Fewer accounts granted' });
  await expect(note).toContainText('asked for 2 accounts, granted 1');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(`Details and balances of ${alice.iban.replace(/(.{4})(?=.)/g, '$1 ')}`);
  await expect(heading).not.toContainText('2 accounts');
  await lookAt(page, 'consent-fewer-granted', (name) => testInfo.outputPath(name));
});

test('the embedded wizard survives a reload: it resumes at the bank’s step with the methods the bank listed', async ({
  page,
}, testInfo) => {
  await storeProfile(page, sandboxProfile('e2e-outcomes-resume', 'Sandbox, embedded', { redirectPreferred: false }));
  await createPayment(page, { debtorIban: alice.iban, amount: '6.60', remittance: 'Resumed' });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(panel.getByRole('group', { name: 'SCA method' }).getByRole('radio')).toHaveCount(3);

  await page.reload();
  const methods = panel.getByRole('group', { name: 'SCA method' });
  await expect(methods.getByRole('radio')).toHaveCount(3);
  await expect(panel.getByLabel('Password')).toHaveCount(0);
  await expect(panel.getByRole('textbox', { name: 'authenticationMethodId' })).toHaveCount(0);
  await expect(panel).toContainText('psuAuthenticated');
  await lookAt(page, 'resumed-wizard', (name) => testInfo.outputPath(name));
  await methods.getByLabel(/Push notification to Sandbox Banking app/).check();
  await panel.getByRole('button', { name: 'Use this method' }).click();

  // Reloaded again at the OTP step: the bank says scaMethodSelected, so the wizard asks for the OTP.
  await expect(panel.getByLabel('One-time password')).toBeVisible();
  await page.reload();
  const kept = () => page.evaluate(() => sessionStorage.getItem('xs2a-console.sca-flows.v1') ?? '');
  // What the tab kept to resume holds the step, its links and the methods, and no password or challenge data.
  const atOtp = await kept();
  expect(atOtp).toContain('Push notification to Sandbox Banking app');
  expect(atOtp).not.toMatch(/psuData|password|challengeData|scaAuthenticationData/i);
  await panel.getByLabel('One-time password').fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  await expect(outcome(page)).toContainText('Authorised');

  // Nor, once done, the one-time password.
  const done = await kept();
  expect(done).not.toContain(SANDBOX_OTP);
  expect(done).not.toMatch(/psuData|password|challengeData|scaAuthenticationData/i);
});
