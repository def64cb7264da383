// axe in the e2e suite: a page (or a part of it) a spec checks has no serious or critical violation. Only violations
// are asked for: axe then skips writing up the rules that pass, which is most of its work on a large page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The serious and critical violations on the page, or within the elements `include` selects: "rule: help (where)". */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
}

/** Fails with each serious or critical violation on the page (or within `include`) named. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string): Promise<void> {
  expect(await seriousViolations(page, include)).toEqual([]);
}
