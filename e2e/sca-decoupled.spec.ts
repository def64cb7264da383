// Decoupled SCA through the console: the PSU approves or denies in the sandbox's banking app (a second page) while
// the console's monitor follows the authorisation.
import { expect, sandboxProfile, test, type Page } from './test';
import { SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { createPayment, transactionStatus } from './payments-helpers';
import { authorisePanel, shownAuthorisationId } from './sca-helpers';

const alice = testAccounts['alice-main'];

test.use({ bankProfile: sandboxProfile('e2e-decoupled', 'Sandbox, decoupled SCA', { decoupledPreferred: true }) });

/** Logs in to the sandbox's banking app in a page of its own and decides the request with this authorisation id. */
async function decideInBankingApp(app: Page, authorisationId: string, action: 'Approve' | 'Deny') {
  await app.goto('/sandbox/app');
  await app.getByLabel('Online banking ID').fill('alice');
  await app.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await app.getByRole('button', { name: 'Log in' }).click();
  const card = app.getByRole('region', { name: `Request ${authorisationId}` });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: action }).click();
  await expect(app.getByRole('status')).toContainText(action === 'Approve' ? 'approved' : 'declined');
}

test('decoupled SCA: the console identifies the PSU, then follows the approval made in the banking app', async ({
  page,
  context,
}) => {
  await createPayment(page, { debtorIban: alice.iban, amount: '23.00', remittance: 'Decoupled SCA e2e' });
  const panel = authorisePanel(page);
  await expect(panel.getByRole('heading', { name: 'Identify the PSU to start the authorisation' })).toBeVisible();
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByRole('button', { name: 'Start authorisation' }).click();

  await expect(panel.getByRole('heading', { name: 'Waiting for approval in the banking app' })).toBeVisible();
  await expect(panel.getByText('Please confirm this request in your Sandbox Banking app.')).toBeVisible();
  const monitor = panel.getByRole('status').filter({ hasText: 'Waiting for the PSU' });
  await expect(monitor).toContainText('started');
  const authorisationId = await shownAuthorisationId(panel);
  await expect(transactionStatus(page)).toContainText('RCVD');

  const app = await context.newPage();
  await decideInBankingApp(app, authorisationId, 'Approve');

  // The monitor sees the approval on its next read; the page then reads the payment's status.
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  await expect(page.getByRole('heading', { name: 'Waiting for approval in the banking app' })).toHaveCount(0);
});

test('decoupled SCA started by the bank (PSU-ID with the initiation): a denial in the app fails it', async ({
  page,
  context,
}) => {
  await createPayment(page, {
    debtorIban: alice.iban,
    amount: '5.00',
    remittance: 'Decoupled deny e2e',
    psuId: 'alice',
  });
  const panel = authorisePanel(page);
  await expect(panel.getByRole('heading', { name: 'Waiting for approval in the banking app' })).toBeVisible();
  // The 201 of an implicit start names the authorisation only in its scaStatus link; the panel shows it.
  const authorisationId = await shownAuthorisationId(panel);
  await decideInBankingApp(await context.newPage(), authorisationId, 'Deny');
  await expect(transactionStatus(page)).toContainText('RJCT');
});
