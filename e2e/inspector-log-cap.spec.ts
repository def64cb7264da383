// The inspector's log near its cap, with the console's real limit: payments made through the sandbox's API are opened
// one after another in the console, each a flow of its own in the log. Before anything is dropped the console says
// how many more flows fit and which go next (on every page beside the inspector's link, and in the inspector); a flow
// the user kept survives the drop, and the inspector names what went. No serious axe violation at 1280 and 390 px.
import { initiatePayment, testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from './test';

const alice = testAccounts['alice-main'];
/** More payments than the log keeps flows (60); the test opens only as many as it needs. */
const PAYMENTS = 70;

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * Opens a payment's page, which reads the payment, its status and its authorisations: one flow in the log. Within the
 * page already loaded, as a link inside the console would (the router follows the history), so it takes no reload.
 */
async function openPayment(page: Page, paymentId: string): Promise<void> {
  await page.evaluate((path) => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `/payments/payments/sepa-credit-transfers/${paymentId}`);
  // The payment's read answered: its flow is in the log.
  await expect(page.getByText(paymentId).first()).toBeVisible();
  await expect(page.getByText('Kiosk am Markt').first()).toBeVisible();
  // The page names itself in the document's title (the browser's tab and history), not in a hidden element.
  await expect(page).toHaveTitle(`Payment ${paymentId} · XS2A Console`);
}

/** The few words beside the inspector's link in the navigation, on every page (a live region, there while empty). */
function logNote(page: Page) {
  return page.getByRole('navigation', { name: 'Console sections' }).locator('[role="status"]');
}

async function openInspector(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /^Inspector/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
}

/** The inspector's notice of the log's room (a polite status line). */
function notice(page: Page) {
  return page.locator('#log-room');
}

test('warns before the log drops a flow, keeps a kept flow, and says what was dropped', async ({
  page,
  request,
}, info) => {
  test.setTimeout(300_000);
  const ids = await Promise.all(
    Array.from(
      { length: PAYMENTS },
      async () => (await initiatePayment(request, { 'PSU-ID': 'alice' }, alice.iban)).paymentId,
    ),
  );
  const [keptId = '', firstToGo = ''] = ids;

  await page.goto('/');
  await openPayment(page, keptId);
  await openPayment(page, firstToGo);
  await openInspector(page);
  await page.getByRole('button', { name: `Keep Payment ${keptId}` }).click();
  await expect(page.getByRole('button', { name: `Kept Payment ${keptId}` })).toHaveAttribute('aria-pressed', 'true');

  // More payments, until the console says only a few more flows fit.
  let opened = 2;
  while (!/more flows? fits?/.test((await logNote(page).textContent({ timeout: 5000 })) ?? '')) {
    expect(opened, 'the console warned before every payment was opened').toBeLessThan(PAYMENTS);
    await openPayment(page, ids[opened] ?? '');
    opened += 1;
  }
  // Told on the page the user is on, with nothing dropped yet.
  await expect(logNote(page)).toHaveText('Log: 5 more flows fit');
  await logNote(page).getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
  await expect(notice(page)).toContainText(
    'The log is nearly full: it keeps the latest 60 flows besides the ones you keep, and 5 more flows fit before the oldest go.',
  );
  await expect(notice(page)).toContainText(`Next to go: Payment ${firstToGo}`);
  await expect(notice(page)).not.toContainText('Dropped');
  await expect(notice(page).getByRole('button', { name: /^Keep these \d$/ })).toBeVisible();
  await expect(notice(page).getByRole('button', { name: /^Export these \d as HAR$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: `Payment ${firstToGo}` })).toBeVisible();
  await page.screenshot({ path: info.outputPath('log-cap-warning-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('log-cap-warning-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  // Five more fit; the sixth drops the flow quiet for longest that is not kept.
  for (let more = 0; more < 6; more += 1) {
    await openPayment(page, ids[opened] ?? '');
    opened += 1;
  }
  await expect(logNote(page)).toHaveText('Log full: oldest flows go next');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath('log-cap-payment-page-390.png') });
  // The inspector now shows both notices, the warning and what went: axe at both widths.
  await openInspector(page);
  await expect(notice(page)).toContainText(
    `Dropped to make room for newer flows: 1 flow (3 exchanges). Payment ${firstToGo}.`,
  );
  await expect(page.getByRole('region', { name: `Payment ${firstToGo}` })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Kept Payment ${keptId}` })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('log-cap-dropped-390.png') });
  await page
    .getByRole('region', { name: `Payment ${keptId}` })
    .screenshot({ path: info.outputPath('log-cap-kept-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: info.outputPath('log-cap-dropped-1280.png') });

  await notice(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice(page)).not.toContainText('Dropped');
});
