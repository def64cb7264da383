// A payment's flow exported as a Playwright test: run in the console with redirect SCA, downloaded from the flow view
// (and offered in the inspector's flow group), then run on its own in a fresh folder that holds nothing but the file, a
// config and @playwright/test, as a child process: it passes against the sandbox, and fails against a bank that answers
// differently (the sandbox's deviating base that sends amounts as numbers). A signing basket's flow, exported from the
// basket's page, type-checks (strict) and passes on its own: it creates the payments and the consent, signs them with
// the basket's one SCA and sees the basket and each of them move on.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, sandboxProfile, test, type Page } from './test';
import { flowSection, SANDBOX, testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';
import { authorisePanel, decideInBankingApp, shownAuthorisationId } from './sca-helpers';
import { fillConsentForm, submitConsentForm, useConsentProfile } from './consents-helpers';

const alice = testAccounts['alice-main'];

test.describe.configure({ timeout: 60_000 });

/** A folder with the exported file, a Playwright config and @playwright/test linked from this repository (no install). */
async function standaloneFolder(fileName: string, text: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'xs2a-exported-test-'));
  await writeFile(join(folder, fileName), text);
  await writeFile(
    join(folder, 'playwright.config.ts'),
    "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', reporter: 'line', retries: 0 });\n",
  );
  const packageDir = resolve('node_modules/@playwright/test');
  await mkdir(join(folder, 'node_modules/@playwright'), { recursive: true });
  await mkdir(join(folder, 'node_modules/.bin'), { recursive: true });
  await symlink(packageDir, join(folder, 'node_modules/@playwright/test'), 'dir');
  await symlink(join(packageDir, 'cli.js'), join(folder, 'node_modules/.bin/playwright'));
  return folder;
}

interface Run {
  code: number;
  output: string;
}

