// The inspector's list as the specs walk it: status polling with the same answer is folded into one row, opened first.
import type { Locator } from '@playwright/test';

/** The rows of single exchanges in `scope` (a flow's region or the whole list), every folded polling row opened. */
export async function exchangeRows(scope: Locator): Promise<Locator[]> {
  const folded = scope.getByRole('list').getByRole('button', { expanded: false });
  while ((await folded.count()) > 0) await folded.first().click();
  return scope.getByRole('list').locator('button:not([aria-expanded])').all();
}

/** The inspector's row of the connection check's request (not the Keep button of its flow, which names it too). */
export const CONNECTION_CHECK_ROW = /^GET \/v1\/consents\/connection-check-[^/]+\/status/;
