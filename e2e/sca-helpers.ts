// Helpers for the SCA end-to-end specs: a bank profile with SCA preferences, and the console's SCA panels.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export interface ScaProfileInput {
  id: string;
  name: string;
  sca: { redirectPreferred?: boolean; decoupledPreferred?: boolean; explicitAuthorisationPreferred?: boolean };
  psuId?: string;
}

/**
 * Makes a bank profile for the embedded sandbox with the given SCA preferences the active one, before any page script
 * runs (the `xs2a-console.profiles.v1` storage format of src/api), so the flow under test is chosen per test.
 */
export async function useScaProfile(page: Page, input: ScaProfileInput): Promise<void> {
  await page.addInitScript((profile) => {
    const stored = {
      profiles: [
        {
          id: profile.id,
          name: profile.name,
          baseUrl: `${window.location.origin}/sandbox`,
          psuHeaders: { psuIpAddress: '192.168.0.10', ...(profile.psuId && { psuId: profile.psuId }) },
          sca: profile.sca,
        },
      ],
    };
    window.localStorage.setItem('xs2a-console.profiles.v1', JSON.stringify(stored));
    window.localStorage.setItem('xs2a-console.active-profile.v1', profile.id);
  }, input);
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
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
