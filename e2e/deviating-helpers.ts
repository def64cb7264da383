// Helpers for the deviating-bank specs: a bank profile whose base_url is one of the sandbox's deviating bases, and the
// checks every page of such a bank must pass (no error boundary, the deviation named where it occurs, no JSON in
// presenter mode), and embedded SCA through a panel with a look at each step the bank shows.
import { expect, type Locator, type Page } from '@playwright/test';
import type { DeviationMode } from '../server/sandbox/deviations/modes';
import { storeProfile, type StoredProfile } from './console-storage';
import { completeEmbeddedSca, type EmbeddedStep } from './sca-helpers';

export { DEVIATION_MODES, type DeviationMode } from '../server/sandbox/deviations/modes';
export type { EmbeddedStep } from './sca-helpers';

/** The base_url of the sandbox playing a bank with `modes`, on the console's own origin. */
export function deviatingPath(modes: readonly DeviationMode[]): string {
  return `/sandbox/deviating/${modes.join('+')}`;
}

/**
 * Makes a bank profile for the deviating base the active one before any page script runs (the
 * `xs2a-console.profiles.v1` storage format of src/api). Without SCA preferences the bank chooses redirect;
 * `{ redirectPreferred: false }` asks for embedded SCA. Call it before the test's first navigation.
 */
export async function useDeviatingProfile(
  page: Page,
  modes: readonly DeviationMode[],
  sca: StoredProfile['sca'] = {},
): Promise<void> {
  await storeProfile(page, {
    id: 'deviating',
    name: `Deviating bank (${modes.join(', ')})`,
    baseUrl: deviatingPath(modes),
    psuHeaders: { psuIpAddress: '192.168.0.10' },
    sca,
  });
}

/**
 * Embedded SCA in an authorisation panel as `psuId` (completeEmbeddedSca, with `look` at each step the bank shows).
 * Ends when the panel says the authorisation is done.
 */
export async function authoriseEmbedded(
  panel: Locator,
  psuId: string,
  look: (step: EmbeddedStep) => Promise<void> = async () => {},
): Promise<void> {
  await completeEmbeddedSca(panel, psuId, look);
  await expect(panel.getByRole('heading', { name: /Authorised/ })).toBeVisible();
}

/** What no value the console shows may read like: JSON, or what a reader that gave up writes. */
const NOT_A_VALUE = /[{}]|"\s*:|\[\{|\[object Object\]|\bnull\b|\bundefined\b|\bNaN\b|Invalid Date/;

/**
 * Presenter mode on for a look at `region` (default: the page's main content): none of its text (closed disclosures
 * hold none) reads like JSON or an unread value, and `plain` (the deviation in plain words) is still there. Then
 * presenter mode is off again; the page keeps its state.
 */
export async function inPresenterMode(page: Page, where: string, plain?: RegExp, region?: Locator): Promise<void> {
  const toggle = page.getByRole('switch', { name: 'Presenter mode' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const text = await (region ?? page.locator('main')).innerText();
  expect(text.match(NOT_A_VALUE)?.[0], `${where} in presenter mode shows JSON or an unread value`).toBeUndefined();
  if (plain) expect(text, `${where} in presenter mode names the deviation`).toMatch(plain);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
}

/** No part of the page fell into an error boundary ("Could not show …", "This part of the page failed"). */
export async function expectNoErrorBoundary(page: Page): Promise<void> {
  await expect(page.getByText(/Could not show|This part of the page failed/)).toHaveCount(0);
}

/** The console's note that an answer deviates from 1.3.12 (DeviationNotice), anywhere on the page. */
export function deviationNotice(page: Page) {
  return page.getByText(/deviates from (XS2A )?1\.3\.12/).first();
}
