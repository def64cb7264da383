// Redirect SCA round trips through the console's callback pages: back to the payment with ?sca=ok, and the plain page
// for a state the console does not know.
import { expect, test } from '@playwright/test';
import { testAccounts } from './fixtures';
import { approveAtBank, createPayment, transactionStatus } from './payments-helpers';
import { authorisePanel, useScaProfile } from './sca-helpers';
import { expectNoSeriousA11yViolations } from './axe';

const bob = testAccounts['bob-main'];

test('explicit redirect start: the console starts the authorisation, the bank returns through /callback/ok', async ({
  page,
}) => {
  await useScaProfile(page, {
    id: 'e2e-redirect-explicit',
    name: 'Sandbox, redirect SCA started by the console',
    sca: { redirectPreferred: true, explicitAuthorisationPreferred: true },
  });
  const payment = await createPayment(page, { debtorIban: bob.iban, amount: '31.15', remittance: 'Callback e2e' });
  const panel = authorisePanel(page);
  await expect(panel.getByRole('heading', { name: 'Start the authorisation' })).toBeVisible();
  await panel.getByRole('button', { name: 'Start authorisation' }).click();

  const callbacks = new Set<string>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/callback/ok') callbacks.add(frame.url());
  });
  const toBank = panel.getByRole('link', { name: /Continue at the bank/ });
  await expect(toBank).toHaveAttribute('href', /\/sandbox\/sca\//);
  await toBank.click();
  await approveAtBank(page, 'bob');

  // /callback/ok?state=… resolves the state and returns to the payment page.
  await page.waitForURL((url) => url.pathname === payment.path && url.searchParams.get('sca') === 'ok');
  await expect(transactionStatus(page)).toContainText(/ACTC|ACSC/);
  const outcome = page.getByRole('status', { name: 'Outcome' });
  await expect(outcome).toContainText('Authorised');
  await expect(outcome).toContainText('Back from the bank’s page.');

  // The state is used up: opening the same callback address again shows the plain page.
  const [callback, ...more] = [...callbacks];
  expect(more).toEqual([]);
  expect(callback).toMatch(/[?&]state=[0-9a-f]{32}/);
  await page.goto(callback!);
  await expect(page.getByRole('heading', { level: 1, name: 'Back from the bank' })).toBeVisible();
  await expect(page.getByText('cannot tell which payment or consent')).toBeVisible();
});

test('unknown state: a plain page says what the bank reported, shows its parameters and offers the way on', async ({
  page,
}) => {
  await page.goto('/callback/nok?state=0123456789abcdef&error=access_denied');
  await expect(page.getByRole('heading', { level: 1, name: 'Back from the bank' })).toBeVisible();
  await expect(page.getByText('the authorisation was not completed')).toBeVisible();
  await expect(page.getByText('cannot tell which payment or consent')).toBeVisible();
  const params = page.getByRole('region', { name: 'Parameters the bank added' });
  await expect(params.getByRole('term')).toHaveText(['error']);
  await expect(params.getByRole('definition')).toHaveText(['access_denied']);
  const onward = page.getByRole('navigation', { name: 'Continue' });
  await expect(onward.getByRole('link', { name: 'Payments' })).toHaveAttribute('href', '/payments');
  await expect(onward.getByRole('link', { name: 'Consents' })).toHaveAttribute('href', '/consents');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/callback/ok');
  await expect(page.getByText('reports the authorisation as done')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Parameters the bank added' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
