// A profile's bearer token stays out of localStorage unless the user ticks "Remember this token in this browser":
// this tab keeps it across reloads, a new tab does not have it; remembered, every tab does. Settings pass axe.
import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Page } from '@playwright/test';

const REMEMBER = 'Remember this token in this browser';

function profileItem(page: Page, name: string) {
  return page.getByRole('list', { name: 'Bank profiles' }).getByRole('listitem', { name, exact: true });
}

async function storageText(page: Page): Promise<{ local: string; session: string }> {
  return page.evaluate(() => ({
    local: JSON.stringify({ ...window.localStorage }),
    session: JSON.stringify({ ...window.sessionStorage }),
  }));
}

test('a bearer token is held for this tab unless remembered, and a new tab has it only then', async ({
  page,
  context,
  baseURL,
}) => {
  const token = `e2e-token-${randomUUID()}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'New profile' }).click();
  const form = page.getByRole('form', { name: 'New profile' });
  await form.getByLabel('Name').fill('Token bank');
  await form.getByLabel('base_url').fill(`${baseURL}/sandbox`);
  await form.getByLabel('Bearer token').fill(token);
  await expect(form.getByRole('checkbox', { name: REMEMBER })).not.toBeChecked();
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(profileItem(page, 'Token bank')).toContainText('bearer token set (this tab only)');

  let stored = await storageText(page);
  expect(stored.local).not.toContain(token);
  expect(stored.session).toContain(token);
  await page.reload();
  await expect(profileItem(page, 'Token bank')).toContainText('bearer token set (this tab only)');

  // A new tab: the same localStorage, a sessionStorage of its own.
  const other = await context.newPage();
  await other.goto('/settings');
  await expect(profileItem(other, 'Token bank')).toBeVisible();
  await expect(profileItem(other, 'Token bank')).not.toContainText('bearer token set');

  // Remembered on purpose: in localStorage, and every new tab has it.
  await profileItem(page, 'Token bank').getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('form', { name: 'Edit profile: Token bank' });
  await edit.getByRole('checkbox', { name: REMEMBER }).check();
  await edit.getByRole('button', { name: 'Save profile' }).click();
  await expect(profileItem(page, 'Token bank')).toContainText('bearer token set (remembered in this browser)');
  stored = await storageText(page);
  expect(stored.local).toContain(token);
  await other.reload();
  await expect(profileItem(other, 'Token bank')).toContainText('bearer token set (remembered in this browser)');
});

for (const width of [1280, 390]) {
  test(`Settings with the token’s opt-in pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'New profile' }).click();
    await page.getByLabel('Bearer token').fill('t');
    await page.getByRole('checkbox', { name: REMEMBER }).check();
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
