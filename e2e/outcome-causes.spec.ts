// Outcomes from the bank's final word: after every return from the bank the page reads the authorisation's scaStatus
// before its banner says why. Dave's SCA fails although he approves at the bank's page, a decoupled SCA the PSU cancels
// in the banking app, an error answer that shows the payment moved on, carol's approval that meets too little money;
// and no status said twice, no stale "Please confirm" once approved.
import { validConsentViaApi } from './accounts-helpers';
import { consentStatus } from './consents-helpers';
import { flowSection, SANDBOX, SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';
import {
  authorisationsPanel,
  authorisePanel,
  decideInBankingApp,
  shownAuthorisationId,
  useScaProfile,
} from './sca-helpers';
import { expect, test, type Page } from './test';

// Flows with a bank round trip take longer than the default timeout on a busy machine.
test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];
const carol = testAccounts['carol-main'];
const dave = testAccounts['dave-main'];

const outcome = (page: Page) => page.getByRole('status', { name: 'Outcome' });
const presenterSwitch = (page: Page) => page.getByRole('switch', { name: 'Presenter mode' });
/** The narration presenter mode shows at the top of the page. */
const narration = (page: Page) => page.getByRole('region', { name: 'What is happening' });

test('dave approves at the bank’s page and his SCA fails: “SCA failed”, told the same by every card', async ({
  page,
}) => {
  const payment = await createPayment(page, { debtorIban: dave.iban, amount: '5.00', remittance: 'Dave pays' });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'dave');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'nok');

  const banner = outcome(page);
  await expect(banner).toContainText('SCA failed');
  await expect(banner).toContainText('The approval at the bank failed, and the bank rejected the payment (RJCT).');
  await expect(banner).not.toContainText('rejected the payment: Rejected');
  await expect(banner).not.toContainText('did not complete');
  await expect(transactionStatus(page)).toContainText('RJCT');

  // The diagram tells what happened at the bank: he went through its page, and the SCA failed there.
  const view = await flowSection(page);
  await expect(
    view.locator('g[data-step]').filter({ hasText: 'The PSU’s authorisation at the bank fails' }),
  ).toBeVisible();
  await expect(view.locator('g[data-step]').filter({ hasText: 'Back from the bank: SCA failed' })).toBeVisible();
  await expect(view).not.toContainText('does not complete');
  await expect(view.getByRole('status')).toHaveText('Outcome: Rejected: the approval at the bank failed (RJCT)');

  // The authorisation's card and the list's refusal agree: no promise of a new try beside "none can be started".
  const authorisations = authorisationsPanel(page);
  await expect(authorisations).toContainText('No new authorisation can be started: the payment was rejected.');
  await expect(authorisations).toContainText('failed');
  await expect(page.locator('main')).not.toContainText('start a new authorisation to try again');

  // For an audience: no codes and no status said twice.
  await presenterSwitch(page).click();
  await expect(banner).toContainText('The approval at the bank failed, and the bank rejected the payment.');
  await expect(banner).not.toContainText(/Rejected\.$|: Rejected/);
  await expect(narration(page)).toHaveText('The approval at the bank failed, so the payment was rejected.');
});

test('a decoupled SCA the PSU aborts in the banking app (the scenario’s decoupled abort) says so', async ({ page }) => {
  await useScaProfile(page, { id: 'e2e-causes-abort', name: 'Sandbox, decoupled', sca: { decoupledPreferred: true } });
  // The magic PSU-ID has the decoupled authorisation the initiation starts aborted by the PSU at once.
  await createPayment(page, { debtorIban: alice.iban, amount: '5.00', psuId: 'alice~sca-abort' });
  await expect(transactionStatus(page)).toContainText('RJCT');
  const banner = outcome(page);
  await expect(banner).toContainText('SCA cancelled by the PSU');
  await expect(banner).toContainText('The PSU cancelled in the banking app, and the bank rejected the payment (RJCT).');
  await expect((await flowSection(page)).getByRole('status')).toHaveText(
    'Outcome: Rejected: the PSU cancelled in the banking app (RJCT)',
  );
});

test('a decoupled SCA the PSU denies in the banking app while the page follows it says so too', async ({ page }) => {
  await useScaProfile(page, { id: 'e2e-causes-deny', name: 'Sandbox, decoupled', sca: { decoupledPreferred: true } });
  await createPayment(page, { debtorIban: alice.iban, amount: '6.00', psuId: 'alice' });
  const panel = authorisePanel(page);
  await expect(panel.getByRole('heading', { name: 'Waiting for approval in the banking app' })).toBeVisible();
  const authorisationId = await shownAuthorisationId(panel);
  await decideInBankingApp(page, { bankPath: SANDBOX, psu: 'alice', authorisationId, decision: 'deny' });
  await expect(transactionStatus(page)).toContainText('RJCT');
  await expect(outcome(page)).toContainText('The PSU cancelled in the banking app');
  await expect(outcome(page)).not.toContainText('Rejected (RJCT)');
});

