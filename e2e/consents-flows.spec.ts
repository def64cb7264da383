// Consent flows through the console against the sandbox: embedded, redirect and decoupled SCA to valid, a PSU who
// denies at the bank, dave whose SCA always fails, and deletion. One-off consents (recurringIndicator false), so no
// test expires another's consent; the recurring ones run one after the other.
import { expect, test, type Page } from '@playwright/test';
import {
  accessLabels,
  authoriseConsent,
  authoriseConsentPanel,
  consentStatus,
  createConsentThroughUi,
  fillConsentForm,
  submitConsentForm,
  useConsentProfile,
} from './consents-helpers';
import { SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';

const carol = testAccounts['carol-main'];
const bobMain = testAccounts['bob-main'];
const bobGbp = testAccounts['bob-gbp'];
const bobBusiness = testAccounts['bob-business'];
const dave = testAccounts['dave-main'];

function activeConsentInHeader(page: Page) {
  return page.getByRole('banner').getByRole('group', { name: 'Active consent' });
}

function notUsableFlag(page: Page) {
  return page.getByRole('note', { name: 'Not usable' });
}

test('allPsd2 consent with embedded SCA: valid, active in the header, access and validity as the bank reports', async ({
  page,
}) => {
  await useConsentProfile(page, { id: 'e2e-consents-embedded', name: 'Sandbox, embedded SCA', approach: 'embedded' });
  await page.goto('/consents');
  await expect(activeConsentInHeader(page)).toContainText('No active consent');

  await fillConsentForm(page, { access: 'allPsd2', recurring: false });
  const consentId = await submitConsentForm(page);
  const outcome = page.getByRole('status', { name: 'Outcome' });
  await expect(outcome).toContainText('Waiting for the PSU');
  await expect(outcome).toContainText('The bank accepted the consent request (201, X-Request-ID');
  await expect(consentStatus(page)).toContainText('received');
  await expect(notUsableFlag(page)).toContainText('not authorised yet');
  const panel = authoriseConsentPanel(page);
  await expect(panel.getByText('EMBEDDED')).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Log in to start the authorisation' })).toBeVisible();

  await authoriseConsent(page, 'carol', 'embedded');
  await expect(panel.getByRole('heading', { name: /Authorised/ })).toBeVisible();
  await expect(consentStatus(page)).toContainText('valid');
  await expect(consentStatus(page)).toContainText('Authorised: the TPP may read');
  // Its plain name says the code already: said once.
  await expect(outcome).toContainText('The bank reports the consent as Valid.');
  await expect(outcome).not.toContainText('The bank accepted');
  await expect(notUsableFlag(page)).toHaveCount(0);
  // The SCA panel stays with its outcome until the page is left; a fresh visit no longer offers it.
  await page.reload();
  await expect(consentStatus(page)).toContainText('valid');
  await expect(panel).toHaveCount(0);

  const details = page.getByRole('region', { name: 'Access and validity' });
  await expect(details).toContainText('allPsd2: allAccounts');
  await expect(details.getByRole('definition').first()).toContainText(/days left/);
  await expect(details).toContainText('no, one-off');

  const authorisations = page.getByRole('region', { name: 'Consent authorisations' });
  await authorisations.getByRole('button', { name: 'Reload list' }).click();
  const item = authorisations.getByRole('list', { name: 'Authorisation ids' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await item.getByRole('button', { name: /Read SCA status of/ }).click();
  await expect(item).toContainText('finalised');
  // A valid consent cannot be authorised again (the bank would answer 409 STATUS_INVALID): not offered, and why.
  await expect(authorisations.getByRole('button', { name: 'Start new authorisation' })).toHaveCount(0);
  await expect(authorisations).toContainText('No new authorisation can be started: the consent is already valid.');

  await page.getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByText('This is the active consent')).toBeVisible();
  const header = activeConsentInHeader(page);
  await expect(header).toContainText('valid');
  await expect(header.getByRole('link')).toHaveAttribute('href', `/consents/${consentId}`);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/consents');
  const entry = page.getByRole('listitem').filter({ hasText: consentId });
  await expect(entry).toContainText('All account information (allPsd2: allAccounts)');
  await expect(entry).toContainText('active');
  await expect(entry).toContainText('valid');
  await expect(entry).toContainText('one-off');
  await expectNoSeriousA11yViolations(page);
});

test('redirect SCA denied by the PSU: back through the callback, the consent is rejected and flagged', async ({
  page,
}) => {
  await page.goto('/consents/new');
  await fillConsentForm(page, { access: { accounts: [carol.iban], transactions: [carol.iban] } });
  const consentId = await submitConsentForm(page);
  await expect(authoriseConsentPanel(page).getByText('REDIRECT')).toBeVisible();

  await authoriseConsent(page, 'carol', 'redirect', 'deny');
  expect(new URL(page.url()).searchParams.get('sca')).toBe('nok');
  const outcome = page.getByRole('status', { name: 'Outcome' });
  // The bank reports the denied authorisation as failed, and the consent as rejected.
  await expect(outcome).toContainText('SCA failed');
  await expect(outcome).toContainText('The approval at the bank failed, and the bank rejected the consent.');
  await expect(consentStatus(page)).toContainText('rejected');
  const flag = notUsableFlag(page);
  await expect(flag).toContainText('This consent cannot be used for account reads');
  await expect(flag).toContainText('will never become valid');
  await expect(flag.getByRole('link', { name: 'Create a new consent' })).toHaveAttribute('href', '/consents/new');
  // A rejected consent is not offered as the active one.
  await expect(page.getByRole('button', { name: 'Make active' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/consents');
  const entry = page.getByRole('listitem').filter({ hasText: consentId });
  await expect(entry).toContainText('rejected');
  await expect(entry).toContainText(`Details and transactions of ${carol.iban.replace(/(.{4})(?=.)/g, '$1 ')}`);
  await expect(entry.getByRole('button', { name: /Make active/ })).toHaveCount(0);
});

test('dave’s SCA always fails: the authorisation fails and the consent is rejected', async ({ page }) => {
  await useConsentProfile(page, { id: 'e2e-consents-embedded-dave', name: 'Sandbox, embedded', approach: 'embedded' });
  await page.goto('/consents/new');
  await fillConsentForm(page, { access: { balances: [dave.iban] } });
  await submitConsentForm(page);
  await authoriseConsent(page, 'dave', 'embedded');
  const panel = authoriseConsentPanel(page);
  await expect(panel.getByRole('heading', { name: 'Authorisation failed' })).toBeVisible();
  await expect(consentStatus(page)).toContainText('rejected');
  await expect(notUsableFlag(page)).toContainText('rejected');
});

test('redirect SCA approved: the consent comes back valid; deleting it ends it as terminatedByTpp', async ({
  page,
}) => {
  await page.goto('/consents/new');
  await fillConsentForm(page, { access: 'availableAccountsWithBalance', withOwnerName: true, recurring: false });
  const id = await submitConsentForm(page);
  await authoriseConsent(page, 'carol', 'redirect');
  await expect(page.getByRole('status', { name: 'Outcome' })).toContainText('Authorised');
  await expect(consentStatus(page)).toContainText('valid');
  await expect(page.getByRole('region', { name: 'Access and validity' })).toContainText(
    'availableAccountsWithBalance: allAccountsWithOwnerName',
  );
  await page.getByRole('button', { name: 'Make active' }).click();
  await expect(activeConsentInHeader(page)).toContainText('valid');

  await page.getByRole('button', { name: 'Delete consent…' }).click();
  await page.getByRole('button', { name: 'Yes, delete the consent' }).click();
  await expect(consentStatus(page)).toContainText('terminatedByTpp');
  await expect(page.getByRole('region', { name: 'Delete' })).toContainText('answered 204');
  await expect(notUsableFlag(page)).toContainText('It was deleted');
  // It was the active consent: it no longer is.
  await expect(activeConsentInHeader(page)).toContainText('No active consent');
  await expect(page.getByRole('button', { name: 'Make active' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete consent…' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.goto('/consents');
  await expect(page.getByRole('listitem').filter({ hasText: id })).toContainText('terminatedByTpp');
});

test('bank-offered consent: the PSU picks accounts per service at the bank, and the consent page shows that choice', async ({
  page,
}) => {
  await page.goto('/consents/new');
  await page.getByRole('radio', { name: accessLabels.bankOffered }).check();
  await page.getByLabel('Recurring access').uncheck();
  await submitConsentForm(page);
  const consentPath = new URL(page.url()).pathname;
  await authoriseConsentPanel(page)
    .getByRole('link', { name: /Continue at the bank/ })
    .click();
  await page.getByLabel('Online banking ID').fill('bob');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();

  const choice = page.getByRole('group', { name: 'Accounts to share' });
  const shown = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');
  const box = (service: string, iban: string) =>
    choice.getByRole('checkbox', { name: new RegExp(`^${service} .*${shown(iban)}`) });
  for (const iban of [bobMain.iban, bobGbp.iban, bobBusiness.iban]) {
    for (const service of ['Account details', 'Balances', 'Transactions'])
      await expect(box(service, iban)).toBeChecked();
  }
  // Nothing chosen is refused on the page.
  for (const checkbox of await choice.getByRole('checkbox').all()) await checkbox.uncheck();
  await page.getByLabel('One-time password').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose at least one account to share');

  await box('Account details', bobMain.iban).check();
  await box('Balances', bobBusiness.iban).check();
  await page.getByLabel('One-time password').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL((url) => url.pathname === consentPath && url.searchParams.has('sca'));
  await expect(consentStatus(page)).toContainText('valid');

  const access = page.getByRole('region', { name: 'Access and validity' });
  // Balances of an account include its details.
  await expect(access.getByRole('list', { name: 'Account details' }).getByRole('listitem')).toHaveText([
    shown(bobMain.iban),
    shown(bobBusiness.iban),
  ]);
  await expect(access.getByRole('list', { name: 'Balances' }).getByRole('listitem')).toHaveText([
    shown(bobBusiness.iban),
  ]);
  await expect(access.getByRole('list', { name: 'Transactions' })).toHaveCount(0);
  await expect(access).toContainText('Not granted');
  await expect(access).not.toContainText(shown(bobGbp.iban));
});

test('decoupled SCA: the PSU approves in the banking app, the consent page follows it to valid', async ({ page }) => {
  await useConsentProfile(page, { id: 'e2e-consents-decoupled', name: 'Sandbox, decoupled', approach: 'decoupled' });
  await page.goto('/consents/new');
  await fillConsentForm(page, { access: 'availableAccounts', recurring: false });
  await submitConsentForm(page);
  await expect(authoriseConsentPanel(page).getByText('DECOUPLED')).toBeVisible();
  await authoriseConsent(page, 'carol', 'decoupled');
  await expect(consentStatus(page)).toContainText('valid', { timeout: 15_000 });
});

test.describe('recurring consents of one PSU', () => {
  // Authorising a recurring consent expires the PSU's earlier recurring one, so these run one after the other.
  test.describe.configure({ mode: 'serial' });

  test('a new recurring consent of carol expires her earlier one; the console flags the old one', async ({ page }) => {
    const first = await createConsentThroughUi(page, {
      access: 'allPsd2',
      psu: 'carol',
      recurring: true,
      frequencyPerDay: 4,
    });
    await expect(page.getByRole('region', { name: 'Access and validity' })).toContainText(
      'yes (recurringIndicator true)',
    );
    await expect(page.getByRole('region', { name: 'Access and validity' })).toContainText('4 (frequencyPerDay)');
    const second = await createConsentThroughUi(page, {
      access: { balances: [carol.iban] },
      psu: 'carol',
      recurring: true,
      frequencyPerDay: 2,
    });
    expect(second).not.toBe(first);
    await expect(activeConsentInHeader(page).getByRole('link')).toHaveAttribute('href', `/consents/${second}`);

    await page.goto(`/consents/${first}`);
    await expect(consentStatus(page)).toContainText('expired');
    await expect(notUsableFlag(page)).toContainText('newer recurring consent');
  });
});

test('a consent the bank does not know: CONSENT_UNKNOWN explained, and the console stops using it', async ({
  page,
}) => {
  await page.addInitScript(() => {
    // The built-in profile's active consent, as another browser session might have left it.
    if (!window.sessionStorage.getItem('e2e-seeded')) {
      window.localStorage.setItem(
        'xs2a-console.active-consent.v1',
        JSON.stringify({ sandbox: 'con-not-at-this-bank' }),
      );
      window.sessionStorage.setItem('e2e-seeded', '1');
    }
  });
  await page.goto('/');
  const header = activeConsentInHeader(page);
  await expect(header).toContainText('status unknown');
  await header.getByRole('link').click();
  await expect(page).toHaveURL(/\/consents\/con-not-at-this-bank$/);

  const status = page.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('403 CONSENT_UNKNOWN');
  await expect(status).toContainText('What to do:');
  await expect(status).toContainText('Check that the active bank profile is the one the consent was created with');
  const note = page.getByRole('note', { name: 'Unknown consent' });
  await expect(note).toContainText('It is still the active consent of this profile');
  await expect(page.getByRole('region', { name: 'Access and validity' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete consent…' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await note.getByRole('button', { name: 'Stop using it as the active consent' }).click();
  await expect(header).toContainText('No active consent');
  await expect(note.getByRole('link', { name: 'Create a new consent' })).toHaveAttribute('href', '/consents/new');
});
