// The console against the sandbox playing a deviating bank, one mode at a time, through the flows the mode's deviation
// touches: a payment authorised by redirect SCA (embedded SCA for the modes whose deviation shows in its steps) to an
// accepted status; a consent authorised, made active and used for the account list, one account's balances and its
// transactions (a consent made over the API when only the reads deviate); and an answer the bank refuses. Every step
// must end where the bank's answers allow, show the data, name the deviation where it occurs, and never fall into an
// error boundary; for the embedded modes, presenter mode shows none of the JSON. Last, a bank that refuses the
// transaction report.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { dedicated, isoDay, reportStatus, showTransactions, transactionsTable } from './accounts-helpers';
import { authoriseConsentPanel, consentStatus, decideAtBank, fillConsentForm } from './consents-helpers';
import {
  authoriseEmbedded,
  DEVIATION_MODES,
  deviationNotice,
  expectNoErrorBoundary,
  inPresenterMode,
  useDeviatingProfile,
  type DeviationMode,
  type EmbeddedStep,
} from './deviating-helpers';
import { SANDBOX_OTP, testAccounts } from './fixtures';
import { approveAtBank, fillPaymentForm, transactionStatus } from './payments-helpers';
import { authorisePanel } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { test as withConsent } from './test';

/** The slow mode's delay on the e2e server (SANDBOX_SLOW_MS in playwright.config.ts). */
const SLOW_MS = 600;

const alice = testAccounts['alice-main'];

/** How the console names a link that left out the bank's prefix, to developers and to an audience. */
const UNPREFIXED_WORDS =
  /left out its prefix \/sandbox\/deviating\/unprefixed-links|without the first part of its own path/;
/** The countdown of a read the bank holds back with 429. */
const COUNTDOWN = /^The bank asked to wait: trying again in \d+ s$/;

/** Where the console must name the mode's deviation. */
type Stage = 'payment' | 'consent' | 'balances' | 'transactions' | 'error';

/** The flows a mode's test goes through; every mode also meets an answer the bank refuses. */
type Flow = 'payment' | 'consent' | 'accounts';
const ALL_FLOWS: Flow[] = ['payment', 'consent', 'accounts'];

interface ModePlan {
  /** The flows the mode's deviation touches (default: all). */
  flows?: Flow[];
  /** The pages on which the deviation shows (an answer read there deviates). */
  namedAt: Stage[];
  /** Why the console does not yet finish this mode's flows (the visible symptom); the test is then marked fixme. */
  fixme?: string;
  /** The payment and the consent are authorised with embedded SCA (the profile prefers no redirect). */
  embedded?: boolean;
  /** What the SCA panel says of the deviation, in plain words, at the steps of embedded SCA where it shows. */
  atSca?: Partial<Record<EmbeddedStep, RegExp>>;
}

