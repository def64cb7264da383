// The bank check: the console, driven as a user would, against the bank a check file names (CHECK_BANK_FILE; without
// it, the committed check of the embedded sandbox). Account information: a consent, its SCA, the accounts, one
// account's balances and transactions. Payments (when the file enables them): initiation, status, SCA, cancellation.
// At the end of each test the 1.3.12 schema deviations the console recorded are collected for the deviation report.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { expect, test as base, type Page, type TestInfo } from '@playwright/test';
import { reportStatus, showTransactions } from '../accounts-helpers';
import {
  accessLabels,
  authoriseConsentPanel,
  consentStatus,
  fillConsentForm,
  isoDateFromToday,
} from '../consents-helpers';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from '../fixtures';
import { fillPaymentForm, transactionStatus } from '../payments-helpers';
import { authorisePanel } from '../sca-helpers';
import { BalanceType, ConsentStatus, TransactionStatus } from '../../src/xs2a/enums';
import { checkFilePath, loadCheckFileOrThrow, resolvedBaseUrl, type CheckFile } from './check-file';
import {
  DEVIATIONS_ATTACHMENT,
  EXCHANGES_STORAGE_KEY,
  mergeParts,
  partFromExchangeLog,
  readPartFiles,
  summaryLines,
  writeDeviationReport,
} from './deviation-report';
import { Findings } from './findings';
import { fillSecret, ScaDriver, visibleAlert, type PsuActor } from './sca-driver';

const check: CheckFile = loadCheckFileOrThrow(checkFilePath());

/** Where the deviation report goes when no deviation reporter runs (the project's own `npm test` run). */
function fallbackReportFolder(testInfo: TestInfo): string {
  return join(testInfo.project.outputDir, 'check-bank-deviations');
}

/** Whether the run has the check's reporter (playwright.check-bank.config.ts), which merges the attachments. */
function reporterMerges(testInfo: TestInfo): boolean {
  return (testInfo.config.metadata as { checkBank?: unknown }).checkBank !== undefined;
}

const test = base.extend<{ findings: Findings; driver: ScaDriver; bankBaseUrl: string }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  findings: async ({}, use) => {
    await use(new Findings());
  },
  bankBaseUrl: async ({ baseURL }, use) => {
    await use(resolvedBaseUrl(check, baseURL ?? 'http://127.0.0.1'));
  },
  driver: async ({ page, findings, headless, bankBaseUrl }, use) => {
    const env = process.env;
    const sandbox = check.embeddedSandbox;
    const actor: PsuActor = {
      id: check.psu.id,
      expectedApproach: check.psu.approach,
      headless,
      waitForUserMs: check.psu.waitForUserMs,
      ...(check.psu.scaMethod && { scaMethod: check.psu.scaMethod }),
      ...(sandbox && { sandboxBaseUrl: bankBaseUrl }),
    };
    // The sandbox's published test credentials serve when the file names no variables.
    const password = (check.psu.passwordEnv && env[check.psu.passwordEnv]) || (sandbox ? SANDBOX_PASSWORD : undefined);
    const otp = (check.psu.otpEnv && env[check.psu.otpEnv]) || (sandbox ? SANDBOX_OTP : undefined);
    if (password !== undefined) actor.password = password;
    if (otp !== undefined) actor.otp = otp;
    await use(new ScaDriver(page, actor, findings));
  },
});

// A test bank's pages may carry a certificate of a private CA; the check file says so.
test.use({ ignoreHTTPSErrors: check.ignoreHttpsErrors });

// A bank's pages or its app may need a person: the test then waits as long as the check file allows, per SCA.
test.beforeEach(() => {
  test.setTimeout(check.embeddedSandbox ? 150_000 : 300_000 + 2 * check.psu.waitForUserMs);
});

