// Signing baskets through the console: payments and a consent that await their authorisation put in one basket and
// authorised with one redirect SCA, every member moving on with it (in the payments' and consents' own lists too, before
// their pages are opened, and in a payment's timeline with the basket named); a basket deleted; a member already in an
// open basket refused by the bank in plain words, with the choice kept. Each new page passes axe and is shot at 1280
// and 390 px.
import { expect, test, type Page } from './test';
import { fillConsentForm, submitConsentForm, useConsentProfile } from './consents-helpers';
import { testAccounts } from './fixtures';
import { approveAtBank, createPayment } from './payments-helpers';
import { useScaProfile } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';

test.describe.configure({ timeout: 120_000 });

const alice = testAccounts['alice-main'];

async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A payment from alice's account that waits for its authorisation (its page is left without authorising it). */
async function waitingPayment(page: Page, amount: string) {
  return createPayment(page, { debtorIban: alice.iban, amount, creditorName: 'Kiosk am Markt' });
}

function basketStatus(page: Page) {
  return page.getByRole('status', { name: 'Basket status' });
}

function candidate(page: Page, name: RegExp) {
  return page.getByRole('checkbox', { name });
}

async function createBasket(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create signing basket' }).click();
  await page.waitForURL(/\/baskets\/(?!new)[^/?]+$/);
  await expect(basketStatus(page)).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

test('two payments and a consent authorised together with one redirect SCA: every member moves on', async ({
  page,
}) => {
  await useConsentProfile(page, {
    id: 'basket-redirect',
    name: 'Basket (redirect)',
    approach: 'redirect',
    psuId: 'alice',
  });
  const first = await waitingPayment(page, '3.10');
  const second = await waitingPayment(page, '4.20');
  await fillConsentForm(page, { access: 'allPsd2' });
  const consentId = await submitConsentForm(page);

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Baskets' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Signing baskets' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No baskets yet' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'baskets-empty');
  await page.getByRole('link', { name: 'New signing basket' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'New signing basket' })).toBeVisible();
  await candidate(page, /3\.10 EUR to Kiosk am Markt/).check();
  await candidate(page, /4\.20 EUR to Kiosk am Markt/).check();
  await candidate(page, /Consent to all account information/).check();
  await expect(page.getByText('3 chosen: POST /v1/signing-baskets with 2 paymentIds and 1 consentId.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'basket-new');
  const basketId = await createBasket(page);

  await expect(page.getByRole('heading', { level: 1, name: /Signing basket: 2 payments and 1 consent/ })).toBeVisible();
  await expect(basketStatus(page)).toContainText('RCVD');
  const members = page.getByRole('list', { name: 'Members of the signing basket' });
  await expect(members.getByRole('status')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'basket-page-received');

  // One SCA at the bank for all three.
  const panel = page.getByRole('region', { name: 'Authorise the basket' });
  await panel.getByRole('link', { name: /Continue at the bank/ }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === `/baskets/${basketId}` && url.searchParams.has('sca'));
  await expect(basketStatus(page)).toContainText('ACTC', { timeout: 15_000 });
  const payments = members.getByRole('status', { name: 'Status of the payment' });
  await expect(payments).toHaveCount(2);
  for (const status of await payments.all()) await expect(status).toContainText(/ACTC|ACSC/, { timeout: 15_000 });
  await expect(members.getByRole('status', { name: 'Status of the consent' })).toContainText('valid');
  await expect(page.getByText('The bank reports the signing basket as Accepted (ACTC).')).toBeVisible();
  await expect(
    page.getByText('Outcome: Authorised: every payment and consent in it accepted (ACTC)').first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'basket-page-authorised');

  // The members' own lists learnt their new statuses from the basket's page: none of their pages was opened yet.
  await page.goto('/payments');
  for (const amount of ['3.10', '4.20']) {
    await expect(page.getByRole('listitem').filter({ hasText: `${amount} EUR to Kiosk am Markt` })).toContainText(
      /Last known status\s*(ACTC|ACSC)/,
    );
  }
  await page.goto('/consents');
  await expect(page.getByText(/Last known status\s*valid/)).toBeVisible();
  await page.goto(`/baskets/${basketId}`);
  await expect(basketStatus(page)).toContainText('ACTC');

  // Each member links to its own page, which agrees.
  await members.getByRole('link', { name: /3\.10 EUR/ }).click();
  await expect(page).toHaveURL(new RegExp(`${first.paymentId}$`));
  await expect(page.getByRole('status', { name: 'Transaction status' })).toContainText(/ACTC|ACSC/);
  // Its timeline names the basket whose authorisation moved it on.
  const byBasket = page.getByRole('link', { name: `signing basket ${basketId}` });
  await expect(byBasket).toBeVisible();
  await expect(byBasket).toHaveAttribute('href', `/baskets/${basketId}`);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'basket-member-payment');
  await page.goBack();
  await members.getByRole('link', { name: /Consent to all account information/ }).click();
  await expect(page).toHaveURL(new RegExp(`/consents/${consentId}$`));
  await expect(page.getByRole('status', { name: 'Consent status' })).toContainText('valid');

  // The list keeps the basket; the new-basket page no longer offers what it signed.
  await page.goto('/baskets');
  await expect(page.getByRole('link', { name: 'Basket of 2 payments and 1 consent' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'baskets-list');
  await page.goto('/baskets/new');
  await expect(page.getByText(second.paymentId)).toHaveCount(0);
});

test('a member already in an open basket is refused in plain words, the choice kept; deleting the basket frees it', async ({
  page,
}) => {
  // Explicit authorisation: the basket waits with no authorisation started, so it may still be deleted.
  await useScaProfile(page, {
    id: 'basket-explicit',
    name: 'Basket (explicit)',
    sca: { redirectPreferred: true, explicitAuthorisationPreferred: true },
    psuId: 'alice',
  });
  const payment = await waitingPayment(page, '5.30');
  await page.goto('/baskets/new');
  await candidate(page, /5\.30 EUR/).check();
  const basketId = await createBasket(page);
  await expect(basketStatus(page)).toContainText('RCVD');

  // The same payment again: the console says it is in an open basket, the bank refuses it.
  await page.goto('/baskets/new');
  const again = candidate(page, /5\.30 EUR/);
  await expect(page.getByText(`already in the open basket ${basketId}`)).toBeVisible();
  await again.check();
  await page.getByRole('button', { name: 'Create signing basket' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'RESOURCE_BLOCKED' });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText(`already in the open signing basket ${basketId}`);
  await expect(page).toHaveURL(/\/baskets\/new$/);
  await expect(again).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'basket-new-refused');

  // Deleted, the basket lets its payment go: the second try succeeds.
  await page.goto(`/baskets/${basketId}`);
  await page.getByRole('button', { name: 'Delete basket…' }).click();
  await page.getByRole('button', { name: 'Yes, delete the basket' }).click();
  await expect(page.getByText(/Deleted: the bank answered 204/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'basket-page-deleted');
  await page.goto('/baskets');
  await expect(page.getByText('deleted', { exact: true })).toBeVisible();
  await page.goto('/baskets/new');
  await expect(page.getByText(/already in the open basket/)).toHaveCount(0);
  await candidate(page, /5\.30 EUR/).check();
  const second = await createBasket(page);
  expect(second).not.toBe(basketId);
  await expect(page.getByRole('list', { name: 'Members of the signing basket' })).toContainText(payment.paymentId);
});
