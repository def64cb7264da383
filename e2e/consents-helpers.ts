// Page helpers for consent flows through the console's UI: a bank profile per SCA approach, the new-consent form, the
// consent's SCA (redirect, embedded or decoupled) and making it the active consent.
import { expect, type Locator, type Page } from '@playwright/test';
import { storeProfile } from './console-storage';
import { SANDBOX, SANDBOX_OTP, SANDBOX_PASSWORD } from './fixtures';
import { completeEmbeddedSca, decideInBankingApp, shownAuthorisationId } from './sca-helpers';

export type ConsentScaApproach = 'redirect' | 'embedded' | 'decoupled';

export interface ConsentProfileInput {
  id: string;
  name: string;
  /** Sets the TPP-*-Preferred headers that make the sandbox choose this approach; undefined sends none (redirect). */
  approach?: ConsentScaApproach;
  /** PSU-IP-Address of the profile; null sends none, so account reads count against frequencyPerDay. */
  psuIpAddress?: string | null;
  psuId?: string;
}

const preferences: Record<ConsentScaApproach, { redirectPreferred?: boolean; decoupledPreferred?: boolean }> = {
  redirect: { redirectPreferred: true },
  embedded: { redirectPreferred: false },
  decoupled: { decoupledPreferred: true },
};

/**
 * Makes a bank profile for the embedded sandbox the active one before any page script runs (the
 * `xs2a-console.profiles.v1` storage format of src/api). Call it before the test's first navigation.
 */
export async function useConsentProfile(page: Page, input: ConsentProfileInput): Promise<void> {
  await storeProfile(page, {
    id: input.id,
    name: input.name,
    baseUrl: SANDBOX,
    psuHeaders: {
      ...(input.psuIpAddress !== null && { psuIpAddress: input.psuIpAddress ?? '192.168.0.10' }),
      ...(input.psuId && { psuId: input.psuId }),
    },
    sca: input.approach ? preferences[input.approach] : {},
  });
}

/** What the consent grants: a global access form, or IBANs per service (dedicated consent). */
export type ConsentAccessInput =
  | 'allPsd2'
  | 'availableAccounts'
  | 'availableAccountsWithBalance'
  | { accounts?: string[]; balances?: string[]; transactions?: string[] };

export interface ConsentFormInput {
  access: ConsentAccessInput;
  /** Default false: a one-off consent (frequencyPerDay 1). */
  recurring?: boolean;
  /** Only for recurring consents; default 4. */
  frequencyPerDay?: number;
  /** YYYY-MM-DD; default 90 days ahead. */
  validUntil?: string;
  /** allAccountsWithOwnerName instead of allAccounts (global access forms only). */
  withOwnerName?: boolean;
  /** PSU-ID header for this request (e.g. so decoupled SCA starts at once). */
  psuId?: string;
  /** PSU-IP-Address for this request: needed when the active profile sends none. */
  psuIpAddress?: string;
}

export const accessLabels = {
  allPsd2: 'All account information (allPsd2)',
  availableAccounts: 'Account list (availableAccounts)',
  availableAccountsWithBalance: 'Account list with balances (availableAccountsWithBalance)',
  dedicated: 'Named accounts (dedicated)',
  bankOffered: 'Accounts chosen at the bank (bank-offered)',
} as const;

const listLabels = { accounts: 'account details', balances: 'balances', transactions: 'transactions' } as const;

/** An ISO date `days` from today (UTC), as the sandbox compares dates. */
export function isoDateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The IBAN field of row `row` (1-based) of a dedicated list. */
export function ibanField(page: Page, list: keyof typeof listLabels, row: number): Locator {
  return page.getByLabel(`IBAN ${row} for ${listLabels[list]}`, { exact: true });
}

/** Opens /consents/new and fills the form; does not submit. */
export async function fillConsentForm(page: Page, input: ConsentFormInput): Promise<void> {
  if (!page.url().endsWith('/consents/new')) await page.goto('/consents/new');
  await expect(page.getByRole('heading', { level: 1, name: 'New consent' })).toBeVisible();
  const access = input.access;
  if (typeof access === 'string') {
    await page.getByRole('radio', { name: accessLabels[access] }).check();
    await page
      .getByLabel('Accounts covered')
      .selectOption(input.withOwnerName ? 'allAccountsWithOwnerName' : 'allAccounts');
  } else {
    await page.getByRole('radio', { name: accessLabels.dedicated }).check();
    for (const list of ['accounts', 'balances', 'transactions'] as const) {
      const ibans = access[list] ?? [];
      for (const [index, iban] of ibans.entries()) {
        if (index > 0) await page.getByRole('button', { name: `Add an IBAN to ${listLabels[list]}` }).click();
        await ibanField(page, list, index + 1).fill(iban);
      }
    }
  }
  const recurring = page.getByLabel('Recurring access');
  if (input.recurring) {
    await recurring.check();
    await page.getByLabel('Reads per day').fill(String(input.frequencyPerDay ?? 4));
  } else {
    await recurring.uncheck();
  }
  await page.getByLabel('Valid until').fill(input.validUntil ?? isoDateFromToday(90));
  if (input.psuId || input.psuIpAddress) {
    // Open unless the console opened it already (it does when the profile sends no PSU-IP-Address).
    const psuIdField = page.getByLabel('PSU-ID for this request');
    if (!(await psuIdField.isVisible())) await page.getByText('Request headers').click();
    if (input.psuId) await psuIdField.fill(input.psuId);
    if (input.psuIpAddress) await page.getByLabel('PSU-IP-Address for this request').fill(input.psuIpAddress);
  }
}

