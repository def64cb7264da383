// Five flows exported from the inspector as one Playwright suite (a zip): a redirect payment, a redirect bulk payment
// partially accepted (one creditor's account is closed) whose creditors' names and remittances would break out of their
// literals, an embedded consent with the account's details, balances and transactions, an embedded consent naming
// alice's card by masked PAN with the card accounts, card balances and card transactions, and a decoupled payment. The
// suite is unpacked into an empty folder with @playwright/test linked from this repository, type-checked (strict) and
// checked with Prettier's defaults as written, then run as a QA team would: against a fresh bench whose clock is 60
// days ahead, as bob with his accounts and card (passes both times), and against a bench that deviates in two ways and
// answers a failure scenario (fails, naming each step and what it expected).
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import type { APIRequestContext } from '@playwright/test';
import { expect, sandboxProfile, test, type Page } from './test';
import { storeProfile } from './console-storage';
import { createConsentThroughUi } from './consents-helpers';
import { closedAccounts, testCards } from '../server/sandbox/seed';
import { testAccounts } from './fixtures';
import { approveAtBank, createPayment, CREDITOR_IBAN, transactionStatus } from './payments-helpers';
import { authorisePanel, decideInBankingApp, shownAuthorisationId } from './sca-helpers';

const alice = testAccounts['alice-main'];
const aliceCard = testCards.find((card) => card.psuId === 'alice');
const closed = closedAccounts[0]?.iban ?? '';
const PROFILE = 'e2e-suite';

test.describe.configure({ timeout: 240_000 });
test.use({ bankProfile: sandboxProfile(PROFILE, 'Sandbox, suite', {}) });

/** The console's profile from the next page on: the same profile (so one log) with other SCA wishes. */
const useSca = (page: Page, sca: { redirectPreferred?: boolean; decoupledPreferred?: boolean }) =>
  storeProfile(page, sandboxProfile(PROFILE, 'Sandbox, suite', sca));