/** `npx playwright test` in `folder`, with only the environment a user's shell would give it. */
function runPlaywright(folder: string, env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    execFile(
      'npx',
      ['playwright', 'test'],
      {
        cwd: folder,
        timeout: 30_000,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? folder, CI: '1', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

async function exportFromFlowView(page: Page): Promise<{ name: string; text: string }> {
  const flow = await flowSection(page);
  await flow.getByText('Export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    flow.getByRole('button', { name: 'Download Playwright test' }).click(),
  ]);
  await expect(flow.getByText(`Saved ${download.suggestedFilename()}`)).toBeVisible();
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

test('a payment flow exported as a Playwright test passes against the sandbox and fails against a deviating bank', async ({
  page,
  baseURL,
}) => {
  const payment = await createPayment(page, { debtorIban: alice.iban, amount: '3.20', creditorName: 'Kiosk Am Markt' });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === payment.path);
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  const file = await exportFromFlowView(page);
  // Named for what it shows, not for the recorded payment.
  expect(file.name).toBe('payment-redirect-sepa-credit-transfers.spec.ts');
  expect(file.text).toContain('pays ${CHOSEN.amount} ${CHOSEN.currency} to a creditor (sepa-credit-transfers)');
  expect(file.text).toContain('SCA (redirect)');
  expect(file.text).toContain('linkOf(a1, "scaRedirect", BASE_URL)');
  // Nothing of the console: no import of its code, no ids to reuse, no secret.
  expect(file.text).not.toMatch(/from ["']\.\.?\//);
  expect(file.text).not.toContain(payment.paymentId);
  expect(file.text).not.toContain(alice.iban);
  expect(file.text).not.toContain('[redacted]');

  // The inspector's flow group offers the same file.
  await page.goto('/inspector');
  const group = page.getByRole('region', { name: `Payment ${payment.paymentId}` });
  const [fromInspector] = await Promise.all([
    page.waitForEvent('download'),
    group.getByRole('button', { name: 'Export as Playwright test' }).click(),
  ]);
  expect(fromInspector.suggestedFilename()).toBe(file.name);

  const folder = await standaloneFolder(file.name, file.text);
  try {
    const sandbox = `${baseURL}${SANDBOX}`;
    const passed = await runPlaywright(folder, { XS2A_BASE_URL: sandbox });
    expect(passed.output).toContain('1 passed');
    expect(passed.code, passed.output).toBe(0);

    // A bank that sends amounts as JSON numbers: the body check against 1.3.12 fails the replay.
    const deviating = await runPlaywright(folder, {
      XS2A_BASE_URL: `${sandbox}/deviating/amounts-as-numbers`,
      XS2A_SCA_WAIT_MS: '3000',
      XS2A_STATUS_WAIT_MS: '3000',
    });
    expect(deviating.code, deviating.output).not.toBe(0);
    expect(deviating.output).toContain('1 failed');
    expect(deviating.output).toMatch(/amount: expected string, got number/);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

test.describe('decoupled SCA', () => {
  test.use({ bankProfile: sandboxProfile('e2e-export-decoupled', 'Sandbox, decoupled', { decoupledPreferred: true }) });

  test('the exported test approves in the sandbox banking app and passes', async ({ page, baseURL }) => {
    const payment = await createPayment(page, { debtorIban: alice.iban, amount: '4.10' });
    const panel = authorisePanel(page);
    await panel.getByLabel('PSU-ID').fill('alice');
    await panel.getByRole('button', { name: 'Start authorisation' }).click();
    const authorisationId = await shownAuthorisationId(panel);
    await decideInBankingApp(page, { bankPath: SANDBOX, psu: 'alice', authorisationId });
    await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

    await page.goto('/inspector');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('region', { name: `Payment ${payment.paymentId}` })
        .getByRole('button', { name: 'Export as Playwright test' })
        .click(),
    ]);
    const text = await readFile(await download.path(), 'utf8');
    expect(text).toContain('SCA (decoupled)');
    expect(text).not.toContain(authorisationId);

    const folder = await standaloneFolder(download.suggestedFilename(), text);
    try {
      const run = await runPlaywright(folder, { XS2A_BASE_URL: `${baseURL}${SANDBOX}` });
      expect(run.output).toContain('1 passed');
      expect(run.code, run.output).toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

test('a flow whose values would break out of their literals exports a test that runs none of them', async ({
  page,
  baseURL,
}) => {
  // What a user types or a bank echoes: every quote kind, backslashes, substitutions, comment ends and line breaks.
  const creditorName = `Kiosk '"\`\${process.exit(5)}$(exit 5) */ \\' \\" \\u0022`;
  const remittance = `Ref\u2028console.log("INJECTED");process.exit(5)// \u2029*/ <!-- \\`;
  await createPayment(page, { debtorIban: alice.iban, amount: '1.05', creditorName, remittance });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  const file = await exportFromFlowView(page);
  // The values are in the file as literals that read back as typed.
  expect(file.text).toContain(JSON.stringify(creditorName));
  expect(file.text).toContain(JSON.stringify(remittance).replace('\u2028', '\\u2028').replace('\u2029', '\\u2029'));

  const folder = await standaloneFolder(file.name, file.text);
  try {
    const run = await runPlaywright(folder, { XS2A_BASE_URL: `${baseURL}${SANDBOX}` });
    expect(run.output).not.toContain('INJECTED');
    expect(run.output).toContain('1 passed');
    expect(run.code, run.output).toBe(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

/** A type check of `folder`'s TypeScript as the suite's own is checked: strict, with only @playwright/test's types. */
async function typeCheck(folder: string): Promise<Run> {
  await writeFile(
    join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      },
      include: ['*.spec.ts'],
    }),
  );
  return new Promise((done) => {
    execFile(
      process.execPath,
      [resolve('node_modules/typescript/bin/tsc'), '--noEmit', '-p', folder],
      { cwd: folder, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? 1 : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

test('a signing basket’s flow exported from its page type-checks and passes: its members created, signed together, all moved on', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await useConsentProfile(page, {
    id: 'e2e-export-basket',
    name: 'Basket export',
    approach: 'redirect',
    psuId: 'alice',
  });
  const first = await createPayment(page, { debtorIban: alice.iban, amount: '2.10', creditorName: 'Kiosk am Markt' });
  const second = await createPayment(page, { debtorIban: alice.iban, amount: '2.20', creditorName: 'Kiosk am Markt' });
  await fillConsentForm(page, { access: 'allPsd2' });
  const consentId = await submitConsentForm(page);
  await page.goto('/baskets/new');
  for (const name of [/2\.10 EUR/, /2\.20 EUR/, /Consent to all account information/]) {
    await page.getByRole('checkbox', { name }).check();
  }
  await page.getByRole('button', { name: 'Create signing basket' }).click();
  await page.waitForURL(/\/baskets\/(?!new)[^/?]+$/);
  const basketId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
  await page
    .getByRole('region', { name: 'Authorise the basket' })
    .getByRole('link', { name: /Continue at the bank/ })
    .click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === `/baskets/${basketId}` && url.searchParams.has('sca'));
  await expect(page.getByRole('status', { name: 'Basket status' })).toContainText('ACTC', { timeout: 15_000 });
  const members = page.getByRole('list', { name: 'Members of the signing basket' });
  for (const status of await members.getByRole('status', { name: 'Status of the payment' }).all()) {
    await expect(status).toContainText(/ACTC|ACSC/, { timeout: 15_000 });
  }
  await expect(members.getByRole('status', { name: 'Status of the consent' })).toContainText('valid');

  const file = await exportFromFlowView(page);
  expect(file.name).toBe('signing-basket-redirect.spec.ts');
  expect(file.text).toContain('signs a basket of 2 payments and 1 consent with redirect SCA');
  // The members are created by the test and the basket names the ids the bank gave in that run: no recorded id.
  for (const id of [first.paymentId, second.paymentId, consentId, basketId]) expect(file.text).not.toContain(id);
  expect(file.text).toMatch(/"paymentIds": \[\s+idOf\(a\d+, "paymentId"\),\s+idOf\(a\d+, "paymentId"\),/);
  // One SCA, the basket's, decided at the bank's page as recorded.
  expect(file.text.match(/await decideAtBankPage\(request, linkOf\(/g)).toHaveLength(1);
  expect(file.text).toContain("the basket's transactionStatus reaches ACTC");
  expect(file.text).toContain("the consent's consentStatus reaches valid");

  const folder = await standaloneFolder(file.name, file.text);
  try {
    const checked = await typeCheck(folder);
    expect(checked.code, checked.output).toBe(0);
    const run = await runPlaywright(folder, { XS2A_BASE_URL: `${baseURL}${SANDBOX}` });
    expect(run.output).toContain('1 passed');
    expect(run.code, run.output).toBe(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
