// Presenter mode against the sandbox, in a real browser: with the header's switch on, the payment page, the bank's
// redirect page, the consent page and the account pages show no full IBAN and no full personal name of the seed, the
// bank's page carries the sandbox banner, raw JSON waits behind details, and each page says in one sentence where the
// payment or consent stands. Axe at 1280 and 390 px; screenshots of both widths in test-results/presenter-mode/.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from './test';
import { dedicated } from './accounts-helpers';
import { flowSection, testAccounts } from './fixtures';
import { createPayment } from './payments-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { SANDBOX_PASSWORD, testPsus } from '../server/sandbox/seed';
import { consentStatusCodes, transactionStatusCodes } from '../src/xs2a/status-names';
import { frozenBench } from './bench';

test.describe.configure({ timeout: 120_000 });

const alice = testAccounts['alice-main'];
const bob = testAccounts['bob-main'];
const PRESENTER_KEY = 'xs2a-console.presenter.v1';

/** Every IBAN of the seed (as stored and grouped in fours) and every personal name of its PSUs, whole. */
const seedSecrets = [
  ...Object.values(testAccounts).flatMap((account) => [account.iban, account.iban.replace(/(.{4})(?=.)/g, '$1 ')]),
  ...testPsus.map((psu) => psu.name),
];

/** The page's text as rendered (closed disclosures hold none) contains no full IBAN or name of the seed. */
async function expectNothingPersonal(page: Page, where: string) {
  const text = await page.locator('body').innerText();
  for (const secret of seedSecrets) expect(text, `${where} shows ${secret}`).not.toContain(secret);
}

/** The spec's codes an audience should not read: "(RCVD)" after words, message codes, camelCase status names. */
const JARGON = new RegExp(
  `\\((?:${[...transactionStatusCodes, ...consentStatusCodes].join('|')})\\)|\\b[A-Z]+_[A-Z_]+\\b|scaMethodSelected|DELETE on the|no SCA step`,
);

/** The page's text as rendered (closed disclosures hold none) carries none of the spec's codes. */
async function expectNoJargon(page: Page, where: string) {
  const text = await page.locator('main').innerText();
  expect(text.match(JARGON)?.[0], `${where} shows spec jargon`).toBeUndefined();
}