const plans: Record<DeviationMode, ModePlan> = {
  'amounts-as-numbers': { namedAt: ['payment', 'balances', 'transactions'], flows: ['payment', 'accounts'] },
  // consentStatus and scaStatus are lower case in 1.3.12 already: only transactionStatus deviates.
  'lowercase-statuses': { namedAt: ['payment'], flows: ['payment'] },
  'unknown-statuses': { namedAt: ['payment', 'consent'], flows: ['payment', 'consent'] },
  'code-message-errors': { namedAt: ['error'], flows: [] },
  'problem-json-errors': { namedAt: ['error'], flows: [] },
  'gateway-html-errors': { namedAt: ['error'], flows: [] },
  'string-links': { namedAt: ['payment', 'consent'] },
  // Absolute links on another name of the same server are allowed by 1.3.12: nothing to name, everything to follow.
  'foreign-host-links': { namedAt: [] },
  'ok-instead-of-created': { namedAt: ['payment', 'consent'], flows: ['payment', 'consent'] },
  'no-request-id': { namedAt: ['payment', 'consent'], flows: ['payment', 'consent'] },
  'datetime-dates': { namedAt: ['consent', 'transactions'], flows: ['consent', 'accounts'] },
  // 1.3.12's schemas allow members they do not define (no additionalProperties: false): nothing to name.
  'extra-fields': { namedAt: [] },
  'download-only-reports': { namedAt: [], flows: ['accounts'] },
  'next-links-only': { namedAt: [], flows: ['accounts'] },
  // The challenge comes with a step's answer: the SCA panel names it there.
  'string-challenge': {
    namedAt: [],
    embedded: true,
    atSca: { otp: /sent the challenge as text, not a list/i },
    flows: ['payment'],
  },
  'array-links': {
    namedAt: ['payment', 'consent', 'balances', 'transactions'],
    embedded: true,
    atSca: { method: /links as a list/, otp: /links as a list/ },
  },
  'explicit-nulls': { namedAt: ['payment', 'consent', 'balances', 'transactions'], embedded: true },
  'structured-remittance': { namedAt: ['transactions'], embedded: true, flows: ['accounts'] },
  // Each SCA step follows a link under the base_url after nothing answered at it as given: the panel says so there.
  // The report's next page too (its notice names it).
  'unprefixed-links': { namedAt: [], embedded: true, atSca: { method: UNPREFIXED_WORDS, otp: UNPREFIXED_WORDS } },
  // A rate limit is no deviation: the countdown shows where a read waits, and the read finishes by itself.
  'rate-limited': { namedAt: [], embedded: true },
  // Slowness is the same on every answer: a payment and the account reads show it.
  slow: { namedAt: [], flows: ['payment', 'accounts'] },
};

/**
 * Embedded SCA in `panel`: at each step the bank shows, no error boundary, and the deviation named there in plain
 * words, also in presenter mode (which shows none of the JSON); the challenge sent as text is shown.
 */
async function authoriseWithLook(page: Page, mode: DeviationMode, panel: ReturnType<typeof authorisePanel>) {
  const plan = plans[mode];
  await authoriseEmbedded(panel, 'alice', async (step) => {
    await expectNoErrorBoundary(page);
    if (mode === 'string-challenge' && step === 'otp') {
      await baseExpect(panel.getByText(`the one-time password is ${SANDBOX_OTP}`)).toBeVisible();
    }
    if (mode === 'explicit-nulls') baseExpect(await panel.innerText()).not.toMatch(/\bnull\b/);
    const words = plan.atSca?.[step];
    if (!words) return;
    await baseExpect(panel.getByText(words)).toBeVisible();
    await inPresenterMode(page, `the SCA panel at the ${step} step`, words, panel);
  });
}

test.describe.configure({ timeout: 120_000 });

