// The Sandbox page's scenario editor against the console's own sandbox: the status 1.3.12 gives a code where the
// operation names its resource is the one offered by default and the one the bank answers, a text of one's own reaches
// the page, every setting is listed; the sandbox's own outage code is explained with its meaning and retry advice;
// and a cancellation the bank refuses with 409 offers Edit and resend. Scenarios are scoped to the test's own consent or
// payment, so parallel specs never meet them.
import { dedicated, validConsentViaApi } from './accounts-helpers';
import { storeActiveConsent } from './console-storage';
import { testAccounts } from './fixtures';
import { createPayment } from './payments-helpers';
import { openSandboxPage, removeScenario } from './sandbox-admin-helpers';
import { expectNoSeriousA11yViolations } from './axe';
import { expect, test, type Locator, type Page } from './test';

const aliceMain = testAccounts['alice-main'];

function scenarioForm(page: Page): Locator {
  return page.getByRole('form', { name: 'New scenario' });
}

/** The option the HTTP status list shows as chosen. */
function chosenStatus(form: Locator): Locator {
  return form.getByLabel('HTTP status').locator('option:checked');
}

test('the scenario editor offers 1.3.12’s status by default, and the bank answers it with the text typed', async ({
  page,
  request,
}) => {
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });
  await storeActiveConsent(page, consentId);
  await page.goto('/');
  await openSandboxPage(page);
  const form = scenarioForm(page);
  await expect(form.getByRole('option', { name: 'readAccountDetails' })).toBeAttached();

  // RESOURCE_UNKNOWN: 400 when the resource is named in the body, 404 for an account-id in the path.
  await form.getByLabel('Operation').selectOption('createConsent');
  await form.getByLabel('Error code').selectOption('RESOURCE_UNKNOWN');
  await expect(chosenStatus(form)).toHaveText('Default: 400');
  await form.getByLabel('Operation').selectOption('readAccountDetails');
  await form.getByLabel('Error code').selectOption('RESOURCE_UNKNOWN');
  await expect(chosenStatus(form)).toHaveText('Default: 404');
  await form.getByLabel('Text').fill('No such account at this bank today.');
  await form.getByLabel('Resource').fill(consentId);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await form.screenshot({ path: test.info().outputPath(`scenario-editor-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await form.getByRole('button', { name: 'Add scenario' }).click();
  const listed = page
    .getByRole('list', { name: 'Active scenarios' })
    .getByRole('listitem')
    .filter({ hasText: consentId });
  await expect(listed).toContainText(
    `readAccountDetails answers RESOURCE_UNKNOWN (HTTP 404, the default there) with the text “No such account at this bank today.” until removed, only for resource ${consentId}.`,
  );
  const panel = page.getByRole('region', { name: 'Failure scenarios' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: test.info().outputPath(`scenario-listed-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`/accounts/${aliceMain.resourceId}`);
  const refusal = page
    .getByText(/^✕ Could not read/)
    .filter({ hasText: 'RESOURCE_UNKNOWN' })
    .first()
    .locator('..');
  await expect(refusal).toContainText('HTTP 404');
  await expect(refusal).toContainText('No such account at this bank today.');

  await page.goto('/test-bench');
  await removeScenario(page, consentId);
});

test('the editor checks what was typed and keeps it, sending nothing until it is right (axe at 1280 and 390 px)', async ({
  page,
}) => {
  await page.goto('/test-bench');
  const form = scenarioForm(page);
  await expect(form.getByRole('option', { name: 'getBalances' })).toBeAttached();
  await form.getByRole('radio', { name: 'Answer slowly' }).check();
  await form.getByLabel('Delay (ms)').fill('soon');
  await form.getByLabel('Count').fill('0');
  await form.getByRole('button', { name: 'Add scenario' }).click();
  await expect(form.getByLabel('Delay (ms)')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Enter the delay in milliseconds, a whole number from 0 to 600000 (10 minutes).');
  await expect(form).toContainText('Enter how many calls as a whole number of 1 or more.');
  await expect(form).toContainText('Nothing was sent');
  await expect(form.getByLabel('Delay (ms)')).toHaveValue('soon');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await form.screenshot({ path: test.info().outputPath(`scenario-editor-invalid-${width}.png`) });
    await expectNoSeriousA11yViolations(page);
  }
});

