// The inspector on a phone and at desktop width: tapping an exchange brings its detail into view with the focus on
// its heading; status polling with the same answer is one row that opens; no serious or critical axe violation.
import { seriousViolations } from './axe';
import { expect, test, type Page } from './test';

/** Sends the explorer's request as prefilled and waits for the answer to the X-Request-ID it showed. */
async function sendAsPrefilled(page: Page) {
  const requestId = await page.getByRole('textbox', { name: 'Value of X-Request-ID' }).inputValue();
  await page.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByRole('region', { name: 'Answer' })).toContainText(requestId);
}

/** A consent, then its status read three times with the same answer, all from the explorer. */
async function consentAndPolling(page: Page) {
  await page.goto('/explore/createConsent');
  await sendAsPrefilled(page);
  await page.goto('/explore/getConsentStatus');
  for (let read = 0; read < 3; read += 1) await sendAsPrefilled(page);
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: /Inspector/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Inspector' })).toBeVisible();
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('tapping an exchange shows its detail in view, its heading focused', async ({ page }, info) => {
    test.setTimeout(90_000);
    await consentAndPolling(page);
    const polling = page.getByRole('button', { name: /Status read 3 times, unchanged \(received\)/ });
    await expect(polling).toHaveAttribute('aria-expanded', 'false');
    await polling.tap();
    // The log keeps a run's first read and its latest, which counts the read in between.
    const reads = page.getByRole('list', { name: 'The 3 status reads' }).getByRole('button');
    await expect(reads).toHaveCount(2);
    await expect(reads.nth(1)).toContainText('+ 1 earlier read with the same answer');
    await page.screenshot({ path: info.outputPath('inspector-polling-390.png'), fullPage: true });

    const creation = page.getByRole('button', { name: /^POST \/v1\/consents 201/ });
    await expect(page.getByRole('heading', { level: 3, name: /^POST / })).toHaveCount(0);
    await creation.tap();
    const heading = page.getByRole('heading', { level: 3, name: /^POST .*\/v1\/consents$/ });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await page.screenshot({ path: info.outputPath('inspector-detail-390.png') });

    // Back up to the list and another exchange: its detail comes into view again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(heading).not.toBeInViewport();
    await reads.nth(1).tap();
    const readHeading = page.getByRole('heading', { level: 3, name: /^GET .*\/v1\/consents\// });
    await expect(readHeading).toBeFocused();
    await expect(readHeading).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('the inspector with folded polling and an open detail has no serious or critical axe violation', async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await consentAndPolling(page);
    await page.getByRole('button', { name: /Status read 3 times, unchanged/ }).click();
    await page.getByRole('list', { name: 'The 3 status reads' }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { level: 3, name: /^GET .*\/v1\/consents\// })).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: info.outputPath('inspector-1280.png'), fullPage: true });

    // The detail scrolls inside the viewport: its Copy as code is reached there, not at the end of the page.
    const pane = page.getByTestId('exchange-detail-pane');
    const box = await pane.boundingBox();
    expect(box?.height ?? Infinity).toBeLessThanOrEqual(900);
    const copy = pane.getByRole('heading', { name: 'Copy as code' });
    await copy.scrollIntoViewIfNeeded();
    await expect(copy).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(900);
    await page.screenshot({ path: info.outputPath('inspector-1280-copy.png') });
  });
});
