// The state map beside a payment and a consent: the path through the 1.3.12 status machine this browser saw, the
// current state, the states it can move to and what the user can still do, every state behind "All states", at a
// desktop's and a phone's width, where the current state stays in view inside the drawing's scroll box.
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { authoriseConsent, consentStatus, fillConsentForm, submitConsentForm } from './consents-helpers';
import { testAccounts } from './fixtures';
import { frozenBench } from './bench';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';

test.describe.configure({ timeout: 90_000 });

const stateMap = (page: Page) => page.getByRole('region', { name: 'State map', exact: true });
const diagram = (page: Page) => stateMap(page).getByRole('img', { name: /^State map: / });
const state = (page: Page, code: string) => diagram(page).locator(`g[data-state="${code}"]`);
const actions = (page: Page) => stateMap(page).getByRole('list', { name: 'What you can still do' });

async function expectAxeClean(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await expectNoSeriousA11yViolations(page, 'section[aria-labelledby]');
}

/** The current state's box lies inside the drawing's scroll box (which scrolled to it), not beyond its edge. */
async function expectCurrentInView(page: Page) {
  const box = stateMap(page).getByRole('region', { name: 'State map diagram' });
  const current = diagram(page).locator('g[data-current="true"] rect').first();
  await expect(async () => {
    const outer = await box.boundingBox();
    const inner = await current.boundingBox();
    expect(outer && inner).toBeTruthy();
    expect(inner!.x).toBeGreaterThanOrEqual(outer!.x - 1);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 1);
  }).toPass({ timeout: 5000 });
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await stateMap(page).screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a payment marks RCVD → ACTC → ACSC with ACSC current, and offers no cancel once final', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo);
  const payment = await createPayment(page, { debtorIban: testAccounts['alice-main'].iban, amount: '9.80' });
  await expect(state(page, 'RCVD')).toHaveAttribute('data-current', 'true');
  await expect(actions(page)).toContainText('Authorise the payment → Technically valid (ACTC)');
  await expect(actions(page)).toContainText('Cancel payment → Cancelled (CANC)');
  await screenshots(page, 'payment-received');
  await expectAxeClean(page, 1280);
  await expectAxeClean(page, 390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path);
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');

  await expect(state(page, 'ACSC')).toHaveAttribute('data-current', 'true');
  await expect(diagram(page).locator('g[data-current="true"]')).toHaveCount(1);
  await expect(state(page, 'RCVD')).toHaveAttribute('data-visits', '1');
  await expect(state(page, 'ACTC')).toHaveAttribute('data-visits', '2');
  await expect(state(page, 'ACSC')).toHaveAttribute('data-visits', '3');
  await expect(diagram(page).locator('path[data-edge="taken"]')).toHaveCount(2);
  await expect(stateMap(page).getByTestId('state-map-path')).toHaveText(
    'Received (RCVD) → Technically valid (ACTC) → Settled (ACSC) (now, final)',
  );
  await expect(actions(page)).toHaveCount(0);
  await expect(stateMap(page)).not.toContainText('Cancel payment');
  await expect(stateMap(page)).toContainText('Final: nothing can change it any more.');
  await expect(diagram(page).locator('[data-action]')).toHaveCount(0);

  // Only the path is drawn once the payment is final: three boxes, not the machine's fourteen.
  await expect(diagram(page).locator('g[data-state]')).toHaveCount(3);
  const all = stateMap(page).getByRole('button', { name: 'All states' });
  await expect(all).toHaveAttribute('aria-pressed', 'false');
  await page.setViewportSize({ width: 390, height: 900 });
  await expectCurrentInView(page);
  await all.click();
  await expect(diagram(page).locator('g[data-state]')).toHaveCount(14);
  await expect(all).toHaveAttribute('aria-pressed', 'true');
  await expectCurrentInView(page);
  await all.click();
  await expect(diagram(page).locator('g[data-state]')).toHaveCount(3);
  await page.setViewportSize({ width: 1280, height: 900 });

  // A reload keeps the path: it comes from this browser's history of the payment.
  await page.reload();
  await expect(state(page, 'ACTC')).toHaveAttribute('data-visits', '2');
  await screenshots(page, 'payment-settled');
  await expectAxeClean(page, 1280);
  await expectAxeClean(page, 390);
});

test('a consent is marked received → valid → deleted, and deletion is offered until then', async ({ page }) => {
  await page.goto('/consents/new');
  await fillConsentForm(page, { access: 'allPsd2', recurring: false });
  await submitConsentForm(page);
  await expect(state(page, 'received')).toHaveAttribute('data-current', 'true');
  await expect(actions(page)).toContainText('Authorise the consent → Valid (valid)');
  await authoriseConsent(page, 'alice', 'redirect');
  await expect(consentStatus(page)).toContainText('valid', { timeout: 15_000 });
  await expect(state(page, 'valid')).toHaveAttribute('data-current', 'true');
  await expect(actions(page)).toHaveText('Delete consent → Deleted by the TPP (terminatedByTpp)');
  await screenshots(page, 'consent-valid');

  await page.getByRole('button', { name: 'Delete consent…' }).click();
  await page.getByRole('button', { name: 'Yes, delete the consent' }).click();
  await expect(consentStatus(page)).toContainText('terminatedByTpp');
  await expect(state(page, 'terminatedByTpp')).toHaveAttribute('data-current', 'true');
  await expect(state(page, 'terminatedByTpp')).toHaveAttribute('data-visits', '3');
  await expect(actions(page)).toHaveCount(0);
  await expectAxeClean(page, 1280);
  await expectAxeClean(page, 390);
});

test('carol’s rejected payment: the two states she went through, the rejection in view on a phone', async ({
  page,
}) => {
  const payment = await createPayment(page, { debtorIban: testAccounts['carol-main'].iban, amount: '100.00' });
  // Received, with the states it can move to: the path and what can come next, not all fourteen.
  await expect(state(page, 'RCVD')).toHaveAttribute('data-current', 'true');
  const next = await diagram(page).locator('g[data-state]').count();
  expect(next).toBeGreaterThan(1);
  expect(next).toBeLessThan(14);
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'carol');
  await page.waitForURL((url) => url.pathname === payment.path);
  await expect(transactionStatus(page)).toContainText('RJCT');

  await expect(state(page, 'RJCT')).toHaveAttribute('data-current', 'true');
  await expect(diagram(page).locator('g[data-state]')).toHaveCount(2);
  await expect(stateMap(page).getByTestId('state-map-path')).toHaveText(
    'Received (RCVD) → Rejected (RJCT) (now, final)',
  );
  await page.setViewportSize({ width: 390, height: 900 });
  await expectCurrentInView(page);
  await screenshots(page, 'carol-rejected');
  await expectAxeClean(page, 1280);
  await expectAxeClean(page, 390);
});