/** The Flow view at 1280 and 390 px: axe finds nothing serious in it, and a screenshot of it at each width. */
async function checkFlowView(page: Page, name: string) {
  const flow = await flowSection(page);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(flow.locator('svg')).toHaveAttribute('width', /\d+/);
    await expectNoSeriousA11yViolations(page, '.flow-view');
    await flow.screenshot({ path: `test-results/presenter-mode/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Axe at 1280 and 390 px, with a screenshot of each width to look at. */
async function checkBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `test-results/presenter-mode/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const narration = (page: Page) => page.getByRole('region', { name: 'What is happening' });

test('a payment shown in presenter mode: masked on the console and at the bank, narrated, JSON behind details', async ({
  page,
}, testInfo) => {
  // A bench of its own, whose clock settles the payment when the test moves it.
  const b = await frozenBench(page, testInfo);
  await page.goto('/');
  const toggle = page.getByRole('switch', { name: 'Presenter mode' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(page.locator('html')).toHaveClass(/presenter/);

  const payment = await createPayment(page, {
    debtorIban: alice.iban,
    creditorIban: bob.iban,
    creditorName: 'Bob Laurent',
    remittance: `Refund to ${bob.iban}`,
  });
  await expect(narration(page)).toHaveText(
    'The bank has received the payment and is waiting for the account holder to approve it.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment to Bob L.');
  const details = page.getByRole('region', { name: 'Payment', exact: true });
  await expect(details.getByText('DE16 •••• •••• 0001', { exact: true })).toBeVisible();
  // The raw JSON is behind a closed disclosure, and masked when opened.
  const json = details.getByRole('region', { name: 'Payment as JSON' });
  await expect(json).toBeHidden();
  await expectNothingPersonal(page, 'the payment page');
  await expectNoJargon(page, 'the payment page');
  await checkBothWidths(page, 'payment');
  await checkFlowView(page, 'flow-presenter-mid-flow');
  await details.getByText('Payment as JSON', { exact: true }).click();
  await expect(json).toBeVisible();
  await expect(json).toContainText('"creditorName": "Bob L."');
  await expectNothingPersonal(page, 'the payment page with its JSON open');

  // The bank's page follows presenter mode: banner, masked payment, the PSU's short name, through the login.
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await page.waitForURL((url) => url.pathname.includes('/sca/'));
  expect(new URL(page.url()).searchParams.get('presenter')).toBe('1');
  await expect(page.getByRole('note')).toHaveText('Sandbox bank — test data');
  await expect(page.getByLabel('Payment details')).toContainText('Bob L.');
  await expectNothingPersonal(page, 'the bank’s login page');
  await checkBothWidths(page, 'bank-login');
  await page.getByLabel('Online banking ID').fill('alice');
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Logged in as Alice S.', { exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('Sandbox bank — test data');
  await expectNothingPersonal(page, 'the bank’s approval page');
  await checkBothWidths(page, 'bank-approve');
  await page.getByLabel('One-time password').fill('123456');
  await page.getByRole('button', { name: 'Approve' }).click();

  // Back on the console, still in presenter mode: the narration follows the payment to its settlement.
  await page.waitForURL((url) => url.pathname === payment.path);
  await expect(page.getByRole('switch', { name: 'Presenter mode' })).toHaveAttribute('aria-checked', 'true');
  // The bank accepted it when the PSU approved; the bench's clock moves past the settlement delay.
  await b.advance('PT1M');
  await expect(narration(page)).toHaveText('The payment is settled: the money has left the account.');
  await expectNothingPersonal(page, 'the settled payment page');
  await expectNoJargon(page, 'the settled payment page');
  await checkBothWidths(page, 'payment-settled');
  const flow = await flowSection(page);
  await expect(flow.locator('p', { hasText: /^Outcome:/ })).toHaveText('Outcome: Settled');
  await checkFlowView(page, 'flow-presenter-finished');

  // Off again: the same page shows the data as the bank sent it.
  await page.getByRole('switch', { name: 'Presenter mode' }).click();
  await expect(narration(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment', exact: true })).toContainText('Bob Laurent');
  await expect(flow.locator('p', { hasText: /^Outcome:/ })).toHaveText('Outcome: Settled (ACSC)');
  await checkFlowView(page, 'flow-developer-finished');
});

test('a consent and the account pages in presenter mode show no full IBAN or name', async ({
  page,
  authorisedConsent,
}) => {
  await page.addInitScript((key) => sessionStorage.setItem(key, 'on'), PRESENTER_KEY);
  const consentId = await authorisedConsent({ psu: 'alice', access: dedicated(alice.iban) });

  await page.goto(`/consents/${encodeURIComponent(consentId)}`);
  await expect(narration(page)).toHaveText('The consent is approved: the console may now read the accounts it covers.');
  await expect(page.getByRole('region', { name: 'Access and validity' })).toContainText('DE16 •••• •••• 0001');
  await expectNothingPersonal(page, 'the consent page');
  await expectNoJargon(page, 'the consent page');
  await checkBothWidths(page, 'consent');

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(item).toContainText('DE16 •••• •••• 0001');
  await expectNothingPersonal(page, 'the accounts list');
  await checkBothWidths(page, 'accounts');

  await item.getByRole('link').click();
  const table = page.getByRole('table', { name: /Transactions from/ });
  await expect(table.getByRole('row').nth(3)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'Account details' })).toContainText('DE16 •••• •••• 0001');
  await expectNothingPersonal(page, 'the account page');
  await expectNoJargon(page, 'the account page');
  await checkBothWidths(page, 'account');

  // The CSV export holds what the screen shows, and its name carries the masked account number.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-DE160001-/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.split('\r\n').length).toBeGreaterThan(3);
  for (const secret of seedSecrets) expect(csv, `the CSV export holds ${secret}`).not.toContain(secret);

  await table.getByRole('row').nth(3).getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog).toBeVisible();
  await expectNothingPersonal(page, 'a transaction’s details');
  await dialog.getByRole('button', { name: 'Close' }).click();
});
