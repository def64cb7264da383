// Helpers for the Sandbox page specs: the page's panels, and a way to the console's own sandbox through a relay target
// that gives up soon, for a bank slower than the console is willing to wait.
import { expect, type Locator, type Page } from '@playwright/test';
import type { StoredProfile } from './console-storage';

/** How long the relay target "sandbox-slow" waits for the console's own sandbox before it gives up. */
export const SLOW_RELAY_TIMEOUT_MS = 3_000;

/** The relay targets these specs add to the e2e relay config. */
export function sandboxAdminRelayTargets(consoleBaseUrl: string): object[] {
  return [{ id: 'sandbox-slow', baseUrl: `${consoleBaseUrl}/sandbox`, timeoutMs: SLOW_RELAY_TIMEOUT_MS }];
}

/** The console's own sandbox through a relay target that gives up after SLOW_RELAY_TIMEOUT_MS. */
export const impatientProfile: StoredProfile = {
  id: 'impatient',
  name: 'Sandbox through an impatient relay',
  baseUrl: '/sandbox',
  relayTarget: 'sandbox-slow',
  psuHeaders: { psuIpAddress: '192.168.0.10' },
  sca: {},
};

/** The console's own request timeout of `quickProfile`, in seconds. */
export const QUICK_TIMEOUT_SECONDS = 2;

/** The console's own sandbox, directly, with a request timeout of QUICK_TIMEOUT_SECONDS: the console gives up first. */
export const quickProfile: StoredProfile = {
  id: 'quick',
  name: 'Sandbox with a short request timeout',
  baseUrl: '/sandbox',
  timeoutSeconds: QUICK_TIMEOUT_SECONDS,
  psuHeaders: { psuIpAddress: '192.168.0.10' },
  sca: {},
};

/** Opens the Sandbox page through the console's navigation (an in-app move: the query cache stays). */
export async function openSandboxPage(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Sandbox' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sandbox' })).toBeVisible();
}

export function clockPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'The bank’s clock' });
}

/** Moves the bank's clock with one of the panel's buttons and waits until the bank says what the move did. */
export async function moveClock(page: Page, button: string): Promise<void> {
  const panel = clockPanel(page);
  await panel.getByRole('button', { name: button }).click();
  await expect(
    panel.getByRole('status').filter({ hasText: /^(Moved forward by|Set to|Back to real time)/ }),
  ).toBeVisible();
}

/** Adds a scenario from the Sandbox page's editor. */
export async function addScenario(
  page: Page,
  input: { operation: string; error?: string; delayMs?: number; resourceId?: string; psuId?: string },
): Promise<void> {
  const form = page.getByRole('form', { name: 'New scenario' });
  await expect(form.getByRole('option', { name: input.operation })).toBeAttached();
  await form.getByLabel('Operation').selectOption(input.operation);
  if (input.error) {
    await form.getByRole('radio', { name: 'Answer with an error' }).check();
    await form.getByLabel('Error code').selectOption(input.error);
  } else {
    await form.getByRole('radio', { name: 'Answer slowly' }).check();
    await form.getByLabel('Delay (ms)').fill(String(input.delayMs ?? 0));
  }
  if (input.psuId) await form.getByLabel('PSU-ID').fill(input.psuId);
  if (input.resourceId) await form.getByLabel('Resource').fill(input.resourceId);
  await form.getByRole('button', { name: 'Add scenario' }).click();
  await expect(
    page.getByRole('list', { name: 'Active scenarios' }).getByText(input.resourceId ?? input.operation),
  ).toBeVisible();
}

/** Removes the active scenario about `resourceId` from the Sandbox page. */
export async function removeScenario(page: Page, resourceId: string): Promise<void> {
  const list = page.getByRole('list', { name: 'Active scenarios' });
  await list.getByRole('button', { name: new RegExp(`Remove: .*${resourceId}`) }).click();
  await expect(list.getByText(resourceId)).toHaveCount(0);
}