test.afterEach(async ({ page, findings }, testInfo) => {
  let log: unknown = [];
  await test.step('Collect the schema deviations from the console’s exchange log', async () => {
    if (page.isClosed()) return;
    try {
      // Loading a console page writes the log the previous page still held in memory to sessionStorage.
      await page.goto('/inspector');
      const text = await page.evaluate((key) => window.sessionStorage.getItem(key), EXCHANGES_STORAGE_KEY);
      log = text ? (JSON.parse(text) as unknown) : [];
    } catch {
      findings.note('The console’s exchange log could not be read; this test adds no deviations to the report.');
    }
  });
  const part = partFromExchangeLog(testInfo.title, log, findings.notes, testInfo.status);
  await testInfo.attach(DEVIATIONS_ATTACHMENT, { body: JSON.stringify(part), contentType: 'application/json' });
  if (!reporterMerges(testInfo)) {
    const folder = join(fallbackReportFolder(testInfo), 'parts');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, `${testInfo.testId}.json`), JSON.stringify(part));
  }
  if (check.failOnDeviations) {
    const seen = part.occurrences.map((o) => `${o.operationId} ${o.status} ${o.path}: ${o.message}`);
    expect(seen, 'answers that deviate from the 1.3.12 schema (the check file sets failOnDeviations)').toEqual([]);
  }
});

test.afterAll(async () => {
  const testInfo = test.info();
  if (reporterMerges(testInfo)) return;
  // Every test of this file wrote its part; whichever worker finishes last writes the report with all of them.
  const folder = fallbackReportFolder(testInfo);
  const report = mergeParts(await readPartFiles(join(folder, 'parts')), { checkFile: check.file });
  const { markdown } = await writeDeviationReport(folder, report);
  console.log(summaryLines(report, relative(process.cwd(), markdown)).join('\n'));
});

/** IBANs in findings: enough to tell accounts apart, not the whole number. */
function maskIban(iban: string): string {
  const compact = iban.replace(/\s+/g, '');
  return compact.length > 8 ? `${compact.slice(0, 4)}…${compact.slice(-4)}` : compact;
}