/** Submits the form and waits for the new consent's page; returns the consentId. */
export async function submitConsentForm(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create consent' }).click();
  await page.waitForURL(/\/consents\/(?!new)[^/?]+(\?.*)?$/);
  await expect(consentStatus(page)).toBeVisible();
  return decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
}

/** The consentStatus on a consent page (a live region). */
export function consentStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Consent status' });
}

/** The SCA panel of the consent page while the consent waits for authorisation. */
export function authoriseConsentPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Authorise the consent' });
}

/** On the bank's redirect page: log in as the PSU and approve with the OTP (or deny). */
export async function decideAtBank(page: Page, psuId: string, decision: 'approve' | 'deny' = 'approve') {
  await page.getByLabel('Online banking ID').fill(psuId);
  await page.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  if (decision === 'deny') {
    await page.getByRole('button', { name: 'Deny' }).click();
    return;
  }
  await page.getByLabel('One-time password').fill(SANDBOX_OTP);
  await page.getByRole('button', { name: 'Approve' }).click();
}

/**
 * Runs the consent's SCA on its page as the PSU, with the approach the bank chose; does not wait for the outcome. A
 * decoupled one is approved in the banking app of the bank at `bankPath` (the shared sandbox unless a bench's).
 */
export async function authoriseConsent(
  page: Page,
  psu: string,
  approach: ConsentScaApproach,
  decision: 'approve' | 'deny' = 'approve',
  bankPath = '/sandbox',
): Promise<void> {
  const panel = authoriseConsentPanel(page);
  await expect(panel).toBeVisible();
  if (approach === 'redirect') {
    const consentPath = new URL(page.url()).pathname;
    await panel.getByRole('link', { name: /Continue at the bank/ }).click();
    await decideAtBank(page, psu, decision);
    await page.waitForURL((url) => url.pathname === consentPath && url.searchParams.has('sca'));
    return;
  }
  if (approach === 'embedded') {
    await completeEmbeddedSca(panel, psu);
    return;
  }
  // Decoupled: identify the PSU (unless the bank started already), then approve in the sandbox's banking app.
  const identify = panel.getByRole('button', { name: /Identify|Start authorisation/ });
  const waiting = panel.getByRole('heading', { name: 'Waiting for approval in the banking app' });
  // The panel's steps load with its first showing: one of the two is there before either is looked at.
  await expect(identify.or(waiting)).toBeVisible();
  if (await identify.isVisible()) {
    const psuField = panel.getByLabel('PSU-ID');
    if (await psuField.isVisible()) await psuField.fill(psu);
    await identify.click();
  }
  await expect(waiting).toBeVisible();
  const authorisationId = await shownAuthorisationId(panel);
  await decideInBankingApp(page, { bankPath, psu, authorisationId, decision });
}

export interface CreateConsentInput extends ConsentFormInput {
  /** The PSU who authorises it. */
  psu: string;
  /** The approach the active profile makes the bank choose (see useConsentProfile); default redirect. */
  approach?: ConsentScaApproach;
}

/**
 * Creates a consent through the console: fills /consents/new, submits, authorises it as the PSU, waits until it is
 * valid and makes it the active consent of the profile. Returns the consentId. The active profile must make the bank
 * choose `approach` (the built-in sandbox profile gives redirect; see useConsentProfile for the others).
 */
export async function createConsentThroughUi(page: Page, input: CreateConsentInput): Promise<string> {
  const approach = input.approach ?? 'redirect';
  await fillConsentForm(page, input);
  const consentId = await submitConsentForm(page);
  await authoriseConsent(page, input.psu, approach);
  await expect(consentStatus(page)).toContainText('valid', { ignoreCase: true, timeout: 15_000 });
  await page.getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByText('This is the active consent')).toBeVisible();
  return consentId;
}
