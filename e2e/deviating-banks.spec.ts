// The console against the sandbox playing a deviating bank, one mode at a time: a payment authorised by redirect SCA
// to an accepted status, and a consent authorised, made active and used for the account list, one account's balances
// and its transactions. Every step must end where the bank's answers allow, show the data, name the deviation where it
// occurs, and never fall into an error boundary.
import { expect as baseExpect, test } from '@playwright/test';
import { isoDay, showTransactions, transactionsTable } from './accounts-helpers';
import { authoriseConsentPanel, consentStatus, decideAtBank, fillConsentForm } from './consents-helpers';
import {
  DEVIATION_MODES,
  deviationNotice,
  expectNoErrorBoundary,
  useDeviatingProfile,
  type DeviationMode,
} from './deviating-helpers';
import { testAccounts } from './fixtures';
import { approveAtBank, fillPaymentForm, transactionStatus } from './payments-helpers';

/** The slow mode's delay on the e2e server (the sandbox's default: the config sets no SANDBOX_SLOW_MS). */
const SLOW_MS = 1500;

const alice = testAccounts['alice-main'];

/** Where the console must name the mode's deviation. */
type Stage = 'payment' | 'consent' | 'balances' | 'transactions' | 'error';

interface ModePlan {
  /** The pages on which the deviation shows (an answer read there deviates). */
  namedAt: Stage[];
  /** Why the console does not yet finish this mode's flows (the visible symptom); the test is then marked fixme. */
  fixme?: string;
}

const plans: Record<DeviationMode, ModePlan> = {
  'amounts-as-numbers': { namedAt: ['payment', 'balances', 'transactions'] },
  // consentStatus and scaStatus are lower case in 1.3.12 already: only transactionStatus deviates.
  'lowercase-statuses': { namedAt: ['payment'] },
  'unknown-statuses': { namedAt: ['payment', 'consent'] },
  'code-message-errors': { namedAt: ['error'] },
  'problem-json-errors': { namedAt: ['error'] },
  'gateway-html-errors': { namedAt: ['error'] },
  'string-links': { namedAt: ['payment', 'consent'] },
  // Absolute links on another name of the same server are allowed by 1.3.12: nothing to name, everything to follow.
  'foreign-host-links': { namedAt: [] },
  'ok-instead-of-created': { namedAt: ['payment', 'consent'] },
  'no-request-id': { namedAt: ['payment', 'consent'] },
  'datetime-dates': { namedAt: ['consent', 'transactions'] },
  // 1.3.12's schemas allow members they do not define (no additionalProperties: false): nothing to name.
  'extra-fields': { namedAt: [] },
  'download-only-reports': { namedAt: [] },
  'next-links-only': { namedAt: [] },
  slow: { namedAt: [] },
};

test.describe.configure({ timeout: 120_000 });

for (const mode of DEVIATION_MODES) {
  const plan = plans[mode];
  test(`a bank in mode ${mode}: payment with redirect SCA, consent, accounts, balances and transactions`, async ({
    page,
  }) => {
    test.fixme(plan.fixme !== undefined, plan.fixme);
    // A slow bank answers every request after its delay: give each wait room for a few answers in a row.
    const expect = baseExpect.configure({ timeout: mode === 'slow' ? 8 * SLOW_MS : 10_000 });
    const named = async (stage: Stage) => {
      await expectNoErrorBoundary(page);
      if (plan.namedAt.includes(stage))
        await expect(deviationNotice(page), `deviation named on the ${stage} page`).toBeVisible();
    };
    await useDeviatingProfile(page, [mode]);

    // The payment: created through the form, authorised at the bank's page, accepted.
    await fillPaymentForm(page, { debtorIban: alice.iban, amount: '12.50', creditorName: 'Boulangerie Exemple' });
    await page.getByRole('button', { name: 'Initiate payment' }).click();
    await page.waitForURL(/\/payments\/payments\/sepa-credit-transfers\/[^/?]+$/, { timeout: 15_000 });
    const paymentPath = new URL(page.url()).pathname;
    await expect(transactionStatus(page)).toContainText(/RCVD|PDNG|PENDING|received/i);
    const details = page.getByRole('region', { name: 'Payment', exact: true });
    await expect(details.getByText('Boulangerie Exemple', { exact: true })).toBeVisible();
    await expect(details).toContainText('12.50');
    await named('payment');
    await page.getByRole('link', { name: 'Continue at the bank' }).click();
    await approveAtBank(page, 'alice');
    await page.waitForURL((url) => url.pathname === paymentPath && url.searchParams.get('sca') === 'ok', {
      timeout: 15_000,
    });
    await expect(transactionStatus(page)).toContainText(/ACTC|ACCP|ACSC|ACWC|ACFC/i, { timeout: 20_000 });
    await expectNoErrorBoundary(page);

    // The consent: created, authorised at the bank's page, valid, made active.
    await fillConsentForm(page, {
      access: { accounts: [alice.iban], balances: [alice.iban], transactions: [alice.iban] },
    });
    await page.getByRole('button', { name: 'Create consent' }).click();
    await page.waitForURL(/\/consents\/(?!new)[^/?]+(\?.*)?$/, { timeout: 15_000 });
    const consentPath = new URL(page.url()).pathname;
    await expect(consentStatus(page)).toBeVisible();
    await named('consent');
    await authoriseConsentPanel(page)
      .getByRole('link', { name: /Continue at the bank/ })
      .click();
    await decideAtBank(page, 'alice');
    await page.waitForURL((url) => url.pathname === consentPath && url.searchParams.has('sca'), { timeout: 15_000 });
    await expect(consentStatus(page)).toContainText(/valid/i, { timeout: 20_000 });
    await page.getByRole('button', { name: 'Make active' }).click();
    await expect(page.getByText('This is the active consent')).toBeVisible();
    await expectNoErrorBoundary(page);

    // The accounts: the list, the account, its balances.
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: 'DE16 9901 0000 0010 0100 01' });
    await expect(item).toContainText('Girokonto Plus');
    await expectNoErrorBoundary(page);
    await item.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/accounts/${alice.resourceId}$`));
    const balances = page.getByRole('region', { name: 'Balances' }).getByRole('table');
    await expect(balances.getByRole('rowheader', { name: /^Interim booked/ })).toBeVisible();
    await expect(balances.getByRole('row', { name: /Interim booked/ })).toContainText('€');
    await named('balances');

    // The transactions of the last 90 days, as the bank offers them.
    // A year holds more than one page of alice's entries (100 a page), so paging has a next page to follow.
    await showTransactions(page, { dateFrom: isoDay(mode === 'next-links-only' ? -360 : -90), bookingStatus: 'both' });
    if (mode === 'download-only-reports') {
      await expect(page.getByRole('note').filter({ hasText: 'only as a download' })).toContainText(
        'so the list below is empty',
      );
      await expect(page.getByRole('button', { name: 'Download the report' })).toBeEnabled();
    } else {
      const { table } = transactionsTable(page);
      await expect(table.locator('time').first()).toBeVisible();
      await expect(table.locator('time').first()).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
      if (mode === 'next-links-only') {
        const pageNav = page.getByRole('navigation', { name: 'Report pages' });
        await expect(pageNav).toContainText('Page 1');
        const firstDates = await table.locator('time').allTextContents();
        await pageNav.getByRole('button', { name: 'Next' }).click();
        await expect(pageNav).toContainText('Page 2');
        await expect.poll(() => table.locator('time').allTextContents()).not.toEqual(firstDates);
      }
    }
    await named('transactions');

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
