// Helpers for the SCA end-to-end specs: a bank profile with SCA preferences, and the console's SCA panels.
import { expect, type Locator, type Page } from '@playwright/test';
import { sandboxProfile, storeProfile } from './console-storage';
import { SANDBOX_OTP, SANDBOX_PASSWORD } from './fixtures';

export interface ScaProfileInput {
  id: string;
  name: string;
  sca: { redirectPreferred?: boolean; decoupledPreferred?: boolean; explicitAuthorisationPreferred?: boolean };
  psuId?: string;
}

/**
 * Makes a bank profile for the embedded sandbox with the given SCA preferences the active one, before any page script
 * runs, so the flow under test is chosen per test.
 */
export async function useScaProfile(page: Page, input: ScaProfileInput): Promise<void> {
  await storeProfile(page, sandboxProfile(input.id, input.name, input.sca, input.psuId ? { psuId: input.psuId } : {}));
}

/** The SCA panel the payment page shows for the initiation. */
export function authorisePanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Authorise the payment' });
}

/** The authorisations list of the payment page. */
export function authorisationsPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Authorisations' });
}

/** The authorisation id an SCA panel shows in its summary. */
export async function shownAuthorisationId(panel: Locator): Promise<string> {
  const value = panel
    .getByRole('term')
    .filter({ hasText: /^Authorisation$/ })
    .locator('xpath=following-sibling::dd[1]');
  await expect(value).toBeVisible();
  const text = (await value.textContent())?.trim() ?? '';
  expect(text).toMatch(/\S/);
  return text;
}

/** No serious or critical axe violation on the page as it is now. */
/** A step of embedded SCA the bank shows before the PSU acts on it. */
export type EmbeddedStep = 'method' | 'otp';

/**
 * Embedded SCA in an authorisation panel: the PSU-ID (unless the profile sends it already), the password, a method when
 * the bank asks for one (the first offered), then the one-time password; `look` runs at each step the bank shows,
 * before the PSU acts.
 */
export async function completeEmbeddedSca(
  panel: Locator,
  psuId: string,
  look: (step: EmbeddedStep) => Promise<void> = async () => {},
): Promise<void> {
  // The panel's steps load with its first showing: the login form is there before the PSU-ID field is looked for.
  const password = panel.getByLabel('Password');
  await expect(password).toBeVisible();
  const psu = panel.getByLabel('PSU-ID');
  if (await psu.isVisible()) await psu.fill(psuId);
  await password.fill(SANDBOX_PASSWORD);
  await panel.getByRole('button', { name: 'Log in' }).click();
  const otp = panel.getByLabel('One-time password');
  const methods = panel.getByRole('group', { name: 'SCA method' });
  await expect(otp.or(methods)).toBeVisible();
  if (await methods.isVisible()) {
    await look('method');
    await methods.getByRole('radio').first().check();
    await panel.getByRole('button', { name: 'Use this method' }).click();
  }
  await expect(otp).toBeVisible();
  await look('otp');
  await otp.fill(SANDBOX_OTP);
  await panel.getByRole('button', { name: 'Authorise' }).click();
}

/**
 * Decoupled SCA in the sandbox's banking app (`{bankPath}/app`), in a tab of its own: the PSU logs in, approves or
 * declines the request of this authorisation, and the app confirms it.
 */
export async function decideInBankingApp(
  page: Page,
  { bankPath, psu, authorisationId, decision = 'approve' }: DecisionInApp,
): Promise<void> {
  const app = await page.context().newPage();
  await app.goto(`${bankPath}/app`);
  await app.getByLabel('Online banking ID').fill(psu);
  await app.getByLabel('Password').fill(SANDBOX_PASSWORD);
  await app.getByRole('button', { name: 'Log in' }).click();
  await app
    .getByRole('region', { name: `Request ${authorisationId}` })
    .getByRole('button', { name: decision === 'approve' ? 'Approve' : 'Deny' })
    .click();
  await expect(app.getByRole('status')).toContainText(decision === 'approve' ? 'approved' : 'declined');
  await app.close();
}

export interface DecisionInApp {
  /** The bank's base path, e.g. /sandbox or a bench's. */
  bankPath: string;
  psu: string;
  authorisationId: string;
  decision?: 'approve' | 'deny';
}