test('an approval in the banking app leaves no “Please confirm” beside the authorised outcome', async ({ page }) => {
  await useScaProfile(page, {
    id: 'e2e-causes-approve',
    name: 'Sandbox, decoupled',
    sca: { decoupledPreferred: true },
  });
  await createPayment(page, { debtorIban: alice.iban, amount: '7.00', psuId: 'alice' });
  const panel = authorisePanel(page);
  await expect(panel).toContainText('Please confirm this request in your Sandbox Banking app.');
  const authorisationId = await shownAuthorisationId(panel);
  await decideInBankingApp(page, { bankPath: SANDBOX, psu: 'alice', authorisationId });
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  await expect(outcome(page)).toContainText('Authorised');
  await expect(panel.getByRole('heading', { name: 'Authorised' })).toBeVisible();
  await expect(panel).not.toContainText('Please confirm');
});

test('an error answer that says the payment moved on refreshes the outcome, without Refresh', async ({
  page,
  sandboxApi,
}) => {
  await useScaProfile(page, { id: 'e2e-causes-409', name: 'Sandbox, embedded', sca: { redirectPreferred: false } });
  const payment = await createPayment(page, { debtorIban: dave.iban, amount: '8.00' });
  const banner = outcome(page);
  await expect(banner).toContainText('Waiting for the PSU');

  // Meanwhile, elsewhere: dave's own authorisation of the payment fails, and the bank rejects it.
  const base = `/v1/payments/${payment.product}/${payment.paymentId}`;
  const started = await sandboxApi.post(
    `${base}/authorisations`,
    { psuData: { password: SANDBOX_PASSWORD } },
    { 'PSU-ID': 'dave', 'TPP-Redirect-Preferred': 'false' },
  );
  expect(started.status()).toBe(201);
  const { authorisationId, scaMethods } = (await started.json()) as {
    authorisationId: string;
    scaMethods?: { authenticationMethodId: string }[];
  };
  const put = (data: unknown) =>
    sandboxApi.request.put(`${SANDBOX}${base}/authorisations/${authorisationId}`, {
      headers: sandboxApi.headers({ 'PSU-ID': 'dave' }),
      data,
    });
  if (scaMethods?.[0]) await put({ authenticationMethodId: scaMethods[0].authenticationMethodId });
  expect(((await (await put({ scaAuthenticationData: SANDBOX_OTP })).json()) as { scaStatus: string }).scaStatus).toBe(
    'failed',
  );
  // The page still reads "Waiting for the PSU": it does not poll a payment that waits for the PSU.
  await expect(banner).toContainText('Waiting for the PSU');

  // The PSU logs in on the page: the bank answers 409, the payment is RJCT; the page reads it again at once.
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('dave');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await expect(transactionStatus(page)).toContainText('RJCT');
  await expect(banner).toContainText('SCA failed');
  await expect(banner).toContainText('the bank rejected the payment (RJCT)');
  await expect(banner).not.toContainText('Waiting for the PSU');
});

test('carol approves, then the bank finds too little money: said so, not a matter of SCA or time', async ({ page }) => {
  const payment = await createPayment(page, { debtorIban: carol.iban, amount: '100.00', remittance: 'Too much' });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'carol');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText('RJCT');

  const banner = outcome(page);
  await expect(banner).toContainText('Rejected: not enough money');
  await expect(banner).toContainText(
    'The PSU approved, then the bank found too little money in the account and rejected the payment (RJCT).',
  );
  for (const place of [banner, transactionStatus(page)]) await expect(place).not.toContainText(/SCA|in time/);
  await expect((await flowSection(page)).getByRole('status')).toHaveText(
    'Outcome: Rejected: the PSU approved, then the bank found too little money in the account (RJCT)',
  );
  await presenterSwitch(page).click();
  await expect(narration(page)).toContainText(
    'approved, then the bank found too little money in the account, so the payment was rejected.',
  );
});

test('no status is said twice, for developers or an audience', async ({ page, request }) => {
  // A payment cancelled at once, then the payments list.
  await createPayment(page, { debtorIban: alice.iban, amount: '2.10' });
  await page.getByRole('button', { name: 'Cancel payment…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  await expect(transactionStatus(page)).toContainText('CANC');
  await expect(outcome(page)).toContainText('The payment was cancelled (CANC).');
  await page.goto('/payments');
  await presenterSwitch(page).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Last known status' }).first();
  await expect(item).toContainText('Cancelled');
  await expect(item).not.toContainText('· Cancelled');

  // A valid consent's status, presenter mode still on for the tab, then off.
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: { accounts: [{ iban: alice.iban }] } });
  await page.goto(`/consents/${consentId}`);
  await expect(consentStatus(page)).toContainText('Valid');
  await expect(consentStatus(page)).not.toContainText(/Valid\s*Valid/);
  await expect(outcome(page)).toContainText('The bank reports the consent as Valid.');
  await presenterSwitch(page).click();
  await expect(consentStatus(page)).toContainText('valid');
  await expect(consentStatus(page)).not.toContainText(/valid\s*Valid/i);
  await expect(outcome(page)).not.toContainText('Valid (valid)');
});