test('the sandbox’s own outage code is explained as the sandbox’s, with advice to retry later', async ({
  page,
  request,
}) => {
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });
  await storeActiveConsent(page, consentId);
  await page.goto('/test-bench');
  const form = scenarioForm(page);
  await expect(form.getByRole('option', { name: 'getAccountList' })).toBeAttached();
  await form.getByLabel('Operation').selectOption('getAccountList');
  const code = form.getByLabel('Error code');
  await expect(
    code.getByRole('option', { name: 'SERVICE_UNAVAILABLE (the sandbox’s own, not 1.3.12)' }),
  ).toBeAttached();
  await code.selectOption('SERVICE_UNAVAILABLE');
  await expect(form).toContainText("The sandbox's own code, not one of 1.3.12");
  await expect(chosenStatus(form)).toHaveText('Default: 503');
  await form.getByLabel('Resource').fill(consentId);
  await form.getByRole('button', { name: 'Add scenario' }).click();
  await expect(page.getByRole('list', { name: 'Active scenarios' })).toContainText(
    `getAccountList answers SERVICE_UNAVAILABLE (HTTP 503, the default there; the sandbox’s own code) until removed, only for resource ${consentId}.`,
  );

  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Accounts' }).click();
  const refusal = page.getByText(/^✕ Could not read the accounts/).locator('..');
  await expect(refusal).toContainText('HTTP 503');
  await expect(refusal).toContainText("The sandbox's own code, not one of 1.3.12: the bank is unavailable for now");
  await expect(refusal).not.toContainText('not a 1.3.12 message code');
  await expect(refusal).toContainText('Retry later, not at once: honour Retry-After');
  // The sandbox's advice says when to retry, and its Retry-After how long; the console adds no second, vaguer one.
  await expect(refusal).toContainText('Retry-After: 30');
  await expect(refusal).not.toContainText('named no time to wait');
  await refusal.screenshot({ path: test.info().outputPath('sandbox-outage-explained.png') });

  await page.goto('/test-bench');
  await removeScenario(page, consentId);
});

test('the sandbox’s own code is explained as the sandbox’s on a page opened straight away, not only after the Sandbox page', async ({
  page,
  request,
}) => {
  const consentId = await validConsentViaApi(request, { psu: 'alice', access: dedicated(aliceMain.iban) });
  await storeActiveConsent(page, consentId);
  const added = await request.post('/sandbox/admin/scenarios', {
    data: { operation: 'getAccountList', error: 'INTERNAL_SERVER_ERROR', resourceId: consentId, count: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto('/accounts');
  const refusal = page.getByText(/^✕ Could not read the accounts/).locator('..');
  await expect(refusal).toContainText('HTTP 500');
  await expect(refusal).toContainText("The sandbox's own code, not one of 1.3.12: the bank failed");
  await expect(refusal).not.toContainText('not a 1.3.12 message code');
  await expect(refusal).toContainText('Retry later.');
});

test('a cancellation the bank refuses with 409 offers Edit and resend, which opens the DELETE in the explorer', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const payment = await createPayment(page, { debtorIban: aliceMain.iban, amount: '3.09' });
  // The bank answers this payment's next cancellation 409 STATUS_INVALID, once.
  const added = await request.post('/sandbox/admin/scenarios', {
    data: { operation: 'cancelPayment', error: 'STATUS_INVALID', resourceId: payment.paymentId, count: 1 },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.getByRole('button', { name: 'Cancel payment…' }).click();
  await page.getByRole('button', { name: 'Yes, cancel the payment' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'STATUS_INVALID' });
  await expect(refusal).toContainText('HTTP 409');
  await refusal.getByRole('link', { name: 'Edit and resend' }).click();
  await expect(page).toHaveURL(/\/explore\?from=/);
  const note = page.getByRole('note').filter({ hasText: 'Edit and resend of' });
  await expect(note).toContainText('DELETE');
  await expect(note).toContainText(payment.paymentId);
});