function oneLine(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Imports the check file's profile through Settings, as a user would, and makes it the active one. */
async function useCheckProfile(page: Page, bankBaseUrl: string, findings: Findings): Promise<void> {
  await test.step('Import the bank profile in Settings and make it active', async () => {
    const bearerToken = check.bearerTokenEnv ? process.env[check.bearerTokenEnv] : undefined;
    const profile = { ...check.profile, baseUrl: bankBaseUrl, ...(bearerToken && { bearerToken }) };
    await page.goto('/settings');
    const pasted = page.getByLabel('Or paste exported JSON');
    const json = JSON.stringify({ profiles: [profile] }, null, 2);
    if (bearerToken) await fillSecret(pasted, json);
    else await pasted.fill(json);
    await page.getByRole('button', { name: 'Import pasted JSON' }).click();
    const imported = page.getByRole('status').filter({ hasText: 'Imported 1 profile' });
    await expect(imported.or(page.getByRole('alert')).first()).toBeVisible();
    const refusal = await visibleAlert(page);
    if (refusal) throw new Error(`The console did not import the check file’s profile: ${refusal}`);
    await page.getByRole('banner').getByLabel('Bank profile').selectOption({ label: check.profile.name });
    findings.note(
      `Profile “${check.profile.name}”: ${bankBaseUrl}${check.profile.relayTarget ? ` via the relay target ${check.profile.relayTarget}` : ''}.`,
    );
  });
  await test.step('Check the connection', async () => {
    const item = page
      .getByRole('list', { name: 'Bank profiles' })
      .getByRole('listitem', { name: check.profile.name, exact: true });
    await item.getByRole('button', { name: 'Check connection' }).click();
    const verdict = item.getByRole('status');
    await expect(verdict).not.toHaveText(/^\s*$|Checking/, { timeout: 45_000 });
    const lines = (await verdict.innerText()).split('\n').map((line) => line.replace(/^[✓✕!]\s*/, '').trim());
    findings.note(`Check connection: ${lines.filter(Boolean).join('. ').replace(/\.\./g, '.')}`);
  });
}

/** Clicks a form's submit button and waits for the page it leads to, or fails with the console's explanation. */
async function submitOrExplain(page: Page, button: string, nextUrl: RegExp, what: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await expect
    .poll(async () => nextUrl.test(new URL(page.url()).pathname) || (await visibleAlert(page)) !== undefined, {
      message: `the bank answers ${what}`,
      timeout: 45_000,
    })
    .toBe(true);
  if (!nextUrl.test(new URL(page.url()).pathname)) {
    throw new Error(`The bank did not accept ${what}: ${(await visibleAlert(page)) ?? 'no explanation shown'}`);
  }
}

// The status panels start with the spec's code, followed by its meaning in words. Longer codes first.
const startsWithOneOf = (codes: readonly string[]) =>
  new RegExp(`^\\s*(${[...codes].sort((a, b) => b.length - a.length).join('|')})`);
const CONSENT_STATUSES = startsWithOneOf(ConsentStatus.options);

async function shownConsentStatus(page: Page): Promise<string> {
  return CONSENT_STATUSES.exec(oneLine(await consentStatus(page).textContent()))?.[1] ?? 'unknown';
}

const TRANSACTION_STATUSES = startsWithOneOf(TransactionStatus.options);

async function shownTransactionStatus(page: Page): Promise<string> {
  return TRANSACTION_STATUSES.exec(oneLine(await transactionStatus(page).textContent()))?.[1] ?? 'unknown';
}

test('account information: consent, SCA, accounts, balances and transactions', async ({
  page,
  findings,
  driver,
  bankBaseUrl,
}) => {
  const consent = check.consent;
  test.skip(!consent, 'The check file disables the consent ("consent": { "enabled": false }).');
  if (!consent) return;
  await useCheckProfile(page, bankBaseUrl, findings);

  const consentId = await test.step(`Create a ${consent.access} consent`, async () => {
    const access =
      consent.access === 'dedicated'
        ? { accounts: consent.ibans, balances: consent.ibans, transactions: consent.ibans }
        : consent.access === 'bankOffered'
          ? {}
          : consent.access;
    await fillConsentForm(page, {
      access,
      recurring: consent.recurring,
      frequencyPerDay: consent.frequencyPerDay,
      validUntil: isoDateFromToday(consent.validDays),
    });
    if (consent.access === 'bankOffered') await page.getByRole('radio', { name: accessLabels.bankOffered }).check();
    await submitOrExplain(page, 'Create consent', /^\/consents\/(?!new$)[^/]+$/, 'the consent');
    await expect(consentStatus(page)).toBeVisible();
    const id = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    findings.note(`Consent ${id} created.`);
    return id;
  });

  await test.step('Read the consent status', async () => {
    await expect(consentStatus(page)).toHaveText(CONSENT_STATUSES);
    findings.note(`consentStatus after the creation: ${await shownConsentStatus(page)}.`);
  });

  await test.step('Authorise the consent (SCA)', async () => {
    if ((await shownConsentStatus(page)) === 'valid') {
      findings.note('The consent is valid without an SCA.');
      return;
    }
    await driver.authorise(authoriseConsentPanel(page), 'the consent');
  });

  await test.step('Check that the consent is valid, and make it the active consent', async () => {
    await expect
      .poll(() => shownConsentStatus(page), { message: 'the consent leaves "received"', timeout: 30_000 })
      .not.toMatch(/^(received|unknown)$/);
    const status = await shownConsentStatus(page);
    findings.note(`consentStatus after the SCA: ${status}.`);
    expect(status, `the consent ${consentId} is valid after the PSU's SCA`).toBe('valid');
    await page.getByRole('button', { name: 'Make active' }).click();
    await expect(page.getByText('This is the active consent')).toBeVisible();
  });

  const listed = await test.step('Read the account list', async () => {
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
    const heading = page.getByRole('heading', { level: 2, name: /^\d+ accounts?$/ });
    await expect(heading.or(page.getByRole('alert')).first()).toBeVisible({ timeout: 45_000 });
    const refusal = await visibleAlert(page);
    if (refusal) throw new Error(`The bank did not list the accounts: ${refusal}`);
    const items = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { level: 3 }) });
    const accounts: { number: string; link?: string }[] = [];
    for (const item of await items.all()) {
      const lines = (await item.innerText()).split('\n').map((line) => line.trim());
      const number = lines.find((line) => /^[A-Z]{2}\d{2}(?: ?[A-Z0-9]{1,4}){2,8}$/.test(line)) ?? '';
      const link = item.getByRole('heading', { level: 3 }).getByRole('link');
      const href = (await link.count()) > 0 ? await link.getAttribute('href') : null;
      accounts.push({ number: number.replace(/ /g, ''), ...(href && { link: href }) });
    }
    findings.note(
      `The bank lists ${accounts.length} account${accounts.length === 1 ? '' : 's'}: ${accounts.map((a) => maskIban(a.number)).join(', ') || 'none'}.`,
    );
    return accounts;
  });

  if (consent.access === 'availableAccounts') {
    findings.note('The consent covers the account list only: no balances or transactions to read.');
    return;
  }
  const wanted = consent.ibans[0];
  const account = (wanted && listed.find((a) => a.number === wanted)) || listed.find((a) => a.link);
  expect(account?.link, 'an account of the list can be opened (it has a resourceId)').toBeTruthy();
  if (!account?.link) return;

  await test.step(`Open account ${maskIban(account.number)}`, async () => {
    await page.goto(account.link ?? '/accounts');
    const details = page.getByRole('region', { name: 'Account details' });
    await expect(details.getByRole('term').first().or(details.getByRole('alert')).first()).toBeVisible({
      timeout: 45_000,
    });
    const refusal = await visibleAlert(details);
    expect.soft(refusal, 'the bank answers the account details read').toBeUndefined();
    if (!refusal) findings.note(`Account details of ${maskIban(account.number)} read.`);
  });

  await test.step('Read the balances', async () => {
    const balances = page.getByRole('region', { name: 'Balances' });
    const table = balances.getByRole('table');
    const notOffered = balances.getByRole('button', { name: 'Read the balances anyway' });
    await expect(table.or(balances.getByRole('alert')).or(notOffered).first()).toBeVisible({ timeout: 45_000 });
    if (await table.isVisible()) {
      const headers = (await table.getByRole('rowheader').allInnerTexts()).join(' ');
      const types = BalanceType.options.filter((type) => new RegExp(`\\b${type}\\b`).test(headers));
      findings.note(`Balances: ${types.length} types (${types.join(', ') || 'none the spec names'}).`);
    } else if (await notOffered.isVisible()) {
      findings.note('The account’s details offer no balances link (the consent may not cover them): not read.');
    } else {
      expect.soft(await visibleAlert(balances), 'the bank answers the balances read').toBeUndefined();
    }
  });

  await test.step(`Read the transactions of the last ${consent.transactionsDays} days`, async () => {
    const notOffered = page.getByRole('button', { name: 'Read the transactions anyway' });
    const form = page.getByRole('form', { name: 'Transaction report' });
    await expect(form.or(notOffered).first()).toBeVisible({ timeout: 45_000 });
    if (await notOffered.isVisible()) {
      findings.note('The account’s details offer no transactions link (the consent may not cover them): not read.');
      return;
    }
    await showTransactions(page, {
      dateFrom: isoDateFromToday(-consent.transactionsDays),
      dateTo: isoDateFromToday(0),
      bookingStatus: 'both',
    });
    const report = reportStatus(page).filter({ hasText: /entries/ });
    await expect(report.or(page.getByRole('alert')).first()).toBeVisible({ timeout: 60_000 });
    const refusal = await visibleAlert(page);
    if (refusal) {
      expect.soft(refusal, 'the bank answers the transactions read').toBeUndefined();
      return;
    }
    findings.note(`Transactions: ${oneLine(await report.first().innerText())}`);
  });
});

