// A private bench started from the Sandbox page: a bank of the tester's own beside the shared sandbox, with a profile
// the console switches to. A clock move and a scenario on the bench do not touch the shared bank, and a scenario on the
// shared bank does not touch the bench; deleting the bench from the page takes its profile with it. The shared bank's
// clock is never moved here (other specs run on it); its scenario is scoped to this test's own consent.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { dedicated, validConsentViaApi } from './accounts-helpers';
import { testAccounts } from './fixtures';
import { addScenario, clockPanel, moveClock, openSandboxPage, removeScenario } from './sandbox-admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test } from './test';

const aliceMain = testAccounts['alice-main'];

/** A bank's clock offset and scenarios, as its admin API tells them. */
async function bankState(request: APIRequestContext, base: string) {
  const clock = (await (await request.get(`${base}/admin/clock`)).json()) as { offsetMs: number };
  const { scenarios } = (await (await request.get(`${base}/admin/scenarios`)).json()) as {
    scenarios: { id: string; operation: string; resourceId?: string }[];
  };
  return { offsetMs: clock.offsetMs, scenarios };
}

async function chooseProfile(page: Page, name: string): Promise<void> {
  await page.getByLabel('Bank profile').selectOption({ label: name });
}

/** The accounts page, which reads the account list with the active profile's consent. */
async function openAccounts(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
}

test('a private bench started from the Sandbox page keeps its clock and scenarios apart from the shared bank', async ({
  page,
  request,
}, testInfo) => {
  // A long name without spaces, as teams name benches: its buttons must wrap at 390 px.
  const label = `QA ${testInfo.retry}${randomUUID().slice(0, 6)}-release-checks-of-the-payments-team`;
  const name = label.toLowerCase().replace(' ', '-');
  const base = `/bench/${name}`;
  const sharedConsent = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });

  // Start the bench on the shared sandbox's page: the console adds a profile for it.
  await page.goto('/');
  await openSandboxPage(page);
  const panel = page.getByRole('region', { name: 'Private benches' });
  await panel.getByLabel('Bench name').fill(label);
  await panel.getByRole('button', { name: 'Start bench' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    new RegExp(`^Bench “${label}” started at http://[^ ]+${base}, with the profile “Bench: ${label}”\\.$`),
  );
  const item = panel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });
  await expect(item).toContainText(base);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 });
    await panel.scrollIntoViewIfNeeded();
    await panel.screenshot({ path: testInfo.outputPath(`private-benches-${width}.png`) });
    await page.screenshot({ path: testInfo.outputPath(`sandbox-page-benches-${width}.png`), fullPage: true });
    await expectNoSeriousA11yViolations(page);
    // The long name wraps in its buttons rather than widen the page.
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(sideways, `the Sandbox page scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Each bank's profile reads its accounts with a consent of its own bank.
  const benchConsent = await validConsentViaApi(request, {
    psu: 'alice',
    access: dedicated(aliceMain.iban),
    recurring: true,
    frequencyPerDay: 10,
    base,
  });
  await page.evaluate(
    (consents) => window.localStorage.setItem('xs2a-console.active-consent.v1', JSON.stringify(consents)),
    { sandbox: sharedConsent, [`bench-${name}`]: benchConsent },
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
  await page.getByRole('button', { name: `Switch to ${label}` }).click();
  await expect(page.getByLabel('Bank profile')).toHaveValue(`bench-${name}`);
  await expect(page.getByText(`The test bench of Bench: ${label}`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Private benches' })).toHaveCount(0);

  // On the bench: its clock a day on, and every account list refused.
  await moveClock(page, '+1 day');
  await expect(clockPanel(page)).toContainText('1 day ahead of real time');
  await addScenario(page, { operation: 'getAccountList', error: 'ACCESS_EXCEEDED' });
  const onBench = await bankState(request, base);
  expect(onBench.offsetMs).toBeGreaterThanOrEqual(86_400_000);
  const benchScenario = onBench.scenarios.find((s) => s.operation === 'getAccountList');
  expect(benchScenario).toBeDefined();
  await openAccounts(page);
  await expect(page.getByText(/^✕ Could not read the accounts/).locator('..')).toContainText('ACCESS_EXCEEDED');
  await expect(page.getByRole('group', { name: 'Bank time' })).toContainText('+1 day');

  // The shared bank: its clock runs on real time, the bench's scenario is not there, its accounts read.
  await chooseProfile(page, 'Embedded sandbox');
  await expect(page.getByText(`Reading with consent ${sharedConsent}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '1 account' })).toBeVisible();
  await expect(page.getByText(/^✕ Could not read the accounts/)).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Bank time' })).toHaveCount(0);
  const shared = await bankState(request, '/sandbox');
  expect(Math.abs(shared.offsetMs)).toBeLessThan(60_000);
  expect(shared.scenarios.map((s) => s.id)).not.toContain(benchScenario?.id);

  // And the other way: a scenario on the shared bank is not on the bench, whose clock stays a day on.
  await openSandboxPage(page);
  await expect(clockPanel(page)).toContainText('Real time.');
  await addScenario(page, { operation: 'getBalances', error: 'ACCESS_EXCEEDED', resourceId: sharedConsent });
  const benchAfter = await bankState(request, base);
  expect(benchAfter.scenarios.map((s) => s.operation)).toEqual(['getAccountList']);
  expect(benchAfter.offsetMs).toBeGreaterThanOrEqual(86_400_000);
  await removeScenario(page, sharedConsent);

  // Deleting the bench asks first, and takes its profile with it.
  const benches = page.getByRole('region', { name: 'Private benches' });
  const row = benches.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label }) });
  await row.getByRole('button', { name: `Delete ${label}…` }).click();
  await expect(row).toContainText(`and so does its profile “Bench: ${label}”`);
  await row.getByRole('button', { name: 'Yes, delete the bench' }).click();
  await expect(benches.getByRole('status')).toHaveText(`“${label}” is deleted.`);
  await expect(page.getByLabel('Bank profile').getByRole('option', { name: `Bench: ${label}` })).toHaveCount(0);
  expect((await request.get(`${base}/health`)).status()).toBe(404);
});
