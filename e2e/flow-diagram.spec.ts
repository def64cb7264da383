// The Flow view: a payment's or consent's sequence diagram, drawn live from what happened in the tab, with the PSU's
// steps, failures in red, links into the inspector, and exports (SVG, Mermaid that Mermaid's own parser accepts).
import { expectNoSeriousA11yViolations } from './axe';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import {
  authoriseConsent,
  authoriseConsentPanel,
  consentStatus,
  fillConsentForm,
  submitConsentForm,
  useConsentProfile,
} from './consents-helpers';
import { frozenBench } from './bench';
import { flowSection, SANDBOX_OTP, SANDBOX_PASSWORD, testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';
import { authorisePanel, completeEmbeddedSca, useScaProfile } from './sca-helpers';
import { expect, test, type Locator, type Page } from './test';

test.describe.configure({ timeout: 90_000 });

const MERMAID_BUNDLE = fileURLToPath(new URL('../node_modules/mermaid/dist/mermaid.min.js', import.meta.url));
const FAILED_RED = '#b91c1c';

/** A step of the diagram by its words. */
function step(view: Locator, words: string | RegExp): Locator {
  return view.locator('g[data-step]').filter({ hasText: words });
}

/** The steps drawn red: their words, in order. */
async function failedSteps(view: Locator): Promise<string[]> {
  const groups = view.locator('g[data-tone="failed"]');
  const fills = await groups.locator('polygon').evaluateAll((ps) => ps.map((p) => p.getAttribute('fill')));
  for (const fill of fills) expect(fill).toBe(FAILED_RED);
  return groups.allTextContents();
}

/** The Flow view at phone and desktop width: axe finds nothing serious, and a screenshot to look at. */
async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect((await flowSection(page)).locator('svg')).toHaveAttribute('width', /\d+/);
    await expectNoSeriousA11yViolations(page, '.flow-view');
    await (await flowSection(page)).screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function exportFile(page: Page, item: string): Promise<{ name: string; text: string }> {
  await (await flowSection(page)).getByText('Export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    (await flowSection(page)).getByRole('button', { name: item }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Mermaid's own parser, from its browser bundle, in a blank page that loads nothing else. */
async function mermaidParses(page: Page, text: string): Promise<boolean> {
  const blank = await page.context().newPage();
  try {
    await blank.setContent('<!doctype html><title>parse</title>');
    await blank.addScriptTag({ content: await readFile(MERMAID_BUNDLE, 'utf8') });
    return await blank.evaluate(async (source) => {
      const { mermaid } = window as unknown as { mermaid: { parse: (text: string) => Promise<unknown> } };
      return Boolean(await mermaid.parse(source));
    }, text);
  } finally {
    await blank.close();
  }
}

test('a redirect payment: the diagram grows through the bank round trip, survives a reload, links to the inspector and exports', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo);
  const alice = testAccounts['alice-main'];
  const payment = await createPayment(page, { debtorIban: alice.iban, amount: '12.50', creditorName: 'Marie Curie' });
  const view = await flowSection(page);
  await expect(step(view, 'Initiate payment → 201, received')).toBeVisible();
  await expect(step(view, 'Initiate payment')).toContainText('12.50 EUR from');
  await expect(step(view, 'Initiate payment')).toContainText('to Marie Curie');
  await checkAtBothWidths(page, 'redirect-mid-flow');

  await authorisePanel(page).getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');
  for (const words of [
    'The console sends the PSU to the bank’s page',
    'The PSU logs in and approves at the bank',
    'Back from the bank: approved',
    'Status → ACSC, settled',
  ]) {
    await expect(step(view, words)).toBeVisible();
  }
  await expect(view.getByRole('status')).toHaveText('Outcome: Settled (ACSC)');
  expect(await failedSteps(view)).toEqual([]);
  await checkAtBothWidths(page, 'redirect-finished');

  await page.reload();
  await expect(step(view, 'Back from the bank: approved')).toBeVisible();
  await expect(view.getByRole('status')).toHaveText('Outcome: Settled (ACSC)');

  const svg = await exportFile(page, 'Download SVG picture');
  expect(svg.name).toBe(`flow-payment-${payment.paymentId}.svg`);
  expect(svg.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  expect(svg.text).toContain('Back from the bank: approved');
  expect(svg.text).not.toMatch(/<a |href=|<style|<script/);
  const mermaid = await exportFile(page, 'Download Mermaid text');
  expect(mermaid.name).toBe(`flow-payment-${payment.paymentId}.mmd`);
  expect(mermaid.text).toMatch(/^sequenceDiagram\n/);
  expect(mermaid.text).toContain('PSU->>TPP: Back from the bank: approved');
  expect(await mermaidParses(page, mermaid.text)).toBe(true);
  // The parser is not a rubber stamp: broken text fails it.
  await expect(mermaidParses(page, 'sequenceDiagram\n  TPP->>: ;;\n  end')).rejects.toThrow();

  // By keyboard: the step's link takes focus and Enter opens the exchange.
  await view.getByRole('link', { name: /^Step 1: Initiate payment → 201, received\./ }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/inspector\?exchange=exchange-\d+/);
  await expect(page.getByRole('region', { name: 'Detail' })).toContainText('initiatePayment');
  await expect(page.getByRole('region', { name: 'Detail' }).getByRole('heading', { level: 3 })).toBeFocused();
});

test('an embedded payment: the PSU’s password, method and one-time code are steps of the diagram', async ({
  page,
}, testInfo) => {
  const b = await frozenBench(page, testInfo, { redirectPreferred: false });
  await createPayment(page, { debtorIban: testAccounts['alice-main'].iban, amount: '17.30' });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  await panel.getByRole('group', { name: 'SCA method' }).getByRole('radio').first().check();
  await panel.getByRole('button', { name: 'Use this method' }).click();
  await panel.getByLabel('One-time password').fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
  await expect(transactionStatus(page)).toContainText('ACTC');
  await b.advance('PT1M');
  await expect(transactionStatus(page)).toContainText('ACSC');

  const view = await flowSection(page);
  for (const words of [
    'The PSU enters their password',
    /The PSU chooses /,
    /The bank sends the PSU a challenge/,
    'The PSU enters the one-time code',
    'Send the one-time code → 200, finalised',
    'Status → ACSC, settled',
  ]) {
    await expect(step(view, words)).toBeVisible();
  }
  await expect(view.getByRole('status')).toHaveText('Outcome: Settled (ACSC)');
  const text = (await view.locator('svg').textContent()) ?? '';
  expect(text).not.toContain(SANDBOX_PASSWORD);
  expect(text).not.toContain(SANDBOX_OTP);
});

test('a decoupled consent: the bank asks the PSU in the app, the wait folds into one span, the PSU approves', async ({
  page,
}) => {
  await useConsentProfile(page, { id: 'e2e-flow-decoupled', name: 'Sandbox, decoupled', approach: 'decoupled' });
  await page.goto('/consents/new');
  await fillConsentForm(page, { access: 'availableAccounts', recurring: false });
  await submitConsentForm(page);
  await expect(authoriseConsentPanel(page).getByText('DECOUPLED')).toBeVisible();
  await authoriseConsent(page, 'carol', 'decoupled');
  await expect(consentStatus(page)).toContainText('valid', { timeout: 15_000 });

  const view = await flowSection(page);
  await expect(step(view, 'Create consent → 201, received')).toBeVisible();
  await expect(step(view, 'The bank asks the PSU to approve it in their banking app')).toBeVisible();
  await expect(step(view, 'The PSU approves in the banking app')).toBeVisible();
  await expect(step(view, 'SCA status → finalised')).toBeVisible();
  await expect(view.getByRole('status')).toHaveText('Outcome: Valid: the TPP may read the accounts it covers');
  expect(await failedSteps(view)).toEqual([]);
  await checkAtBothWidths(page, 'decoupled-consent-finished');
});

test('in presenter mode the diagram and its exports mask account numbers and shorten names', async ({ page }) => {
  const alice = testAccounts['alice-main'];
  await createPayment(page, { debtorIban: alice.iban, amount: '3.20', creditorName: 'Marie Curie' });
  await page.getByRole('switch', { name: 'Presenter mode' }).click();
  const view = await flowSection(page);
  const initiation = step(view, 'Initiate payment');
  await expect(initiation).toContainText(`from ${alice.iban.slice(0, 4)} •••• •••• ${alice.iban.slice(-4)}`);
  await expect(initiation).toContainText('to Marie C.');
  const svg = await exportFile(page, 'Download SVG picture');
  const mermaid = await exportFile(page, 'Download Mermaid text');
  for (const text of [svg.text, mermaid.text, (await view.textContent()) ?? '']) {
    expect(text).not.toContain(alice.iban);
    expect(text).not.toContain('Curie');
  }
  await checkAtBothWidths(page, 'presenter-mid-flow');
});

test('for an audience: polling is a thin grey band, only steps that changed something are numbered, and a legend says who is who', async ({
  page,
}) => {
  await createPayment(page, { debtorIban: testAccounts['alice-main'].iban, amount: '4.40' });
  const view = await flowSection(page);
  const band = view.locator('g[data-kind="waiting"]').first();
  await expect(band).toHaveText(/^Waiting · (Status|Payment) read \d+ times?, unchanged/);
  await expect(band.locator('text').first()).toHaveAttribute('fill', '#475569');
  await expect(band.locator('text').first()).not.toHaveAttribute('font-weight', /./);
  const numbered = view.locator('g[data-step]:not([data-kind="waiting"]) text[font-weight="600"]');
  const numbers = async () =>
    (await numbered.allTextContents()).flatMap((line) => /^(\d+)\. /.exec(line)?.[1] ?? []).map(Number);
  expect(await numbers()).toEqual([1, 2]);
  await expect(view.locator('g[data-legend="lanes"]')).toHaveText(
    [
      'TPP: this console, the app that asks the bank for the account holder',
      'Bank: the bank’s interface for apps like this one',
      'PSU: the account holder, who approves at their bank',
    ].join(''),
  );

  await page.getByRole('switch', { name: 'Presenter mode' }).click();
  await expect(band).toHaveText(/^Waiting: nothing new from the bank \(checked \d+ times?\)$/);
  // Reading the list of authorisations changed nothing: told, not numbered.
  await expect(step(view, 'List authorisations').locator('text').first()).toHaveText('List authorisations → done');
  expect(await numbers()).toEqual([1]);
  await expect(step(view, 'Initiate payment').locator('text').first()).toHaveText('1. Initiate payment → received');
  await checkAtBothWidths(page, 'presenter-numbered');
});

test('carol’s payment is rejected after her approval: the status arrow and the outcome are red', async ({ page }) => {
  const payment = await createPayment(page, { debtorIban: testAccounts['carol-main'].iban, amount: '9000.00' });
  await authorisePanel(page).getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'carol');
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.has('sca'));
  await expect(transactionStatus(page)).toContainText('RJCT', { timeout: 15_000 });

  const view = await flowSection(page);
  await expect(view.getByRole('status')).toHaveText(
    'Outcome: Rejected: the PSU approved, then the bank found too little money in the account (RJCT)',
  );
  expect(await failedSteps(view)).toEqual([expect.stringContaining('Status → RJCT, rejected')]);
  await expect(view.locator('[data-outcome="failed"] rect')).toHaveAttribute('stroke', FAILED_RED);
  await checkAtBothWidths(page, 'carol-rejected');
});

test('dave’s SCA fails: the one-time code’s answer is a red arrow and the outcome says the approval failed', async ({
  page,
}) => {
  await useScaProfile(page, { id: 'e2e-flow-dave', name: 'Sandbox, embedded', sca: { redirectPreferred: false } });
  await createPayment(page, { debtorIban: testAccounts['dave-main'].iban, amount: '5.00' });
  await completeEmbeddedSca(authorisePanel(page), 'dave');

  const view = await flowSection(page);
  await expect(view.locator('g[data-tone="failed"]').first()).toBeVisible();
  // The diagram follows the log as the last answers come in: read until the code's answer is there.
  await expect
    .poll(async () => (await failedSteps(view)).some((words) => /Send the one-time code → .*failed/.test(words)))
    .toBe(true);
  await expect(view.getByRole('status')).toContainText('Rejected: the approval at the bank failed');
  await checkAtBothWidths(page, 'dave-failed');
});