test('payments: initiation, status, SCA and cancellation', async ({ page, findings, driver, bankBaseUrl }) => {
  const payment = check.payments;
  test.skip(!payment, 'Payments are not enabled in the check file ("payments": { "enabled": true, … }).');
  if (!payment) return;
  await useCheckProfile(page, bankBaseUrl, findings);
  const what = payment.service === 'periodic-payments' ? 'standing order' : 'payment';

  await test.step(`Initiate a ${what} (${payment.product}, ${payment.amount} ${payment.currency})`, async () => {
    await fillPaymentForm(page, {
      service: payment.service,
      product: payment.product,
      debtorIban: payment.debtorIban,
      creditorIban: payment.creditorIban,
      creditorName: payment.creditorName,
      amount: payment.amount,
      currency: payment.currency,
      remittance: payment.remittance,
      ...(payment.service === 'periodic-payments' && {
        startDate: isoDateFromToday(payment.startInDays),
        frequency: payment.frequency,
      }),
    });
    await submitOrExplain(
      page,
      'Initiate payment',
      /^\/payments\/(payments|periodic-payments)\/[^/]+\/[^/]+$/,
      `the ${what}`,
    );
    const paymentId = decodeURIComponent(new URL(page.url()).pathname.split('/')[4] ?? '');
    findings.note(`${what === 'payment' ? 'Payment' : 'Standing order'} ${paymentId} initiated.`);
  });

  await test.step('Read the payment status', async () => {
    await expect(transactionStatus(page)).toHaveText(TRANSACTION_STATUSES);
    findings.note(`transactionStatus after the initiation: ${await shownTransactionStatus(page)}.`);
  });

  await test.step(`Authorise the ${what} (SCA)`, async () => {
    await driver.authorise(authorisePanel(page), `the ${what}`);
  });

  const status = await test.step('Read the payment status after the SCA', async () => {
    // The bank may take a moment to move on from RCVD; the page follows the status by itself.
    await expect
      .poll(() => shownTransactionStatus(page), { message: 'the payment leaves RCVD', timeout: 30_000 })
      .not.toMatch(/^(RCVD|unknown)$/)
      .catch(() => undefined);
    const now = await shownTransactionStatus(page);
    findings.note(`transactionStatus after the SCA: ${now}.`);
    expect(now, `the bank did not reject the ${what}`).not.toBe('RJCT');
    return now;
  });

  if (!payment.cancel) return;
  await test.step(`Cancel the ${what}`, async () => {
    const cancel = page.getByRole('button', { name: 'Cancel payment…' });
    if (!(await cancel.isVisible())) {
      findings.note(`The console offers no cancellation for a ${what} in status ${status}.`);
      return;
    }
    await cancel.click();
    await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
    const cancellation = page.getByRole('region', { name: 'Cancellation', exact: true });
    const atOnce = page.getByText('cancelled the payment at once (204 No Content)');
    const needsSca = page.getByText('The bank answered 202');
    await expect(atOnce.or(needsSca).or(cancellation.getByRole('alert')).first()).toBeVisible({ timeout: 45_000 });
    const refusal = await visibleAlert(cancellation);
    if (refusal) {
      // Banks may refuse to cancel (e.g. once executed): a finding about the bank, not a failure of the check.
      findings.note(`The bank refused the cancellation: ${refusal}`);
      return;
    }
    if (await atOnce.isVisible()) {
      findings.note('The bank cancelled at once (204): no authorisation needed.');
    } else {
      findings.note('The bank asks the PSU to authorise the cancellation (202).');
      await driver.authorise(page.getByRole('region', { name: 'Authorise the cancellation' }), 'the cancellation');
    }
    await expect
      .poll(() => shownTransactionStatus(page), { message: 'the payment becomes CANC', timeout: 30_000 })
      .toBe('CANC')
      .catch(() => undefined);
    findings.note(`transactionStatus after the cancellation: ${await shownTransactionStatus(page)}.`);
  });
});