for (const mode of DEVIATION_MODES) {
  const plan = plans[mode];
  const flows = plan.flows ?? ALL_FLOWS;
  const steps = [
    flows.includes('payment') && `payment with ${plan.embedded ? 'embedded' : 'redirect'} SCA`,
    flows.includes('consent') && 'consent',
    flows.includes('accounts') && 'accounts, balances and transactions',
    'a refused read',
  ].filter(Boolean);
  withConsent(`a bank in mode ${mode}: ${steps.join(', ')}`, async ({ page, authorisedConsent }) => {
    test.fixme(plan.fixme !== undefined, plan.fixme);
    // A slow bank answers every request after its delay: give each wait room for a few answers in a row.
    const expect = baseExpect.configure({ timeout: mode === 'slow' ? 8 * SLOW_MS : 10_000 });
    const named = async (stage: Stage) => {
      await expectNoErrorBoundary(page);
      if (plan.namedAt.includes(stage))
        await expect(deviationNotice(page), `deviation named on the ${stage} page`).toBeVisible();
    };
    await useDeviatingProfile(page, [mode], plan.embedded ? { redirectPreferred: false } : {});

    // The payment: created through the form, authorised at the bank's page, accepted.
    if (flows.includes('payment')) {
      await fillPaymentForm(page, { debtorIban: alice.iban, amount: '12.50', creditorName: 'Boulangerie Exemple' });
      await page.getByRole('button', { name: 'Initiate payment' }).click();
      await page.waitForURL(/\/payments\/payments\/sepa-credit-transfers\/[^/?]+$/, { timeout: 15_000 });
      const paymentPath = new URL(page.url()).pathname;
      // The page's first reads are held back a second: the panels count down, then show the data by themselves.
      if (mode === 'rate-limited') await expect(page.getByText(COUNTDOWN).first()).toBeVisible();
      await expect(transactionStatus(page)).toContainText(/RCVD|PDNG|PENDING|received/i);
      const details = page.getByRole('region', { name: 'Payment', exact: true });
      await expect(details.getByText('Boulangerie Exemple', { exact: true })).toBeVisible();
      await expect(details).toContainText('12.50');
      await named('payment');
      if (plan.embedded) {
        await authoriseWithLook(page, mode, authorisePanel(page));
      } else {
        await page.getByRole('link', { name: 'Continue at the bank' }).click();
        await approveAtBank(page, 'alice');
        await page.waitForURL((url) => url.pathname === paymentPath && url.searchParams.get('sca') === 'ok', {
          timeout: 15_000,
        });
      }
      await expect(transactionStatus(page)).toContainText(/ACTC|ACCP|ACSC|ACWC|ACFC/i, { timeout: 20_000 });
      await expectNoErrorBoundary(page);
    }

    // The consent: created, authorised at the bank's page, valid, made active; made over the API when only the reads
    // deviate.
    if (flows.includes('consent')) {
      await fillConsentForm(page, {
        access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
      });
      await page.getByRole('button', { name: 'Create consent' }).click();
      await page.waitForURL(/\/consents\/(?!new)[^/?]+(\?.*)?$/, { timeout: 15_000 });
      const consentPath = new URL(page.url()).pathname;
      await expect(consentStatus(page)).toBeVisible();
      await named('consent');
      if (plan.embedded) {
        await authoriseWithLook(page, mode, authoriseConsentPanel(page));
      } else {
        await authoriseConsentPanel(page)
          .getByRole('link', { name: /Continue at the bank/ })
          .click();
        await decideAtBank(page, 'alice');
        await page.waitForURL((url) => url.pathname === consentPath && url.searchParams.has('sca'), {
          timeout: 15_000,
        });
      }
      await expect(consentStatus(page)).toContainText(/valid/i, { timeout: 20_000 });
      await page.getByRole('button', { name: 'Make active' }).click();
      await expect(page.getByText('This is the active consent')).toBeVisible();
      await expectNoErrorBoundary(page);
    } else if (flows.includes('accounts')) {
      await authorisedConsent({ psu: 'alice', access: dedicated(alice.iban), profileId: 'deviating' });
      await page.goto('/');
    }

    // The accounts: the list, the account, its balances.
    if (flows.includes('accounts')) {
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
      if (mode === 'rate-limited') await expect(page.getByText(COUNTDOWN).first()).toBeVisible();
      const item = page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' });
      await expect(item).toContainText('Girokonto Plus');
      // A member sent as null is no value: no "Owner: null".
      if (mode === 'explicit-nulls') expect(await item.innerText()).not.toMatch(/\bnull\b/);
      await expectNoErrorBoundary(page);
      await item.getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/accounts/${alice.resourceId}$`));
      const balances = page.getByRole('region', { name: 'Balances' }).getByRole('table');
      await expect(balances.getByRole('rowheader', { name: /^Interim booked/ })).toBeVisible();
      await expect(balances.getByRole('row', { name: /Interim booked/ })).toContainText('€');
      if (mode === 'explicit-nulls') {
        // A null creditLimitIncluded says nothing about the limit; a null owner is no owner.
        expect(await page.getByRole('region', { name: 'Account details' }).innerText()).not.toMatch(/\bnull\b/);
        expect(await balances.innerText()).not.toMatch(/\bnull\b/);
      }
      await named('balances');

      // The transactions of the last 90 days, as the bank offers them.
      // A year holds more than one page of alice's entries (100 a page), so paging has a next page to follow.
      const paging = mode === 'next-links-only' || mode === 'unprefixed-links';
      await showTransactions(page, { dateFrom: isoDay(paging ? -360 : -90), bookingStatus: 'both' });
      if (mode === 'download-only-reports') {
        await expect(page.getByRole('note').filter({ hasText: 'only as a download' })).toContainText(
          'so the list below is empty',
        );
        await expect(page.getByRole('button', { name: 'Download the report' })).toBeEnabled();
      } else {
        const { table } = transactionsTable(page);
        await expect(table.locator('time').first()).toBeVisible();
        await expect(table.locator('time').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
        if (mode === 'structured-remittance') {
          // The reference and its type, flagged, never "[object Object]".
          await expect(table).toContainText(/RF\d{2}[A-Z0-9]+ \(SCOR\)/);
          await expect(table).not.toContainText('[object Object]');
          await expect(table.getByTitle(/remittanceInformationStructured: sent as an object/).first()).toBeAttached();
        }
        if (paging) {
          const pageNav = page.getByRole('navigation', { name: 'Report pages' });
          await expect(pageNav).toContainText('Page 1');
          const firstDates = await table.locator('time').allTextContents();
          await pageNav.getByRole('button', { name: 'Next' }).click();
          await expect(pageNav).toContainText('Page 2');
          await expect.poll(() => table.locator('time').allTextContents()).not.toEqual(firstDates);
        }
        if (mode === 'unprefixed-links') {
          // The next page's link left out the prefix: the page's notice names it.
          await deviationNotice(page).click();
          await expect(page.getByText(UNPREFIXED_WORDS).first()).toBeVisible();
        }
      }
      await named('transactions');
      // Every read the bank held back finished by itself: nothing asks for Try again.
      if (mode === 'rate-limited') await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
      if (mode === 'array-links') await expect(page.getByText(/links as a list/).first()).toBeVisible();
      if (plan.embedded) await inPresenterMode(page, 'the account page');
    }

    // An answer the bank refuses: a payment it does not know (403 RESOURCE_UNKNOWN, in the mode's own form).
    await page.goto('/payments/payments/sepa-credit-transfers/no-such-payment');
    const refusal = page.getByRole('region', { name: 'Status' });
    if (mode === 'gateway-html-errors') {
      // The gateway's page stands in for the bank's error: quoted, with the status, and named as no XS2A error body.
      await expect(refusal).toContainText('502 Bad Gateway');
      await expect(refusal).toContainText('not an XS2A error body');
    } else {
      await expect(refusal).toContainText('The bank refused the request');
      await expect(refusal).toContainText('HTTP 403');
      // An RFC 7807 body carries no XS2A code, only its title and detail.
      if (mode !== 'problem-json-errors') await expect(refusal).toContainText('RESOURCE_UNKNOWN');
      if (plan.namedAt.includes('error')) await expect(refusal).toContainText(/deviates from (XS2A )?1\.3\.12/);
    }
    await expectNoErrorBoundary(page);
  });
}

withConsent(
  'a bank that refuses the transaction report (406 REQUESTED_FORMATS_INVALID): its error, and no summary of the report',
  async ({ page, request, authorisedConsent }) => {
    const consentId = await authorisedConsent({ psu: 'alice', access: dedicated(alice.iban) });
    // The sandbox's scenario, for this consent only: every transaction read is refused as a real bank refuses formats.
    const rule = await request.post('/sandbox/admin/scenarios', {
      data: { operation: 'getTransactionList', error: 'REQUESTED_FORMATS_INVALID', resourceId: consentId },
    });
    baseExpect(rule.ok(), await rule.text()).toBe(true);
    await page.goto(`/accounts/${alice.resourceId}`);
    await showTransactions(page, { dateFrom: isoDay(-30), bookingStatus: 'both' });
    const panel = page.getByRole('region', { name: 'Transactions', exact: true });
    await baseExpect(panel).toContainText('REQUESTED_FORMATS_INVALID');
    await baseExpect(panel).toContainText('406');
    await baseExpect(panel.getByText(/entries on this page|on one page/)).toHaveCount(0);
    await baseExpect(reportStatus(page)).toHaveCount(0);
    await baseExpect(transactionsTable(page).region).toHaveCount(0);
    await expectNoErrorBoundary(page);
  },
);

/** A 429 as a bank sends it: ACCESS_EXCEEDED (1.3.12's code for too many reads) and how long to wait. */
function tooManyRequests(retryAfter: number, requestId: string | undefined) {
  const text = `Too many requests: try again in ${retryAfter} s.`;
  return {
    status: 429,
    headers: { 'Content-Type': 'application/json', 'Retry-After': String(retryAfter), 'X-Request-ID': requestId ?? '' },
    body: JSON.stringify({ tppMessages: [{ category: 'ERROR', code: 'ACCESS_EXCEEDED', text }] }),
  };
}

test('a payment the bank answers 429 is not sent again by the console, and the form keeps what was typed', async ({
  page,
}) => {
  await page.clock.install();
  await useDeviatingProfile(page, ['rate-limited']);
  // The mode holds back reads only: this POST's 429 (with Retry-After) is the test's own, for the first POST alone.
  const posts: string[] = [];
  await page.route('**/sandbox/deviating/rate-limited/v1/payments/sepa-credit-transfers', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts.push(route.request().url());
    if (posts.length > 1) return route.fallback();
    return route.fulfill(tooManyRequests(1, route.request().headers()['x-request-id']));
  });
  await fillPaymentForm(page, { debtorIban: alice.iban, amount: '7.30', creditorName: 'Café Exemple' });
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'HTTP 429' });
  await baseExpect(refusal).toContainText('ACCESS_EXCEEDED');
  await baseExpect(refusal).toContainText(
    'The bank asked to wait 1 s (Retry-After: 1). The console does not send this request again by itself',
  );
  await baseExpect(page.getByText(COUNTDOWN)).toHaveCount(0);
  // Long after the wait the bank asked for, nothing was sent again, and nothing typed was lost.
  await page.clock.runFor(10_000);
  baseExpect(posts).toHaveLength(1);
  await baseExpect(page.getByLabel('Amount')).toHaveValue('7.30');
  await baseExpect(page.getByLabel('Creditor name')).toHaveValue('Café Exemple');
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await page.waitForURL(/\/payments\/payments\/sepa-credit-transfers\/[^/?]+$/, { timeout: 15_000 });
  baseExpect(posts).toHaveLength(2);
  await expectNoErrorBoundary(page);
});

test('a read the bank holds back: its countdown passes axe at 1280 and 390 px, and Cancel shows the 429 with Try again', async ({
  page,
}) => {
  await useDeviatingProfile(page, ['rate-limited']);
  // The mode asks for a second; this status read is held back for 30, so the countdown can be looked at.
  let held = false;
  await page.route('**/sandbox/deviating/rate-limited/v1/payments/sepa-credit-transfers/*/status', async (route) => {
    if (held) return route.fallback();
    held = true;
    return route.fulfill(tooManyRequests(30, route.request().headers()['x-request-id']));
  });
  await fillPaymentForm(page, { debtorIban: alice.iban, amount: '4.20', creditorName: 'Boulangerie Exemple' });
  await page.getByRole('button', { name: 'Initiate payment' }).click();
  await page.waitForURL(/\/payments\/payments\/sepa-credit-transfers\/[^/?]+$/, { timeout: 15_000 });
  const status = page.getByRole('region', { name: 'Status' });
  await baseExpect(status.getByText(COUNTDOWN)).toBeVisible();
  await baseExpect(status).toContainText(
    'It answered 429 Too Many Requests with Retry-After: 30; try 2 of 4 comes next.',
  );
  await expectNoSeriousA11yViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await baseExpect(status.getByText(COUNTDOWN)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await status.getByRole('button', { name: 'Cancel' }).click();
  await baseExpect(status.getByText(COUNTDOWN)).toHaveCount(0);
  await baseExpect(status).toContainText('The bank refused the request (429 ACCESS_EXCEEDED)');
  await baseExpect(status).toContainText('the wait was cancelled after 1 try');
  await status.getByRole('button', { name: 'Try again' }).click();
  await baseExpect(transactionStatus(page)).toContainText(/RCVD|received/i);
  await expectNoErrorBoundary(page);
});
