// The consent builder: validation at the fields, the bank's findings placed beside the fields they name with the input
// kept, the JSON view of the same body, and the one-off rule for frequencyPerDay.
import { expect, test } from '@playwright/test';
import {
  accessLabels,
  consentStatus,
  ibanField,
  isoDateFromToday,
  submitConsentForm,
  useConsentProfile,
} from './consents-helpers';
import { testAccounts } from './fixtures';
import { expectNoSeriousA11yViolations } from './axe';

const carol = testAccounts['carol-main'];
/** A valid IBAN (checksum and format) that is no account of the sandbox bank. */
const FOREIGN_IBAN = 'DE89370400440532013000';

test('dedicated consent: field errors, then the bank’s error at the IBAN it names, input kept, then created', async ({
  page,
}) => {
  await page.goto('/consents/new');
  await page.getByRole('radio', { name: accessLabels.dedicated }).check();
  await ibanField(page, 'accounts', 1).fill('DE89 3704 0044 0532 0130 01');
  await page.getByLabel('Currency 1 for balances').fill('EUR');
  await page.getByLabel('Valid until').fill('2020-01-01');
  await page.getByRole('button', { name: 'Create consent' }).click();

  const summary = page.getByRole('alert').filter({ hasText: 'fields need attention' });
  await expect(summary).toContainText('3 fields need attention');
  await expect(summary.getByRole('link', { name: 'IBAN 1 for account details' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'IBAN 1 for balances' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Valid until' })).toBeVisible();
  await expect(summary).toBeFocused();

  const accountIban = ibanField(page, 'accounts', 1);
  await expect(accountIban).toHaveAttribute('aria-invalid', 'true');
  await expect(accountIban).toHaveAccessibleDescription(/IBAN check digits do not match/);
  await expect(ibanField(page, 'balances', 1)).toHaveAccessibleDescription('Enter the IBAN, or remove the row.');
  await expect(page.getByLabel('Valid until')).toHaveAccessibleDescription(/lies in the past/);
  // Nothing was sent.
  await expect(page).toHaveURL(/\/consents\/new$/);
  await expectNoSeriousA11yViolations(page);

  // Fixing the fields clears their messages as the user types.
  await accountIban.fill(FOREIGN_IBAN);
  await expect(accountIban).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Remove IBAN 1 from balances' }).click();
  await page
    .getByRole('group', { name: 'Quick picks for the end date' })
    .getByRole('button', { name: '30 days' })
    .click();
  await expect(page.getByLabel('Valid until')).toHaveValue(isoDateFromToday(30));
  await expect(summary).toHaveCount(0);

  // The bank refuses an IBAN it does not hold; its message stands at that IBAN and everything typed stays.
  await page.getByRole('button', { name: 'Create consent' }).click();
  const bankError = page.getByRole('alert').filter({ hasText: 'The bank refused the request' });
  await expect(bankError).toContainText('400 FORMAT_ERROR');
  await expect(bankError).toContainText('at access.accounts[0].iban');
  await expect(bankError).toContainText('X-Request-ID');
  await expect(bankError).toContainText('also shown at that field');
  await expect(accountIban).toHaveAttribute('aria-invalid', 'true');
  await expect(accountIban).toHaveAccessibleDescription(/FORMAT_ERROR: DE89370400440532013000 is not an account/);
  await expect(accountIban).toHaveValue(FOREIGN_IBAN);
  await expect(page.getByLabel('Valid until')).toHaveValue(isoDateFromToday(30));
  await expect(page.getByRole('radio', { name: accessLabels.dedicated })).toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await accountIban.fill(carol.iban);
  await expect(accountIban).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Add an IBAN to transactions' }).click();
  await ibanField(page, 'transactions', 2).fill(carol.iban);
  const consentId = await submitConsentForm(page);
  await expect(consentStatus(page)).toContainText('received');
  const details = page.getByRole('region', { name: 'Access and validity' });
  await expect(details.getByRole('list', { name: 'Account details' })).toHaveText([/DE82 9901 0000 0030 0300 01/]);
  await expect(details.getByRole('list', { name: 'Transactions' })).toHaveText([/DE82 9901 0000 0030 0300 01/]);
  await expect(details).toContainText('Not granted');
  expect(consentId).toMatch(/\S/);
});

test('the bank’s finding about the access form stands at the access choice (bank-offered needs redirect SCA)', async ({
  page,
}) => {
  await useConsentProfile(page, { id: 'e2e-consents-form-embedded', name: 'Sandbox, embedded', approach: 'embedded' });
  await page.goto('/consents/new');
  await page.getByRole('radio', { name: accessLabels.bankOffered }).check();
  await page.getByRole('button', { name: 'Create consent' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'SERVICE_INVALID' })).toContainText('needs redirect SCA');
  const accessChoice = page.getByRole('radiogroup', { name: 'Access form' });
  await expect(accessChoice).toHaveAttribute('aria-invalid', 'true');
  await expect(accessChoice).toHaveAccessibleDescription(/SERVICE_INVALID/);
  await expect(page.getByRole('radio', { name: accessLabels.bankOffered })).toBeChecked();
  // Choosing another access form withdraws the bank's finding about the old one.
  await page.getByRole('radio', { name: accessLabels.allPsd2 }).check();
  await expect(accessChoice).not.toHaveAttribute('aria-invalid');
});

test('JSON view: the same body, edited and read back into the form; a body the form cannot show stays as typed', async ({
  page,
}) => {
  await page.goto('/consents/new');
  await page.getByRole('radio', { name: accessLabels.availableAccounts }).check();
  await page.getByLabel('Recurring access').uncheck();
  const frequency = page.getByLabel('Reads per day');
  await expect(frequency).toBeDisabled();
  await expect(frequency).toHaveValue('1');
  await expect(frequency).toHaveAccessibleDescription(/one-off consent always has frequencyPerDay 1/);

  const views = page.getByRole('group', { name: 'Edit the body as' });
  await views.getByRole('button', { name: 'JSON' }).click();
  const json = page.getByLabel('Request body (JSON)');
  const body = JSON.parse(await json.inputValue()) as Record<string, unknown>;
  expect(body).toEqual({
    access: { availableAccounts: 'allAccounts' },
    recurringIndicator: false,
    validUntil: isoDateFromToday(90),
    frequencyPerDay: 1,
    combinedServiceIndicator: false,
  });

  await json.fill(
    JSON.stringify({ ...body, access: { availableAccounts: 'allAccountsWithOwnerName', restrictedTo: ['CACC'] } }),
  );
  await views.getByRole('button', { name: 'Form' }).click();
  await expect(page.getByRole('radio', { name: accessLabels.availableAccounts })).toBeChecked();
  await expect(page.getByLabel('Accounts covered')).toHaveValue('allAccountsWithOwnerName');
  await expect(page.getByLabel('Account types')).toHaveValue('CACC');

  await views.getByRole('button', { name: 'JSON' }).click();
  const mixed = JSON.stringify({ ...body, access: { allPsd2: 'allAccounts', accounts: [{ iban: carol.iban }] } });
  await json.fill(mixed);
  await views.getByRole('button', { name: 'Form' }).click();
  await expect(json).toHaveAccessibleDescription(/access combines allPsd2, accounts/);
  await expect(json).toHaveValue(mixed);

  // Sending it from the JSON view checks it against the schema first; the bank refuses the mix.
  await page.getByRole('button', { name: 'Create consent' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'FORMAT_ERROR' })).toContainText('not both');
  await expect(json).toHaveValue(mixed);
  await expectNoSeriousA11yViolations(page);
});