interface Run {
  code: number;
  output: string;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<Run> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      {
        cwd,
        timeout: 90_000,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, CI: '1', ...env },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

/** A fresh bench (a bank of its own) through the shared sandbox's admin API; its base_url path. */
async function freshBench(request: APIRequestContext, name: string): Promise<string> {
  const started = await request.post('/sandbox/admin/benches', { data: { name } });
  // A server whose benches start when first asked for has no such route: the first request starts it.
  if (started.status() !== 201) expect(started.status(), await started.text()).toBe(404);
  return `/bench/${name}`;
}

async function admin(request: APIRequestContext, bench: string, path: string, data: unknown): Promise<void> {
  const response = await request.post(`${bench}/admin${path}`, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
}

/** The zip's files written into an empty folder, with @playwright/test linked from this repository (no download). */
async function unpack(zip: Uint8Array): Promise<{ folder: string; files: Map<string, string> }> {
  const folder = await mkdtemp(join(tmpdir(), 'xs2a-suite-'));
  const files = new Map<string, string>();
  for (const [path, bytes] of Object.entries(unzipSync(zip))) {
    const inside = path.replace(/^xs2a-tests\//, '');
    files.set(inside, strFromU8(bytes));
    await mkdir(dirname(join(folder, inside)), { recursive: true });
    await writeFile(join(folder, inside), bytes);
  }
  const packageDir = resolve('node_modules/@playwright/test');
  await mkdir(join(folder, 'node_modules/@playwright'), { recursive: true });
  await mkdir(join(folder, 'node_modules/.bin'), { recursive: true });
  await symlink(packageDir, join(folder, 'node_modules/@playwright/test'), 'dir');
  await symlink(join(packageDir, 'cli.js'), join(folder, 'node_modules/.bin/playwright'));
  return { folder, files };
}

test('five flows exported as a suite pass on a bank 60 days ahead and as bob, and fail readably on a deviating bank', async ({
  page,
  baseURL,
}, testInfo) => {
  // A redirect payment.
  const redirect = await createPayment(page, {
    debtorIban: alice.iban,
    amount: '12.50',
    creditorName: 'Kiosk Am Markt',
  });
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === redirect.path);
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  // A redirect bulk of two, its second creditor's account closed (PART); what the person typed would break out of a
  // literal, a comment or a script block if written unescaped.
  const hostileName = `Kiosk '"\`\${process.exit(5)}\` */ </script>`;
  const hostileRemittance = `Ref\u2028*/ process.exit(5) // \${globalThis.pwned = 1} \` <!--`;
  await page.goto('/payments/new');
  await page.getByRole('radio', { name: 'Bulk payment (bulk-payments)' }).check();
  await page.getByRole('textbox', { name: 'Debtor IBAN' }).fill(alice.iban);
  await page.getByText('Paste CSV').click();
  await page
    .getByRole('textbox', { name: /One payment a line/ })
    .fill(`Name;IBAN;Amount;Currency;Reference\nKiosk;${CREDITOR_IBAN};2,50;EUR;x\nBrandt;${closed};1;EUR;Old account`);
  await page.getByRole('button', { name: 'Fill rows' }).click();
  await page.getByRole('textbox', { name: 'Creditor name, payment 1' }).fill(hostileName);
  await page.getByRole('textbox', { name: 'Remittance information, payment 1' }).fill(hostileRemittance);
  await page.getByRole('button', { name: 'Initiate bulk payment' }).click();
  await page.waitForURL(/\/payments\/bulk-payments\/sepa-credit-transfers\/[^/?]+$/);
  const bulkPath = new URL(page.url()).pathname;
  const bulkId = decodeURIComponent(bulkPath.split('/').pop() ?? '');
  await page.getByRole('link', { name: 'Continue at the bank' }).click();
  await approveAtBank(page, 'alice');
  await page.waitForURL((url) => url.pathname === bulkPath);
  await expect(transactionStatus(page)).toContainText('PART');

  // An embedded consent, then the account's details, balances and transactions.
  await useSca(page, { redirectPreferred: false });
  const consentId = await createConsentThroughUi(page, {
    psu: 'alice',
    approach: 'embedded',
    access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
  });
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' }).getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Balances' }).getByRole('table')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Transactions from / })).toBeVisible();

  // An embedded consent naming alice's card by masked PAN, then the card accounts, the card's balances and transactions.
  if (!aliceCard) throw new Error('no card for alice in the seed');
  const cardConsentId = await createConsentThroughUi(page, {
    psu: 'alice',
    approach: 'embedded',
    access: { accounts: [aliceCard.maskedPan], balances: [aliceCard.maskedPan], transactions: [aliceCard.maskedPan] },
  });
  await page.goto('/accounts');
  await page.getByRole('navigation', { name: 'Account kinds' }).getByRole('link', { name: 'Card accounts' }).click();
  await page.getByRole('listitem').filter({ hasText: aliceCard.maskedPan }).getByRole('link').click();
  await expect(page.getByRole('region', { name: 'Balances' }).getByRole('table')).toBeVisible();
  const cardReport = page.getByRole('region', { name: 'Card transactions' });
  await cardReport.getByRole('button', { name: 'Show transactions' }).click();
  await expect(cardReport.getByRole('table', { name: /^Card transactions from/ })).toBeVisible();

  // A decoupled payment.
  await useSca(page, { decoupledPreferred: true });
  const decoupled = await createPayment(page, { debtorIban: alice.iban, amount: '4.10' });
  const panel = authorisePanel(page);
  await panel.getByLabel('PSU-ID').fill('alice');
  await panel.getByRole('button', { name: 'Start authorisation' }).click();
  const authorisationId = await shownAuthorisationId(panel);
  await decideInBankingApp(page, { bankPath: '/sandbox', psu: 'alice', authorisationId });
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);

  // The five flows chosen in the inspector, downloaded as one zip.
  await page.goto('/inspector');
  const flows = [
    `Payment ${redirect.paymentId}`,
    `Payment ${bulkId}`,
    `Consent ${consentId}`,
    `Consent ${cardConsentId}`,
    `Payment ${decoupled.paymentId}`,
  ];
  for (const flow of flows) {
    await page.getByRole('checkbox', { name: `Add ${flow} to the Playwright suite` }).check();
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export 5 chosen flows as a suite' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('xs2a-tests.zip');
  await expect(page.getByText('Saved xs2a-tests.zip with 5 tests')).toBeVisible();
  const { folder, files } = await unpack(new Uint8Array(await readFile(await download.path())));
  await testInfo.attach('xs2a-tests.zip', { path: await download.path(), contentType: 'application/zip' });
  try {
    const specs = [...files.keys()].filter((path) => path.endsWith('.spec.ts')).sort();
    expect(specs).toEqual([
      'bulk-payment-redirect-sepa-credit-transfers.spec.ts',
      'consent-embedded-accounts-balances-transactions.spec.ts',
      'consent-embedded-accounts-cards-card-balances-card-transactions.spec.ts',
      'payment-decoupled-sepa-credit-transfers.spec.ts',
      'payment-redirect-sepa-credit-transfers.spec.ts',
    ]);
    // What the person typed is in the bulk's spec as literals that read back as typed, each payment's values the run's.
    const bulkSpec = files.get('bulk-payment-redirect-sepa-credit-transfers.spec.ts') ?? '';
    expect(bulkSpec).toContain('pays a bulk of 2 payments (sepa-credit-transfers) with redirect SCA');
    expect(bulkSpec).toContain(JSON.stringify(hostileRemittance).replace('\u2028', '\\u2028'));
    expect(bulkSpec).toContain('data.creditorIbanAt(1)');
    expect(files.get('consent-embedded-accounts-cards-card-balances-card-transactions.spec.ts')).toContain(
      'data.maskedPan(0)',
    );
    for (const name of ['package.json', 'playwright.config.ts', 'README.md', 'xs2a.ts', '.env.example']) {
      expect(files.has(name), name).toBe(true);
    }
    expect(files.has('.github/workflows/xs2a-tests.yml')).toBe(true);
    expect((JSON.parse(files.get('package.json') ?? '{}') as { devDependencies?: unknown }).devDependencies).toEqual({
      '@playwright/test': '^1.65.1',
    });
    // Nothing recorded that goes stale: no id the bank assigned, no IBAN, no calendar day of the recording.
    const today = new Date().toISOString().slice(0, 10);
    for (const [path, text] of files) {
      const recordedValues = [
        ...[redirect.paymentId, bulkId, decoupled.paymentId, consentId, cardConsentId, authorisationId],
        ...[alice.iban, CREDITOR_IBAN, closed, aliceCard.maskedPan, today],
      ];
      for (const recorded of recordedValues) {
        expect(text, `${path} holds ${recorded}`).not.toContain(recorded);
      }
      if (path.endsWith('.spec.ts')) expect(text).toContain('from "./xs2a"');
    }

    // As written: strict type checking and Prettier's defaults.
    const tsc = await run(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '--noEmit'], folder);
    expect(tsc.code, tsc.output).toBe(0);
    const prettier = await run(
      process.execPath,
      [resolve('node_modules/prettier/bin/prettier.cjs'), '--check', '.'],
      folder,
    );
    expect(prettier.code, prettier.output).toBe(0);

    const playwright = (env: Record<string, string>) =>
      run(process.execPath, [join(folder, 'node_modules/.bin/playwright'), 'test', '--workers=3'], folder, env);
    const name = `suite-${testInfo.retry}-${Date.now().toString(36)}`;

    // A fresh bank whose clock is 60 days ahead, as bob with his own accounts: the same suite passes.
    const ahead = await freshBench(page.request, `${name}-ahead`);
    await admin(page.request, ahead, '/clock/advance', { by: 'P60D' });
    const passed = await playwright({ XS2A_BASE_URL: `${baseURL}${ahead}` });
    expect(passed.output).toContain('5 passed');
    expect(passed.output).not.toContain('pwned');
    expect(passed.code, passed.output).toBe(0);
    const asBob = await playwright({ XS2A_BASE_URL: `${baseURL}${ahead}`, XS2A_PSU_ID: 'bob' });
    expect(asBob.output).toContain('5 passed');
    expect(asBob.code, asBob.output).toBe(0);

    // A bank that sends statuses in lower case and links as strings, and refuses consents for now: every test fails,
    // each naming its step and what it expected.
    const failing = await freshBench(page.request, `${name}-failing`);
    await admin(page.request, failing, '/scenarios', { operation: 'createConsent', error: 'SERVICE_UNAVAILABLE' });
    const failed = await playwright({
      XS2A_BASE_URL: `${baseURL}${failing}/deviating/lowercase-statuses+string-links`,
      XS2A_SCA_WAIT_MS: '3000',
      XS2A_STATUS_WAIT_MS: '3000',
    });
    expect(failed.code, failed.output).not.toBe(0);
    expect(failed.output).toContain('5 failed');
    expect(failed.output).toContain('Step "Initiate payment" failed');
    expect(failed.output).toMatch(/transactionStatus: \\"rcvd\\" is not one of/);
    expect(failed.output).toMatch(/_links\.\w+: expected object, got string/);
    expect(failed.output).toContain('Step "Create consent" failed');
    expect(failed.output).toContain('SERVICE_UNAVAILABLE');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
