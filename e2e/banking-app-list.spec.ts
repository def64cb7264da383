// The sandbox's banking app as a PSU uses it beside the console: the login names the test logins as sandbox help, and
// the waiting requests are listed newest first with their time, amount and creditor and ids, so the PSU approves the
// right one. On a bench of its own (e2e/bench.ts), so requests of specs running beside it never join the list.
import { expect, test, type Page } from './test';
import { bench, benchName } from './bench';
import { storeProfile } from './console-storage';
import { SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { createPayment, transactionStatus } from './payments-helpers';
import { authorisePanel, shownAuthorisationId } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';

test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];

/** Axe at 1280 and 390 px, with a screenshot of each width. */
async function checkBothWidths(page: Page, name: string, outputPath: (name: string) => string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('the banking app lists two waiting payments newest first; the PSU approves the older one by its details', async ({
  page,
}, testInfo) => {
  const b = await bench(page.request, benchName(testInfo));
  await b.usePreset('decoupled-app-bank');
  await storeProfile(page, b.profile({}, { psuId: 'alice' }));

  const older = await createPayment(page, { debtorIban: alice.iban, amount: '11.00', creditorName: 'Older Bakery' });
  const olderAuth = await shownAuthorisationId(authorisePanel(page));
  const newer = await createPayment(page, { debtorIban: alice.iban, amount: '22.00', creditorName: 'Newer Garage' });
  const newerAuth = await shownAuthorisationId(authorisePanel(page));

  const app = await page.context().newPage();
  await app.goto(`${b.path}/app`);
  const help = app.getByRole('complementary', { name: 'Sandbox help: test logins' });
  await expect(help).toContainText('Every test PSU logs in with the password sandbox.');
  await expect(help.getByRole('row', { name: /^dave/ })).toContainText('Every SCA fails');
  await checkBothWidths(app, 'app-login', (name) => testInfo.outputPath(name));

  await app.getByLabel('Online banking ID').fill('alice');
  await app.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await app.getByRole('button', { name: 'Log in' }).click();
  const list = app.getByRole('list', { name: 'Waiting for your approval, newest first' });
  const cards = list.getByRole('listitem');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('Payment: €22.00 to Newer Garage');
  await expect(cards.nth(0)).toContainText(new RegExp(`Payment id\\s*${newer.paymentId}`));
  await expect(cards.nth(0)).toContainText(new RegExp(`Request id\\s*${newerAuth}`));
  await expect(cards.nth(1)).toContainText('Payment: €11.00 to Older Bakery');
  await expect(cards.nth(1)).toContainText(new RegExp(`Payment id\\s*${older.paymentId}`));
  await expect(cards.nth(0).getByRole('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  await checkBothWidths(app, 'app-requests', (name) => testInfo.outputPath(name));

  await app
    .getByRole('region', { name: `Request ${olderAuth}` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(app.getByRole('status')).toContainText('approved');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Newer Garage');
  await app.close();

  await page.goto(older.path);
  await expect(transactionStatus(page)).toContainText('ACTC');
  await page.goto(newer.path);
  await expect(transactionStatus(page)).toContainText('RCVD');
});
