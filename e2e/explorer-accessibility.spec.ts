// Axe scans of the explorer's list and an operation with its answer and code, at desktop and phone widths; the
// screenshots are kept with the test's results to look at.
import { seriousViolations } from './axe';
import { expect, test } from './test';

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('the explorer has no serious or critical axe violation and does not scroll sideways', async ({
      page,
    }, info) => {
      // Three scans of long pages: on a busy machine they take longer than the default 30 s allow for the whole test.
      test.setTimeout(180_000);
      await page.goto('/explore');
      await expect(page.getByRole('heading', { level: 1, name: 'Explore the API' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`explore-list-${width}.png`), fullPage: true });

      await page.locator('a[href="/explore/createConsent"]').click();
      await page.getByRole('button', { name: 'Remove PSU-IP-Address' }).click();
      await page.getByRole('button', { name: 'Send anyway' }).click();
      await expect(page.getByRole('region', { name: 'Answer' }).getByText('400 Bad Request')).toBeVisible();
      await page.getByText(/^Request headers:/).click();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`explore-operation-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // The bank's refusal offers to edit and resend the request: the editor of the same operation, prefilled.
      await page.getByRole('region', { name: 'Answer' }).getByRole('link', { name: 'Edit and resend' }).click();
      await expect(page).toHaveURL(/\/explore\?from=/);
      await expect(page.getByRole('note').filter({ hasText: 'Edit and resend of' })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Value of PSU-IP-Address' })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: info.outputPath(`explore-resend-${width}.png`), fullPage: true });
      const resendOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(resendOverflow).toBeLessThanOrEqual(0);
    });
  });
}
