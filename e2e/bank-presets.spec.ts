// The console against each bank preset of the sandbox (redirect bank, embedded bank, decoupled app bank, OAuth bank,
// strict AIS bank): a payment to settlement and a consent to its first account read, through the console's UI. Each
// test has a bench of its own (a sandbox under /bench/<name>, e2e/bench.ts) whose preset it switches and whose clock it
// moves through the admin API, so the shared /sandbox and the specs running beside it never see either.
import { expect, test, type Page } from './test';
import { bench, benchName, type Bench } from './bench';
import { isoDay, reportStatus, showTransactions } from './accounts-helpers';
import { authoriseConsent, consentStatus, fillConsentForm, submitConsentForm } from './consents-helpers';
import { SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';
import { authorisePanel, completeEmbeddedSca, decideInBankingApp, shownAuthorisationId } from './sca-helpers';
import { storeProfile } from './console-storage';

test.describe.configure({ timeout: 90_000 });

const alice = testAccounts['alice-main'];

type Approach = 'redirect' | 'embedded' | 'decoupled' | 'oauth';

interface PresetCase {
  preset: string;
  approach: Approach;
  /** The PSU headers the console's profile sends (a bank that needs PSU-ID at initiation gets it). */
  psuHeaders?: Record<string, string>;
  /** The bank never starts the authorisation with the resource: the console offers to start it. */
  explicitStart?: boolean;
  /** Entries on one page of a transaction report (the bank's page size). */
  pageSize?: number;
}

const PRESETS: PresetCase[] = [
  { preset: 'redirect-bank', approach: 'redirect', explicitStart: true },
  { preset: 'embedded-bank', approach: 'embedded', psuHeaders: { psuId: 'alice' } },
  { preset: 'decoupled-app-bank', approach: 'decoupled', psuHeaders: { psuId: 'alice' } },
  { preset: 'oauth-bank', approach: 'oauth' },
  { preset: 'strict-ais-bank', approach: 'redirect', pageSize: 10 },
];

/** A bench of the test's own with the preset switched on and its clock stopped; the console's profile points at it. */
async function benchWithPreset(page: Page, name: string, c: PresetCase): Promise<Bench> {
  const b = await bench(page.request, name);
  await b.usePreset(c.preset);
  await b.freeze();
  await storeProfile(page, b.profile({}, c.psuHeaders));
  return b;
}

/** Follows the redirect (or OAuth) link from an SCA panel to the bench's page, approves there, and comes back. */
async function approveByRedirect(page: Page, panel: ReturnType<typeof authorisePanel>, c: PresetCase) {
  const back = new URL(page.url()).pathname;
  // A bank that never starts the authorisation with the resource: the console starts it.
  const start = panel.getByRole('button', { name: 'Start authorisation', exact: true });
  const go = panel.getByRole('link', { name: /Continue at the bank/ });
  const oauth = panel.getByRole('button', { name: 'Authorise at the bank (OAuth)' });
  await expect(start.or(go).or(oauth)).toBeVisible();
  await expect(start).toHaveCount(c.explicitStart ? 1 : 0);
  if (c.explicitStart) await start.click();
  if (c.approach === 'oauth') {
    await oauth.click();
    await page.waitForURL((url) => url.pathname.endsWith('/oauth/authorize'));
    await page.getByLabel('Online banking ID').fill('alice');
    await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
    await page.getByRole('button', { name: 'Approve' }).click();
  } else {
    await go.click();
    await approveAtBank(page, 'alice');
  }
  await page.waitForURL((url) => url.pathname === back && url.searchParams.has('sca'));
}

/** Decoupled SCA: the bank started it with the payment; alice approves the request in the bench's banking app. */
async function approveInBankingApp(page: Page, panel: ReturnType<typeof authorisePanel>, b: Bench) {
  await expect(panel.getByRole('heading', { name: 'Waiting for approval in the banking app' })).toBeVisible();
  const authorisationId = await shownAuthorisationId(panel);
  await decideInBankingApp(page, { bankPath: b.path, psu: 'alice', authorisationId });
}

for (const c of PRESETS) {
  test.describe(`bank preset ${c.preset}`, () => {
    test('a payment is authorised and settles when the bank’s clock moves', async ({ page }, testInfo) => {
      const b = await benchWithPreset(page, benchName(testInfo), c);
      const payment = await createPayment(page, { debtorIban: alice.iban, amount: '9.99', remittance: c.preset });
      await expect(transactionStatus(page)).toContainText('RCVD');
      const panel = authorisePanel(page);
      if (c.approach === 'embedded') await completeEmbeddedSca(panel, 'alice');
      else if (c.approach === 'decoupled') await approveInBankingApp(page, panel, b);
      else await approveByRedirect(page, panel, c);
      await expect(page).toHaveURL(new RegExp(`${payment.path}(\\?|$)`));
      // Accepted; the bench's clock stands still, so it settles only when the test moves it past the settlement delay.
      await expect(transactionStatus(page)).toContainText('ACTC');
      await b.advance('PT1M');
      await expect(transactionStatus(page)).toContainText('ACSC');
    });

    test('a dedicated consent is authorised and reads the account', async ({ page }, testInfo) => {
      const b = await benchWithPreset(page, benchName(testInfo), c);
      await fillConsentForm(page, {
        access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
        recurring: true,
        frequencyPerDay: 4,
      });
      const consentId = await submitConsentForm(page);
      await expect(consentStatus(page)).toContainText('received');
      const panel = page.getByRole('region', { name: 'Authorise the consent' });
      if (c.approach === 'embedded') await completeEmbeddedSca(panel, 'alice');
      else if (c.approach === 'decoupled') await authoriseConsent(page, 'alice', 'decoupled', 'approve', b.path);
      else await approveByRedirect(page, panel, c);
      await expect(consentStatus(page)).toContainText('valid');
      await page.getByRole('button', { name: 'Make active' }).click();
      await expect(page.getByText('This is the active consent')).toBeVisible();

      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
      await expect(page.getByText(`Reading with consent ${consentId}`)).toBeVisible();
      const item = page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' });
      await expect(item).toContainText('Girokonto Plus');

      // Its transactions, paged as this bank pages them, through the bank's own links (absolute on a redirect bank).
      await item.getByRole('link').click();
      await showTransactions(page, { dateFrom: isoDay(-150), dateTo: isoDay(-20), bookingStatus: 'booked' });
      const size = c.pageSize ?? 100;
      await expect(reportStatus(page)).toHaveText(
        new RegExp(`^${size} entries on this page \\(0 pending, ${size} booked\\)`),
      );
      const pages = page.getByRole('navigation', { name: 'Report pages' });
      await pages.getByRole('button', { name: 'Next' }).click();
      await expect(pages).toContainText('Page 2');
      await expect(reportStatus(page)).toHaveText(new RegExp(`^${size} entries on this page`));
    });
  });
}
