// Helpers for the deviating-bank specs: a bank profile whose base_url is one of the sandbox's deviating bases, and the
// checks every page of such a bank must pass (no error boundary, the deviation named where it occurs).
import { expect, type Page } from '@playwright/test';
import type { DeviationMode } from '../server/sandbox/deviations/modes';
import { storeProfile } from './console-storage';

export { DEVIATION_MODES, type DeviationMode } from '../server/sandbox/deviations/modes';

/** The base_url of the sandbox playing a bank with `modes`, on the console's own origin. */
export function deviatingPath(modes: readonly DeviationMode[]): string {
  return `/sandbox/deviating/${modes.join('+')}`;
}

/**
 * Makes a bank profile for the deviating base the active one before any page script runs (the
 * `xs2a-console.profiles.v1` storage format of src/api). It states no SCA preference, so the bank chooses redirect.
 * Call it before the test's first navigation.
 */
export async function useDeviatingProfile(page: Page, modes: readonly DeviationMode[]): Promise<void> {
  await storeProfile(page, {
    id: 'deviating',
    name: `Deviating bank (${modes.join(', ')})`,
    baseUrl: deviatingPath(modes),
    psuHeaders: { psuIpAddress: '192.168.0.10' },
    sca: {},
  });
}

/** No part of the page fell into an error boundary ("Could not show …", "This part of the page failed"). */
export async function expectNoErrorBoundary(page: Page): Promise<void> {
  await expect(page.getByText(/Could not show|This part of the page failed/)).toHaveCount(0);
}

/** The console's note that an answer deviates from 1.3.12 (DeviationNotice), anywhere on the page. */
export function deviationNotice(page: Page) {
  return page.getByText(/deviates from (XS2A )?1\.3\.12/).first();
}
