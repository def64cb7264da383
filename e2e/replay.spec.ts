// Replay files: a payment's flow saved as one HTML file, opened from disk with no server and no network request, shown
// step by step, and opened again read-only in the console; in presenter mode the file masks the bank's data.
import { readFileSync } from 'node:fs';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { frozenBench } from './bench';
import { flowSection, testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';

test.describe.configure({ timeout: 120_000 });

const alice = testAccounts['alice-main'];

async function expectAxeClean(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A settled payment of alice's, authorised at the bank's page; its page is open. On a bench of the test's own, settled
 * by moving the bench's clock. Call it before the test's first navigation.
 */
async function settledPayment(page: Page) {
  const b = await frozenBench(page, test.info());
  const payment = await createPayment(page, { debtorIban: alice.iban, amount: '7.30', creditorName: 'Café Lumière' });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path);
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');
  return payment;
}

async function saveReplay(page: Page, name: string): Promise<string> {
  const download = page.waitForEvent('download');
  await (await flowSection(page)).getByRole('button', { name: 'Save as replay' }).click();
  const path = test.info().outputPath(name);
  await (await download).saveAs(path);
  await expect(page.getByText('Replay saved', { exact: true })).toBeVisible();
  return path;
}

test('a saved replay opens from disk with no network request, step by step, and the console opens it again', async ({
  page,
  browser,
}) => {
  const payment = await settledPayment(page);
  const file = await saveReplay(page, 'payment-replay.html');
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(alice.iban);

  // Opened by double-click: a fresh browser context, nothing but the file.
  const offline = await browser.newContext();
  const requests: string[] = [];
  offline.on('request', (request) => requests.push(request.url()));
  const replay = await offline.newPage();
  await replay.goto(`file://${file}`);
  await expect(replay.getByRole('heading', { level: 1, name: 'Payment to Café Lumière' })).toBeVisible();
  await expect(replay.getByRole('img', { name: "State map: The payment's status" })).toBeVisible();
  await expect(replay.locator('g[data-state="ACSC"]')).toHaveAttribute('data-current', 'true');
  const diagram = replay.getByRole('region', { name: 'Flow diagram' });
  await expect(diagram.locator('g[data-step]').first()).toBeVisible();
  await expect(diagram).toContainText('Initiate payment');
  const steps = replay.getByRole('listitem').filter({ has: replay.getByRole('heading', { level: 3 }) });
  const count = await steps.count();
  expect(count).toBeGreaterThan(2);
  await expect(steps.first()).toContainText('1. ');
  await screenshots(replay, 'file-all-steps');
  await expectAxeClean(replay);

  await replay.getByRole('link', { name: 'Step by step' }).click();
  await expect(steps.filter({ visible: true })).toHaveCount(1);
  await expect(steps.filter({ visible: true })).toContainText('1. ');
  await replay.getByRole('link', { name: 'Next step →' }).click();
  await expect(steps.filter({ visible: true })).toContainText('2. ');
  await expect(replay).toHaveURL(/#step-2$/);
  // An arrow of the diagram leads to its step.
  await diagram.locator('a[href="#step-1"]').first().click();
  await expect(steps.filter({ visible: true })).toContainText('1. Initiate payment');
  await replay.getByRole('link', { name: 'Next step →' }).click();
  await screenshots(replay, 'file-step-2');
  await expectAxeClean(replay);
  await replay.getByRole('link', { name: 'All steps' }).first().click();
  await expect(steps.filter({ visible: true })).toHaveCount(count);
  expect(requests).toEqual([`file://${file}`]);
  await offline.close();

  // The console opens it again, read-only, with its own views.
  await page.goto('/replay');
  await expect(page.getByRole('heading', { level: 1, name: 'Open a replay' })).toBeVisible();
  await page.getByLabel('Replay file (.html)').setInputFiles(file);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment to Café Lumière' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Flow diagram' })).toContainText('Initiate payment');
  const map = page.getByRole('region', { name: 'State map', exact: true });
  await expect(map.locator('g[data-state="ACSC"]')).toHaveAttribute('data-current', 'true');
  await expect(map.getByTestId('state-map-path')).toContainText('Settled (ACSC) (now, final)');
  const shown = page.getByRole('region', { name: /^Steps/ }).getByRole('listitem');
  await expect(shown).toHaveCount(count);
  await page.getByRole('button', { name: 'Step by step' }).click();
  await expect(shown).toHaveCount(1);
  await page.getByRole('button', { name: 'Next step →' }).click();
  await expect(page.getByText(`Step 2 of ${count}`)).toBeVisible();
  await screenshots(page, 'console-replay');
  await expectAxeClean(page);
  expect(payment.paymentId).not.toBe('');
});

test('presenter mode masks the bank data in the replay; a file that is not a replay is refused', async ({ page }) => {
  await settledPayment(page);
  await page.getByRole('switch', { name: 'Presenter mode' }).click();
  const file = await saveReplay(page, 'masked-replay.html');
  const text = readFileSync(file, 'utf8');
  expect(text).not.toContain(alice.iban);
  expect(text).toContain('masked');

  await page.goto('/replay');
  await page.getByLabel('Replay file (.html)').setInputFiles({
    name: 'notes.html',
    mimeType: 'text/html',
    buffer: Buffer.from('<html><body><script>alert(1)</script>Not a replay</body></html>'),
  });
  await expect(page.getByRole('alert')).toContainText('notes.html cannot be shown');
  await expect(page.getByRole('alert')).toContainText('has no replay data');
});
