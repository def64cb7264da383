// What the accounts area does when the consent stands in the way: none active, not authorised yet, today's reads used
// up (frequencyPerDay without the PSU present), and deleted while its data is on screen or from the consent page.
import {
  createConsentViaApi,
  dedicated,
  deleteConsentViaApi,
  reportStatus,
  transactionsTable,
  useActiveConsent,
} from './accounts-helpers';
import { useConsentProfile } from './consents-helpers';
import { testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from './test';

test.describe.configure({ timeout: 90_000 });

const aliceMain = testAccounts['alice-main'];
const bobMain = testAccounts['bob-main'];

/** Every account read the page sends (GET /v1/accounts…), as paths. */
function accountReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (/\/v1\/accounts(\/|$)/.test(path)) reads.push(path);
  });
  return reads;
}

test('without an active consent the page points to the consents, and reads nothing', async ({ page }) => {
  const reads = accountReads(page);
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: 'No active consent' })).toBeVisible();
  await page.getByRole('link', { name: 'Create a consent or choose one' }).click();
  await expect(page).toHaveURL(/\/consents$/);
  expect(reads).toEqual([]);
});

test('a consent the PSU has not authorised yet is flagged before any account read', async ({ page, request }) => {
  const { consentId } = await createConsentViaApi(request, { access: dedicated(bobMain.iban) });
  await useActiveConsent(page, consentId);
  const reads = accountReads(page);

  await page.goto(`/accounts/${bobMain.resourceId}`);
  const notice = page.getByRole('region', { name: 'The consent is not authorised yet' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('received');
  await expect(notice).toContainText('No account data is read with it.');
  await expect(notice.getByRole('link', { name: 'Open the consent' })).toHaveAttribute(
    'href',
    `/consents/${consentId}`,
  );
  await expectNoSeriousA11yViolations(page);
  expect(reads).toEqual([]);
});

test('reads without the PSU present stop at frequencyPerDay with 429 ACCESS_EXCEEDED, said in plain words', async ({
  page,
  authorisedConsent,
}) => {
  // A profile without PSU-IP-Address: the bank counts every account read against the consent's daily allowance.
  await useConsentProfile(page, { id: 'psu-absent', name: 'Sandbox, PSU not present', psuIpAddress: null });
  await authorisedConsent({
    psu: 'alice',
    access: dedicated(aliceMain.iban),
    frequencyPerDay: 1,
    profileId: 'psu-absent',
  });
  const reads = accountReads(page);

  await page.goto('/accounts');
  const item = page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' });
  await expect(item).toBeVisible();
  expect(reads).toHaveLength(1);

  // The second read of the day is one too many.
  await page.getByRole('button', { name: 'Refresh' }).click();
  const refusal = page.getByText(/^✕ Could not read the accounts/).locator('..');
  await expect(refusal).toContainText('ACCESS_EXCEEDED');
  await expect(refusal).toContainText('HTTP 429');
  await expect(refusal).toContainText(
    'daily allowance of reads without the PSU present (its frequencyPerDay) is used up',
  );
  await expect(refusal).toContainText('X-Request-ID');
  // Nothing from the earlier answer stays on screen.
  await expect(item).toBeHidden();

  // The account page stops after the first refusal instead of spending more reads.
  await page.goto(`/accounts/${aliceMain.resourceId}`);
  await expect(page.getByText(/^✕ Could not read the account:/)).toBeVisible();
  await expect(page.getByText('Not read: the bank refused the account read above').first()).toBeVisible();
  expect(reads.filter((path) => path.endsWith('/balances') || path.endsWith('/transactions'))).toEqual([]);
});

test('a consent deleted while its data is on screen: the next read is refused and nothing of it stays', async ({
  page,
  request,
  authorisedConsent,
}) => {
  const consentId = await authorisedConsent({ psu: 'alice', access: dedicated(aliceMain.iban) });
  await page.goto(`/accounts/${aliceMain.resourceId}`);
  await expect(reportStatus(page)).toHaveText(/entries on this page/);
  await expect(transactionsTable(page).table).toBeVisible();

  await deleteConsentViaApi(request, consentId);
  await page.getByRole('region', { name: 'Account details' }).getByRole('button', { name: 'Refresh' }).click();
  // The refusal makes the page read the consent's status again, which flags it; the account data is gone.
  const notice = page.getByRole('region', { name: 'The consent was deleted' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('terminatedByTpp');
  await expect(transactionsTable(page).region).toBeHidden();
  await expect(page.getByRole('region', { name: 'Balances' })).toBeHidden();
  await expect(page.getByText('DE16 9901 0000 0010 0100 01')).toBeHidden();

  // Opened again, the page reads the status first and sends no account read at all.
  const reads = accountReads(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'The consent was deleted' })).toBeVisible();
  expect(reads).toEqual([]);
});

test('a consent deleted on its consent page leaves the accounts page with nothing to show', async ({
  page,
  authorisedConsent,
}) => {
  const consentId = await authorisedConsent({ psu: 'bob', access: dedicated(bobMain.iban) });
  await page.goto('/accounts');
  await expect(page.getByRole('listitem').filter({ hasText: 'DE49 9901 0000 0020 0200 01' })).toBeVisible();

  await page.getByRole('link', { name: consentId }).first().click();
  await expect(page).toHaveURL(new RegExp(`/consents/${consentId}$`));
  await page.getByRole('button', { name: 'Delete consent…' }).click();
  await page.getByRole('button', { name: 'Yes, delete the consent' }).click();
  await expect(page.getByText(/terminatedByTpp/).first()).toBeVisible();

  const reads = accountReads(page);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'The consent was deleted' })
      .or(page.getByRole('heading', { name: 'No active consent' })),
  ).toBeVisible();
  await expect(page.getByText('DE49 9901 0000 0020 0200 01')).toBeHidden();
  expect(reads).toEqual([]);
});
