// Axe scans of the home page, Settings (with a validation error showing) and the inspector (with a selected exchange).
import { seriousViolations } from './axe';
import { expect, test } from '@playwright/test';
import { CONNECTION_CHECK_ROW } from './inspector-helpers';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('home, settings and inspector have no serious or critical axe violation', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: 'XS2A Console' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('button', { name: 'Check connection' }).first().click();
      await expect(page.getByText('The bank answered and speaks XS2A')).toBeVisible();
      await page.getByRole('button', { name: 'New profile' }).click();
      await page.getByLabel('base_url').fill('not a url');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await expect(page.getByLabel('base_url')).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(page)).toEqual([]);

      await page
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: /Inspector/ })
        .click();
      await page.getByRole('button', { name: CONNECTION_CHECK_ROW }).click();
      await expect(page.getByRole('table', { name: 'Request headers' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // Nothing forces the page to scroll sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
